//! Step 2: the lattice. A least-squares fit of origin and pitch per axis over the
//! board family, growth by whole rows or columns wherever the grid lines continue,
//! and the independent check that a lattice has lines at its boundaries only.

use image::RgbImage;

use super::blobs::Blob;
use super::board::{Grid, N_RANGE};
use crate::puzzle::deadline::Deadline;
use crate::vision::color::luma;

/// One axis of the lattice: origin (left/top edge of index 0) and pitch, plus the index range seen.
#[derive(Debug, Clone, Copy)]
pub(super) struct Axis {
    pub(super) origin: f64,
    pub(super) pitch: f64,
    pub(super) count: usize,
}

pub(super) fn median(v: &mut [f64]) -> Option<f64> {
    if v.is_empty() {
        return None;
    }
    v.sort_by(f64::total_cmp);
    Some(v[v.len() / 2])
}

/// Fits `pos = a + pitch·k` to member centers along one axis. `along` and `across`
/// extract the coordinate on this axis and on the other one. `None` when there is
/// no regular spacing, or once `deadline` has passed (the pairs take quadratic time).
pub(super) fn fit_axis(
    members: &[Blob],
    along: fn(&Blob) -> f64,
    across: fn(&Blob) -> f64,
    deadline: Deadline,
) -> Option<Axis> {
    let s = median(&mut members.iter().map(Blob::size).collect::<Vec<_>>())?;
    // Adjacent cells on a common line give the pitch.
    let mut gaps = Vec::new();
    for (i, a) in members.iter().enumerate() {
        if i % 64 == 0 && deadline.passed() {
            return None;
        }
        let nearest = members
            .iter()
            .filter(|b| (across(b) - across(a)).abs() <= 0.2 * s && along(b) - along(a) >= 0.9 * s)
            .map(|b| along(b) - along(a))
            .fold(f64::INFINITY, f64::min);
        if nearest <= 1.75 * s {
            gaps.push(nearest);
        }
    }
    let mut pitch = median(&mut gaps)?;
    let mut pos: Vec<f64> = members.iter().map(along).collect();
    let anchor = median(&mut pos.clone())?;
    let mut a = anchor;
    let mut ks: Vec<f64> = Vec::new();
    for _ in 0..2 {
        ks = pos.iter().map(|p| ((p - a) / pitch).round()).collect();
        // Least squares p = a + pitch·k.
        let m = ks.len() as f64;
        let (sk, sp) = (ks.iter().sum::<f64>(), pos.iter().sum::<f64>());
        let skk: f64 = ks.iter().map(|k| k * k).sum();
        let skp: f64 = ks.iter().zip(&pos).map(|(k, p)| k * p).sum();
        let den = m * skk - sk * sk;
        if den.abs() < 1e-9 {
            break;
        }
        pitch = (m * skp - sk * sp) / den;
        a = (sp - pitch * sk) / m;
    }
    pos.clear();
    let kmin = ks.iter().copied().fold(f64::INFINITY, f64::min);
    let kmax = ks.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    Some(Axis { origin: a + pitch * (kmin - 0.5), pitch, count: (kmax - kmin) as usize + 1 })
}

/// Grows the lattice one row or column at a time on any side where the strip one
/// pitch out is a board row: a line at its far edge, and the lines between its
/// cells continuing through it.
pub(super) fn grow(img: &RgbImage, grid: &mut Grid, nx: &mut usize, ny: &mut usize, threshold: f64) {
    let (w, h) = (f64::from(img.width()), f64::from(img.height()));
    while (*nx).max(*ny) < *N_RANGE.end() {
        let mut grew = false;
        for (column, before) in [(true, true), (true, false), (false, true), (false, false)] {
            let (origin, pitch, count, limit) =
                if column { (grid.x0, grid.px, *nx, w) } else { (grid.y0, grid.py, *ny, h) };
            let far = if before { origin - pitch } else { origin + (count + 1) as f64 * pitch };
            if far < -0.1 * pitch || far > limit + 0.1 * pitch {
                continue;
            }
            let middle = if before { origin - 0.5 * pitch } else { origin + (count as f64 + 0.5) * pitch };
            let (b_origin, b_pitch, across) = if column { (grid.y0, grid.py, *ny) } else { (grid.x0, grid.px, *nx) };
            let far_line = {
                let mut v: Vec<f64> = (0..across)
                    .filter_map(|k| contrast_at(img, !column, far, b_origin + (k as f64 + 0.5) * b_pitch, pitch))
                    .collect();
                median(&mut v).unwrap_or(0.0)
            };
            if far_line < threshold {
                continue;
            }
            let continuing = (1..across)
                .filter(|&k| {
                    contrast_at(img, column, b_origin + k as f64 * b_pitch, middle, b_pitch)
                        .is_some_and(|c| c >= threshold)
                })
                .count();
            if across < 2 || continuing * 4 < (across - 1) * 3 {
                continue;
            }
            add_line(grid, nx, ny, column, before);
            grew = true;
        }
        if !grew {
            break;
        }
    }
    grid.n = (*nx).max(*ny);
}

/// Adds one column (or row) to the lattice, before the first or after the last.
pub(super) fn add_line(grid: &mut Grid, nx: &mut usize, ny: &mut usize, column: bool, before: bool) {
    match (column, before) {
        (true, true) => grid.x0 -= grid.px,
        (false, true) => grid.y0 -= grid.py,
        _ => {}
    }
    *(if column { nx } else { ny }) += 1;
}

/// Median contrast of a line at `pos`, crossed near both edges of every cell
/// across (0.15 and 0.85 of the way), away from marks drawn at cell centers.
pub(super) fn cross_contrast(img: &RgbImage, grid: &Grid, horizontal: bool, pos: f64) -> f64 {
    let (pitch_along, origin_across, pitch_across) =
        if horizontal { (grid.py, grid.x0, grid.px) } else { (grid.px, grid.y0, grid.py) };
    let mut v: Vec<f64> = (0..grid.n)
        .flat_map(|k| [0.15, 0.85].map(|f| origin_across + (k as f64 + f) * pitch_across))
        .filter_map(|t| contrast_at(img, horizontal, pos, t, pitch_along))
        .collect();
    median(&mut v).unwrap_or(0.0)
}

/// The independent check of a lattice: a real grid has a line at every cell
/// boundary and none through the middle of the cells. A lattice of the wrong
/// pitch (say, fitted to 2×2 blocks of one region) fails one or the other.
pub(super) fn lattice_confirmed(img: &RgbImage, grid: &Grid) -> bool {
    let (w, h) = (f64::from(img.width()), f64::from(img.height()));
    [false, true].iter().all(|&horizontal| {
        let (origin, pitch, limit) = if horizontal { (grid.y0, grid.py, h) } else { (grid.x0, grid.px, w) };
        let inside = |p: f64| p > 0.0 && p < limit;
        let mut mids: Vec<f64> = (0..grid.n)
            .map(|k| origin + (k as f64 + 0.5) * pitch)
            .filter(|&p| inside(p))
            .map(|p| cross_contrast(img, grid, horizontal, p))
            .collect();
        let lines: Vec<f64> = (1..grid.n)
            .map(|k| origin + k as f64 * pitch)
            .filter(|&p| inside(p))
            .map(|p| cross_contrast(img, grid, horizontal, p))
            .collect();
        let Some(mid) = median(&mut mids) else { return false };
        !lines.is_empty() && lines.iter().all(|&c| c >= 2.0 * mid + 4.0)
    })
}

/// Contrast of a line at `pos` (along the axis) crossed at `t`: its darkest (or
/// lightest) point within ±0.08 pitch against the pixels 0.3 pitch either side.
pub(super) fn contrast_at(img: &RgbImage, horizontal: bool, pos: f64, t: f64, pitch_along: f64) -> Option<f64> {
    let (w, h) = (f64::from(img.width()), f64::from(img.height()));
    let lum = |a: f64| -> Option<f64> {
        let (x, y) = if horizontal { (t, a) } else { (a, t) };
        if x < 0.0 || y < 0.0 || x >= w || y >= h {
            return None;
        }
        Some(f64::from(luma(img.get_pixel(x as u32, y as u32).0)))
    };
    let (before, after) = (lum(pos - 0.3 * pitch_along)?, lum(pos + 0.3 * pitch_along)?);
    let side = (before + after) / 2.0;
    let reach = (0.08 * pitch_along).max(2.0);
    let mut best: f64 = 0.0;
    let mut d = -reach;
    while d <= reach {
        if let Some(l) = lum(pos + d) {
            best = best.max((l - side).abs().min((l - before).abs()).min((l - after).abs()));
        }
        d += 1.0;
    }
    Some(best)
}
