//! What one input may cost in memory, estimated before it is read, and the
//! estimate the server charges its budget.
//!
//! The server and the batch charge the same estimate: reading (a picture's from
//! its header, [`screenshot::decode_cost`]; a text's [`TEXT_COST_PER_BYTE`] times
//! its size) plus, when a picture is answered with a picture, that answer's own
//! buffers ([`answer_cost`] for the server's data URL), all from the header's
//! width and height, so the charge is taken before anything is decoded or drawn.

use crate::pipeline::{Config, Kind};
use crate::vision::screenshot;

/// Bytes of memory a text input may take per byte of it while it is read: the
/// text parser's bound (its cells borrow from the text, and reading stops at the
/// first line no puzzle can hold).
pub(crate) const TEXT_COST_PER_BYTE: u64 = 4;

/// What reading an input is estimated to cost, and the picture's size when it is one.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Estimate {
    /// Bytes that reading it may take at its peak, beyond its own bytes.
    pub(crate) read: u64,
    /// The picture's width and height, from its header (`None` for text, and for
    /// a picture whose header could not be read: it is charged as the largest).
    pub(crate) size: Option<(u32, u32)>,
}

/// The memory that reading `bytes` may take. A picture's comes from its header
/// alone; one over the pixel or side limit is refused by the decoder from the same
/// header, so it needs no room. Anything else is read as text (or a link).
/// `bytes` may be the start of a file only (`whole` its length): a header not
/// within them is charged as the largest picture `config` accepts.
pub(crate) fn estimate(bytes: &[u8], whole: u64, config: &Config) -> Estimate {
    if Kind::of_bytes(bytes) != Kind::Picture {
        return Estimate { read: TEXT_COST_PER_BYTE * whole, size: None };
    }
    let fits = |w: u32, h: u32| w.max(h) <= config.max_side && u64::from(w) * u64::from(h) <= config.max_pixels;
    match screenshot::decode_cost(bytes) {
        Some((w, h, read)) if fits(w, h) => Estimate { read, size: Some((w, h)) },
        Some(_) => Estimate { read: 0, size: None },
        None if (bytes.len() as u64) < whole => Estimate { read: largest_picture(config), size: None },
        // The whole picture, and no header in it: refused as it is read.
        None => Estimate { read: 0, size: None },
    }
}

/// What reading the largest picture `config` accepts may cost: a 16-bit RGBA frame
/// (the widest the decoders make), its RGB copy, a byte a pixel for the reading
/// stages and the board search's segmentation.
fn largest_picture(config: &Config) -> u64 {
    let side = u64::from(config.max_side);
    let pixels = config.max_pixels.min(side * side);
    pixels * (8 + 3 + 1) + crate::vision::grid::search_cost(pixels)
}

/// The most bytes a PNG of a `w`×`h` RGB picture takes
/// ([`encode_png`](crate::output::overlay::encode_png)): its rows raw, a filter
/// byte each, and a little framing (picture noise does not compress).
pub(crate) fn png_cost(w: u32, h: u32) -> u64 {
    let raw = (3 * u64::from(w) + 1) * u64::from(h);
    raw + raw / 64 + (64 << 10)
}

/// The memory the server's answer with a picture takes beyond the decoded picture
/// (which reading already counts, and which is drawn on in place): the PNG, then
/// its base64 data URL (4/3 of it) beside it, then the data URL in the answer's
/// JSON beside the JSON written out (4/3 each). The last is the largest.
pub(crate) fn answer_cost(w: u32, h: u32) -> u64 {
    2 * png_cost(w, h).div_ceil(3) * 4
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A `w`×`h` RGB picture of noise (which compresses least).
    fn noise(w: u32, h: u32) -> image::RgbImage {
        let mut seed = 0x2545_f491_4f6c_dd1d_u64;
        image::RgbImage::from_fn(w, h, |_, _| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            image::Rgb([(seed >> 24) as u8, (seed >> 32) as u8, (seed >> 40) as u8])
        })
    }

    #[test]
    fn a_header_beyond_the_bytes_read_is_charged_as_the_largest_picture() {
        let config = Config::default();
        let img = noise(400, 300);
        for format in [image::ImageFormat::Png, image::ImageFormat::Jpeg, image::ImageFormat::WebP, image::ImageFormat::Bmp]
        {
            let mut bytes = Vec::new();
            img.write_to(&mut std::io::Cursor::new(&mut bytes), format).unwrap();
            assert!(bytes.len() > 64 << 10, "{format:?}: {} bytes", bytes.len());
            let whole = estimate(&bytes, bytes.len() as u64, &config);
            assert_eq!(whole.size, Some((400, 300)), "{format:?}");
            // The first 64 KiB of a file hold its header: the same estimate.
            assert_eq!(estimate(&bytes[..64 << 10], bytes.len() as u64, &config), whole, "{format:?}");
        }
        let mut png = Vec::new();
        img.write_to(&mut std::io::Cursor::new(&mut png), image::ImageFormat::Png).unwrap();
        // Eight bytes of a PNG say it is one, but not how large.
        let cut = estimate(&png[..8], png.len() as u64, &config);
        assert_eq!(cut, Estimate { read: largest_picture(&config), size: None });
        // Text costs four bytes a byte of the whole file.
        assert_eq!(estimate(b"AB\nBA\n", 1000, &config), Estimate { read: 4000, size: None });
    }

    #[test]
    fn a_png_of_noise_fits_its_estimate() {
        let img = noise(640, 480);
        let png = crate::output::overlay::encode_png(&img);
        assert!(png.len() as u64 <= png_cost(640, 480), "{} > {}", png.len(), png_cost(640, 480));
        assert!(png.len() as u64 > 3 * 640 * 480 / 2, "noise compressed to {}", png.len());
    }
}
