//! Finding the board: where it is, how many cells per side, and the cell pitch.
//!
//! Method: split the picture into flat-colored connected components (cells of a
//! Queens board are flat patches bounded by lines), keep the square-ish ones, link
//! those of similar size that sit on a common row or column a cell pitch or two
//! apart, and take the largest linked family as the board. A least-squares lattice
//! fit over its members gives origin and pitch per axis (cells may be slightly
//! non-square). Whole rows or columns the components missed (a region spanning a
//! row with faint inner lines) are recovered by looking for the grid line one
//! pitch further out. Nothing here knows any palette, theme, or screen size.

use image::RgbImage;

use crate::color::luma;
use crate::error::{Error, Result};
use crate::puzzle::Cell;

/// How a cut-off board is refused (a decision, which no other pass may override).
const CUT_OFF: &str = "the board looks cut off";

/// Smallest and largest board sides we read from pictures.
pub const N_RANGE: std::ops::RangeInclusive<usize> = 4..=30;

/// The board's lattice in pixel coordinates. Cell (r, c) spans
/// `x0 + c·px .. x0 + (c+1)·px` and `y0 + r·py .. y0 + (r+1)·py` (lines included).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Grid {
    /// Cells per side.
    pub n: usize,
    /// Left edge of the first column (middle of the outer line).
    pub x0: f64,
    /// Top edge of the first row.
    pub y0: f64,
    /// Column pitch in pixels.
    pub px: f64,
    /// Row pitch in pixels.
    pub py: f64,
}

impl Grid {
    /// Pixel center of `cell`.
    pub fn center(&self, cell: Cell) -> (f64, f64) {
        (self.x0 + (cell.col as f64 + 0.5) * self.px, self.y0 + (cell.row as f64 + 0.5) * self.py)
    }

    /// The board's cell area as (x, y, width, height), rounded and clipped to the image.
    pub fn bbox(&self, width: u32, height: u32) -> (u32, u32, u32, u32) {
        let x = self.x0.round().clamp(0.0, f64::from(width)) as u32;
        let y = self.y0.round().clamp(0.0, f64::from(height)) as u32;
        let x1 = (self.x0 + self.px * self.n as f64).round().clamp(0.0, f64::from(width)) as u32;
        let y1 = (self.y0 + self.py * self.n as f64).round().clamp(0.0, f64::from(height)) as u32;
        (x, y, x1 - x, y1 - y)
    }
}

/// A flat-colored connected component.
#[derive(Debug, Clone, Copy)]
struct Blob {
    x0: u32,
    y0: u32,
    x1: u32,
    y1: u32,
    area: u32,
}

impl Blob {
    fn w(&self) -> f64 {
        f64::from(self.x1 - self.x0 + 1)
    }
    fn h(&self) -> f64 {
        f64::from(self.y1 - self.y0 + 1)
    }
    fn size(&self) -> f64 {
        (self.w() * self.h()).sqrt()
    }
    fn cx(&self) -> f64 {
        f64::from(self.x0 + self.x1 + 1) / 2.0
    }
    fn cy(&self) -> f64 {
        f64::from(self.y0 + self.y1 + 1) / 2.0
    }
}

/// How different neighbouring pixels may be and still count as one flat patch.
#[derive(Debug, Clone, Copy)]
struct Flatness {
    /// Neighbouring pixels closer than this (max channel difference) continue a run.
    step: i16,
    /// A run ends when a pixel drifts this far from the run's first pixel
    /// (stops chaining through a blurred line one small step at a time).
    drift: i16,
    /// Runs on consecutive rows join when their means are this close.
    link: i32,
}

/// Tolerates JPEG noise and gradients.
const NORMAL: Flatness = Flatness { step: 14, drift: 26, link: 22 };
/// For blurred pictures whose thin lines have faded: tried when NORMAL finds no board.
const SENSITIVE: Flatness = Flatness { step: 6, drift: 12, link: 10 };

struct Run {
    x0: u32,
    x1: u32,
    mean: [i32; 3],
}

fn find(parent: &mut [u32], mut i: u32) -> u32 {
    while parent[i as usize] != i {
        let p = parent[i as usize];
        parent[i as usize] = parent[p as usize];
        i = p;
    }
    i
}

/// Flat components, with a lookup from pixel to component.
struct Segmentation {
    runs: Vec<Run>,
    row_start: Vec<usize>,
    /// Blob index of each run.
    blob_of_run: Vec<u32>,
    blobs: Vec<Blob>,
}

impl Segmentation {
    /// The blob that owns pixel (x, y).
    fn blob_at(&self, x: u32, y: u32) -> Option<u32> {
        let row = self.runs.get(self.row_start[y as usize]..self.row_start[y as usize + 1])?;
        let i = row.partition_point(|r| r.x1 <= x);
        (i < row.len()).then(|| self.blob_of_run[self.row_start[y as usize] + i])
    }
}

/// Flat components by run-length encoding: runs of similar pixels per row, joined
/// across rows when they overlap and have similar means.
fn flat_blobs(img: &RgbImage, f: Flatness) -> Segmentation {
    let (w, h) = (img.width() as usize, img.height() as usize);
    let raw = img.as_raw();
    let mut runs: Vec<Run> = Vec::with_capacity(h * 8);
    let mut row_start = Vec::with_capacity(h + 1);
    for y in 0..h {
        row_start.push(runs.len());
        let row = &raw[y * w * 3..(y + 1) * w * 3];
        let px = |x: usize| [i16::from(row[x * 3]), i16::from(row[x * 3 + 1]), i16::from(row[x * 3 + 2])];
        let far = |a: [i16; 3], b: [i16; 3], limit: i16| {
            (a[0] - b[0]).abs() > limit || (a[1] - b[1]).abs() > limit || (a[2] - b[2]).abs() > limit
        };
        let mut start = 0usize;
        let mut first = px(0);
        let mut prev = first;
        let mut sum = first.map(i32::from);
        for (x, p) in row.chunks_exact(3).enumerate().skip(1) {
            let p = [i16::from(p[0]), i16::from(p[1]), i16::from(p[2])];
            // A run ends on a step between neighbours, or on drifting from its first
            // pixel (which stops chaining through a blurred line in small steps).
            if far(p, prev, f.step) || far(p, first, f.drift) {
                let len = (x - start) as i32;
                runs.push(Run { x0: start as u32, x1: x as u32, mean: sum.map(|s| s / len) });
                start = x;
                first = p;
                sum = [0; 3];
            }
            sum[0] += i32::from(p[0]);
            sum[1] += i32::from(p[1]);
            sum[2] += i32::from(p[2]);
            prev = p;
        }
        let len = (w - start) as i32;
        runs.push(Run { x0: start as u32, x1: w as u32, mean: sum.map(|s| s / len) });
    }
    row_start.push(runs.len());

    let mut parent: Vec<u32> = (0..runs.len() as u32).collect();
    for y in 1..h {
        let (mut i, ie) = (row_start[y - 1], row_start[y]);
        let (mut j, je) = (row_start[y], row_start[y + 1]);
        while i < ie && j < je {
            let (a, b) = (&runs[i], &runs[j]);
            if a.x0 < b.x1 && b.x0 < a.x1 {
                let close = (0..3).all(|k| (a.mean[k] - b.mean[k]).abs() <= f.link);
                if close {
                    let (ra, rb) = (find(&mut parent, i as u32), find(&mut parent, j as u32));
                    if ra != rb {
                        parent[ra.max(rb) as usize] = ra.min(rb);
                    }
                }
            }
            if a.x1 <= b.x1 {
                i += 1;
            } else {
                j += 1;
            }
        }
    }

    let mut index = vec![u32::MAX; runs.len()];
    let mut blobs: Vec<Blob> = Vec::new();
    let mut blob_of_run = vec![0u32; runs.len()];
    for y in 0..h {
        for r in row_start[y]..row_start[y + 1] {
            let root = find(&mut parent, r as u32) as usize;
            let run = &runs[r];
            if index[root] == u32::MAX {
                index[root] = blobs.len() as u32;
                blobs.push(Blob { x0: run.x0, y0: y as u32, x1: run.x1 - 1, y1: y as u32, area: 0 });
            }
            blob_of_run[r] = index[root];
            let b = &mut blobs[index[root] as usize];
            b.x0 = b.x0.min(run.x0);
            b.x1 = b.x1.max(run.x1 - 1);
            b.y1 = y as u32;
            b.area += run.x1 - run.x0;
        }
    }
    Segmentation { runs, row_start, blob_of_run, blobs }
}

/// Square-ish, mostly filled blobs that reach into all four corners of their
/// bounding box (which rules out round icons and text): cell candidates.
fn cell_candidates(img: &RgbImage, seg: &Segmentation) -> Vec<Blob> {
    let max_side = f64::from(img.width().min(img.height())) / 3.0;
    seg.blobs
        .iter()
        .enumerate()
        .filter(|&(id, b)| {
            let corner = |fx: f64, fy: f64| {
                let x = b.x0 + (fx * (b.w() - 1.0)).round() as u32;
                let y = b.y0 + (fy * (b.h() - 1.0)).round() as u32;
                seg.blob_at(x, y) == Some(id as u32)
            };
            let (w, h) = (b.w(), b.h());
            w >= 7.0
                && h >= 7.0
                && w <= max_side
                && h <= max_side
                && w.max(h) / w.min(h) <= 1.3
                && f64::from(b.area) / (w * h) >= 0.5
                && [(0.1, 0.1), (0.9, 0.1), (0.1, 0.9), (0.9, 0.9)].iter().all(|&(fx, fy)| corner(fx, fy))
        })
        .map(|(_, b)| *b)
        .collect()
}

/// The largest family of similar-size candidates linked along rows and columns.
fn board_family(cands: &[Blob]) -> Vec<Blob> {
    let n = cands.len();
    let mut parent: Vec<u32> = (0..n as u32).collect();
    let mut order: Vec<usize> = (0..n).collect();
    order.sort_by(|&a, &b| cands[a].cy().total_cmp(&cands[b].cy()));
    for (oi, &i) in order.iter().enumerate() {
        let a = &cands[i];
        let s = a.size();
        for &j in &order[oi + 1..] {
            let b = &cands[j];
            if b.cy() - a.cy() > 3.6 * s {
                break;
            }
            let ratio = s / b.size();
            if !(0.77..=1.3).contains(&ratio) {
                continue;
            }
            let (dx, dy) = ((b.cx() - a.cx()).abs(), (b.cy() - a.cy()).abs());
            let same_row = dy <= 0.2 * s && dx >= 0.9 * s && dx <= 3.4 * s;
            let same_col = dx <= 0.2 * s && dy >= 0.9 * s && dy <= 3.4 * s;
            if same_row || same_col {
                let (ra, rb) = (find(&mut parent, i as u32), find(&mut parent, j as u32));
                if ra != rb {
                    parent[ra.max(rb) as usize] = ra.min(rb);
                }
            }
        }
    }
    let mut area = vec![0f64; n];
    let mut count = vec![0usize; n];
    for (i, cand) in cands.iter().enumerate() {
        let r = find(&mut parent, i as u32) as usize;
        area[r] += f64::from(cand.area);
        count[r] += 1;
    }
    let best = (0..n).filter(|&r| count[r] >= 4).max_by(|&a, &b| area[a].total_cmp(&area[b]));
    match best {
        Some(root) => (0..n).filter(|&i| find(&mut parent, i as u32) as usize == root).map(|i| cands[i]).collect(),
        None => Vec::new(),
    }
}

/// One axis of the lattice: origin (left/top edge of index 0) and pitch, plus the index range seen.
#[derive(Debug, Clone, Copy)]
struct Axis {
    origin: f64,
    pitch: f64,
    count: usize,
}

fn median(v: &mut [f64]) -> Option<f64> {
    if v.is_empty() {
        return None;
    }
    v.sort_by(f64::total_cmp);
    Some(v[v.len() / 2])
}

/// Fits `pos = a + pitch·k` to member centers along one axis. `along` and `across`
/// extract the coordinate on this axis and on the other one.
fn fit_axis(members: &[Blob], along: fn(&Blob) -> f64, across: fn(&Blob) -> f64) -> Option<Axis> {
    let s = median(&mut members.iter().map(Blob::size).collect::<Vec<_>>())?;
    // Adjacent cells on a common line give the pitch.
    let mut gaps = Vec::new();
    for a in members {
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

/// Dominant color of the part of a rectangle inside the image (inset from its
/// edges), and the share of samples near it; `None` when too little is visible.
fn patch_color(img: &RgbImage, x0: f64, y0: f64, x1: f64, y1: f64) -> Option<([i32; 3], f64)> {
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
fn board_colors(img: &RgbImage, grid: &Grid, nx: usize, ny: usize, inset: f64) -> Vec<[i32; 3]> {
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
fn extend_cut_edges(
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

/// Grows the lattice one row or column at a time on any side where the strip one
/// pitch out is a board row: a line at its far edge, and the lines between its
/// cells continuing through it.
fn grow(img: &RgbImage, grid: &mut Grid, nx: &mut usize, ny: &mut usize, threshold: f64) {
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
fn add_line(grid: &mut Grid, nx: &mut usize, ny: &mut usize, column: bool, before: bool) {
    match (column, before) {
        (true, true) => grid.x0 -= grid.px,
        (false, true) => grid.y0 -= grid.py,
        _ => {}
    }
    *(if column { nx } else { ny }) += 1;
}

/// Median contrast of a line at `pos`, crossed near both edges of every cell
/// across (0.15 and 0.85 of the way), away from marks drawn at cell centers.
fn cross_contrast(img: &RgbImage, grid: &Grid, horizontal: bool, pos: f64) -> f64 {
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
fn lattice_confirmed(img: &RgbImage, grid: &Grid) -> bool {
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
fn contrast_at(img: &RgbImage, horizontal: bool, pos: f64, t: f64, pitch_along: f64) -> Option<f64> {
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

/// Detects the board in `img`.
///
/// Large screenshots are first searched at reduced scales (shrunk copies whose
/// short side is still ≥ 200 px, then twice that); the lattice is then scaled
/// back. If those find nothing, the full-resolution search decides, and a more
/// sensitive pass after it for blurred pictures.
pub fn detect(img: &RgbImage) -> Result<Grid> {
    // Coarse first (short side ≥ 200 px: cells of any board filling a fair part of
    // the picture stay ≥ 7 px), then twice as fine, then full resolution.
    let coarse = (img.width().min(img.height()) / 200).clamp(1, 8);
    let mut tried = Vec::new();
    for scale in [coarse, coarse / 2] {
        if scale < 2 || tried.contains(&scale) {
            continue;
        }
        tried.push(scale);
        let small = box_downsample(img, scale);
        if let Ok(g) = detect_at(&small, NORMAL) {
            let s = f64::from(scale);
            return Ok(Grid { n: g.n, x0: g.x0 * s, y0: g.y0 * s, px: g.px * s, py: g.py * s });
        }
    }
    match detect_at(img, NORMAL) {
        // Only "nothing found" earns the sensitive pass; a refusal stands.
        Err(Error::NoGrid { reason }) if !reason.starts_with(CUT_OFF) => {
            detect_at(img, SENSITIVE).map_err(|_| Error::NoGrid { reason })
        }
        other => other,
    }
}

/// Shrinks by `s`, each output pixel the mean of its block's diagonal
/// (x+k, y+k), k < s. The diagonal meets every row and every column of the
/// block once, so a one-pixel grid line keeps the same 1/s contrast a full box
/// filter would give it, at 1/s of the reads.
fn box_downsample(img: &RgbImage, s: u32) -> RgbImage {
    let (w, h) = ((img.width() / s) as usize, (img.height() / s) as usize);
    let s = s as usize;
    let src = img.as_raw();
    let stride = img.width() as usize * 3;
    // Division by s as a multiply and shift (exact for sums of s bytes, s ≤ 8).
    let inv = (1u32 << 16).div_ceil(s as u32);
    let mut out = vec![0u8; w * h * 3];
    for (y, dst) in out.chunks_exact_mut(w * 3).enumerate() {
        let rows: Vec<&[u8]> = (0..s).map(|k| &src[(y * s + k) * stride..][..stride]).collect();
        for (x, px) in dst.chunks_exact_mut(3).enumerate() {
            let mut acc = [0u32; 3];
            for (k, row) in rows.iter().enumerate() {
                let p = &row[(x * s + k) * 3..(x * s + k) * 3 + 3];
                acc[0] += u32::from(p[0]);
                acc[1] += u32::from(p[1]);
                acc[2] += u32::from(p[2]);
            }
            px[0] = ((acc[0] * inv) >> 16) as u8;
            px[1] = ((acc[1] * inv) >> 16) as u8;
            px[2] = ((acc[2] * inv) >> 16) as u8;
        }
    }
    RgbImage::from_raw(w as u32, h as u32, out).expect("sized above")
}

fn detect_at(img: &RgbImage, flatness: Flatness) -> Result<Grid> {
    let seg = flat_blobs(img, flatness);
    let cands = cell_candidates(img, &seg);
    let family = board_family(&cands);
    if family.len() < 4 {
        return Err(Error::NoGrid { reason: "no pattern of square cells in the picture".into() });
    }
    let (Some(xa), Some(ya)) = (fit_axis(&family, Blob::cx, Blob::cy), fit_axis(&family, Blob::cy, Blob::cx)) else {
        return Err(Error::NoGrid { reason: "cells found, but no regular spacing between them".into() });
    };
    let mut grid = Grid { n: 0, x0: xa.origin, y0: ya.origin, px: xa.pitch, py: ya.pitch };
    let (mut nx, mut ny) = (xa.count, ya.count);
    // Recover whole outer rows/columns the components missed (a region spanning a
    // row with faint inner lines, blur merging cells): a real board row one pitch
    // further out has a line on its far side and the lines between its cells
    // continue into it; a page margin or a button has neither.
    let reference = {
        grid.n = nx.min(ny);
        let mut inner: Vec<f64> =
            (1..grid.n).map(|k| cross_contrast(img, &grid, false, grid.x0 + k as f64 * grid.px)).collect();
        median(&mut inner).unwrap_or(0.0)
    };
    let threshold = (0.5 * reference).max(12.0);
    grow(img, &mut grid, &mut nx, &mut ny, threshold);
    extend_cut_edges(img, &mut grid, &mut nx, &mut ny, threshold)?;
    if nx != ny {
        return Err(Error::NoGrid { reason: format!("found a {nx}x{ny} grid of cells; a board is square") });
    }
    grid.n = nx;
    if !lattice_confirmed(img, &grid) {
        return Err(Error::NoGrid { reason: "cells found, but the grid lines do not match them".into() });
    }
    if !N_RANGE.contains(&nx) {
        return Err(Error::NoGrid {
            reason: format!(
                "found a {nx}x{nx} grid; boards from {} to {} cells per side are supported",
                N_RANGE.start(),
                N_RANGE.end()
            ),
        });
    }
    Ok(grid)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render::{render, Style};
    use crate::Regions;

    /// A board of side n whose regions are its rows (enough for grid detection).
    fn rows_board(n: usize) -> Regions {
        let labels: Vec<usize> = (0..n * n).map(|i| i / n).collect();
        Regions::from_labels(n, &labels).unwrap()
    }

    #[test]
    fn finds_the_lattice_for_any_n_and_cell_size() {
        for n in [4, 5, 7, 9, 11, 14, 17, 20] {
            for cell in [12, 17, 30, 64, 100] {
                if n * cell as usize > 2000 {
                    continue;
                }
                let (img, truth) =
                    render(&rows_board(n), &Style { cell, margin: 25, ..Style::default() }, &Default::default());
                let g = detect(&img).unwrap_or_else(|e| panic!("n={n} cell={cell}: {e}"));
                assert_eq!(g.n, n, "n={n} cell={cell}");
                // Within 1.5% of the pitch, and the board's edges within 3% of a cell:
                // cell colors are read 20% or more inside each cell.
                let tol = (0.015 * truth.px).max(0.5);
                assert!(
                    (g.px - truth.px).abs() < tol && (g.py - truth.py).abs() < tol,
                    "n={n} cell={cell}: pitch {g:?}"
                );
                let far = |o: f64, p: f64, to: f64, tp: f64| (o + n as f64 * p - (to + n as f64 * tp)).abs();
                let edge = 0.03 * truth.px + 1.0;
                assert!(
                    (g.x0 - truth.x0).abs() <= edge && (g.y0 - truth.y0).abs() <= edge,
                    "n={n} cell={cell}: origin {g:?}"
                );
                assert!(far(g.x0, g.px, truth.x0, truth.px) <= edge, "n={n} cell={cell}: right edge {g:?}");
            }
        }
    }

    #[test]
    fn stretched_pictures_give_non_square_cells() {
        let (img, truth) = render(&rows_board(8), &Style { cell: 50, ..Style::default() }, &Default::default());
        let wide =
            image::imageops::resize(&img, img.width() * 6 / 5, img.height(), image::imageops::FilterType::Triangle);
        let g = detect(&wide).unwrap();
        assert_eq!(g.n, 8);
        assert!((g.px - truth.px * 1.2).abs() < 1.0, "{g:?}");
        assert!((g.py - truth.py).abs() < 1.0, "{g:?}");
    }

    #[test]
    fn a_picture_without_a_board_is_no_grid() {
        let plain = RgbImage::from_pixel(300, 200, image::Rgb([240, 240, 240]));
        assert!(matches!(detect(&plain), Err(Error::NoGrid { .. })));
        // A single large square is not a lattice either.
        let mut one = plain.clone();
        for y in 50..150 {
            for x in 100..200 {
                one.put_pixel(x, y, image::Rgb([200, 50, 50]));
            }
        }
        assert!(matches!(detect(&one), Err(Error::NoGrid { .. })));
    }

    #[test]
    fn downsampling_keeps_one_pixel_lines() {
        let mut img = RgbImage::from_pixel(12, 12, image::Rgb([255, 255, 255]));
        for y in 0..12 {
            img.put_pixel(5, y, image::Rgb([0, 0, 0]));
        }
        let small = box_downsample(&img, 3);
        // Column 1 of the small image covers x = 3..6: the line survives at 1/3 contrast.
        assert_eq!(small.get_pixel(1, 2).0, [170, 170, 170]);
        assert_eq!(small.get_pixel(0, 2).0, [255, 255, 255]);
    }
}
