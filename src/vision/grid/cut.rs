//! Step 3: boards cut off at the picture's edge. A strip narrower than a pitch
//! between the lattice and the edge is one more row or column only when the grid
//! lines run through it or it shows several flat board colours; an ambiguous strip
//! is refused, never read as a smaller board.

use image::RgbImage;

use super::lattice::{add_line, contrast_at, median};
use super::{Grid, CUT_OFF};
use crate::error::{Error, Result};

/// Dominant color of the part of a rectangle inside the image (inset from its
/// edges), and the share of samples near it; `None` when too little is visible.
pub(super) fn patch_color(img: &RgbImage, x0: f64, y0: f64, x1: f64, y1: f64) -> Option<([i32; 3], f64)> {
    let (w, h) = (f64::from(img.width()), f64::from(img.height()));
    let (x0, y0, x1, y1) = (x0.max(0.0), y0.max(0.0), x1.min(w - 1.0), y1.min(h - 1.0));
    if x1 - x0 < 3.0 || y1 - y0 < 3.0 {
        return None;
    }
    let mut samples = Vec::with_capacity(64);
    for i in 0..8 {
        for j in 0..8 {
            let x = x0 + (x1 - x0) * (f64::from(i) + 0.5) / 8.0;
            let y = y0 + (y1 - y0) * (f64::from(j) + 0.5) / 8.0;
            samples.push(img.get_pixel(x as u32, y as u32).0.map(i32::from));
        }
    }
    // Mode by a coarse histogram (5 bits per channel would be finer than needed).
    let bin = |c: &[i32; 3]| ((c[0] >> 5) << 6 | (c[1] >> 5) << 3 | (c[2] >> 5)) as usize;
    let mut hist = [0u8; 512];
    for c in &samples {
        hist[bin(c)] += 1;
    }
    let top = (0..512).max_by_key(|&i| hist[i])?;
    let seed = samples.iter().find(|c| bin(c) == top)?;
    let near = |a: &[i32; 3], b: &[i32; 3]| (0..3).all(|k| (a[k] - b[k]).abs() <= 16);
    let close: Vec<&[i32; 3]> = samples.iter().filter(|b| near(seed, b)).collect();
    let mean = [0, 1, 2].map(|k| close.iter().map(|c| c[k]).sum::<i32>() / close.len() as i32);
    Some((mean, close.len() as f64 / samples.len() as f64))
}

/// The flat colors of the board's cells (inset from their edges).
pub(super) fn board_colors(img: &RgbImage, grid: &Grid, nx: usize, ny: usize, inset: f64) -> Vec<[i32; 3]> {
    let mut v = Vec::new();
    for r in 0..ny {
        for c in 0..nx {
            let (x, y) = (grid.x0 + c as f64 * grid.px, grid.y0 + r as f64 * grid.py);
            let (x0, y0) = (x + inset * grid.px, y + inset * grid.py);
            let (x1, y1) = (x + (1.0 - inset) * grid.px, y + (1.0 - inset) * grid.py);
            if let Some((color, flat)) = patch_color(img, x0, y0, x1, y1) {
                if flat >= 0.5 {
                    v.push(color);
                }
            }
        }
    }
    v
}

/// Crops that cut into the outer cells leave a strip narrower than a pitch between
/// the lattice and the image edge. Such a strip is one more row or column of the
/// board when its visible patches are flat and either show several colors or the
/// grid lines run through it evenly. A strip that looks like cells (flat, in a
/// board color) but shows neither is ambiguous: reading the smaller board inside
/// could give a wrong but valid-looking puzzle, so that is refused.
pub(super) fn extend_cut_edges(
    img: &RgbImage,
    grid: &mut Grid,
    nx: &mut usize,
    ny: &mut usize,
    line_threshold: f64,
) -> Result<()> {
    let (w, h) = (f64::from(img.width()), f64::from(img.height()));
    let inset = 0.15;
    // The board's colors, sampled only if some side has a strip to judge.
    let mut known: Option<Vec<[i32; 3]>> = None;
    // (is_column, before): left, right, top, bottom.
    for (column, before) in [(true, true), (true, false), (false, true), (false, false)] {
        let (origin, pitch, count, limit) =
            if column { (grid.x0, grid.px, *nx, w) } else { (grid.y0, grid.py, *ny, h) };
        let visible = if before { origin } else { limit - (origin + count as f64 * pitch) };
        if !(0.2 * pitch..0.95 * pitch).contains(&visible) {
            continue;
        }
        let start = if before { origin - pitch } else { origin + count as f64 * pitch };
        let (b_origin, b_pitch, across) = if column { (grid.y0, grid.py, *ny) } else { (grid.x0, grid.px, *nx) };
        // Each partly visible cell: its dominant color, and whether it is flat.
        let patches: Vec<([i32; 3], bool)> = (0..across)
            .filter_map(|k| {
                let (a0, a1) = (start + inset * pitch, start + (1.0 - inset) * pitch);
                let (b0, b1) = (b_origin + (k as f64 + inset) * b_pitch, b_origin + (k as f64 + 1.0 - inset) * b_pitch);
                let patch = if column { patch_color(img, a0, b0, a1, b1) } else { patch_color(img, b0, a0, b1, a1) };
                patch.map(|(color, flat)| (color, flat >= 0.5))
            })
            .collect();
        if patches.is_empty() {
            continue;
        }
        // Do the lines between cells run through the strip? A real grid line shows
        // the same contrast at every depth up to the image edge; labels or text
        // drawn near the board (an inspector overlay) do not. Depths start clear of
        // the boundary line itself.
        let gap = 0.12 * pitch;
        let per_depth: Vec<f64> = [0.2, 0.4, 0.6, 0.8, 0.95]
            .iter()
            .map(|frac| {
                let d = gap + frac * (visible - gap);
                let depth = if before { origin - d } else { limit - visible + d };
                let mut v: Vec<f64> = (1..across)
                    .filter_map(|k| contrast_at(img, column, b_origin + k as f64 * b_pitch, depth, b_pitch))
                    .collect();
                median(&mut v).unwrap_or(0.0)
            })
            .collect();
        let (lo, hi) = per_depth.iter().fold((f64::INFINITY, 0.0f64), |(lo, hi), &c| (lo.min(c), hi.max(c)));
        let lines = lo >= (line_threshold / 2.0).max(12.0) && hi <= 1.5 * lo;
        let flat: Vec<[i32; 3]> = patches.iter().filter(|p| p.1).map(|p| p.0).collect();
        let mostly_flat = flat.len() * 5 >= patches.len() * 4;
        let distinct = flat.iter().any(|c| (0..3).any(|k| (c[k] - flat[0][k]).abs() > 24));
        let known = known.get_or_insert_with(|| board_colors(img, grid, *nx, *ny, inset));
        let is_known = |c: &[i32; 3]| known.iter().any(|b| (0..3).all(|k| (b[k] - c[k]).abs() <= 14));
        let board_share = patches.iter().filter(|p| is_known(&p.0)).count() as f64 / patches.len() as f64;
        let side = match (column, before) {
            (true, true) => "left",
            (true, false) => "right",
            (false, true) => "top",
            (false, false) => "bottom",
        };
        let cut_off = || Error::NoGrid {
            reason: format!(
                "{CUT_OFF} at the {side} edge: a strip of cells is only partly in the picture; \
                 use a screenshot that shows the whole board"
            ),
        };
        if lines || (mostly_flat && distinct) {
            add_line(grid, nx, ny, column, before);
        } else if (mostly_flat && board_share == 1.0) || (!mostly_flat && board_share >= 0.5) {
            // Cell-like but unconfirmed: one flat board color without lines (a cut
            // row of one region with faded lines, or a margin matching a region), or
            // a busy strip in board colors. Reading the board inside could give a
            // smaller, valid-looking but wrong puzzle, so refuse.
            return Err(cut_off());
        }
    }
    Ok(())
}
