//! Finding the board: where it is, how many cells per side, and the cell pitch.
//!
//! Method: split the picture into flat-colored connected components (cells of a
//! Queens board are flat patches bounded by lines), keep the square-ish ones, link
//! those of similar size that sit on a common row or column a cell pitch or two
//! apart, and take the largest linked family as the board. A least-squares lattice
//! fit over its members gives origin and pitch per axis (cells may be slightly
//! non-square). Whole rows or columns the components missed (a region spanning a
//! row with faint inner lines) are recovered by looking for the grid line one
//! pitch further out. Grids drawn by lines alone (white cells between dashed or
//! dotted lines, which leak into each other) are found by their outer frame
//! instead; see `frame`. Nothing here knows any palette, theme, or screen size.

use image::RgbImage;

use crate::error::{Error, Result};
use crate::puzzle::deadline::Deadline;

mod blobs;
mod board;
mod cover;
mod cut;
mod frame;
mod lattice;

pub use board::{BoardArea, Grid, N_RANGE};

use blobs::{board_family, cell_candidates, flat_blobs, Blob, Flatness, NORMAL, SENSITIVE};
use board::CUT_OFF;
use cut::extend_cut_edges;
use lattice::{cross_contrast, fit_axis, grow, lattice_confirmed, median};

/// Detects the board in `img`, however long that takes; see [`detect_within`].
#[cfg(test)]
pub(crate) fn detect(img: &RgbImage) -> Result<Grid> {
    detect_within(img, Deadline::NONE)
}

/// Detects the board in `img`, or stops with [`Error::ReadingTimeLimit`] once
/// `deadline` has passed (a picture of thousands of cells takes minutes).
///
/// Large screenshots are first searched at reduced scales (shrunk copies whose
/// short side is still ≥ 200 px, then twice that); the lattice is then scaled
/// back. If those find nothing, the full-resolution search decides, and a more
/// sensitive pass after it for blurred pictures.
pub(crate) fn detect_within(img: &RgbImage, deadline: Deadline) -> Result<Grid> {
    // Every search gives up (finding nothing) once the deadline has passed: a
    // failure then is the time limit's.
    match search(img, deadline) {
        Err(_) if deadline.passed() => Err(Error::ReadingTimeLimit),
        found => found,
    }
}

fn search(img: &RgbImage, deadline: Deadline) -> Result<Grid> {
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
        if let Ok(g) = detect_at(&small, NORMAL, deadline) {
            let s = f64::from(scale);
            return Ok(Grid { n: g.n, x0: g.x0 * s, y0: g.y0 * s, px: g.px * s, py: g.py * s });
        }
        if deadline.passed() {
            return Err(Error::ReadingTimeLimit);
        }
    }
    let found = match detect_at(img, NORMAL, deadline) {
        // Only "nothing found" earns the sensitive pass and the search by lines
        // (grids whose dashed or dotted lines leave no closed cells).
        Err(Error::NoGrid { reason }) if !reason.starts_with(CUT_OFF) => detect_at(img, SENSITIVE, deadline)
            .or_else(|_| frame::detect(img, deadline))
            .map_err(|_| Error::NoGrid { reason }),
        // A cut-off refusal stands, unless a closed frame shows the whole board
        // (white cells on a white page look like a cut strip of cells).
        Err(Error::NoGrid { reason }) => frame::detect(img, deadline).map_err(|_| Error::NoGrid { reason }),
        other => other,
    };
    // No board: say so plainly when it is because a panel covers one.
    match found {
        Err(_) if deadline.passed() => Err(Error::ReadingTimeLimit),
        Err(Error::NoGrid { reason }) => match covered(img) {
            Some(cells) => Err(Error::Covered { cells }),
            None => Err(Error::NoGrid { reason }),
        },
        other => other,
    }
}

/// The board found by its outer frame and lines alone (see `frame`), for a second
/// opinion: on a played board drawn by lines, the marks break most cells into
/// pieces, and the few cells left whole can be a block of the board that the search
/// by cells takes for all of it. Only asked when that block's map cannot be read.
pub fn framed(img: &RgbImage, deadline: Deadline) -> Option<Grid> {
    frame::detect(img, deadline).ok()
}

/// The most memory, in bytes, that finding the board in a picture of `pixels`
/// takes beyond the picture itself: its segmentation into flat runs, at most one
/// run a pixel and never more than the segmentation's cap.
pub(crate) fn search_cost(pixels: u64) -> u64 {
    pixels.min(blobs::MAX_RUNS as u64) * blobs::BYTES_PER_RUN
}

/// About how many cells a panel hides, when the picture shows a board partly
/// covered by one (a dialog, another window); see `cover`. For a picture whose
/// board was found but could not be read or solved: the cells under a panel may
/// have been taken for a region.
///
/// Large pictures are looked at shrunk to a short side of about 500 px (a
/// dialog and the cells around it stay large), which keeps this check, run only
/// when no board could be read, cheap next to the searches before it.
pub fn covered(img: &RgbImage) -> Option<usize> {
    let scale = (img.width().min(img.height()) / 500).clamp(1, 8);
    if scale == 1 {
        return cover::hidden_cells(img);
    }
    cover::hidden_cells(&box_downsample(img, scale))
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

/// One search at one flatness; it finds nothing once `deadline` has passed.
fn detect_at(img: &RgbImage, flatness: Flatness, deadline: Deadline) -> Result<Grid> {
    let late = || Error::ReadingTimeLimit;
    let Some(seg) = flat_blobs(img, flatness) else {
        return Err(Error::NoGrid {
            reason: "the picture is too detailed to find a board in (noise or a photograph); crop it to the board"
                .into(),
        });
    };
    if deadline.passed() {
        return Err(late());
    }
    let cands = cell_candidates(img, &seg);
    let family = board_family(&cands, deadline).ok_or_else(late)?;
    if family.len() < 4 {
        return Err(Error::NoGrid { reason: "no pattern of square cells in the picture".into() });
    }
    let axes = (fit_axis(&family, Blob::cx, Blob::cy, deadline), fit_axis(&family, Blob::cy, Blob::cx, deadline));
    if deadline.passed() {
        return Err(late());
    }
    let (Some(xa), Some(ya)) = axes else {
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
    use crate::output::render::{render, Style};
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
