//! Decoding: bytes → an 8-bit RGB screenshot, with size limits checked before any
//! large allocation.
//!
//! Any format `image` reads is accepted (PNG of any depth or color type, JPEG
//! including progressive, GIF (first frame), WebP, BMP). Transparent pixels are
//! composited over white, the way image viewers show them.

use std::borrow::Cow;
use std::io::Cursor;

use image::metadata::Orientation;
use image::{DynamicImage, ImageReader, Limits, RgbImage};

use crate::error::{Error, Result};

/// The smallest side we try to read a board from.
pub(crate) const MIN_SIDE: u32 = 40;

/// The PNG signature.
const PNG_SIGNATURE: &[u8; 8] = b"\x89PNG\r\n\x1a\n";

/// A PNG without the ancillary chunks that hold nothing we use (text, time, ICC
/// profiles, EXIF, animation…): only the critical chunks and `tRNS` (transparency)
/// are kept, each copied whole with its CRC. The decoder would otherwise hold, and
/// inflate, every text chunk it meets: three times its size and more. Anything else
/// (not a PNG, nothing to drop, a malformed chunk list) is returned as it is,
/// for the decoder to judge.
fn without_ancillary_chunks(bytes: &[u8]) -> Cow<'_, [u8]> {
    if !bytes.starts_with(PNG_SIGNATURE) {
        return Cow::Borrowed(bytes);
    }
    // (start, end) of each chunk kept, in order; all chunks up to a malformed one.
    let mut kept = Vec::new();
    let mut dropped = false;
    let mut at = PNG_SIGNATURE.len();
    while let Some(head) = bytes.get(at..at + 8) {
        let len = u32::from_be_bytes([head[0], head[1], head[2], head[3]]) as usize;
        let Some(end) = at.checked_add(12).and_then(|e| e.checked_add(len)).filter(|&e| e <= bytes.len()) else {
            // Truncated: keep the rest as it is, so the decoder reports it.
            kept.push((at, bytes.len()));
            break;
        };
        let kind = &head[4..8];
        // Bit 5 of the first letter: lower case marks an ancillary chunk.
        if kind[0] & 0x20 == 0 || kind == b"tRNS" {
            kept.push((at, end));
        } else {
            dropped = true;
        }
        at = end;
        if kind == b"IEND" {
            break;
        }
    }
    if !dropped {
        return Cow::Borrowed(bytes);
    }
    let mut out = Vec::with_capacity(PNG_SIGNATURE.len() + kept.iter().map(|(a, b)| b - a).sum::<usize>());
    out.extend_from_slice(PNG_SIGNATURE);
    for (a, b) in kept {
        out.extend_from_slice(&bytes[a..b]);
    }
    Cow::Owned(out)
}

/// A JPEG without the segments that hold nothing we use: comments (`COM`) and
/// application segments other than JFIF (APP0), the first EXIF one (APP1: the
/// orientation) and Adobe's (APP14: the colour transform). The decoder copies the
/// whole file before reading it, so 196 MB of comments cost 196 MB more; the
/// trimmed copy is the picture's own size. Everything else (entropy-coded data
/// included) is copied as it is; anything malformed is left, from there on, for
/// the decoder to judge.
fn without_jpeg_extras(bytes: &[u8]) -> Cow<'_, [u8]> {
    if !bytes.starts_with(&[0xFF, 0xD8]) {
        return Cow::Borrowed(bytes);
    }
    let mut kept = vec![(0, 2)];
    let (mut dropped, mut exif) = (false, false);
    let mut at = 2;
    while at < bytes.len() {
        // A marker: 0xFF (fill bytes allowed), then its code.
        let code_at = bytes[at..].iter().position(|&b| b != 0xFF).map(|p| at + p);
        let (true, Some(code_at)) = (bytes[at] == 0xFF, code_at) else {
            kept.push((at, bytes.len()));
            break;
        };
        let code = bytes[code_at];
        if matches!(code, 0x01 | 0xD0..=0xD9) {
            // Stand-alone markers (TEM, RSTn, SOI, EOI).
            kept.push((at, code_at + 1));
            at = code_at + 1;
            continue;
        }
        let Some(end) = bytes
            .get(code_at + 1..code_at + 3)
            .map(|l| code_at + 1 + usize::from(u16::from_be_bytes([l[0], l[1]])))
            .filter(|&end| end <= bytes.len())
        else {
            kept.push((at, bytes.len()));
            break;
        };
        let body = &bytes[(code_at + 3).min(end)..end];
        let first_exif = code == 0xE1 && body.starts_with(b"Exif\0\0") && !std::mem::replace(&mut exif, true);
        if code == 0xFE || (matches!(code, 0xE1..=0xEF) && code != 0xEE && !first_exif) {
            dropped = true;
            at = end;
            continue;
        }
        if code != 0xDA {
            kept.push((at, end));
            at = end;
            continue;
        }
        // Start of scan: its header, then entropy-coded data up to the next marker
        // (0xFF followed by anything but a stuffed 0x00 or a restart marker).
        let mut next = end;
        loop {
            match bytes[next..].iter().position(|&b| b == 0xFF).map(|p| next + p) {
                Some(ff) if matches!(bytes.get(ff + 1), Some(0x00 | 0xD0..=0xD7)) => next = ff + 2,
                Some(ff) => {
                    next = ff;
                    break;
                }
                None => {
                    next = bytes.len();
                    break;
                }
            }
        }
        kept.push((at, next));
        at = next;
    }
    if !dropped {
        return Cow::Borrowed(bytes);
    }
    let mut out = Vec::with_capacity(kept.iter().map(|(a, b)| b - a).sum());
    for (a, b) in kept {
        out.extend_from_slice(&bytes[a..b]);
    }
    Cow::Owned(out)
}

/// The chunks of a RIFF WebP, in order: each one's FourCC and its bytes (header,
/// payload and padding), up to the RIFF size or the first chunk that runs past
/// the end. Empty when `bytes` are not a WebP.
fn webp_chunks(bytes: &[u8]) -> impl Iterator<Item = ([u8; 4], std::ops::Range<usize>)> + '_ {
    let webp = bytes.len() >= 12 && bytes.starts_with(b"RIFF") && &bytes[8..12] == b"WEBP";
    let riff = if webp { u32::from_le_bytes(bytes[4..8].try_into().expect("4 bytes")) as usize } else { 0 };
    let end = riff.saturating_add(8).min(bytes.len());
    let mut at = 12;
    std::iter::from_fn(move || {
        let header = bytes.get(at..at + 8).filter(|_| at + 8 <= end)?;
        let size = u32::from_le_bytes(header[4..8].try_into().expect("4 bytes")) as usize;
        let stop = (at + 8).checked_add(size)?.checked_add(size & 1)?.min(end);
        (at + 8 + size <= end).then(|| {
            let chunk = (header[..4].try_into().expect("4 bytes"), at..stop);
            at = stop;
            chunk
        })
    })
}

/// Metadata chunks of a WebP, dropped before decoding.
const WEBP_METADATA: [&[u8; 4]; 3] = [b"EXIF", b"XMP ", b"ICCP"];

/// A WebP without its metadata (EXIF, XMP, ICC profile): the decoder copies the
/// EXIF chunk whole to find the orientation, so a 200 MB chunk was held twice;
/// [`webp_orientation`] reads it in place instead, as for PNG and JPEG. The
/// extended header's flags for what was dropped are cleared and the RIFF size
/// set to what is left; a file with no metadata is returned as it is.
fn without_webp_metadata(bytes: &[u8]) -> Cow<'_, [u8]> {
    let dropped = |kind: &[u8; 4]| WEBP_METADATA.contains(&kind);
    if !webp_chunks(bytes).any(|(kind, _)| dropped(&kind)) {
        return Cow::Borrowed(bytes);
    }
    let kept = || webp_chunks(bytes).filter(|(kind, _)| !dropped(kind));
    let mut out = Vec::with_capacity(12 + kept().map(|(_, r)| r.len()).sum::<usize>());
    out.extend_from_slice(&bytes[..12]);
    for (kind, range) in kept() {
        let at = out.len();
        out.extend_from_slice(&bytes[range]);
        if &kind == b"VP8X" && out.len() > at + 8 {
            // The ICC, EXIF and XMP bits: what they announce is gone.
            out[at + 8] &= !(0x20 | 0x08 | 0x04);
        }
    }
    let riff = u32::try_from(out.len() - 8).unwrap_or(u32::MAX);
    out[4..8].copy_from_slice(&riff.to_le_bytes());
    Cow::Owned(out)
}

/// The EXIF orientation of a WebP, as its decoder reads it (the first EXIF chunk
/// of an extended file), read in place. Upright without one.
fn webp_orientation(bytes: &[u8]) -> Orientation {
    let mut chunks = webp_chunks(bytes);
    if chunks.next().is_none_or(|(kind, _)| &kind != b"VP8X") {
        return Orientation::NoTransforms;
    }
    chunks
        .find(|(kind, _)| kind == b"EXIF")
        .and_then(|(_, range)| {
            let size = u32::from_le_bytes(bytes[range.start + 4..range.start + 8].try_into().ok()?) as usize;
            Orientation::from_exif_chunk(bytes.get(range.start + 8..range.start + 8 + size)?)
        })
        .unwrap_or(Orientation::NoTransforms)
}

/// The bytes the decoder is given: a PNG without its ancillary chunks, a JPEG
/// without its comments and unused application segments, a WebP without its
/// metadata, anything else as it is.
fn for_decoder(bytes: &[u8]) -> Cow<'_, [u8]> {
    match without_ancillary_chunks(bytes) {
        Cow::Borrowed(bytes) => match without_jpeg_extras(bytes) {
            Cow::Borrowed(bytes) => without_webp_metadata(bytes),
            trimmed => trimmed,
        },
        trimmed => trimmed,
    }
}

/// True when `bytes` start like an image format we can decode.
pub fn looks_like_image(bytes: &[u8]) -> bool {
    image::guess_format(bytes).is_ok()
}

/// The default decoded-pixel budget: 40 megapixels. A 4K screen is 8.3 MP and a
/// phone about 3 MP, so this leaves a wide margin while a decompression bomb (a
/// small file announcing a huge image) is refused before it costs any memory.
pub(crate) const DEFAULT_MAX_PIXELS: u64 = 40_000_000;

/// Bytes per decoded pixel the decoders may need: the widest format we decode
/// (16-bit RGBA), so `max_alloc` never refuses an image within the pixel budget.
const BYTES_PER_PIXEL: u64 = 8;

/// The picture's width and height and the memory, in bytes, that decoding and
/// reading it will take at its peak, estimated from the header alone: the
/// decoder's frame (its own colour type), the 8-bit RGB copy when the frame is
/// anything else, a byte per pixel for the reading stages, and the board search's
/// segmentation ([`grid::search_cost`](crate::vision::grid::search_cost), at most
/// 96 MB). `None` when `bytes` are not an image whose header we can read.
/// Measured on 40-megapixel noise (the costliest picture of its size), every
/// format peaks under this plus the file's own bytes and the process's 20 MB.
pub fn decode_cost(bytes: &[u8]) -> Option<(u32, u32, u64)> {
    use image::ImageDecoder as _;
    let bytes = &*for_decoder(bytes);
    let reader = ImageReader::new(Cursor::new(bytes)).with_guessed_format().ok()?;
    // The WebP decoder works in RGBA whatever the picture says, and keeps that
    // frame beside the one it hands over.
    let webp = reader.format() == Some(image::ImageFormat::WebP);
    let decoder = reader.into_decoder().ok()?;
    let (w, h) = decoder.dimensions();
    let color = decoder.color_type();
    let copy = if webp {
        4 + 3
    } else if color == image::ColorType::Rgb8 {
        0
    } else {
        3
    };
    let pixels = u64::from(w) * u64::from(h);
    Some((w, h, pixels * (u64::from(color.bytes_per_pixel()) + copy + 1) + crate::vision::grid::search_cost(pixels)))
}

/// `pixels` as megapixels for messages: one decimal (two below one megapixel),
/// without trailing zeros.
fn megapixels(pixels: u64) -> String {
    let decimals = if pixels < 1_000_000 { 2 } else { 1 };
    let text = format!("{:.*}", decimals, pixels as f64 / 1e6);
    text.trim_end_matches('0').trim_end_matches('.').to_string()
}

/// Decodes `bytes` within the default pixel budget ([`DEFAULT_MAX_PIXELS`]); see [`decode_limited`].
pub fn decode(bytes: &[u8], max_side: u32) -> Result<RgbImage> {
    decode_limited(bytes, max_side, DEFAULT_MAX_PIXELS)
}

/// Decodes `bytes`, refusing from the header alone (before any large allocation)
/// images whose sides exceed `max_side` or whose area exceeds `max_pixels`.
pub(crate) fn decode_limited(bytes: &[u8], max_side: u32, max_pixels: u64) -> Result<RgbImage> {
    // Read before the eXIf chunk (a WebP's EXIF chunk) is dropped with the other metadata.
    let orientation_read = if bytes.starts_with(PNG_SIGNATURE) {
        Some(png_orientation(bytes))
    } else {
        bytes.starts_with(b"RIFF").then(|| webp_orientation(bytes))
    };
    let bytes = &*for_decoder(bytes);
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
    let pixels = u64::from(w) * u64::from(h);
    if pixels > max_pixels {
        let (size, limit) = (megapixels(pixels), megapixels(max_pixels));
        // Exact counts when rounding would make the two figures look equal, or
        // the limit round to nothing (`--max-pixels 1` is not a "0-megapixel limit").
        let reason = if size == limit || limit == "0" {
            format!("image is {w}×{h} = {pixels} pixels, over the {max_pixels}-pixel limit")
        } else {
            format!("image is {w}×{h} = {size} megapixels, over the {limit}-megapixel limit")
        };
        return Err(Error::Decode { reason });
    }
    let mut reader = reader;
    let mut limits = Limits::default();
    limits.max_image_width = Some(max_side);
    limits.max_image_height = Some(max_side);
    // Room for one RGBA16 frame of the pixel budget plus the decoder's own buffers:
    // whatever a format's header claims, no decoder may allocate past this.
    limits.max_alloc = Some(max_pixels.saturating_mul(BYTES_PER_PIXEL).saturating_add(16 << 20));
    reader.limits(limits.clone());
    let decoded = (|| {
        use image::ImageDecoder as _;
        let mut decoder = reader.into_decoder()?;
        // What a phone writes when it stores the pixels turned: every viewer shows the
        // picture upright, so the board is read (and the overlay drawn) upright too.
        let orientation = match orientation_read {
            Some(o) => o,
            None => decoder.orientation()?,
        };
        limits.reserve(decoder.total_bytes())?;
        Ok((DynamicImage::from_decoder(decoder)?, orientation))
    })();
    let (img, orientation) = decoded.map_err(|e: image::ImageError| Error::Decode { reason: decode_reason(&e) })?;
    let rgb = upright(to_rgb(img), orientation);
    if rgb.width() < MIN_SIDE || rgb.height() < MIN_SIDE {
        return Err(Error::NoGrid {
            reason: format!("image is only {}x{} pixels, too small to hold a board", rgb.width(), rgb.height()),
        });
    }
    Ok(rgb)
}

/// The EXIF orientation of a PNG: from its first `eXIf` chunk before the image data,
/// read in place (the chunk is never copied, whatever its size). Upright when there is
/// none or it holds no orientation.
fn png_orientation(bytes: &[u8]) -> Orientation {
    let mut at = PNG_SIGNATURE.len();
    while let Some(head) = bytes.get(at..at + 8) {
        let len = u32::from_be_bytes([head[0], head[1], head[2], head[3]]) as usize;
        let kind = &head[4..8];
        if kind == b"IDAT" || kind == b"IEND" {
            break;
        }
        let data = at + 8;
        let Some(chunk) = data.checked_add(len).and_then(|end| bytes.get(data..end)) else {
            break;
        };
        if kind == b"eXIf" {
            return Orientation::from_exif_chunk(chunk).unwrap_or(Orientation::NoTransforms);
        }
        at = data + len + 4;
    }
    Orientation::NoTransforms
}

/// `image` as it is shown: turned and flipped as its EXIF orientation says.
fn upright(image: RgbImage, orientation: Orientation) -> RgbImage {
    if orientation == Orientation::NoTransforms {
        return image;
    }
    let mut image = DynamicImage::ImageRgb8(image);
    image.apply_orientation(orientation);
    image.into_rgb8()
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn megapixels_read_like_people_write_them() {
        assert_eq!(megapixels(256_000_000), "256");
        assert_eq!(megapixels(40_000_000), "40");
        assert_eq!(megapixels(42_260_000), "42.3");
        assert_eq!(megapixels(100_000), "0.1");
        assert_eq!(megapixels(20_000), "0.02");
    }

    #[test]
    fn text_chunks_are_dropped_before_decoding() {
        let img = RgbImage::from_pixel(60, 50, image::Rgb([10, 200, 30]));
        let mut png = Vec::new();
        img.write_to(&mut Cursor::new(&mut png), image::ImageFormat::Png).unwrap();
        assert!(matches!(without_ancillary_chunks(&png), Cow::Borrowed(_)), "nothing to drop: no copy");
        // A tEXt chunk (its CRC need not even be right: it is never read) after IHDR.
        let text = b"Comment\0hello";
        let mut chunk = (text.len() as u32).to_be_bytes().to_vec();
        chunk.extend_from_slice(b"tEXt");
        chunk.extend_from_slice(text);
        chunk.extend_from_slice(&[0, 0, 0, 0]);
        let ihdr_end = 8 + 8 + 13 + 4;
        let with_text: Vec<u8> = [&png[..ihdr_end], &chunk, &png[ihdr_end..]].concat();
        assert_eq!(&*without_ancillary_chunks(&with_text), &png[..]);
        assert_eq!(decode_limited(&with_text, 16_384, DEFAULT_MAX_PIXELS).unwrap(), img);
        // Truncated input is left for the decoder to report.
        let cut = &with_text[..with_text.len() - 30];
        assert!(decode_limited(cut, 16_384, DEFAULT_MAX_PIXELS).is_err());
    }

    // See: issue 35, item 12.
    #[test]
    fn jpeg_comments_are_dropped_before_decoding() {
        let img = RgbImage::from_fn(64, 48, |x, y| image::Rgb([(x * 4) as u8, (y * 5) as u8, 90]));
        let mut jpeg = Vec::new();
        image::codecs::jpeg::JpegEncoder::new_with_quality(&mut jpeg, 90).encode_image(&img).unwrap();
        assert!(matches!(without_jpeg_extras(&jpeg), Cow::Borrowed(_)), "nothing to drop: no copy");
        let segment = |code: u8, body: &[u8]| {
            let mut s = vec![0xFF, code];
            s.extend_from_slice(&((body.len() + 2) as u16).to_be_bytes());
            s.extend_from_slice(body);
            s
        };
        let exif = segment(0xE1, b"Exif\0\0MM\0\x2a\0\0\0\x08\0\0\0\0\0\0");
        let extras = [segment(0xFE, b"a comment"), exif.clone(), segment(0xE2, b"ICC_PROFILE\0.."), exif.clone()];
        let sos = jpeg.windows(2).position(|w| w == [0xFF, 0xDA]).unwrap();
        // Comments before the picture, and between its header and its scan.
        let with: Vec<u8> = [&jpeg[..2], &extras.concat(), &jpeg[2..sos], &segment(0xFE, b"x"), &jpeg[sos..]].concat();
        let want: Vec<u8> = [&jpeg[..2], &exif, &jpeg[2..]].concat();
        assert_eq!(&*without_jpeg_extras(&with), &want[..]);
        assert_eq!(decode_limited(&with, 16_384, DEFAULT_MAX_PIXELS).unwrap(), decode(&jpeg, 16_384).unwrap());
        // Cut short: kept as it is from there on, for the decoder to report.
        assert!(decode_limited(&with[..with.len() / 2], 16_384, DEFAULT_MAX_PIXELS).is_err());
    }

    #[test]
    fn pixel_budget_is_checked_on_the_header() {
        let img = RgbImage::from_pixel(300, 200, image::Rgb([200, 200, 200]));
        let mut png = Vec::new();
        img.write_to(&mut Cursor::new(&mut png), image::ImageFormat::Png).unwrap();
        // The frame (3 bytes a pixel), a byte for reading, and the segmentation's
        // worst case, a run a pixel.
        let search = crate::vision::grid::search_cost(300 * 200);
        assert_eq!(search, 300 * 200 * 64);
        assert_eq!(decode_cost(&png), Some((300, 200, 300 * 200 * 4 + search)));
        assert_eq!(crate::vision::grid::search_cost(40_000_000), 96_000_000, "capped");
        let err = decode_limited(&png, 16_384, 59_990).unwrap_err();
        assert_eq!(
            decode_limited(&png, 16_384, 20_000).unwrap_err().to_string(),
            "cannot decode image: image is 300×200 = 0.06 megapixels, over the 0.02-megapixel limit"
        );
        assert_eq!(err.kind(), "decode");
        assert_eq!(err.to_string(), "cannot decode image: image is 300×200 = 60000 pixels, over the 59990-pixel limit");
        assert_eq!(decode_limited(&png, 16_384, 60_000).unwrap().dimensions(), (300, 200));
        // A limit too small to show in megapixels is given in pixels.
        assert_eq!(
            decode_limited(&png, 16_384, 1).unwrap_err().to_string(),
            "cannot decode image: image is 300×200 = 60000 pixels, over the 1-pixel limit"
        );
    }
}
