//! Sampling each cell's color, robustly.
//!
//! A cell may hold an X mark, a crown, a hover shade or a mouse pointer, and the
//! lattice fit may be off by a pixel or two. So we read a square frame inside the
//! cell (away from both the lines and the centered marks) and take its dominant
//! color: the mean of the pixels near the most common quantised color.
//!
//! Besides the colors, this stage measures the line between every pair of
//! neighbouring cells: its *equivalent width* (integrated contrast divided by peak
//! contrast), which separates the game's thick region borders from its thin inner
//! lines whatever their color or blur.

use image::RgbImage;

use crate::puzzle::Cell;
use crate::vision::color::{luma, Lab};
use crate::vision::grid::Grid;

/// What was measured on the board.
#[derive(Debug, Clone)]
pub struct CellColors {
    /// Board side.
    pub n: usize,
    /// Dominant color per cell, row-major, sRGB.
    pub rgb: Vec<[u8; 3]>,
    /// The same in Lab.
    pub lab: Vec<Lab>,
    /// Equivalent width (pixels) of the line right of each cell, row-major (last column unused).
    pub line_right: Vec<f32>,
    /// Equivalent width of the line below each cell (last row unused).
    pub line_below: Vec<f32>,
}

impl CellColors {
    /// The Lab color of `cell`.
    pub(crate) fn lab_at(&self, cell: Cell) -> Lab {
        self.lab[cell.row * self.n + cell.col]
    }
}

/// Samples every cell of `grid` in `img`.
pub fn sample(img: &RgbImage, grid: &Grid) -> CellColors {
    let n = grid.n;
    let mut rgb = Vec::with_capacity(n * n);
    let mut line_right = vec![0.0; n * n];
    let mut line_below = vec![0.0; n * n];
    let mut hist = vec![0u32; 4096];
    for r in 0..n {
        for c in 0..n {
            rgb.push(dominant(img, grid, Cell::new(r, c), &mut hist));
        }
    }
    for r in 0..n {
        for c in 0..n {
            if c + 1 < n {
                line_right[r * n + c] = line_width(img, grid, Cell::new(r, c), false, &rgb);
            }
            if r + 1 < n {
                line_below[r * n + c] = line_width(img, grid, Cell::new(r, c), true, &rgb);
            }
        }
    }
    let lab = rgb.iter().map(|&p| Lab::from_rgb(p)).collect();
    CellColors { n, rgb, lab, line_right, line_below }
}

fn pixel(img: &RgbImage, x: f64, y: f64) -> Option<[u8; 3]> {
    if x < 0.0 || y < 0.0 || x >= f64::from(img.width()) || y >= f64::from(img.height()) {
        return None;
    }
    Some(img.get_pixel(x as u32, y as u32).0)
}

/// The dominant color of the frame 0.2–0.36 pitch from the cell center.
/// `hist` is scratch space of 4096 zeros, returned zeroed.
fn dominant(img: &RgbImage, grid: &Grid, cell: Cell, hist: &mut [u32]) -> [u8; 3] {
    let (cx, cy) = grid.center(cell);
    // Sample on a sub-grid: at most ~20×20 points per cell (~200 in the frame)
    // is plenty for a dominant color and keeps big cells cheap.
    let step = (grid.px.min(grid.py) / 20.0).max(1.0);
    let mut samples: Vec<[u8; 3]> = Vec::new();
    let mut dy: f64 = -0.36;
    while dy <= 0.36 {
        let mut dx: f64 = -0.36;
        while dx <= 0.36 {
            if dx.abs().max(dy.abs()) >= 0.2 {
                if let Some(p) = pixel(img, cx + dx * grid.px, cy + dy * grid.py) {
                    samples.push(p);
                }
            }
            dx += step / grid.px;
        }
        dy += step / grid.py;
    }
    if samples.is_empty() {
        return [0, 0, 0];
    }
    let bin = |p: &[u8; 3]| (usize::from(p[0] >> 4) << 8) | (usize::from(p[1] >> 4) << 4) | usize::from(p[2] >> 4);
    let mut top = bin(&samples[0]);
    for p in &samples {
        let b = bin(p);
        hist[b] += 1;
        if hist[b] > hist[top] || (hist[b] == hist[top] && b < top) {
            top = b;
        }
    }
    for p in &samples {
        hist[bin(p)] = 0;
    }
    let seed = [((top >> 8) as u8) << 4 | 8, (((top >> 4) & 15) as u8) << 4 | 8, ((top & 15) as u8) << 4 | 8];
    // Refine twice: mean of pixels within 18 of the current estimate.
    let mut center = seed.map(i32::from);
    for _ in 0..2 {
        let mut sum = [0i64; 3];
        let mut near = 0usize;
        for p in &samples {
            if (0..3).all(|i| (i32::from(p[i]) - center[i]).abs() <= 18) {
                for i in 0..3 {
                    sum[i] += i64::from(p[i]);
                }
                near += 1;
            }
        }
        if near == 0 {
            break;
        }
        center = sum.map(|s| (s / near as i64) as i32);
    }
    center.map(|v| v.clamp(0, 255) as u8)
}

/// Equivalent width of the line between `cell` and its right (or lower) neighbour:
/// Σ|L(d) − L_ref(d)| / max|L(d) − L_ref(d)| across the boundary (d within ±0.15
/// pitch), measured on several slices near both ends of the shared edge (away
/// from centered marks like crowns) and combined by median against noise.
fn line_width(img: &RgbImage, grid: &Grid, cell: Cell, below: bool, rgb: &[[u8; 3]]) -> f32 {
    let n = grid.n;
    let other = if below { Cell::new(cell.row + 1, cell.col) } else { Cell::new(cell.row, cell.col + 1) };
    let (la, lb) = (f64::from(luma(rgb[cell.row * n + cell.col])), f64::from(luma(rgb[other.row * n + other.col])));
    let (cx, cy) = grid.center(cell);
    let (pitch, cross) = if below { (grid.py, grid.px) } else { (grid.px, grid.py) };
    let boundary = if below { cy + 0.5 * grid.py } else { cx + 0.5 * grid.px };
    let reach = 0.15 * pitch;
    // Half-pixel steps on small cells, coarser on big ones (≤ 24 steps per slice).
    let step = (2.0 * reach / 24.0).max(0.5);
    let steps = ((2.0 * reach) / step).ceil().max(6.0) as usize;
    let mut widths = Vec::new();
    for t in [-0.34, -0.27, 0.27, 0.34] {
        let mut total = 0.0;
        let mut peak: f64 = 0.0;
        for i in 0..=steps {
            let d = -reach + 2.0 * reach * i as f64 / steps as f64;
            let (x, y) = if below { (cx + t * cross, boundary + d) } else { (boundary + d, cy + t * cross) };
            let reference = if d < 0.0 { la } else { lb };
            if let Some(l) = luma_bilinear(img, x, y) {
                let dev = (l - reference).abs();
                total += dev;
                peak = peak.max(dev);
            }
        }
        if peak > 1e-9 {
            widths.push(total / peak * (2.0 * reach / steps as f64));
        }
    }
    if widths.is_empty() {
        return 0.0;
    }
    widths.sort_by(f64::total_cmp);
    widths[widths.len() / 2] as f32
}

/// Luma at a sub-pixel position, bilinearly interpolated.
pub(crate) fn luma_bilinear(img: &RgbImage, x: f64, y: f64) -> Option<f64> {
    let (w, h) = (f64::from(img.width()), f64::from(img.height()));
    let (x, y) = (x - 0.5, y - 0.5);
    if x < 0.0 || y < 0.0 || x >= w - 1.0 || y >= h - 1.0 {
        return pixel(img, x + 0.5, y + 0.5).map(|p| f64::from(luma(p)));
    }
    let (x0, y0) = (x.floor(), y.floor());
    let (fx, fy) = (x - x0, y - y0);
    let l = |dx: u32, dy: u32| f64::from(luma(img.get_pixel(x0 as u32 + dx, y0 as u32 + dy).0));
    Some((l(0, 0) * (1.0 - fx) + l(1, 0) * fx) * (1.0 - fy) + (l(0, 1) * (1.0 - fx) + l(1, 1) * fx) * fy)
}
