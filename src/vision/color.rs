//! Color helpers: sRGB ↔ CIELAB (D65) and the CIE76 distance used throughout.
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
    pub fn to_rgb(self) -> [u8; 3] {
        let rgb: Srgb = Srgb::from_color(PLab::new(self.l, self.a, self.b));
        let c: Srgb<u8> = rgb.into_format();
        [c.red, c.green, c.blue]
    }

    /// CIE76 ΔE: Euclidean distance in Lab.
    pub fn dist(self, o: Lab) -> f32 {
        ((self.l - o.l).powi(2) + (self.a - o.a).powi(2) + (self.b - o.b).powi(2)).sqrt()
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
}
