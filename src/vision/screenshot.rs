//! Decoding: bytes → an 8-bit RGB screenshot, with size limits checked before any
//! large allocation.
//!
//! Any format `image` reads is accepted (PNG of any depth or color type, JPEG
//! including progressive, GIF (first frame), WebP, BMP). Transparent pixels are
//! composited over white, the way image viewers show them.

use std::io::Cursor;

use image::{DynamicImage, ImageReader, Limits, RgbImage};

use crate::error::{Error, Result};

/// The smallest side we try to read a board from.
pub const MIN_SIDE: u32 = 40;

/// True when `bytes` start like an image format we can decode.
pub fn looks_like_image(bytes: &[u8]) -> bool {
    image::guess_format(bytes).is_ok()
}

/// Decodes `bytes`, refusing images whose sides exceed `max_side` from the header alone.
pub fn decode(bytes: &[u8], max_side: u32) -> Result<RgbImage> {
    let reader = ImageReader::new(Cursor::new(bytes))
        .with_guessed_format()
        .map_err(|e| Error::Decode { reason: e.to_string() })?;
    if reader.format().is_none() {
        return Err(Error::Decode { reason: "not an image (unknown format)".into() });
    }
    let (w, h) = ImageReader::new(Cursor::new(bytes))
        .with_guessed_format()
        .map_err(|e| Error::Decode { reason: e.to_string() })?
        .into_dimensions()
        .map_err(|e| Error::Decode { reason: decode_reason(&e) })?;
    if w > max_side || h > max_side {
        return Err(Error::Decode {
            reason: format!("image is {w}x{h} pixels, larger than the {max_side}x{max_side} limit"),
        });
    }
    let mut reader = reader;
    let mut limits = Limits::default();
    limits.max_image_width = Some(max_side);
    limits.max_image_height = Some(max_side);
    // Room for a max_side² RGBA16 frame plus the decoder's own buffers.
    limits.max_alloc = Some(u64::from(max_side) * u64::from(max_side) * 8 + (64 << 20));
    reader.limits(limits);
    let img = reader.decode().map_err(|e| Error::Decode { reason: decode_reason(&e) })?;
    let rgb = to_rgb(img);
    if rgb.width() < MIN_SIDE || rgb.height() < MIN_SIDE {
        return Err(Error::NoGrid {
            reason: format!("image is only {}x{} pixels, too small to hold a board", rgb.width(), rgb.height()),
        });
    }
    Ok(rgb)
}

fn decode_reason(e: &image::ImageError) -> String {
    use image::ImageError::*;
    match e {
        Limits(_) => "image is larger than the size limit".into(),
        Unsupported(u) => format!("unsupported image: {u}"),
        Decoding(d) => {
            let s = d.to_string();
            if s.to_lowercase().contains("eof") || s.to_lowercase().contains("end of") {
                "truncated or corrupt image data".to_string()
            } else {
                format!("corrupt image data ({s})")
            }
        }
        IoError(io) if io.kind() == std::io::ErrorKind::UnexpectedEof => "truncated image data".into(),
        other => other.to_string(),
    }
}

/// Flattens any decoded image to 8-bit RGB, compositing alpha over white.
fn to_rgb(img: DynamicImage) -> RgbImage {
    if !img.color().has_alpha() {
        return img.into_rgb8();
    }
    let rgba = img.into_rgba8();
    let (w, h) = rgba.dimensions();
    let mut out = RgbImage::new(w, h);
    for (o, p) in out.pixels_mut().zip(rgba.pixels()) {
        let a = u32::from(p[3]);
        for i in 0..3 {
            o[i] = ((u32::from(p[i]) * a + 255 * (255 - a) + 127) / 255) as u8;
        }
    }
    out
}
