//! Reading the player's marks: for every cell, nothing, a crown or a star (queen), an
//! X mark, a small dot or a dash (dots and dashes count as X marks).
//!
//! Method, independent of any palette or theme: each cell's background is the
//! dominant colour that [`crate::vision::cells`] sampled on a frame clear of marks.
//! Inside the cell (away from the lines) a pixel is *ink* when it differs clearly
//! from that background, so a hover shade or an inspector tint, which shifts the
//! whole cell, leaves no ink. The ink connected to the middle of the cell is the
//! mark; its shape decides what it is:
//!
//! - a **dot**: a small, compact, round blob;
//! - an **X**: a small square-ish figure that is sparse, inked at its centre and along
//!   both diagonals, and empty at the middles of its sides;
//! - a **crown**: a wide blob, a solid band at the bottom and separate points at the top;
//! - Star Battle's "no star" marks: penpa-edit's **X** across more than half the cell
//!   (the X test, sparser), pzprjs's **dash**, a short solid bar (a dot and a dash
//!   count as X marks);
//! - a Star Battle **star**, which fills so much of its cell that its tips reach the
//!   square's edge or a region border: read by its outline ([`crate::vision::stars`])
//!   when the shapes above are unsure.
//!
//! Ink anywhere else in the cell (a mouse pointer at its edge, sparkles) is ignored,
//! except in a cell with no ink at its middle: there a mark-sized blob clear of the
//! square's edge is a mark off its middle (a lattice fit a fifth of a pitch off, as
//! on some shrunk boards), and the cell is unsure rather than blank.
//! Anything that does not fit one shape cleanly, or that reaches the edge of the
//! cell's inside along more than a sliver (JPEG ringing that joins a crown to a grid
//! line's halo), is reported as unsure with its cell, never guessed.
//!
//! A cell whose frame is not mostly one colour is hidden under something (the
//! game's "You Win!" panel, another window): it is reported as covered.

use image::RgbImage;

use crate::puzzle::marks::{Mark, Marks};
use crate::puzzle::Cell;
use crate::vision::cells::CellColors;
use crate::vision::grid::Grid;
use crate::vision::stars;

/// What the reader saw on the board.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MarkReading {
    /// The marks read with confidence (unsure and covered cells are left blank).
    pub marks: Marks,
    /// Cells holding something that is not clearly blank, a crown, an X or a dot, row-major.
    pub unsure: Vec<Cell>,
    /// Cells hidden under an overlay (their frame is not one colour), row-major.
    pub covered: Vec<Cell>,
}

/// The shape measurements of one cell's mark, in cell pitches (for tests and tuning tools).
#[doc(hidden)]
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct Features {
    /// Ink of the central mark as a share of the cell's area.
    pub ink: f64,
    /// Width of the central mark's bounding box, in pitches.
    pub width: f64,
    /// Height of the central mark's bounding box, in pitches.
    pub height: f64,
    /// Ink share of that bounding box.
    pub fill: f64,
    /// The mark reaches the edge of the inspected square.
    pub touches_edge: bool,
    /// How much of the square's edge the mark covers, in pitches (0 when it does not reach it).
    pub edge: f64,
    /// Inked at the middle of its box and near all four corners, empty at the middles of the sides.
    pub x_shape: bool,
    /// Longest single inked run across a row of the bottom third of its box, as a share of its width.
    pub band: f64,
    /// Most separate inked runs along a row of the top third of its box.
    pub points: usize,
    /// Share of the frame (where the background is sampled) matching the background.
    pub frame_match: f64,
    /// With no ink at the middle: a mark-sized blob of ink elsewhere in the square,
    /// clear of its edge (a mark off its cell's middle: the lattice is off).
    pub stray: bool,
}

/// Half the side of the inspected square, in pitches: inside the lines, with room
/// for a lattice fit that is off by a pixel or two.
const HALF: f64 = 0.40;
/// Ink is no closer to the middle than this (pitches) belongs to the mark.
const CORE: f64 = 0.12;
/// L1 RGB distance from the background above which a pixel is ink: clear of JPEG
/// noise and anti-aliasing, well below any mark's contrast.
const INK: i32 = 100;
/// Most edge contact, in pitches, that a crown may have: on small JPEG boards (cells
/// of 40–60 px) a clear crown's ink meets the inspected square's edge along one to
/// four samples (0.025–0.1 pitch), where ringing around a grid line joins it. A
/// mark that goes on outside the square covers far more of its edge.
const EDGE_SLIVER: f64 = 0.12;
/// A frame less than this share of its own colour is hidden under something.
const FRAME_MATCH: f64 = 0.5;

/// Reads every cell's mark.
pub fn read(img: &RgbImage, grid: &Grid, cells: &CellColors) -> MarkReading {
    let n = grid.n;
    let mut marks = Marks::new(n);
    let mut unsure = Vec::new();
    let mut covered = Vec::new();
    let mut scratch = Scratch::default();
    for r in 0..n {
        for c in 0..n {
            let cell = Cell::new(r, c);
            match read_cell(img, grid, cell, cells.rgb[r * n + c], &mut scratch) {
                Read::Covered => covered.push(cell),
                Read::Unsure => unsure.push(cell),
                Read::Sure(m) => marks.set(cell, m),
            }
        }
    }
    MarkReading { marks, unsure, covered }
}

/// Reads one cell whose background is `bg`: the shapes of [`classify`], then, for
/// ink it is unsure of, a Star Battle star ([`stars::is_star`]), which fills so much
/// of its cell that its box and fill say nothing.
#[doc(hidden)]
pub(crate) fn read_cell(img: &RgbImage, grid: &Grid, cell: Cell, bg: [u8; 3], s: &mut Scratch) -> Read {
    match classify(&features(img, grid, cell, bg, s)) {
        Read::Unsure if stars::is_star(img, grid.center(cell), grid.px.min(grid.py), bg) => Read::Sure(Mark::Queen),
        read => read,
    }
}

/// What one cell holds.
#[doc(hidden)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Read {
    /// A mark (or nothing) read with confidence.
    Sure(Mark),
    /// Something is there, but not clearly one of the marks.
    Unsure,
    /// The cell is hidden under an overlay.
    Covered,
}

/// Decides a cell from its measurements.
#[doc(hidden)]
pub(crate) fn classify(f: &Features) -> Read {
    if f.frame_match < FRAME_MATCH {
        return Read::Covered;
    }
    // Specks: JPEG ringing, a stray anti-aliased pixel.
    if f.ink < 0.0015 {
        return if f.stray { Read::Unsure } else { Read::Sure(Mark::Blank) };
    }
    // Reaching the edge along more than a sliver: the mark may go on outside the
    // square (a pointer, a panel), so its shape is not known.
    if f.touches_edge && f.edge > EDGE_SLIVER {
        return Read::Unsure;
    }
    let (w, h) = (f.width, f.height);
    let aspect = w / h.max(1e-9);
    let square = (0.6..=1.67).contains(&aspect);
    // A sliver at the edge is a crown's point or base bridged by JPEG ringing to a
    // grid line's halo; dots and X marks are far too small to reach it.
    if !f.touches_edge && square && w <= 0.22 && h <= 0.22 && f.fill >= 0.55 {
        return Read::Sure(Mark::Cross); // a dot
    }
    if !f.touches_edge
        && square
        && (0.08..=0.42).contains(&w)
        && (0.08..=0.42).contains(&h)
        && f.fill <= 0.8
        && f.x_shape
    {
        return Read::Sure(Mark::Cross);
    }
    if (0.3..=0.85).contains(&w)
        && (0.2..=0.75).contains(&h)
        && (0.8..=2.5).contains(&aspect)
        && (0.25..=0.92).contains(&f.fill)
        && !f.x_shape
        && f.band >= 0.55
        && f.points >= 3
    {
        return Read::Sure(Mark::Queen);
    }
    // Star Battle's "no star" marks. penpa-edit's X spans more than half the cell
    // in thin strokes, so its box is sparse; on small JPEG boards its tips may meet
    // the square's edge along a sliver (checked above).
    if square && (0.42..=0.75).contains(&w) && (0.42..=0.75).contains(&h) && f.fill <= 0.45 && f.x_shape {
        return Read::Sure(Mark::Cross);
    }
    // pzprjs's dot is a short solid dash, a fifth to a quarter of the cell long;
    // shrunk and saved as JPEG, its colour bleeds into a small solid blob. Nothing
    // else so small and solid is drawn in a cell (a crown is over 0.4 pitch wide, a
    // star's box is under half inked). A bar two or three pixels thick, its corners
    // anti-aliased, fills its box only a little over half.
    let (long, short) = (w.max(h), w.min(h));
    if !f.touches_edge && (0.08..=0.32).contains(&long) && short <= 0.25 && f.fill >= 0.5 {
        return Read::Sure(Mark::Cross);
    }
    Read::Unsure
}

/// Reusable buffers for one cell's ink mask.
#[derive(Default)]
#[doc(hidden)]
pub struct Scratch {
    mask: Vec<u8>,
    stack: Vec<usize>,
    xs: Vec<Option<usize>>,
    ys: Vec<Option<usize>>,
}

/// Measures the mark on `cell` whose background is `bg`.
#[doc(hidden)]
pub fn features(img: &RgbImage, grid: &Grid, cell: Cell, bg: [u8; 3], s: &mut Scratch) -> Features {
    let (cx, cy) = grid.center(cell);
    let pitch = grid.px.min(grid.py);
    // About 48 samples per pitch at most: thin X strokes stay ≥ 1 sample wide.
    let step = (pitch / 48.0).floor().max(1.0);
    let half = (HALF * pitch / step).floor() as i64;
    let side = (2 * half + 1) as usize;
    let (w, h) = (i64::from(img.width()), i64::from(img.height()));
    let raw = img.as_raw();
    // Pixel columns and rows of the samples (None outside the picture), computed once.
    let at = |c: f64, k: usize, limit: i64| {
        let v = (c + (k as i64 - half) as f64 * step).round() as i64;
        (0..limit).contains(&v).then_some(v as usize)
    };
    s.xs.clear();
    s.xs.extend((0..side).map(|i| at(cx, i, w)));
    s.ys.clear();
    s.ys.extend((0..side).map(|j| at(cy, j, h)));
    let stride = img.width() as usize * 3;
    let sample = |xs: &[Option<usize>], ys: &[Option<usize>], i: usize, j: usize| -> u8 {
        let (Some(x), Some(y)) = (xs[i], ys[j]) else { return 3 };
        let o = y * stride + x * 3;
        let d = (i32::from(raw[o]) - i32::from(bg[0])).abs()
            + (i32::from(raw[o + 1]) - i32::from(bg[1])).abs()
            + (i32::from(raw[o + 2]) - i32::from(bg[2])).abs();
        u8::from(d > INK)
    };
    let core = (CORE * pitch / step).round() as i64;
    let (lo, hi) = ((half - core) as usize, (half + core) as usize);
    // The frame: the ring 0.2–0.36 pitch out, where the background was sampled, on a
    // coarse sub-grid (an overlay is large). The mark itself may reach into it (a crown
    // does: `skip` leaves its pixels out), other ink may not.
    let frame = |s: &Scratch, skip: &dyn Fn(usize) -> bool| {
        let (rlo, rhi) = ((0.2 * pitch / step).ceil() as i64, (0.36 * pitch / step).floor() as i64);
        let every = (side / 24).max(1);
        let (mut ring, mut ring_bg) = (0usize, 0usize);
        for j in (0..side).step_by(every) {
            for i in (0..side).step_by(every) {
                let d = (j as i64 - half).abs().max((i as i64 - half).abs());
                if !(rlo..=rhi).contains(&d) || skip(j * side + i) {
                    continue;
                }
                let v = sample(&s.xs, &s.ys, i, j);
                if v != 3 {
                    ring += 1;
                    ring_bg += usize::from(v == 0);
                }
            }
        }
        if ring == 0 {
            1.0
        } else {
            ring_bg as f64 / ring as f64
        }
    };
    // Most cells are blank: when the core square holds no ink there is no mark.
    let any_core = (lo..=hi).any(|j| (lo..=hi).any(|i| sample(&s.xs, &s.ys, i, j) == 1));
    if !any_core {
        let stray = stray_mark(side, pitch / step, &|i, j| sample(&s.xs, &s.ys, i, j) == 1);
        return Features { frame_match: frame(s, &|_| false), stray, ..Features::default() };
    }
    // The mask, filled lazily as the flood reaches it (most of the square is never
    // read): UNSEEN, 0 background, 1 ink, 2 ink of the mark, 3 outside the picture.
    const UNSEEN: u8 = 255;
    s.mask.clear();
    s.mask.resize(side * side, UNSEEN);
    // The mark: every ink component with a pixel in the core square (8-connected flood).
    let (mut x0, mut y0, mut x1, mut y1, mut count) = (usize::MAX, usize::MAX, 0usize, 0usize, 0usize);
    let mut stack = std::mem::take(&mut s.stack);
    for j in lo..=hi {
        for i in lo..=hi {
            let start = j * side + i;
            if s.mask[start] == UNSEEN {
                s.mask[start] = sample(&s.xs, &s.ys, i, j);
            }
            if s.mask[start] != 1 {
                continue;
            }
            s.mask[start] = 2;
            stack.push(start);
            while let Some(p) = stack.pop() {
                let (px, py) = (p % side, p / side);
                count += 1;
                x0 = x0.min(px);
                x1 = x1.max(px);
                y0 = y0.min(py);
                y1 = y1.max(py);
                for ny in py.saturating_sub(1)..=(py + 1).min(side - 1) {
                    for nx in px.saturating_sub(1)..=(px + 1).min(side - 1) {
                        let q = ny * side + nx;
                        if s.mask[q] == UNSEEN {
                            s.mask[q] = sample(&s.xs, &s.ys, nx, ny);
                        }
                        if s.mask[q] == 1 {
                            s.mask[q] = 2;
                            stack.push(q);
                        }
                    }
                }
            }
        }
    }
    s.stack = stack;
    let frame_match = frame(s, &|k| s.mask[k] == 2);
    if count == 0 {
        return Features { frame_match, ..Features::default() };
    }
    let (bw, bh) = (x1 - x0 + 1, y1 - y0 + 1);
    let mark = |x: usize, y: usize| s.mask[y * side + x] == 2;
    // Any ink of the mark within a small box around (x, y).
    let near = |x: usize, y: usize, r: usize| {
        (y.saturating_sub(r)..=(y + r).min(side - 1))
            .any(|yy| (x.saturating_sub(r)..=(x + r).min(side - 1)).any(|xx| mark(xx, yy)))
    };
    // X: ink all along both diagonals of its box (within a pixel or so), little ink
    // in the four wedges between the arms (around the middles of the sides).
    let r = (bw.min(bh) / 10).max(1);
    let steps = bw.max(bh);
    let mut on_diag = 0;
    for k in 0..=steps {
        let t = k as f64 / steps as f64;
        let x = x0 as f64 + t * (bw - 1) as f64;
        let (ya, yb) = (y0 as f64 + t * (bh - 1) as f64, y1 as f64 - t * (bh - 1) as f64);
        on_diag += usize::from(near(x.round() as usize, ya.round() as usize, r));
        on_diag += usize::from(near(x.round() as usize, yb.round() as usize, r));
    }
    let diagonals = on_diag as f64 / (2 * (steps + 1)) as f64;
    let (qw, qh) = ((bw / 4).max(1), (bh / 4).max(1));
    let (mx, my) = (x0 + bw / 2, y0 + bh / 2);
    let wedge = |xa: usize, ya: usize| {
        let (mut inked, mut all) = (0usize, 0usize);
        for y in ya..(ya + qh).min(y1 + 1) {
            for x in xa..(xa + qw).min(x1 + 1) {
                all += 1;
                inked += usize::from(mark(x, y));
            }
        }
        inked as f64 / all.max(1) as f64
    };
    let wedges = [
        wedge(mx.saturating_sub(qw / 2), y0),
        wedge(mx.saturating_sub(qw / 2), y1 + 1 - qh),
        wedge(x0, my.saturating_sub(qh / 2)),
        wedge(x1 + 1 - qw, my.saturating_sub(qh / 2)),
    ];
    let x_shape = diagonals >= 0.85 && wedges.iter().all(|&w| w <= 0.25);
    // Band: the longest run across a row of the bottom third (a crown's base is one
    // solid bar; an X's legs are two); points: runs across the top third.
    let longest_run = |y: usize| {
        let (mut best, mut run) = (0usize, 0usize);
        for x in x0..=x1 {
            run = if mark(x, y) { run + 1 } else { 0 };
            best = best.max(run);
        }
        best as f64 / bw as f64
    };
    let band = (y1 - bh / 3..=y1).map(longest_run).fold(0.0, f64::max);
    let points = (y0..=y0 + bh / 3)
        .map(|y| {
            let mut runs = 0;
            let mut prev = false;
            for x in x0..=x1 {
                let m = mark(x, y);
                runs += usize::from(m && !prev);
                prev = m;
            }
            runs
        })
        .max()
        .unwrap_or(0);
    let last = side - 1;
    // Samples of the mark on the square's outer ring: top and bottom rows, then the
    // sides between them.
    let edge = (0..side).filter(|&x| mark(x, 0)).count()
        + (0..side).filter(|&x| mark(x, last)).count()
        + (1..last).filter(|&y| mark(0, y)).count()
        + (1..last).filter(|&y| mark(last, y)).count();
    Features {
        ink: count as f64 * step * step / (pitch * pitch),
        width: bw as f64 * step / pitch,
        height: bh as f64 * step / pitch,
        fill: count as f64 / (bw * bh) as f64,
        touches_edge: x0 == 0 || y0 == 0 || x1 == last || y1 == last,
        edge: edge as f64 * step / pitch,
        x_shape,
        band,
        points,
        frame_match,
        stray: false,
    }
}

/// True when the `side`×`side` square (`per_pitch` samples to a pitch; `ink(i, j)`)
/// holds a blob of ink the size of a mark (a tenth of a pitch to three quarters)
/// that does not reach the square's edge. A mark is drawn at its cell's middle:
/// found away from it, the lattice is off by that much, and a blank read there
/// could hide a mark, so the cell is unsure. Lines entering the square from a
/// misplaced lattice reach its edge and are no marks.
fn stray_mark(side: usize, per_pitch: f64, ink: &dyn Fn(usize, usize) -> bool) -> bool {
    let mut seen = vec![false; side * side];
    let mut stack = Vec::new();
    for start in 0..side * side {
        if seen[start] || !ink(start % side, start / side) {
            continue;
        }
        seen[start] = true;
        stack.push(start);
        let (mut x0, mut y0, mut x1, mut y1, mut edge) = (side, side, 0, 0, false);
        while let Some(p) = stack.pop() {
            let (x, y) = (p % side, p / side);
            (x0, y0, x1, y1) = (x0.min(x), y0.min(y), x1.max(x), y1.max(y));
            edge |= x == 0 || y == 0 || x == side - 1 || y == side - 1;
            for ny in y.saturating_sub(1)..=(y + 1).min(side - 1) {
                for nx in x.saturating_sub(1)..=(x + 1).min(side - 1) {
                    let q = ny * side + nx;
                    if !seen[q] && ink(nx, ny) {
                        seen[q] = true;
                        stack.push(q);
                    }
                }
            }
        }
        let long = (x1 - x0).max(y1 - y0) as f64 + 1.0;
        if !edge && (0.1 * per_pitch..=0.75 * per_pitch).contains(&long) {
            return true;
        }
    }
    false
}
