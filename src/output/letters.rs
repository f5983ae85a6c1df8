//! Region letters drawn in the cells, for players who cannot tell the colours apart
//! (`--letters`, the web page's letters toggle).
//!
//! Each cell gets its region's letter in its top-left corner, small enough to leave
//! room for a crown or an X, dark on a light halo so it reads on every colour.

use image::{Rgb, RgbImage};
use imageproc::drawing::draw_text_mut;

use crate::output::banner;
use crate::puzzle::{region_letter, Regions};
use crate::vision::grid::Grid;

const INK: Rgb<u8> = Rgb([20, 20, 24]);
const HALO: Rgb<u8> = Rgb([255, 255, 255]);

/// Draws each cell's region letter on `img` (whose board lattice is `grid`), in place.
pub fn draw_mut(img: &mut RgbImage, grid: &Grid, regions: &Regions) {
    let font = banner::font();
    let size = (grid.px.min(grid.py) * 0.3).max(9.0) as f32;
    // The halo: the letter drawn in white one pixel off in each direction first.
    let halo = (size / 14.0).ceil().max(1.0) as i32;
    for cell in regions.cells() {
        let letter = region_letter(regions.label(cell)).to_string();
        let x = (grid.x0 + cell.col as f64 * grid.px + grid.px * 0.1).round() as i32;
        let y = (grid.y0 + cell.row as f64 * grid.py + grid.py * 0.06).round() as i32;
        for (dx, dy) in
            [(-halo, 0), (halo, 0), (0, -halo), (0, halo), (-halo, -halo), (halo, halo), (-halo, halo), (halo, -halo)]
        {
            draw_text_mut(img, HALO, x + dx, y + dy, size, &font, &letter);
        }
        draw_text_mut(img, INK, x, y, size, &font, &letter);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_cell_gets_ink_in_its_top_left_corner_only() {
        let regions = Regions::from_rows(&["AAB", "ABB", "CCC"]).unwrap();
        let grid = Grid { n: 3, x0: 0.0, y0: 0.0, px: 60.0, py: 60.0 };
        let mut img = RgbImage::from_pixel(180, 180, Rgb([150, 190, 255]));
        draw_mut(&mut img, &grid, &regions);
        for cell in regions.cells() {
            let (x0, y0) = (cell.col as u32 * 60, cell.row as u32 * 60);
            let dark = |xs: std::ops::Range<u32>, ys: std::ops::Range<u32>| {
                ys.flat_map(|y| xs.clone().map(move |x| (x, y))).filter(|&(x, y)| img.get_pixel(x, y).0[0] < 80).count()
            };
            assert!(dark(x0..x0 + 30, y0..y0 + 30) > 10, "a letter in {cell:?}");
            assert_eq!(dark(x0 + 30..x0 + 60, y0 + 30..y0 + 60), 0, "the middle and far corner stay free in {cell:?}");
        }
    }
}
