//! The second way to find a board: by its lines, for grids whose cells are not
//! flat patches bounded on all sides (white cells between dashed or dotted thin
//! lines leak into each other, so the blob search finds no squares).
//!
//! Method: the board's outer frame is a closed rectangle of long solid dark bars
//! (its corners may be rounded). Every such rectangle in the picture is a
//! candidate, largest first. Inside a candidate, the dark-ink profile across each
//! axis (averaged over the whole board, so dashes and dots count at their duty
//! cycle) must show a line at every multiple of W/N and none through the cell
//! middles; the N that does so most clearly on both axes is the board side.
//! Nothing here knows a renderer, a line style or a palette.

use image::RgbImage;

use super::board::{Grid, N_RANGE};
use crate::error::{Error, Result};
use crate::puzzle::deadline::Deadline;

/// Pixels darker than this (luma) count as ink for the frame search.
const INK: u8 = 110;
/// Shortest solid run (pixels) that can be a side of a board's frame.
const MIN_RUN: u32 = 32;
/// Smallest cell pitch (pixels) read this way.
const MIN_PITCH: f64 = 7.0;
/// Candidate frames judged at most (largest first): bounds the work on busy pages.
const MAX_CANDIDATES: usize = 40;
/// Bars kept per direction (the longest): bounds the frame search on noisy
/// pictures (photos, textures) to a fixed cost.
const MAX_BARS: usize = 600;

/// A solid dark bar: consecutive parallel runs with matching ends. For a
/// horizontal bar `a` is the x extent and `b` the rows; for a vertical one, swapped.
#[derive(Debug, Clone, Copy)]
struct Bar {
    /// Extent along the bar (first and last pixel).
    a0: u32,
    a1: u32,
    /// Extent across the bar (thickness).
    b0: u32,
    b1: u32,
}

impl Bar {
    fn center(&self) -> f64 {
        f64::from(self.b0 + self.b1 + 1) / 2.0
    }
    fn len(&self) -> f64 {
        f64::from(self.a1 - self.a0 + 1)
    }
    fn thickness(&self) -> u32 {
        self.b1 - self.b0 + 1
    }
}

/// A candidate frame: the centers of its four sides.
#[derive(Debug, Clone, Copy, PartialEq)]
struct Frame {
    left: f64,
    right: f64,
    top: f64,
    bottom: f64,
}

/// Finds a board drawn by lines: its outer frame and the side N.
pub(super) fn detect(img: &RgbImage, deadline: Deadline) -> Result<Grid> {
    let (w, h) = (img.width(), img.height());
    let luma: Vec<u8> = img
        .as_raw()
        .chunks_exact(3)
        .map(|p| ((299 * u32::from(p[0]) + 587 * u32::from(p[1]) + 114 * u32::from(p[2])) / 1000) as u8)
        .collect();
    let (hbars, vbars) = bars(&luma, w, h);
    let frames = frames(&hbars, &vbars, deadline).ok_or(Error::ReadingTimeLimit)?;
    if frames.is_empty() {
        return Err(Error::NoGrid { reason: "no pattern of square cells or framed grid in the picture".into() });
    }
    // Judging a frame reads profiles across it at every N: on a large picture of
    // many lines, seconds for the 40 candidates, so the deadline is checked inside.
    for f in frames.iter().take(MAX_CANDIDATES) {
        let x = side(&luma, w, f, false, deadline);
        let y = x.and_then(|_| side(&luma, w, f, true, deadline));
        let (Some((nx, sx)), Some((ny, sy))) = (x, y) else {
            if deadline.passed() {
                return Err(Error::ReadingTimeLimit);
            }
            continue;
        };
        if nx != ny || continues(&luma, w, f, nx, (sx, sy)) {
            continue;
        }
        let (px, py) = ((f.right - f.left) / nx as f64, (f.bottom - f.top) / ny as f64);
        return Ok(Grid { n: nx, x0: f.left, y0: f.top, px, py });
    }
    Err(Error::NoGrid { reason: "a framed area was found, but no regular grid of cells inside it".into() })
}

/// Horizontal and vertical solid dark bars of at least [`MIN_RUN`] pixels.
fn bars(luma: &[u8], w: u32, h: u32) -> (Vec<Bar>, Vec<Bar>) {
    let (wu, hu) = (w as usize, h as usize);
    // Runs per row (horizontal) and per column (vertical, tracked row by row).
    let mut hruns: Vec<Bar> = Vec::new();
    let mut vruns: Vec<Bar> = Vec::new();
    let mut vstart: Vec<Option<u32>> = vec![None; wu];
    for y in 0..hu {
        let row = &luma[y * wu..(y + 1) * wu];
        let mut start: Option<u32> = None;
        for (x, &l) in row.iter().enumerate() {
            let dark = l < INK;
            let x = x as u32;
            match (dark, start) {
                (true, None) => start = Some(x),
                (false, Some(s)) => {
                    if x - s >= MIN_RUN {
                        hruns.push(Bar { a0: s, a1: x - 1, b0: y as u32, b1: y as u32 });
                    }
                    start = None;
                }
                _ => {}
            }
            match (dark, vstart[x as usize]) {
                (true, None) => vstart[x as usize] = Some(y as u32),
                (false, Some(s)) => {
                    if y as u32 - s >= MIN_RUN {
                        vruns.push(Bar { a0: s, a1: y as u32 - 1, b0: x, b1: x });
                    }
                    vstart[x as usize] = None;
                }
                _ => {}
            }
        }
        if let Some(s) = start {
            if w - s >= MIN_RUN {
                hruns.push(Bar { a0: s, a1: w - 1, b0: y as u32, b1: y as u32 });
            }
        }
    }
    for (x, s) in vstart.iter().enumerate() {
        if let Some(s) = *s {
            if h - s >= MIN_RUN {
                vruns.push(Bar { a0: s, a1: h - 1, b0: x as u32, b1: x as u32 });
            }
        }
    }
    vruns.sort_by_key(|b| (b.b0, b.a0));
    let longest = |mut bars: Vec<Bar>| {
        if bars.len() > MAX_BARS {
            bars.sort_by(|p, q| q.len().total_cmp(&p.len()).then((p.b0, p.a0).cmp(&(q.b0, q.a0))));
            bars.truncate(MAX_BARS);
        }
        // Top to bottom (left to right): frames() pairs each bar with those after it.
        bars.sort_by_key(|b| (b.b0 + b.b1, b.a0));
        bars
    };
    (longest(merge(hruns)), longest(merge(vruns)))
}

/// Joins runs on consecutive lines whose ends match (within a few pixels) into bars.
/// `runs` must be sorted by line.
fn merge(runs: Vec<Bar>) -> Vec<Bar> {
    let mut done: Vec<Bar> = Vec::new();
    let mut open: Vec<Bar> = Vec::new();
    for r in runs {
        // Bars that missed the previous line are finished.
        if open.iter().any(|b| b.b1 + 1 < r.b0) {
            let (keep, closed): (Vec<Bar>, Vec<Bar>) = open.into_iter().partition(|b| b.b1 + 1 >= r.b0);
            done.extend(closed);
            open = keep;
        }
        let tol = 3.max((r.a1 - r.a0) / 40);
        let near = |a: u32, b: u32| a.abs_diff(b) <= tol;
        if let Some(b) = open.iter_mut().find(|b| b.b1 + 1 == r.b0 && near(b.a0, r.a0) && near(b.a1, r.a1)) {
            b.b1 = r.b0;
            b.a0 = b.a0.min(r.a0);
            b.a1 = b.a1.max(r.a1);
        } else {
            open.push(r);
        }
    }
    done.extend(open);
    done
}

/// Closed rectangles of bars, roughly square, largest first.
fn frames(hbars: &[Bar], vbars: &[Bar], deadline: Deadline) -> Option<Vec<Frame>> {
    let mut out: Vec<Frame> = Vec::new();
    'pairs: for (i, t) in hbars.iter().enumerate() {
        if deadline.passed() {
            return None;
        }
        for b in &hbars[i + 1..] {
            if b.center() <= t.center() {
                continue;
            }
            let width = t.len().max(b.len());
            let height = b.center() - t.center();
            if !(0.7..=1.43).contains(&(width / height)) {
                continue;
            }
            // Top and bottom span the same columns (rounded corners shorten both alike).
            let tol = (0.04 * width).max(3.0);
            if (f64::from(t.a0) - f64::from(b.a0)).abs() > tol || (f64::from(t.a1) - f64::from(b.a1)).abs() > tol {
                continue;
            }
            // A side: a vertical bar at either end, running from top to bottom
            // (allowing rounded corners), and not beyond.
            let corner = (0.12 * width).max(4.0);
            let side = |x_end: f64, outward: f64| {
                vbars
                    .iter()
                    .filter(|v| {
                        let off = (v.center() - x_end) * outward;
                        (-corner..=corner.max(f64::from(v.thickness()))).contains(&off)
                            && (f64::from(v.a0) - t.center()).abs() <= corner
                            && (f64::from(v.a1) - b.center()).abs() <= corner
                            && v.thickness() <= (width / 8.0) as u32 + 2
                    })
                    .min_by(|p, q| (p.center() - x_end).abs().total_cmp(&(q.center() - x_end).abs()))
                    .map(Bar::center)
            };
            let (Some(left), Some(right)) =
                (side(f64::from(t.a0.min(b.a0)), -1.0), side(f64::from(t.a1.max(b.a1)) + 1.0, 1.0))
            else {
                continue;
            };
            if t.thickness() as f64 > width / 8.0 + 2.0 || b.thickness() as f64 > width / 8.0 + 2.0 {
                continue;
            }
            let f = Frame { left, right, top: t.center(), bottom: b.center() };
            if f.right - f.left >= 4.0 * MIN_PITCH && !out.contains(&f) {
                out.push(f);
                if out.len() >= 4 * MAX_CANDIDATES {
                    break 'pairs;
                }
            }
        }
    }
    out.sort_by(|a, b| ((b.right - b.left) * (b.bottom - b.top)).total_cmp(&((a.right - a.left) * (a.bottom - a.top))));
    Some(out)
}

/// The ink profile along one axis: mean darkness (255 − luma) of each line of
/// pixels across it, over the span `a0..=a1` of the other axis.
struct Profile {
    start: usize,
    values: Vec<f64>,
}

impl Profile {
    /// Positions `lo..=hi` along the axis (`rows`: along y, lines of pixels are
    /// rows), each the mean over the spans `(a0, a1)` of the other axis.
    fn new(luma: &[u8], w: u32, rows: bool, (lo, hi): (f64, f64), spans: &[(f64, f64)]) -> Self {
        let (wu, hu) = (w as usize, luma.len() / w.max(1) as usize);
        let limit = if rows { hu } else { wu };
        let across = if rows { wu } else { hu };
        let start = lo.floor().max(0.0) as usize;
        let end = (hi.ceil().max(0.0) as usize + 1).min(limit);
        let total: f64 = spans.iter().map(|s| s.1 - s.0).sum();
        let stride = ((total / 400.0) as usize).max(1);
        let spans: Vec<(usize, usize)> = spans
            .iter()
            .map(|&(a0, a1)| (a0.max(0.0) as usize, (a1.max(0.0) as usize).min(across.saturating_sub(1))))
            .collect();
        let values = (start..end)
            .map(|p| {
                let (mut sum, mut count) = (0u64, 0u64);
                for &(a0, a1) in &spans {
                    let mut q = a0;
                    while q <= a1 {
                        let (x, y) = if rows { (q, p) } else { (p, q) };
                        sum += u64::from(255 - luma[y * wu + x]);
                        count += 1;
                        q += stride;
                    }
                }
                if count == 0 {
                    0.0
                } else {
                    sum as f64 / count as f64
                }
            })
            .collect();
        Profile { start, values }
    }

    fn at(&self, pos: f64) -> f64 {
        let i = pos.round() as isize - self.start as isize;
        if i < 0 {
            0.0
        } else {
            self.values.get(i as usize).copied().unwrap_or(0.0)
        }
    }

    /// How much a peak near `pos` stands out above both sides 0.3 pitch away.
    fn strength(&self, pos: f64, pitch: f64) -> f64 {
        let tol = (0.04 * pitch).max(1.0).round() as i32;
        let peak = (-tol..=tol).map(|d| self.at(pos + f64::from(d))).fold(0.0, f64::max);
        peak - self.at(pos - 0.3 * pitch).max(self.at(pos + 0.3 * pitch))
    }
}

/// The number of cells along one axis of `f`, with the median strength of its
/// lines: the N whose lattice has ink at every inner boundary and nowhere
/// inside the cells, most clearly. `rows` = false reads the columns. `None` once
/// `deadline` has passed.
fn side(luma: &[u8], w: u32, f: &Frame, rows: bool, deadline: Deadline) -> Option<(usize, f64)> {
    let (lo, hi) = if rows { (f.top, f.bottom) } else { (f.left, f.right) };
    let (c_lo, c_hi) = if rows { (f.left, f.right) } else { (f.top, f.bottom) };
    let length = hi - lo;
    // Averaged across the board's inner 90%: dashes count at their duty cycle,
    // marks inside a few cells hardly count.
    let profile = Profile::new(luma, w, rows, (lo, hi), &[(c_lo + 0.05 * (c_hi - c_lo), c_hi - 0.05 * (c_hi - c_lo))]);
    let mut best: Option<(f64, usize, f64)> = None;
    for n in N_RANGE {
        let pitch = length / n as f64;
        if pitch < MIN_PITCH {
            break;
        }
        // A judgement cut short is no judgement: nothing rather than the best so far.
        if deadline.passed() {
            return None;
        }
        let mut lines: Vec<f64> = (1..n).map(|k| profile.strength(lo + k as f64 * pitch, pitch)).collect();
        let weakest = lines.iter().copied().fold(f64::INFINITY, f64::min);
        // Every position inside the cells (0.2–0.8 of the way across): a true
        // line there means this lattice skips lines (a divisor of the true N).
        // Marks (stars, crosses, dots) sit inside the cells, away from their
        // edges: inside the cells, look only near the lines of the other axis
        // (the board is square, so they are N too), where a true line still runs;
        // but beside those lines, not on them: a dashed line along this axis would
        // show its dashes there, one dash pattern in every cell.
        let cross_pitch = (c_hi - c_lo) / n as f64;
        let bands: Vec<(f64, f64)> = (1..n)
            .map(|j| c_lo + j as f64 * cross_pitch)
            .flat_map(|c| {
                [(c - 0.12 * cross_pitch, c - 0.05 * cross_pitch), (c + 0.05 * cross_pitch, c + 0.12 * cross_pitch)]
            })
            .collect();
        let near_edges = Profile::new(luma, w, rows, (lo, hi), &bands);
        let inside = (0..n)
            .flat_map(|k| {
                let (a, b) = (lo + (k as f64 + 0.2) * pitch, lo + (k as f64 + 0.8) * pitch);
                (a.ceil() as i64..=b.floor() as i64).map(|p| p as f64)
            })
            .map(|p| near_edges.strength(p, pitch))
            .fold(0.0, f64::max);
        // The weakest line must clearly beat anything inside the cells; among the
        // N that pass, the one whose weakest line is strongest (a multiple of the
        // true N puts "lines" through the cell middles).
        if weakest >= 6.0 && weakest >= 2.0 * inside + 6.0 && best.is_none_or(|b| weakest > b.0) {
            lines.sort_by(f64::total_cmp);
            best = Some((weakest, n, lines[lines.len() / 2]));
        }
    }
    best.map(|b| (b.1, b.2))
}

/// True when the lattice's lines run on past a side of the frame: the frame is
/// then part of a larger grid (a square region inside a board), not the board.
fn continues(luma: &[u8], w: u32, f: &Frame, n: usize, strength: (f64, f64)) -> bool {
    let (px, py) = ((f.right - f.left) / n as f64, (f.bottom - f.top) / n as f64);
    let h = (luma.len() / w.max(1) as usize) as f64;
    // (rows, span along, strip across, pitch, typical strength inside)
    let strips = [
        (true, (f.top, f.bottom), (f.left - 0.8 * px, f.left - 0.2 * px), py, strength.1),
        (true, (f.top, f.bottom), (f.right + 0.2 * px, f.right + 0.8 * px), py, strength.1),
        (false, (f.left, f.right), (f.top - 0.8 * py, f.top - 0.2 * py), px, strength.0),
        (false, (f.left, f.right), (f.bottom + 0.2 * py, f.bottom + 0.8 * py), px, strength.0),
    ];
    strips.iter().any(|&(rows, (lo, hi), (a0, a1), pitch, typical)| {
        // Only the part inside the picture (a board cut by the picture's edge
        // shows its continuing lines up to that edge).
        let limit = if rows { f64::from(w) } else { h };
        let (a0, a1) = (a0.max(0.0), a1.min(limit - 1.0));
        if a1 - a0 < 0.15 * pitch {
            return false;
        }
        let profile = Profile::new(luma, w, rows, (lo, hi), &[(a0, a1)]);
        let on = (1..n).filter(|&k| profile.strength(lo + k as f64 * pitch, pitch) >= 0.5 * typical).count();
        on * 4 >= (n - 1) * 3
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A white page with a black-framed grid of `n` cells of `cell` px whose inner
    /// lines are dashed grey.
    fn dashed(n: u32, cell: u32, margin: u32) -> RgbImage {
        let side = n * cell + 2 * margin;
        let mut img = RgbImage::from_pixel(side, side + 30, image::Rgb([255, 255, 255]));
        for k in 0..=n {
            let p = margin + k * cell;
            for t in 0..n * cell {
                let outer = k == 0 || k == n;
                let on = outer || (t / 3) % 2 == 0;
                if !on {
                    continue;
                }
                let ink = if outer { [0, 0, 0] } else { [90, 90, 90] };
                let thick = if outer { 2 } else { 0 };
                for d in 0..=thick {
                    let q = (p + d).saturating_sub(thick / 2).min(side - 1);
                    img.put_pixel(q, margin + t, image::Rgb(ink));
                    img.put_pixel(margin + t, q, image::Rgb(ink));
                }
            }
        }
        img
    }

    #[test]
    fn finds_dashed_grids() {
        for (n, cell) in [(5, 20), (8, 31), (10, 45), (17, 22)] {
            let g = detect(&dashed(n, cell, 13), Deadline::NONE).unwrap_or_else(|e| panic!("n={n}: {e}"));
            assert_eq!(g.n, n as usize);
            assert!((g.px - f64::from(cell)).abs() < 0.3, "{g:?}");
            assert!((g.x0 - 13.5).abs() < 1.0, "{g:?}");
        }
    }

    #[test]
    fn finds_grids_with_rounded_frames() {
        use crate::output::render::{render, GridLines, Marks, Style};
        let (n, cell, margin, r) = (7u32, 40u32, 20u32, 14i64);
        let labels: Vec<usize> = (0..n * n).map(|i| (i / n) as usize).collect();
        let regions = crate::Regions::from_labels(n as usize, &labels).unwrap();
        let style = Style { cell, margin, bordered: Some(GridLines::Dotted), ..Style::default() };
        let (mut img, truth) = render(&regions, &style, &Marks::default());
        let thick = f64::from(cell / 12);
        let (lo, hi) = (truth.x0 as i64, (truth.x0 + f64::from(n * cell)) as i64);
        // Each corner: erase the square corner, draw a quarter circle of radius r.
        for (cx, sx) in [(lo, 1i64), (hi, -1)] {
            for (cy, sy) in [(lo, 1i64), (hi, -1)] {
                let (ax, ay) = (cx + sx * r, cy + sy * r);
                for dy in -4..=r {
                    for dx in -4..=r {
                        let (x, y) = (cx + sx * dx, cy + sy * dy);
                        let d = (((x - ax).pow(2) + (y - ay).pow(2)) as f64).sqrt();
                        let ink = (d - r as f64).abs() <= thick / 2.0;
                        img.put_pixel(x as u32, y as u32, image::Rgb(if ink { [0, 0, 0] } else { [255, 255, 255] }));
                    }
                }
            }
        }
        let g = detect(&img, Deadline::NONE).unwrap();
        assert_eq!(g.n, n as usize);
        assert!((g.x0 - truth.x0).abs() < 1.0 && (g.px - truth.px).abs() < 0.2, "{g:?} vs {truth:?}");
    }

    #[test]
    fn an_empty_frame_is_no_grid() {
        let mut img = RgbImage::from_pixel(200, 200, image::Rgb([255, 255, 255]));
        for t in 20..180 {
            for d in 0..3 {
                for (x, y) in [(t, 20 + d), (t, 177 + d), (20 + d, t), (177 + d, t)] {
                    img.put_pixel(x, y, image::Rgb([0, 0, 0]));
                }
            }
        }
        assert!(detect(&img, Deadline::NONE).is_err());
    }
}
