//! The vision layer's front door: a decoded screenshot becomes the board's region
//! map and the player's marks, within one deadline.
//!
//! The stages run in order (grid → cell colours → regions by colour or borders →
//! marks), and the policy between them lives here and nowhere else: a map that
//! cannot be read by cells is tried again on the board found by its frame, and a
//! board partly hidden under a panel is refused (`covered`), its hidden cells
//! never guessed.

use std::time::Instant;

use image::RgbImage;

use crate::error::{Error, Result};
use crate::puzzle::deadline::{ms_since, Deadline};
use crate::vision::borders;
use crate::vision::cells::{self, CellColors};
use crate::vision::grid::{self, Grid};
use crate::vision::marks::{self, MarkReading};
use crate::vision::regions::{self, RegionMap};

/// What the reader found in a picture, for overlays and debug output.
#[derive(Debug)]
pub struct Picture {
    /// The decoded screenshot.
    pub image: RgbImage,
    /// The board's lattice, when found.
    pub grid: Option<Grid>,
    /// Sampled cell colors and line widths, when the grid was found.
    pub cells: Option<CellColors>,
    /// The player's marks, when the cells were sampled.
    pub marks: Option<MarkReading>,
}

/// Milliseconds each stage of the reading took; a stage that did not run is `None`.
#[derive(Debug, Clone, Copy, Default)]
pub struct ReadTimes {
    /// Finding the grid (the frame search included, when it ran).
    pub grid: Option<f64>,
    /// Sampling cell colours.
    pub cells: Option<f64>,
    /// Clustering colours into regions, and the border cross-check.
    pub cluster: Option<f64>,
    /// Reading the player's marks.
    pub marks: Option<f64>,
}

/// The board of `image`: its lattice, cell colours, the player's marks and the
/// region map, or why the map cannot be read. Stops with
/// [`Error::ReadingTimeLimit`] once `deadline` has passed: the grid search checks
/// it as it goes, and every later stage before it starts. A board partly under a
/// panel is refused as [`Error::Covered`].
pub(crate) fn read_board(image: RgbImage, deadline: Deadline, ms: &mut ReadTimes) -> (Picture, Result<RegionMap>) {
    let (grid, cells, mut map) = read_regions(&image, deadline, ms);
    if deadline.passed() {
        map = Err(Error::ReadingTimeLimit);
        return (Picture { image, grid, cells, marks: None }, map);
    }
    let marks = grid.as_ref().zip(cells.as_ref()).map(|(g, c)| {
        let t = Instant::now();
        let reading = marks::read(&image, g, c);
        ms.marks = Some(ms_since(t));
        reading
    });
    if let Some(m) = marks.as_ref().filter(|m| !m.covered.is_empty()) {
        map = Err(Error::Covered { cells: m.covered.len() });
    }
    if deadline.passed() {
        map = Err(Error::ReadingTimeLimit);
    }
    let _ = covered_instead(&image, &mut map);
    (Picture { image, grid, cells, marks }, map)
}

/// The region half of [`read_board`] on a borrowed image, without the marks: the
/// grid and cell colours found (if any) and the map.
pub fn read_regions(
    image: &RgbImage,
    deadline: Deadline,
    ms: &mut ReadTimes,
) -> (Option<Grid>, Option<CellColors>, Result<RegionMap>) {
    let t = Instant::now();
    let grid = grid::detect_within(image, deadline);
    ms.grid = Some(ms_since(t));
    let grid = match grid {
        Ok(g) => g,
        Err(e) => return (None, None, Err(e)),
    };
    if deadline.passed() {
        return (Some(grid), None, Err(Error::ReadingTimeLimit));
    }
    let t = Instant::now();
    let colors = cells::sample(image, &grid);
    ms.cells = Some(ms_since(t));
    if deadline.passed() {
        return (Some(grid), Some(colors), Err(Error::ReadingTimeLimit));
    }
    let t = Instant::now();
    let map = borders::settle(image, &grid, &colors, regions::cluster(&colors));
    ms.cluster = Some(ms_since(t));
    if matches!(&map, Err(Error::Regions { .. })) {
        if let Some(found) = framed_board(image, &grid, ms, deadline) {
            return found;
        }
    }
    (Some(grid), Some(colors), map)
}

/// The board around `grid` found by its frame, when its map reads: on a played
/// board drawn by lines the marks break most cells up, and the search by cells may
/// take a block of the board for all of it, or fit the whole board a fraction of a
/// pitch off (a map that cannot be read is the sign). The frame's board must be the
/// same board (its side, within half a cell) or hold the block on its lattice, so a
/// different board elsewhere on the page is never taken instead.
fn framed_board(
    image: &RgbImage,
    grid: &Grid,
    ms: &mut ReadTimes,
    deadline: Deadline,
) -> Option<(Option<Grid>, Option<CellColors>, Result<RegionMap>)> {
    let t = Instant::now();
    let board = grid::framed(image, deadline).filter(|b| {
        let on_lattice = |o: f64, p: f64, bo: f64, bp: f64| {
            let k = (o - bo) / bp;
            (p - bp).abs() <= 0.03 * bp && (k - k.round()).abs() <= 0.1 && k.round() >= 0.0
        };
        let same = b.n == grid.n && (b.x0 - grid.x0).abs() < 0.5 * b.px && (b.y0 - grid.y0).abs() < 0.5 * b.py;
        let holds = b.n > grid.n
            && on_lattice(grid.x0, grid.px, b.x0, b.px)
            && on_lattice(grid.y0, grid.py, b.y0, b.py)
            && (grid.x0 - b.x0) / b.px + grid.n as f64 <= b.n as f64 + 0.1
            && (grid.y0 - b.y0) / b.py + grid.n as f64 <= b.n as f64 + 0.1;
        (same && b != grid) || holds
    });
    ms.grid = Some(ms.grid.unwrap_or(0.0) + ms_since(t));
    let board = board?;
    let colors = cells::sample(image, &board);
    let map = borders::settle(image, &board, &colors, regions::cluster(&colors));
    map.is_ok().then_some((Some(board), Some(colors), map))
}

/// A board found but not read or solved may be one partly under a panel whose
/// cells were taken for a region: then that is the reason to give. Called on the
/// map, and again on the solve's result (a panel's cells can make a map that reads
/// but does not solve). True when it replaced the error.
pub(crate) fn covered_instead<T>(image: &RgbImage, result: &mut Result<T>) -> bool {
    let unread = matches!(
        result,
        Err(Error::Regions { .. }
            | Error::Partition(_)
            | Error::NoSolution
            | Error::SeveralSolutions { .. }
            | Error::Stars { .. })
    );
    if unread {
        if let Some(cells) = grid::covered(image) {
            *result = Err(Error::Covered { cells });
            return true;
        }
    }
    false
}
