//! The hint picture: the player's board with the next step drawn on it.
//!
//! The units the argument uses are tinted, a cell to fill gets a hollow crown
//! outline, a cell to clear gets an X, and mistakes are circled in red. Nothing else
//! of the solution is drawn.

use image::{Rgb, RgbImage};
use imageproc::drawing::{draw_hollow_circle_mut, draw_line_segment_mut};

use crate::output::overlay::{self, CROWN};
use crate::output::{banner, render};
use crate::pipeline::Picture;
use crate::puzzle::marks::Marks;
use crate::puzzle::{Cell, Placement, Regions};
use crate::solve::logic::hint::Hint;
use crate::solve::logic::{CellState, Reveal};
use crate::vision::grid::Grid;

/// Tint of the cells the argument uses.
const TINT: [u8; 3] = [255, 200, 40];
/// Ink of the decided cells.
const DECIDED: [u8; 3] = [10, 110, 60];
/// Ink of the cells decided by earlier hints.
const EARLIER: [u8; 3] = [90, 90, 100];
/// Ink of the mistake circles.
const MISTAKE: [u8; 3] = [220, 30, 30];

/// Where a hint is drawn: the screenshot itself (when its board was found), or for a
/// text puzzle, a render of the board with the player's `marks` (`None`: nothing to
/// draw on).
pub fn canvas(picture: Option<Picture>, regions: &Regions, marks: Option<&Marks>) -> Option<(RgbImage, Grid)> {
    if let Some(pic) = picture {
        return Some((pic.image, pic.grid?));
    }
    let marks = marks?;
    let drawn = render::Marks { crowns: Some(Placement::new(marks.queens())), crosses: marks.crosses() };
    Some(render::render(regions, &render::Style::default(), &drawn))
}

/// The hint picture: `hint` drawn on `image`, cropped to the board with `crop`, and
/// its sentence (the `reveal` asked for) in a banner below.
pub fn picture(
    mut image: RgbImage,
    grid: &Grid,
    regions: &Regions,
    hint: &Hint,
    crop: bool,
    reveal: Reveal,
) -> RgbImage {
    draw_mut(&mut image, grid, regions, hint, reveal);
    let image = if crop { overlay::crop(&image, grid) } else { image };
    banner::below(&image, hint.reveal(reveal), (grid.py * 0.4) as f32)
}

/// Draws `hint` on `img` (whose board lattice is `grid`), in place. Below
/// [`Reveal::Answer`] only where to look is drawn ([`Hint::look`]): no crown, no X,
/// no mistake circle.
pub fn draw_mut(img: &mut RgbImage, grid: &Grid, regions: &Regions, hint: &Hint, reveal: Reveal) {
    let width = (grid.px.min(grid.py) * 0.06).max(2.0);
    // Steps already taken (the Hint button pressed before): drawn quietly.
    for &(cell, state) in &hint.earlier {
        if state == CellState::Queen {
            crown_outline(img, grid, cell, width, EARLIER);
        } else {
            cross(img, grid, cell, width * 0.6, EARLIER);
        }
    }
    let answer = reveal == Reveal::Answer;
    let uses = match &hint.step {
        Some(step) if answer => &step.uses,
        _ => &hint.look,
    };
    let used = |c: Cell| {
        uses.rows.contains(&c.row)
            || uses.cols.contains(&c.col)
            || uses.regions.contains(&regions.label(c))
            || uses.cells.contains(&c)
    };
    for cell in regions.cells().filter(|&c| used(c)) {
        tint(img, grid, cell, TINT, 0.35);
    }
    if let Some(step) = hint.step.as_ref().filter(|_| answer) {
        for &(cell, state) in &step.decided {
            if state == CellState::Queen {
                crown_outline(img, grid, cell, width, DECIDED);
            } else {
                cross(img, grid, cell, width, DECIDED);
            }
        }
    }
    for m in hint.mistakes.iter().filter(|_| answer) {
        let (cx, cy) = grid.center(m.cell);
        let r = grid.px.min(grid.py) * 0.42;
        for k in 0..width.ceil() as i32 {
            draw_hollow_circle_mut(img, (cx as i32, cy as i32), r as i32 - k, Rgb(MISTAKE));
        }
    }
}

/// Blends `color` over the inside of `cell`.
fn tint(img: &mut RgbImage, grid: &Grid, cell: Cell, color: [u8; 3], alpha: f32) {
    let (x0, y0) = (grid.x0 + cell.col as f64 * grid.px, grid.y0 + cell.row as f64 * grid.py);
    let (x1, y1) = (x0 + grid.px, y0 + grid.py);
    for y in (y0.ceil().max(0.0) as u32)..(y1.floor().max(0.0) as u32).min(img.height()) {
        for x in (x0.ceil().max(0.0) as u32)..(x1.floor().max(0.0) as u32).min(img.width()) {
            let p = img.get_pixel_mut(x, y);
            for (v, &c) in p.0.iter_mut().zip(&color) {
                *v = (f32::from(*v) * (1.0 - alpha) + f32::from(c) * alpha).round() as u8;
            }
        }
    }
}

/// A thick line from `a` to `b`, as parallel one-pixel lines.
fn thick_line(img: &mut RgbImage, a: (f64, f64), b: (f64, f64), width: f64, color: [u8; 3]) {
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    let len = (dx * dx + dy * dy).sqrt().max(1e-9);
    let (nx, ny) = (-dy / len, dx / len);
    let steps = (width * 2.0).ceil() as i32;
    for k in 0..=steps {
        let o = (f64::from(k) / f64::from(steps.max(1)) - 0.5) * width;
        draw_line_segment_mut(
            img,
            ((a.0 + nx * o) as f32, (a.1 + ny * o) as f32),
            ((b.0 + nx * o) as f32, (b.1 + ny * o) as f32),
            Rgb(color),
        );
    }
}

/// A hollow crown: place a queen here.
fn crown_outline(img: &mut RgbImage, grid: &Grid, cell: Cell, width: f64, ink: [u8; 3]) {
    let size = grid.px.min(grid.py) * 0.66;
    let (cx, cy) = grid.center(cell);
    let pts: Vec<(f64, f64)> = CROWN.iter().map(|&(u, v)| (cx + (u - 0.5) * size, cy + (v - 0.52) * size)).collect();
    for w in pts.windows(2) {
        thick_line(img, w[0], w[1], width, ink);
    }
}

/// An X: no queen here.
fn cross(img: &mut RgbImage, grid: &Grid, cell: Cell, width: f64, ink: [u8; 3]) {
    let (cx, cy) = grid.center(cell);
    let h = grid.px.min(grid.py) * 0.22;
    thick_line(img, (cx - h, cy - h), (cx + h, cy + h), width, ink);
    thick_line(img, (cx - h, cy + h), (cx + h, cy - h), width, ink);
}
