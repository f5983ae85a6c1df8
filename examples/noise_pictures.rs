//! Writes grey-noise pictures of about 40 megapixels (6400×6250) in every format
//! `queens` decodes, for measuring what decoding and reading really cost:
//! `cargo run --release --example noise_pictures -- DIR`, then
//! `/usr/bin/time -f %M queens solve --no-image DIR/noise-*.*` one at a time.
//! Noise compresses least, so it is the costliest picture of its size.

use std::path::PathBuf;

use image::{GrayImage, ImageFormat, RgbImage};

fn main() {
    let dir = PathBuf::from(std::env::args().nth(1).unwrap_or_else(|| "noise".into()));
    std::fs::create_dir_all(&dir).expect("the folder can be made");
    let (w, h) = (6400, 6250);
    let mut seed = 0x2545_f491_4f6c_dd1d_u64;
    let mut next = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        (seed >> 24) as u8
    };
    let grey = GrayImage::from_fn(w, h, |_, _| image::Luma([next()]));
    let rgb = RgbImage::from_fn(w, h, |x, y| {
        let v = grey.get_pixel(x, y).0[0];
        image::Rgb([v, v.wrapping_mul(3), v.wrapping_add(85)])
    });
    let write = |name: &str, img: &dyn Fn(&std::path::Path) -> image::ImageResult<()>| {
        let path = dir.join(name);
        img(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        println!("{} {} bytes", path.display(), std::fs::metadata(&path).map_or(0, |m| m.len()));
    };
    write("noise-grey.png", &|p| grey.save_with_format(p, ImageFormat::Png));
    write("noise-rgb.png", &|p| rgb.save_with_format(p, ImageFormat::Png));
    write("noise-grey.jpg", &|p| grey.save_with_format(p, ImageFormat::Jpeg));
    write("noise-rgb.jpg", &|p| rgb.save_with_format(p, ImageFormat::Jpeg));
    write("noise-rgb.bmp", &|p| rgb.save_with_format(p, ImageFormat::Bmp));
    write("noise-rgb.webp", &|p| rgb.save_with_format(p, ImageFormat::WebP));
    // The widest frame decoded: 16-bit RGBA, 8 bytes a pixel.
    let wide: image::ImageBuffer<image::Rgba<u16>, Vec<u16>> = image::ImageBuffer::from_fn(w, h, |x, y| {
        let [r, g, b] = rgb.get_pixel(x, y).0.map(|v| u16::from(v) * 257);
        image::Rgba([r, g, b, 65_535 - r])
    });
    write("noise-rgba16.png", &|p| wide.save_with_format(p, ImageFormat::Png));
}
