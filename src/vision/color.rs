//! Color helpers: sRGB ↔ CIELAB (D65), the CIE76 distance used throughout, and
//! CIEDE2000 for checking what people see.
//!
//! Clustering happens in Lab because equal distances there look equally different
//! to people, which is what the game's palette is designed around.

use palette::{FromColor, IntoColor, Lab as PLab, Srgb};

/// A CIELAB color (D65 white point), L in 0..100.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Lab {
    /// Lightness.
    pub l: f32,
    /// Green–red.
    pub a: f32,
    /// Blue–yellow.
    pub b: f32,
}

impl Lab {
    /// Converts an 8-bit sRGB color.
    pub fn from_rgb(rgb: [u8; 3]) -> Self {
        let lab: PLab = Srgb::new(rgb[0], rgb[1], rgb[2]).into_format::<f32>().into_color();
        Lab { l: lab.l, a: lab.a, b: lab.b }
    }

    /// Converts back to 8-bit sRGB (clamped).
    pub(crate) fn to_rgb(self) -> [u8; 3] {
        let rgb: Srgb = Srgb::from_color(PLab::new(self.l, self.a, self.b));
        let c: Srgb<u8> = rgb.into_format();
        [c.red, c.green, c.blue]
    }

    /// CIE76 ΔE: Euclidean distance in Lab.
    pub(crate) fn dist(self, o: Lab) -> f32 {
        ((self.l - o.l).powi(2) + (self.a - o.a).powi(2) + (self.b - o.b).powi(2)).sqrt()
    }

    /// CIEDE2000 ΔE: the distance people see (about 1 is just noticeable; 10 is
    /// "the same colour, a bit off"). Used to check that pictures keep colours.
    pub fn ciede2000(self, o: Lab) -> f32 {
        use palette::color_difference::Ciede2000;
        self.to_palette().difference(o.to_palette())
    }

    /// As palette's type, for kmeans_colors.
    pub(crate) fn to_palette(self) -> PLab {
        PLab::new(self.l, self.a, self.b)
    }

    /// From palette's type.
    pub(crate) fn from_palette(p: PLab) -> Self {
        Lab { l: p.l, a: p.a, b: p.b }
    }
}

/// Rec. 601 luma of an 8-bit color, 0..255.
pub fn luma(p: [u8; 3]) -> f32 {
    0.299 * p[0] as f32 + 0.587 * p[1] as f32 + 0.114 * p[2] as f32
}

/// Colour names people use for region colours, each with a typical sRGB value
/// (the game's usual palette first, then generic colours for other apps).
const NAMED: [(&str, [u8; 3]); 25] = [
    ("purple", [0xBB, 0xA3, 0xE2]),
    ("orange", [0xFF, 0xC9, 0x92]),
    ("blue", [0x96, 0xBE, 0xFF]),
    ("green", [0xB3, 0xDF, 0xA0]),
    ("grey", [0xDF, 0xDF, 0xDF]),
    ("red", [0xFF, 0x7B, 0x60]),
    ("yellow", [0xE6, 0xF3, 0x88]),
    ("pink", [0xDF, 0xA0, 0xBF]),
    ("teal", [0x95, 0xCB, 0xCF]),
    ("light blue", [0xA3, 0xD2, 0xD8]),
    ("tan", [0xC8, 0xB4, 0x8C]),
    ("cyan", [0x62, 0xEF, 0xEA]),
    ("white", [0xF8, 0xF8, 0xF8]),
    ("black", [0x30, 0x30, 0x30]),
    ("brown", [0x9A, 0x66, 0x44]),
    ("dark blue", [0x3A, 0x5C, 0xC0]),
    ("dark green", [0x3C, 0x8C, 0x4A]),
    ("lime", [0xC4, 0xF0, 0x5A]),
    ("magenta", [0xD8, 0x50, 0xC8]),
    ("gold", [0xF2, 0xC8, 0x3C]),
    ("lavender", [0xDC, 0xD0, 0xF5]),
    ("dark grey", [0x80, 0x80, 0x80]),
    // Community levels' colours that the nearest generic name got wrong.
    ("salmon", [0xFA, 0xA8, 0x89]),
    ("mint", [0x91, 0xF5, 0xAD]),
    ("pink", [0xFE, 0x93, 0xF1]),
];

/// The nearest everyday name of a colour ("purple", "light blue"), for sentences.
pub fn color_name(rgb: [u8; 3]) -> &'static str {
    let lab = Lab::from_rgb(rgb);
    NAMED
        .iter()
        .min_by(|a, b| lab.dist(Lab::from_rgb(a.1)).total_cmp(&lab.dist(Lab::from_rgb(b.1))))
        .map_or("grey", |(name, _)| name)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips_and_measures() {
        for rgb in [[0, 0, 0], [255, 255, 255], [0x96, 0xBE, 0xFF], [200, 30, 90]] {
            let back = Lab::from_rgb(rgb).to_rgb();
            for i in 0..3 {
                assert!((back[i] as i32 - rgb[i] as i32).abs() <= 1, "{rgb:?} -> {back:?}");
            }
        }
        let white = Lab::from_rgb([255, 255, 255]);
        assert!((white.l - 100.0).abs() < 0.1);
        assert!(Lab::from_rgb([0, 0, 0]).dist(white) > 99.0);
    }

    #[test]
    fn names_the_game_palette() {
        assert_eq!(color_name([0xBB, 0xA3, 0xE2]), "purple");
        assert_eq!(color_name([250, 130, 100]), "red");
        assert_eq!(color_name([0x96, 0xBE, 0xFF]), "blue");
        assert_eq!(color_name([20, 20, 20]), "black");
    }
}
