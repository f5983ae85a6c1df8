//! Step 3: boards cut off at the picture's edge. A strip narrower than a pitch
//! between the lattice and the edge is one more row or column only when the grid
//! lines run through it or its flat colours change in steps from cell to cell; a
//! strip whose colour drifts smoothly (a gradient page) is margin, and an
//! ambiguous strip is refused, never read as a smaller board.

use image::RgbImage;

use super::board::{Grid, CUT_OFF};
use super::lattice::{add_line, contrast_at, median};
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

/// Largest per-channel difference of two colours.
fn color_distance(a: [i32; 3], b: [i32; 3]) -> i32 {
    (0..3).map(|k| (a[k] - b[k]).abs()).max().unwrap_or(0)
}

/// Median colours near both ends of one partly visible cell of a strip: along the
/// strip 0.12–0.38 and 0.62–0.88 of the cell from `b0` (a pitch `pitch` long),
/// across the strip's visible depth `d0..d1` (x for a column, y for a row). The
/// median shrugs off a mark reaching into the window.
fn cell_ends(img: &RgbImage, column: bool, d0: f64, d1: f64, b0: f64, pitch: f64) -> Option<([i32; 3], [i32; 3])> {
    let (w, h) = (f64::from(img.width()), f64::from(img.height()));
    let (dmax, bmax) = if column { (w, h) } else { (h, w) };
    let (d0, d1) = (d0.max(0.0), d1.min(dmax - 1.0));
    if d1 < d0 {
        return None;
    }
    let window = |from: f64, to: f64| -> Option<[i32; 3]> {
        let mut samples: Vec<[i32; 3]> = Vec::with_capacity(24);
        for i in 0..6 {
            let b = b0 + pitch * (from + (to - from) * (f64::from(i) + 0.5) / 6.0);
            if b < 0.0 || b > bmax - 1.0 {
                return None;
            }
            for j in 0..4 {
                let d = d0 + (d1 - d0) * (f64::from(j) + 0.5) / 4.0;
                let (x, y) = if column { (d, b) } else { (b, d) };
                samples.push(img.get_pixel(x as u32, y as u32).0.map(i32::from));
            }
        }
        Some([0, 1, 2].map(|k| {
            let mut v: Vec<i32> = samples.iter().map(|c| c[k]).collect();
            v.sort_unstable();
            v[v.len() / 2]
        }))
    };
    Some((window(0.12, 0.38)?, window(0.62, 0.88)?))
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
    // Sides that look like cells but are unconfirmed (the first one refuses), and
    // sides proven to be page: a colour drifting steadily along the strip.
    let mut unsure: Vec<(bool, Error)> = Vec::new();
    let mut page = [[false; 2]; 2];
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
        // Each partly visible cell, in order along the strip: its dominant color,
        // and whether it is flat.
        let along: Vec<Option<([i32; 3], bool)>> = (0..across)
            .map(|k| {
                let (a0, a1) = (start + inset * pitch, start + (1.0 - inset) * pitch);
                let (b0, b1) = (b_origin + (k as f64 + inset) * b_pitch, b_origin + (k as f64 + 1.0 - inset) * b_pitch);
                let patch = if column { patch_color(img, a0, b0, a1, b1) } else { patch_color(img, b0, a0, b1, a1) };
                patch.map(|(color, flat)| (color, flat >= 0.5))
            })
            .collect();
        let patches: Vec<([i32; 3], bool)> = along.iter().flatten().copied().collect();
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
        // Cells change colour in steps at the lattice's boundaries; a page that moves
        // in colour (a gradient behind the board) changes as much inside a cell as
        // across a boundary. Compare, for flat neighbours, the change between the
        // two ends of each cell with the change across the boundary between them
        // (same distances apart, so a steady drift gives the same both ways).
        let (d0, d1) = (start + inset * pitch, start + (1.0 - inset) * pitch);
        let ends: Vec<Option<([i32; 3], [i32; 3])>> = along
            .iter()
            .enumerate()
            .map(|(k, p)| {
                let flat = matches!(p, Some((_, true)));
                flat.then(|| cell_ends(img, column, d0, d1, b_origin + k as f64 * b_pitch, b_pitch)).flatten()
            })
            .collect();
        let (mut stepped, mut smooth, mut pairs) = (false, true, 0);
        for pair in ends.windows(2) {
            let (Some(a), Some(b)) = (pair[0], pair[1]) else { continue };
            let within = color_distance(a.0, a.1).max(color_distance(b.0, b.1));
            let across = color_distance(a.1, b.0);
            pairs += 1;
            stepped |= across > 12 && across > 2 * within + 8;
            smooth &= across <= within + within / 2 + 6;
        }
        // Smooth only with evidence: flat neighbours seen, all drifting steadily.
        let smooth = smooth && pairs > 0;
        let known = known.get_or_insert_with(|| board_colors(img, grid, *nx, *ny, inset));
        let is_known = |c: &[i32; 3]| known.iter().any(|b| (0..3).all(|k| (b[k] - c[k]).abs() <= 14));
        let board_share = patches.iter().filter(|p| is_known(&p.0)).count() as f64 / patches.len() as f64;
        let side = match (column, before) {
            (true, true) => "left",
            (true, false) => "right",
            (false, true) => "top",
            (false, false) => "bottom",
        };
        let cut_off = Error::NoGrid {
            reason: format!(
                "{CUT_OFF} at the {side} edge: a strip of cells is only partly in the picture; \
                 use a screenshot that shows the whole board"
            ),
        };
        if lines || (mostly_flat && distinct && stepped) {
            add_line(grid, nx, ny, column, before);
        } else if mostly_flat && distinct && smooth {
            // Page, not cells: its colour drifts steadily, with no lines and no
            // steps at the cell boundaries (cells are flat from edge to edge).
            page[usize::from(column)][usize::from(before)] = true;
        } else if (mostly_flat && board_share == 1.0)
            || (!mostly_flat && board_share >= 0.5)
            || (mostly_flat && distinct && !smooth)
        {
            // Cell-like but unconfirmed: one flat board color without lines (a cut
            // row of one region with faded lines, or a margin matching a region), a
            // busy strip in board colors, or flat colours that differ by small
            // steps (two similar regions, or a patterned page). Reading the board
            // inside could give a smaller, valid-looking but wrong puzzle, so refuse.
            unsure.push((column, cut_off));
        }
    }
    // Boards are square. When the other axis is bounded by page on both sides, its
    // count is settled, and unsure strips on this axis that would make the board
    // non-square are page too (a square crop of a gradient page whose strips above
    // and below happen to match a region's colour).
    let Some((axis, _)) = unsure.first() else { return Ok(()) };
    let one_axis = unsure.iter().all(|u| u.0 == *axis);
    let other_settled = page[usize::from(!axis)] == [true, true];
    if one_axis && other_settled && *nx == *ny {
        return Ok(());
    }
    Err(unsure.swap_remove(0).1)
}

#[cfg(test)]
mod tests {
    use image::Rgb;

    use super::super::detect;
    use crate::output::background::Background;
    use crate::output::render::{render, Marks, Style};
    use crate::vision::grid::Grid;
    use crate::Regions;

    /// A board whose regions are its rows (enough for grid detection).
    fn board(n: usize) -> Regions {
        let labels: Vec<usize> = (0..n * n).map(|i| i / n).collect();
        Regions::from_labels(n, &labels).unwrap()
    }

    fn page(background: Background, dark: bool, cell: u32, margin: u32) -> (image::RgbImage, Grid) {
        let style = Style { cell, margin, dark, furniture: true, background, ..Style::default() };
        render(&board(9), &style, &Marks::default())
    }

    fn square_crop(img: &image::RgbImage, g: &Grid, k: f64) -> image::RgbImage {
        let side = (g.n as f64 + 2.0 * k) * g.px;
        image::imageops::crop_imm(img, (g.x0 - k * g.px) as u32, (g.y0 - k * g.py) as u32, side as u32, side as u32)
            .to_image()
    }

    #[test]
    fn a_moving_page_beside_the_board_is_margin_not_cells() {
        for bg in [Background::Gradient, Background::Radial, Background::Diagonal] {
            for dark in [false, true] {
                // Margins from a sliver to most of a cell: the strips narrower than a
                // pitch are judged, and their colour drifts along the board.
                for margin in [14, 30, 45, 60] {
                    let (img, truth) = page(bg, dark, 80, margin);
                    let g = detect(&img).unwrap_or_else(|e| panic!("{bg:?} dark={dark} margin={margin}: {e}"));
                    assert_eq!(g.n, 9, "{bg:?} dark={dark} margin={margin}");
                    assert!((g.x0 - truth.x0).abs() < 3.0 && (g.y0 - truth.y0).abs() < 3.0, "{g:?} vs {truth:?}");
                }
            }
        }
    }

    #[test]
    fn a_square_crop_of_a_gradient_page_reads_whole() {
        for dark in [false, true] {
            for k in [0.3, 0.5, 0.8] {
                let (img, truth) = page(Background::Gradient, dark, 64, 120);
                let g = detect(&square_crop(&img, &truth, k)).unwrap_or_else(|e| panic!("dark={dark} k={k}: {e}"));
                assert_eq!(g.n, 9, "dark={dark} k={k}");
            }
        }
    }

    #[test]
    fn cells_cut_off_on_a_gradient_page_are_read_or_refused_never_dropped() {
        // A crop into the outer cells: the strips are cells (lines, steps), read whole.
        let (img, truth) = page(Background::Gradient, false, 64, 120);
        let g = detect(&square_crop(&img, &truth, -0.4)).unwrap();
        assert_eq!(g.n, 9);
        // The bottom row cut in half and its lines faded into one flat board colour:
        // the page beside the board settles the columns at 9, the rows show 8 and an
        // unconfirmed strip, so the picture is refused, not read as a smaller board.
        let (mut img, g) = page(Background::Gradient, false, 64, 20);
        let cut = (g.y0 + 8.5 * g.py) as u32;
        let mut img = image::imageops::crop(&mut img, 0, 0, 9999, cut).to_image();
        let color = *img.get_pixel((g.x0 + 2.5 * g.px) as u32, (g.y0 + 7.5 * g.py) as u32);
        for y in (g.y0 + 8.0 * g.py + 4.0) as u32..cut {
            for x in g.x0 as u32 + 4..(g.x0 + 9.0 * g.px) as u32 - 4 {
                img.put_pixel(x, y, Rgb(color.0));
            }
        }
        let e = detect(&img).unwrap_err().to_string();
        assert!(e.contains("cut off at the bottom"), "{e}");
    }
}
