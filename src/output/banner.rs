//! A banner of text under a picture: the hint's sentence, in the bundled DejaVu
//! Sans (`assets/fonts`, Bitstream Vera licence), never a system font.

use ab_glyph::FontRef;
use image::{Rgb, RgbImage};
use imageproc::drawing::{draw_text_mut, text_size};

/// The bundled font file.
const FONT: &[u8] = include_bytes!("../../assets/fonts/DejaVuSans.ttf");

/// The bundled font, parsed (it always parses: it is part of the binary).
pub(crate) fn font() -> FontRef<'static> {
    FontRef::try_from_slice(FONT).expect("the bundled font parses")
}

/// Splits `text` into lines no wider than `width` pixels at `size`, each of its
/// own lines (a chain's numbered steps) starting a new one.
fn wrap(text: &str, font: &FontRef<'_>, size: f32, width: u32) -> Vec<String> {
    text.lines().flat_map(|paragraph| wrap_line(paragraph, font, size, width)).collect()
}

/// One line of text split into lines no wider than `width` pixels at `size`.
fn wrap_line(text: &str, font: &FontRef<'_>, size: f32, width: u32) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    let mut line = String::new();
    for word in text.split_whitespace() {
        let candidate = if line.is_empty() { word.to_string() } else { format!("{line} {word}") };
        if line.is_empty() || text_size(size, font, &candidate).0 <= width {
            line = candidate;
        } else {
            lines.push(std::mem::replace(&mut line, word.to_string()));
        }
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}

/// `img` with a white band below it holding `text`, wrapped to the picture's width.
/// `size` is the text height in pixels (clamped to a readable range).
pub fn below(img: &RgbImage, text: &str, size: f32) -> RgbImage {
    let font = font();
    let size = size.clamp(14.0, 64.0);
    let pad = (size * 0.6).round() as u32;
    let width = img.width().max(4 * pad);
    let lines = wrap(text, &font, size, width.saturating_sub(2 * pad).max(1));
    let line_h = (size * 1.3).round() as u32;
    let band = 2 * pad + line_h * lines.len() as u32;
    let mut out = RgbImage::from_pixel(width, img.height() + band, Rgb([255, 255, 255]));
    image::imageops::replace(&mut out, img, 0, 0);
    // A thin rule between the picture and the banner.
    for x in 0..width {
        out.put_pixel(x, img.height(), Rgb([200, 200, 200]));
    }
    for (k, line) in lines.iter().enumerate() {
        let y = img.height() + pad + k as u32 * line_h;
        draw_text_mut(&mut out, Rgb([20, 20, 24]), pad as i32, y as i32, size, &font, line);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_text_wraps_inside_the_picture_and_ink_lands_in_the_band() {
        let img = RgbImage::from_pixel(300, 200, Rgb([10, 200, 10]));
        let text = "The queen on row 1, column 1 rules out the rest of its row, the rest of its column and the cells touching it.";
        let out = below(&img, text, 18.0);
        assert_eq!(out.width(), 300);
        assert!(out.height() > 200 + 3 * 18, "wrapped onto several lines: {}", out.height());
        assert_eq!(out.get_pixel(150, 100).0, [10, 200, 10], "the picture itself is untouched");
        let dark = (201..out.height())
            .flat_map(|y| (0..300).map(move |x| (x, y)))
            .filter(|&(x, y)| out.get_pixel(x, y).0[0] < 100)
            .count();
        assert!(dark > 200, "text was drawn ({dark} dark pixels)");
        for line in wrap(text, &font(), 18.0, 300 - 2 * 11) {
            assert!(text_size(18.0, &font(), &line).0 <= 300, "{line}");
        }
    }
}
