//! Writes grey-noise pictures of about 40 megapixels (6400×6250) in every format
//! `queens` decodes, for measuring what decoding and reading really cost:
//! `cargo run --release --example noise_pictures -- DIR`, then
//! `/usr/bin/time -f %M queens solve --no-image DIR/noise-*.*` one at a time.
//! Noise compresses least, so it is the costliest picture of its size.
//! `noise-board.png` is a board under noise, whose answer is large;
//! `noise40-q30.jpg` and `board40.jpg` are 40-megapixel JPEGs small enough to
//! upload, and `board40-16bit.png` the same board as the costliest picture to read.

use std::path::PathBuf;

use image::{GrayImage, ImageFormat, RgbImage};

fn main() {
    let dir = PathBuf::from(std::env::args().nth(1).unwrap_or_else(|| "noise".into()));
    std::fs::create_dir_all(&dir).expect("the folder can be made");
    let (w, h) = (6400, 6250);
    let mut rng = queens::generate::rng::Rng::new(7);
    let mut next = move || rng.below(256) as u8;
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
    // A 9×9 board 2,300 pixels a side with noise (±16) in every pixel: read and
    // solved, with an overlay that does not compress (an answer of about 17 MB),
    // for measuring what clients that never read their answer cost the server.
    let nine = "111111111\n112333999\n122439999\n124437799\n124666779\n124467799\n122467899\n122555889\n112258899\n";
    let regions = queens::puzzle::text::parse(nine).expect("a puzzle");
    let style = queens::output::render::Style { cell: 250, ..Default::default() };
    let mut board = queens::output::render::render(&regions, &style, &Default::default()).0;
    for p in board.pixels_mut() {
        for c in &mut p.0 {
            *c = c.saturating_add(next() >> 3).saturating_sub(16);
        }
    }
    write("noise-board.png", &|p| board.save_with_format(p, ImageFormat::Png));
    // 8000×5000 grey noise as a quality-30 JPEG (13 MB, under the server's upload
    // limit), and the same 9×9 board at 39.9 megapixels (cell 678) with the same
    // noise as a quality-80 JPEG (8 MB; its answer is about 100 MB of JSON).
    let jpeg = |img: &dyn Fn(&mut std::fs::File) -> image::ImageResult<()>, p: &std::path::Path| {
        img(&mut std::fs::File::create(p)?)
    };
    let wide = GrayImage::from_fn(8000, 5000, |_, _| image::Luma([next()]));
    write("noise40-q30.jpg", &|p| {
        jpeg(&|f| image::codecs::jpeg::JpegEncoder::new_with_quality(f, 30).encode_image(&wide), p)
    });
    let style = queens::output::render::Style { cell: 678, ..Default::default() };
    let mut big = queens::output::render::render(&regions, &style, &Default::default()).0;
    // Without the noise, in 16 bits a channel with alpha: a 1.6 MB PNG that
    // decodes to the widest frame the decoders make.
    let deep = image::DynamicImage::ImageRgb8(big.clone()).into_rgba16();
    write("board40-16bit.png", &|p| deep.save_with_format(p, ImageFormat::Png));
    drop(deep);
    for p in big.pixels_mut() {
        for c in &mut p.0 {
            *c = c.saturating_add(next() >> 3).saturating_sub(16);
        }
    }
    write("board40.jpg", &|p| {
        jpeg(&|f| image::codecs::jpeg::JpegEncoder::new_with_quality(f, 80).encode_image(&big), p)
    });
}
