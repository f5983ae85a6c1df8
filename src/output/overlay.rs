//! The shareable picture: the user's own screenshot with a crown in each solution cell
//! (or a star, for Star Battle: several stars per region, or a borders-only grid).
//!
//! Glyphs are sized to the cell, anti-aliased by 4×4 supersampling, and drawn dark
//! with a light outline so they read on every region color and on dark themes.
//! [`draw`] works on a copy; [`draw_mut`] on the caller's image (imageproc style).

use image::{Rgb, RgbImage};

use crate::puzzle::marks::Marks;
use crate::puzzle::Placement;
use crate::vision::grid::Grid;

/// The crown outline in cell units (0..1), clockwise: a band with three points.
pub(crate) const CROWN: [(f64, f64); 10] = [
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

/// What marks a solution cell.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Glyph {
    /// The Queens crown.
    #[default]
    Crown,
    /// A five-pointed star (Star Battle).
    Star,
}

impl Glyph {
    /// Stars for Star Battle (K > 1, or a grid read from its borders alone), crowns for Queens.
    pub fn for_board(stars: usize, from_borders: bool) -> Self {
        if stars > 1 || from_borders {
            Glyph::Star
        } else {
            Glyph::Crown
        }
    }

    /// Its name in words (`"crown"`, `"star"`), as the page and the JSON say it.
    pub fn name(self) -> &'static str {
        match self {
            Glyph::Crown => "crown",
            Glyph::Star => "star",
        }
    }

    /// The outline in cell units (0..1) and the point its halo grows around.
    pub(crate) fn outline(self) -> (Vec<(f64, f64)>, (f64, f64)) {
        match self {
            Glyph::Crown => (CROWN.to_vec(), (0.5, 0.52)),
            Glyph::Star => {
                // Ten vertices alternating outer and inner radius, first point up.
                let pts = (0..10)
                    .map(|i| {
                        let r = if i % 2 == 0 { 0.5 } else { 0.2 };
                        let a = std::f64::consts::PI * (f64::from(i) / 5.0 - 0.5);
                        (0.5 + r * a.cos(), 0.53 + r * a.sin())
                    })
                    .collect();
                (pts, (0.5, 0.53))
            }
        }
    }
}

/// A copy of `img` with a crown on each cell of `placement`.
pub fn draw(img: &RgbImage, grid: &Grid, placement: &Placement) -> RgbImage {
    let mut out = img.clone();
    draw_mut(&mut out, grid, placement);
    out
}

/// Draws a crown on each cell of `placement`, in place.
pub fn draw_mut(img: &mut RgbImage, grid: &Grid, placement: &Placement) {
    draw_glyph_mut(img, grid, placement, Glyph::Crown);
}

/// Draws `glyph` on each cell of `placement`, in place.
pub(crate) fn draw_glyph_mut(img: &mut RgbImage, grid: &Grid, placement: &Placement, glyph: Glyph) {
    // Every glyph on a board has the same size: rasterise it once, blend it N times.
    let size = grid.px.min(grid.py) * 0.62;
    let (outline, (gx, gy)) = glyph.outline();
    let crown: Vec<(f64, f64)> = outline.iter().map(|&(u, v)| (u * size, v * size)).collect();
    // The halo: the same glyph grown by 12% around its middle.
    let (mx, my) = (gx * size, gy * size);
    let halo: Vec<(f64, f64)> = crown.iter().map(|&(x, y)| (mx + (x - mx) * 1.12, my + (y - my) * 1.12)).collect();
    let pad = (0.1 * size).ceil();
    let shift = |poly: &[(f64, f64)]| poly.iter().map(|&(x, y)| (x + pad, y + pad)).collect::<Vec<_>>();
    let side = (size + 2.0 * pad).ceil() as usize;
    let halo_mask = coverage(&shift(&halo), side);
    let ink_mask = coverage(&shift(&crown), side);
    for &cell in placement.cells() {
        let (cx, cy) = grid.center(cell);
        let x0 = (cx - size / 2.0 - pad).round() as i64;
        let y0 = (cy - size / 2.0 - pad).round() as i64;
        blend(img, x0, y0, side, &halo_mask, HALO, 0.9);
        blend(img, x0, y0, side, &ink_mask, INK, 1.0);
    }
}

/// Draws one crown in the game's own look on `cell`: `fill`, with an optional darker
/// rim (a gold crown's edge), no halo. Used to draw players' boards for tests and samples.
pub(crate) fn draw_crown(img: &mut RgbImage, grid: &Grid, cell: crate::Cell, fill: [u8; 3], rim: Option<[u8; 3]>) {
    let size = grid.px.min(grid.py) * 0.6;
    let crown: Vec<(f64, f64)> = CROWN.iter().map(|&(u, v)| (u * size, v * size)).collect();
    let (mx, my) = (0.5 * size, 0.52 * size);
    let inner: Vec<(f64, f64)> = crown.iter().map(|&(x, y)| (mx + (x - mx) * 0.8, my + (y - my) * 0.8)).collect();
    let pad = (0.1 * size).ceil();
    let shift = |poly: &[(f64, f64)]| poly.iter().map(|&(x, y)| (x + pad, y + pad)).collect::<Vec<_>>();
    let side = (size + 2.0 * pad).ceil() as usize;
    let (cx, cy) = grid.center(cell);
    let x0 = (cx - size / 2.0 - pad).round() as i64;
    let y0 = (cy - size / 2.0 - pad).round() as i64;
    match rim {
        Some(rim) => {
            blend(img, x0, y0, side, &coverage(&shift(&crown), side), rim, 1.0);
            blend(img, x0, y0, side, &coverage(&shift(&inner), side), fill, 1.0);
        }
        None => blend(img, x0, y0, side, &coverage(&shift(&crown), side), fill, 1.0),
    }
}

/// Draws one flat star on `cell`, `fill` all over, `scale` cells across (the way
/// Star Battle players' pages draw a placed star). Used for test and sample boards.
pub(crate) fn draw_flat_star(img: &mut RgbImage, grid: &Grid, cell: crate::Cell, fill: [u8; 3], scale: f64) {
    let size = grid.px.min(grid.py) * scale;
    let (outline, _) = Glyph::Star.outline();
    let pad = (0.1 * size).ceil();
    let star: Vec<(f64, f64)> = outline.iter().map(|&(u, v)| (u * size + pad, v * size + pad)).collect();
    let side = (size + 2.0 * pad).ceil() as usize;
    let (cx, cy) = grid.center(cell);
    let x0 = (cx - size / 2.0 - pad).round() as i64;
    let y0 = (cy - size / 2.0 - pad).round() as i64;
    blend(img, x0, y0, side, &coverage(&star, side), fill, 1.0);
}

/// The width of the lines drawn on a grid's cells (rings, outlines, crosses).
pub(crate) fn stroke(grid: &Grid) -> f64 {
    (grid.px.min(grid.py) * 0.06).max(2.0)
}

/// Ink of the ring round a mark that is wrong.
pub(crate) const MISTAKE: [u8; 3] = [220, 30, 30];

/// A ring `width` pixels thick round `cell`, in [`MISTAKE`] red: a mark that is wrong.
pub(crate) fn ring_mut(img: &mut RgbImage, grid: &Grid, cell: crate::Cell, width: f64) {
    let (cx, cy) = grid.center(cell);
    let r = grid.px.min(grid.py) * 0.42;
    for k in 0..width.ceil() as i32 {
        imageproc::drawing::draw_hollow_circle_mut(img, (cx as i32, cy as i32), r as i32 - k, Rgb(MISTAKE));
    }
}

/// The solved picture of a screenshot (`solve`, and the page's): the solution's
/// glyph on each of its cells the player has not crowned (their crowns stay
/// exactly as they drew them), and a red ring round
/// each of the player's crowns among `wrong` (their wrong marks), so that a wrong
/// crown beside a solution crown reads as the mistake it is, not as two crowns
/// that touch. A wrong X needs no ring: the solution's glyph covers it, and a
/// ring there would mark a right crown.
pub(crate) fn solved_mut(
    img: &mut RgbImage,
    grid: &Grid,
    placement: &Placement,
    marks: Option<&Marks>,
    wrong: &[crate::Cell],
    glyph: Glyph,
) {
    let crowned = |c: crate::Cell| marks.is_some_and(|m| m.get(c) == crate::puzzle::marks::Mark::Queen);
    let unplayed = Placement::new(placement.cells().iter().copied().filter(|&c| !crowned(c)).collect());
    draw_glyph_mut(img, grid, &unplayed, glyph);
    for &cell in wrong.iter().filter(|&&c| crowned(c)) {
        ring_mut(img, grid, cell, stroke(grid));
    }
}

/// Anti-aliased coverage (0..1) of `poly` on a `side`×`side` pixel grid: four
/// sub-rows per pixel, each filled with exact horizontal span coverage.
fn coverage(poly: &[(f64, f64)], side: usize) -> Vec<f32> {
    const SUB: usize = 4;
    let mut mask = vec![0f32; side * side];
    let mut xs: Vec<f64> = Vec::with_capacity(poly.len());
    for sy in 0..side * SUB {
        let y = (sy as f64 + 0.5) / SUB as f64;
        xs.clear();
        for i in 0..poly.len() {
            let (a, b) = (poly[i], poly[(i + 1) % poly.len()]);
            if (a.1 > y) != (b.1 > y) {
                xs.push(a.0 + (y - a.1) * (b.0 - a.0) / (b.1 - a.1));
            }
        }
        xs.sort_by(f64::total_cmp);
        let row = &mut mask[(sy / SUB) * side..][..side];
        for span in xs.chunks_exact(2) {
            let (l, r) = (span[0].clamp(0.0, side as f64), span[1].clamp(0.0, side as f64));
            let mut x = l.floor() as usize;
            while (x as f64) < r && x < side {
                let overlap = (r.min(x as f64 + 1.0) - l.max(x as f64)).max(0.0);
                row[x] += (overlap / SUB as f64) as f32;
                x += 1;
            }
        }
    }
    mask
}

/// Blends `color` into `img` through `mask` placed at (x0, y0), clipped to the image.
fn blend(img: &mut RgbImage, x0: i64, y0: i64, side: usize, mask: &[f32], color: [u8; 3], opacity: f32) {
    let (w, h) = (i64::from(img.width()), i64::from(img.height()));
    for my in 0..side {
        let y = y0 + my as i64;
        if y < 0 || y >= h {
            continue;
        }
        for mx in 0..side {
            let x = x0 + mx as i64;
            let a = (mask[my * side + mx].min(1.0)) * opacity;
            if a <= 0.0 || x < 0 || x >= w {
                continue;
            }
            let p = img.get_pixel_mut(x as u32, y as u32);
            *p = Rgb([0, 1, 2].map(|i| (f32::from(p[i]) * (1.0 - a) + f32::from(color[i]) * a).round() as u8));
        }
    }
}

/// The board cut out of `img` with a small margin, for `--crop`.
pub fn crop(img: &RgbImage, grid: &Grid) -> RgbImage {
    let (x0, y0, w, h) = crop_box(img.width(), img.height(), grid);
    image::imageops::crop_imm(img, x0, y0, w, h).to_image()
}

/// The part of a `width`×`height` picture that [`crop`] keeps, `(x, y, width, height)`:
/// the board with a margin of 15% of a cell.
pub fn crop_box(width: u32, height: u32, grid: &Grid) -> (u32, u32, u32, u32) {
    let (x, y, w, h) = grid.bbox(width, height);
    let m = (grid.px.min(grid.py) * 0.15) as u32;
    let (x0, y0) = (x.saturating_sub(m), y.saturating_sub(m));
    let x1 = (x + w + m).min(width);
    let y1 = (y + h + m).min(height);
    (x0, y0, x1 - x0, y1 - y0)
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

/// A thick line from `a` to `b`: every pixel whose centre lies within `width / 2`
/// of the segment. (Parallel one-pixel lines at sub-pixel offsets leave gaps on a
/// diagonal, which read as a hatched, ghosted stroke.)
pub(crate) fn thick_line(img: &mut RgbImage, a: (f64, f64), b: (f64, f64), width: f64, color: [u8; 3]) {
    let half = width / 2.0;
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    let len2 = (dx * dx + dy * dy).max(1e-9);
    let (x0, x1) = ((a.0.min(b.0) - half).floor().max(0.0), (a.0.max(b.0) + half).ceil());
    let (y0, y1) = ((a.1.min(b.1) - half).floor().max(0.0), (a.1.max(b.1) + half).ceil());
    for y in (y0 as u32)..(y1 as u32).min(img.height()) {
        for x in (x0 as u32)..(x1 as u32).min(img.width()) {
            let (px, py) = (f64::from(x) + 0.5, f64::from(y) + 0.5);
            let t = (((px - a.0) * dx + (py - a.1) * dy) / len2).clamp(0.0, 1.0);
            let (qx, qy) = (a.0 + t * dx - px, a.1 + t * dy - py);
            if qx * qx + qy * qy <= half * half {
                img.put_pixel(x, y, Rgb(color));
            }
        }
    }
}

/// An X centred on `(cx, cy)`, `half` across each way from the centre, its
/// strokes `width` wide.
pub(crate) fn draw_x(img: &mut RgbImage, (cx, cy): (f64, f64), half: f64, width: f64, color: [u8; 3]) {
    thick_line(img, (cx - half, cy - half), (cx + half, cy + half), width, color);
    thick_line(img, (cx - half, cy + half), (cx + half, cy - half), width, color);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stars_for_star_battle_and_borders_only_grids() {
        assert_eq!(Glyph::for_board(1, false), Glyph::Crown);
        assert_eq!(Glyph::for_board(2, false), Glyph::Star);
        assert_eq!(Glyph::for_board(1, true), Glyph::Star);
    }

    #[test]
    fn a_star_is_drawn_inside_its_cell() {
        let grid = Grid { n: 4, x0: 0.0, y0: 0.0, px: 40.0, py: 40.0 };
        let mut img = RgbImage::from_pixel(160, 160, Rgb([255, 255, 255]));
        draw_glyph_mut(&mut img, &grid, &Placement::new(vec![crate::Cell::new(1, 2)]), Glyph::Star);
        let dark: Vec<(u32, u32)> =
            img.enumerate_pixels().filter(|(_, _, p)| p.0[0] < 100).map(|(x, y, _)| (x, y)).collect();
        assert!(dark.len() > 100, "a filled star");
        assert!(dark.iter().all(|&(x, y)| (80..120).contains(&x) && (40..80).contains(&y)));
        // The centre is inked, the cell's corners are not.
        assert!(img.get_pixel(100, 61).0[0] < 100);
        assert_eq!(img.get_pixel(83, 43).0, [255, 255, 255]);
    }
}
