//! The hint picture: the player's board with the next step drawn on it, cropped to
//! the board with the step's sentence right below it.
//!
//! The units the argument uses keep their own colours and get strong outlines; the
//! cells outside them are only lightly faded, so "the blue region" still shows blue.
//! How much is drawn follows the [`Reveal`]: the nudge and the reason outline the
//! units only (no crown, no X: they name no decided cell); the answer adds a hollow
//! crown (a hollow star on a Star Battle board) on a cell to fill, an X on a cell to clear, and a red circle on the mistake
//! to fix first.
//! Nothing else of the solution is drawn.

use std::collections::HashMap;

use image::{Rgb, RgbImage};

use crate::output::overlay::{self, Glyph};
use crate::output::{banner, letters, render};
use crate::pipeline::Picture;
use crate::puzzle::marks::Marks;
use crate::puzzle::{Cell, Placement, Regions};
use crate::solve::logic::hint::Hint;
use crate::solve::logic::{CellState, Reveal};
use crate::vision::color::Lab;
use crate::vision::grid::Grid;

/// Outer stroke of a unit's outline: near-black reads on every pastel and beside
/// the game's thin region borders, since it is several times thicker.
const OUTLINE: [u8; 3] = [24, 24, 32];
/// Outer stroke on Star Battle boards, whose region borders are themselves thick
/// black lines: a near-black outline would read as one more wall, so it is blue.
const OUTLINE_STAR: [u8; 3] = [25, 100, 220];
/// Inner stroke of the outline: keeps it visible on dark themes and dark regions.
const OUTLINE_INNER: [u8; 3] = [255, 255, 255];
/// How much of a cell outside the units keeps its colour's saturation (1: all).
const FADE_KEEP: f32 = 0.45;
/// Ink of the decided cells.
const DECIDED: [u8; 3] = [10, 110, 60];
/// Ink of the cells decided by earlier hints.
const EARLIER: [u8; 3] = [90, 90, 100];
/// Ink of the frame around the cell a `why` asks about: orange, apart from the
/// outlines' black or blue and the marks' green and grey.
const ASKED: [u8; 3] = [235, 120, 0];

/// What a mistake's dots are, on the picture and the terminal alike (the cells its
/// proof rules out, [`Hint::implied`]).
pub(crate) const PROOF_DOTS: &str = "ruled out if that mark stays";

/// How a hint picture is drawn.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Look {
    /// How much of the step to show (the nudge and the reason draw the units only).
    pub reveal: Reveal,
    /// Draw each region's letter in its cells (`--letters`).
    pub letters: bool,
    /// What a star is drawn as: a crown for Queens, a star for Star Battle
    /// ([`Glyph::for_board`]).
    pub glyph: Glyph,
    /// The cell a `why` is about, framed at every reveal (the player asked about
    /// it, so marking it tells nothing).
    pub asked: Option<Cell>,
}

/// Where a hint is drawn: the screenshot itself (when its board was found), or for a
/// text puzzle, a render of the board with the player's `marks` (`None`: nothing to
/// draw on). The player's stars are drawn as `glyph`.
pub(crate) fn canvas(
    picture: Option<Picture>,
    regions: &Regions,
    marks: Option<&Marks>,
    glyph: Glyph,
) -> Option<(RgbImage, Grid)> {
    if let Some(pic) = picture {
        return Some((pic.image, pic.grid?));
    }
    let marks = marks?;
    let drawn = render::Marks { crowns: None, crosses: marks.crosses() };
    let (mut img, grid) = render::render(regions, &render::Style::default(), &drawn);
    overlay::draw_glyph_mut(&mut img, &grid, &Placement::new(marks.queens()), glyph);
    Some((img, grid))
}

/// The hint picture: `hint` drawn on `image` as `look` says, cropped to the board,
/// with the sentence of the reveal in a banner right below the board.
pub fn picture(mut image: RgbImage, grid: &Grid, regions: &Regions, hint: &Hint, look: Look) -> RgbImage {
    draw_mut(&mut image, grid, regions, hint, look);
    let board = overlay::crop(&image, grid);
    // Text sized to the board's width as well as its cells: a picture shown at a
    // phone's width keeps its sentence readable (about 16 px at 358 px wide).
    let size = (grid.py * 0.4).max(f64::from(board.width()) / 22.0);
    let mut text = hint.reveals.reveal(look.reveal).to_string();
    if look.reveal == Reveal::Answer && hint.fix.is_some() && !hint.implied.is_empty() {
        let marks = if look.glyph == Glyph::Star { "crosses" } else { "dots" };
        text.push_str(&format!("\n(Red {marks}: {PROOF_DOTS}.)"));
    }
    banner::below(&board, &text, size as f32)
}

/// The units a hint picture outlines ([`Hint::shown`]), each as the set of its cells.
fn units(regions: &Regions, hint: &Hint, reveal: Reveal) -> Vec<Vec<bool>> {
    let unit = |f: &dyn Fn(Cell) -> bool| regions.cells().map(f).collect::<Vec<bool>>();
    let uses = hint.shown(reveal);
    let mut out = Vec::new();
    out.extend(uses.rows.iter().map(|&r| unit(&|c| c.row == r)));
    out.extend(uses.cols.iter().map(|&k| unit(&|c| c.col == k)));
    out.extend(uses.regions.iter().map(|&g| unit(&|c| regions.label(c) == g)));
    out.extend(uses.cells.iter().map(|&x| unit(&|c| c == x)));
    out
}

/// Draws `hint` on `img` (whose board lattice is `grid`) as `look` says, in place.
pub fn draw_mut(img: &mut RgbImage, grid: &Grid, regions: &Regions, hint: &Hint, look: Look) {
    let n = regions.n();
    let width = overlay::stroke(grid);
    let units = units(regions, hint, look.reveal);
    if !units.is_empty() {
        let mut seen = HashMap::new();
        for cell in regions.cells().filter(|c| !units.iter().any(|u| u[c.row * n + c.col])) {
            fade(img, grid, cell, &mut seen);
        }
    }
    if look.letters {
        letters::draw_mut(img, grid, regions);
    }
    // Steps already taken (the Hint button pressed before): drawn quietly.
    for &(cell, state) in &hint.earlier {
        if state == CellState::Queen {
            glyph_outline(img, grid, cell, width, EARLIER, look.glyph);
        } else {
            cross(img, grid, cell, width * 0.6, EARLIER);
        }
    }
    let stroke = (grid.px.min(grid.py) * 0.08).max(3.0);
    let inner = (stroke * 0.35).max(1.0);
    let ink = if look.glyph == Glyph::Star { OUTLINE_STAR } else { OUTLINE };
    for unit in &units {
        outline(img, grid, n, unit, 0.0, stroke, ink);
        outline(img, grid, n, unit, stroke, stroke + inner, OUTLINE_INNER);
    }
    if let Some(cell) = look.asked {
        frame(img, grid, cell, width * 1.5, ASKED);
    }
    if look.reveal != Reveal::Answer {
        return;
    }
    // What the player's crowns rule out inside the outlined units, as the
    // terminal's `·`: "one cell left" then shows one cell left.
    // A mistake's are what its proof rules out: larger, in the ring's red edged
    // in white, apart from the player's own marks; crosses on a Star Battle
    // board, whose players mark dots, so that the shape tells them apart too.
    let proof = hint.fix.is_some();
    let dot = (grid.px.min(grid.py) * if proof { 0.1 } else { 0.07 }).max(if proof { 3.0 } else { 2.0 }) as i32;
    for &cell in hint.implied.iter().filter(|c| units.iter().any(|u| u[c.row * n + c.col])) {
        let centre = grid.center(cell);
        let at = (centre.0 as i32, centre.1 as i32);
        if proof && look.glyph == Glyph::Star {
            let half = grid.px.min(grid.py) * 0.16;
            overlay::draw_x(img, centre, half, width + 2.0, [255, 255, 255]);
            overlay::draw_x(img, centre, half, width, overlay::MISTAKE);
        } else if proof {
            imageproc::drawing::draw_filled_circle_mut(img, at, dot + 1, Rgb([255, 255, 255]));
            imageproc::drawing::draw_filled_circle_mut(img, at, dot, Rgb(overlay::MISTAKE));
        } else {
            imageproc::drawing::draw_filled_circle_mut(img, at, dot, Rgb(EARLIER));
        }
    }
    if let Some(step) = &hint.step {
        for &(cell, state) in &step.decided {
            if state == CellState::Queen {
                glyph_outline(img, grid, cell, width, DECIDED, look.glyph);
            } else {
                cross(img, grid, cell, width, DECIDED);
            }
        }
    }
    // The mark to fix first, when the hint names one: circling every wrong mark
    // would tell where the other queens go.
    let circled = match &hint.fix {
        Some(fix) => std::slice::from_ref(fix),
        None => &hint.mistakes[..],
    };
    for m in circled {
        overlay::ring_mut(img, grid, m.cell, width);
    }
}

/// A square frame of `width` pixels inset in `cell`.
fn frame(img: &mut RgbImage, grid: &Grid, cell: Cell, width: f64, ink: [u8; 3]) {
    let (cx, cy) = grid.center(cell);
    let (hx, hy) = (grid.px * 0.4, grid.py * 0.4);
    for k in 0..width.ceil() as i32 {
        let (x0, y0) = ((cx - hx) as i32 + k, (cy - hy) as i32 + k);
        let (w, h) = ((2.0 * hx) as i32 - 2 * k, (2.0 * hy) as i32 - 2 * k);
        if w > 0 && h > 0 {
            let rect = imageproc::rect::Rect::at(x0, y0).of_size(w as u32, h as u32);
            imageproc::drawing::draw_hollow_rect_mut(img, rect, Rgb(ink));
        }
    }
}

/// The pixel span of `cell` inside its lattice lines, clipped to `img`.
fn span(img: &RgbImage, grid: &Grid, cell: Cell) -> (std::ops::Range<u32>, std::ops::Range<u32>) {
    let (x0, y0) = (grid.x0 + cell.col as f64 * grid.px, grid.y0 + cell.row as f64 * grid.py);
    let (x1, y1) = (x0 + grid.px, y0 + grid.py);
    let xs = (x0.ceil().max(0.0) as u32)..(x1.floor().max(0.0) as u32).min(img.width());
    let ys = (y0.ceil().max(0.0) as u32)..(y1.floor().max(0.0) as u32).min(img.height());
    (xs, ys)
}

/// Fades `cell` lightly: in CIELAB, its lightness stays and most of its colour goes,
/// so the units drawn stand out and the faded cells still read as the board.
/// `seen` caches the conversion: a cell is mostly one flat colour.
fn fade(img: &mut RgbImage, grid: &Grid, cell: Cell, seen: &mut HashMap<[u8; 3], [u8; 3]>) {
    let (xs, ys) = span(img, grid, cell);
    for y in ys {
        for x in xs.clone() {
            let p = img.get_pixel_mut(x, y);
            let faded = *seen.entry(p.0).or_insert_with(|| {
                let lab = Lab::from_rgb(p.0);
                Lab { a: lab.a * FADE_KEEP, b: lab.b * FADE_KEEP, ..lab }.to_rgb()
            });
            *p = Rgb(faded);
        }
    }
}

/// Paints the band of `unit`'s outline that lies from `from` to `to` pixels inside
/// its border: along each cell side that borders a cell outside the unit, and in the
/// corner where two sides inside meet a diagonal neighbour outside (an inner corner).
fn outline(img: &mut RgbImage, grid: &Grid, n: usize, unit: &[bool], from: f64, to: f64, color: [u8; 3]) {
    let inside =
        |r: i64, c: i64| r >= 0 && c >= 0 && (r as usize) < n && (c as usize) < n && unit[r as usize * n + c as usize];
    for i in (0..n * n).filter(|&i| unit[i]) {
        let (r, c) = ((i / n) as i64, (i % n) as i64);
        let (xs, ys) = span(img, grid, Cell::new(r as usize, c as usize));
        let (left, top) = (grid.x0 + c as f64 * grid.px, grid.y0 + r as f64 * grid.py);
        for y in ys {
            for x in xs.clone() {
                // Distances from the pixel's centre to the cell's four sides.
                let (dl, dt) = (f64::from(x) + 0.5 - left, f64::from(y) + 0.5 - top);
                let (dr, db) = (grid.px - dl, grid.py - dt);
                let mut d = f64::INFINITY;
                for (side, (dr_, dc_)) in [(dl, (0, -1)), (dr, (0, 1)), (dt, (-1, 0)), (db, (1, 0))] {
                    if !inside(r + dr_, c + dc_) {
                        d = d.min(side);
                    }
                }
                for ((h, dc_), (v, dr_)) in
                    [((dl, -1), (dt, -1)), ((dr, 1), (dt, -1)), ((dl, -1), (db, 1)), ((dr, 1), (db, 1))]
                {
                    if inside(r, c + dc_) && inside(r + dr_, c) && !inside(r + dr_, c + dc_) {
                        d = d.min(h.max(v));
                    }
                }
                if d >= from && d < to {
                    img.put_pixel(x, y, Rgb(color));
                }
            }
        }
    }
}

/// A hollow crown (a hollow star for Star Battle): place a star here.
fn glyph_outline(img: &mut RgbImage, grid: &Grid, cell: Cell, width: f64, ink: [u8; 3], glyph: Glyph) {
    let size = grid.px.min(grid.py) * 0.66;
    let (cx, cy) = grid.center(cell);
    let (outline, (gx, gy)) = glyph.outline();
    let pts: Vec<(f64, f64)> = outline.iter().map(|&(u, v)| (cx + (u - gx) * size, cy + (v - gy) * size)).collect();
    // Closed: the crown's outline repeats its first point, the star's does not.
    for (i, &a) in pts.iter().enumerate() {
        let b = pts[(i + 1) % pts.len()];
        if a != b {
            overlay::thick_line(img, a, b, width, ink);
        }
    }
}

/// An X: no queen here.
fn cross(img: &mut RgbImage, grid: &Grid, cell: Cell, width: f64, ink: [u8; 3]) {
    overlay::draw_x(img, grid.center(cell), grid.px.min(grid.py) * 0.22, width, ink);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_l_shaped_unit_is_outlined_along_its_border_and_its_inner_corner() {
        // Cells (0,0), (1,0), (1,1) of a 2×2 board of 40-px cells.
        let grid = Grid { n: 2, x0: 0.0, y0: 0.0, px: 40.0, py: 40.0 };
        let mut img = RgbImage::from_pixel(80, 80, Rgb([150, 190, 255]));
        outline(&mut img, &grid, 2, &[true, false, true, true], 0.0, 4.0, OUTLINE);
        let ink = |x, y| img.get_pixel(x, y).0 == OUTLINE;
        assert!(ink(1, 20) && ink(20, 1) && ink(38, 20), "outer sides and the side next to the cell outside");
        assert!(ink(60, 41) && ink(78, 60) && ink(60, 78), "the second cell's open sides");
        assert!(ink(38, 42), "the inner corner is closed");
        assert!(!ink(20, 60) && !ink(40 - 6, 60), "no line between two cells of the unit");
        assert!(!ink(60, 20), "the cell outside is untouched");
    }
}
