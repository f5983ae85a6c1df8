//! The shareable picture: the user's own screenshot with a crown in each solution cell.
//!
//! Crowns are sized to the cell, anti-aliased by 4×4 supersampling, and drawn dark
//! with a light outline so they read on every region color and on dark themes.
//! [`draw`] works on a copy; [`draw_mut`] on the caller's image (imageproc style).

use image::{Rgb, RgbImage};

use crate::grid::Grid;
use crate::puzzle::Placement;

/// The crown outline in cell units (0..1), clockwise: a band with three points.
const CROWN: [(f64, f64); 10] = [
    (0.18, 0.78),
    (0.13, 0.30),
    (0.34, 0.52),
    (0.50, 0.20),
    (0.66, 0.52),
    (0.87, 0.30),
    (0.82, 0.78),
    (0.82, 0.84),
    (0.18, 0.84),
    (0.18, 0.78),
];

const INK: [u8; 3] = [24, 24, 28];
const HALO: [u8; 3] = [255, 255, 255];

/// A copy of `img` with a crown on each cell of `placement`.
pub fn draw(img: &RgbImage, grid: &Grid, placement: &Placement) -> RgbImage {
    let mut out = img.clone();
    draw_mut(&mut out, grid, placement);
    out
}

/// Draws a crown on each cell of `placement`, in place.
pub fn draw_mut(img: &mut RgbImage, grid: &Grid, placement: &Placement) {
    for &cell in placement.cells() {
        let (cx, cy) = grid.center(cell);
        let size = grid.px.min(grid.py) * 0.62;
        let (x0, y0) = (cx - size / 2.0, cy - size / 2.0);
        let scaled: Vec<(f64, f64)> = CROWN.iter().map(|&(u, v)| (x0 + u * size, y0 + v * size)).collect();
        // The halo: the same crown grown by ~6% of the cell around its center.
        let grow = 1.0 + 0.12;
        let (mx, my) = (cx, y0 + 0.52 * size);
        let halo: Vec<(f64, f64)> = scaled.iter().map(|&(x, y)| (mx + (x - mx) * grow, my + (y - my) * grow)).collect();
        fill_polygon_aa(img, &halo, HALO, 0.9);
        fill_polygon_aa(img, &scaled, INK, 1.0);
    }
}

fn inside(poly: &[(f64, f64)], x: f64, y: f64) -> bool {
    let mut c = false;
    let mut j = poly.len() - 1;
    for i in 0..poly.len() {
        let (xi, yi) = poly[i];
        let (xj, yj) = poly[j];
        if (yi > y) != (yj > y) && x < (xj - xi) * (y - yi) / (yj - yi) + xi {
            c = !c;
        }
        j = i;
    }
    c
}

/// Fills `poly` with `color` at `opacity`, blending by 4×4 subpixel coverage.
fn fill_polygon_aa(img: &mut RgbImage, poly: &[(f64, f64)], color: [u8; 3], opacity: f64) {
    let (w, h) = (img.width() as i64, img.height() as i64);
    let xmin = poly.iter().map(|p| p.0).fold(f64::INFINITY, f64::min).floor().max(0.0) as i64;
    let xmax = (poly.iter().map(|p| p.0).fold(f64::NEG_INFINITY, f64::max).ceil() as i64).min(w - 1);
    let ymin = poly.iter().map(|p| p.1).fold(f64::INFINITY, f64::min).floor().max(0.0) as i64;
    let ymax = (poly.iter().map(|p| p.1).fold(f64::NEG_INFINITY, f64::max).ceil() as i64).min(h - 1);
    for y in ymin..=ymax {
        for x in xmin..=xmax {
            let mut hits = 0;
            for sy in 0..4 {
                for sx in 0..4 {
                    if inside(poly, x as f64 + (sx as f64 + 0.5) / 4.0, y as f64 + (sy as f64 + 0.5) / 4.0) {
                        hits += 1;
                    }
                }
            }
            if hits == 0 {
                continue;
            }
            let a = opacity * f64::from(hits) / 16.0;
            let p = img.get_pixel_mut(x as u32, y as u32);
            *p = Rgb([0, 1, 2].map(|i| (f64::from(p[i]) * (1.0 - a) + f64::from(color[i]) * a).round() as u8));
        }
    }
}

/// The board cut out of `img` with a small margin, for `--crop`.
pub fn crop(img: &RgbImage, grid: &Grid) -> RgbImage {
    let (x, y, w, h) = grid.bbox(img.width(), img.height());
    let m = (grid.px.min(grid.py) * 0.15) as u32;
    let (x0, y0) = (x.saturating_sub(m), y.saturating_sub(m));
    let x1 = (x + w + m).min(img.width());
    let y1 = (y + h + m).min(img.height());
    image::imageops::crop_imm(img, x0, y0, x1 - x0, y1 - y0).to_image()
}

/// Encodes `img` as PNG with fast compression and the Sub filter (screenshots are
/// mostly flat rows; trying every filter per row costs more than decoding).
pub fn encode_png(img: &RgbImage) -> Vec<u8> {
    use image::codecs::png::{CompressionType, FilterType, PngEncoder};
    use image::ImageEncoder;
    let mut out = Vec::new();
    PngEncoder::new_with_quality(&mut out, CompressionType::Fast, FilterType::Sub)
        .write_image(img.as_raw(), img.width(), img.height(), image::ExtendedColorType::Rgb8)
        .expect("encoding to memory cannot fail");
    out
}
