//! What finding the board gives: the lattice ([`Grid`]), the cell area in whole
//! pixels ([`BoardArea`]), the board sides read ([`N_RANGE`]), and the cut-off
//! refusal every pass knows. Apart from `mod.rs` so that the passes beside it
//! (`cut`, `frame`, `lattice`) take them from here, not from the module above
//! that calls them.

use crate::puzzle::Cell;

/// How a cut-off board is refused (a decision, which no other pass may override).
pub(super) const CUT_OFF: &str = "the board looks cut off";

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

    /// The cell area within a `width`×`height` picture, with the board side.
    pub fn area(&self, width: u32, height: u32) -> BoardArea {
        let (x, y, width, height) = self.bbox(width, height);
        BoardArea { x, y, width, height, n: self.n }
    }
}

/// Where the board's cells are in the picture, in whole pixels.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BoardArea {
    /// Left edge of the cell area, pixels.
    pub x: u32,
    /// Top edge.
    pub y: u32,
    /// Width of the cell area.
    pub width: u32,
    /// Height of the cell area.
    pub height: u32,
    /// Board side.
    pub n: usize,
}
