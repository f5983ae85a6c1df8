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
/// own lines (a chain's numbered steps) starting a new one; each with the indent,
/// in pixels, it is drawn at: a numbered step's later lines hang under its first
/// word, as a list's do, so its number stands out.
fn wrap(text: &str, font: &FontRef<'_>, size: f32, width: u32) -> Vec<(u32, String)> {
    let mut out = Vec::new();
    for paragraph in text.lines() {
        let number = paragraph.split_once(". ").filter(|(n, _)| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()));
        let hang = number.map_or(0, |(n, _)| text_size(size, font, &format!("{n}. ")).0).min(width / 3);
        for (k, line) in wrap_line(paragraph, font, size, width, hang).into_iter().enumerate() {
            out.push((if k == 0 { 0 } else { hang }, line));
        }
    }
    out
}

/// One line of text split into lines no wider than `width` pixels at `size`, the
/// lines after the first `hang` pixels narrower.
fn wrap_line(text: &str, font: &FontRef<'_>, size: f32, width: u32, hang: u32) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    let mut line = String::new();
    for word in text.split_whitespace() {
        let candidate = if line.is_empty() { word.to_string() } else { format!("{line} {word}") };
        let room = if lines.is_empty() { width } else { width - hang };
        if line.is_empty() || text_size(size, font, &candidate).0 <= room {
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
    for (k, (indent, line)) in lines.iter().enumerate() {
        let y = img.height() + pad + k as u32 * line_h;
        draw_text_mut(&mut out, Rgb([20, 20, 24]), (pad + indent) as i32, y as i32, size, &font, line);
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
        for (_, line) in wrap(text, &font(), 18.0, 300 - 2 * 11) {
            assert!(text_size(18.0, &font(), &line).0 <= 300, "{line}");
        }
    }

    #[test]
    fn a_numbered_step_hangs_under_its_first_word() {
        let text = "It takes 2 steps.\n1. The queen on row 1, column 1 rules out the rest of its row, its column and the cells touching it.\nSo row 2, column 3 is empty.";
        let lines = wrap(text, &font(), 18.0, 280);
        assert_eq!(lines[0].0, 0, "the lead is not indented");
        assert!(lines[1].1.starts_with("1. ") && lines[1].0 == 0, "{lines:?}");
        let hang = text_size(18.0, &font(), "1. ").0;
        assert!(lines.len() > 4 && lines[2].0 == hang, "the step's second line hangs: {lines:?}");
        assert_eq!(lines.last().unwrap().0, 0, "the closing line is not indented");
        for (indent, line) in &lines {
            assert!(indent + text_size(18.0, &font(), line).0 <= 280, "{line}");
        }
    }
}
