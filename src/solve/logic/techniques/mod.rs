//! Techniques 1–9, the ones that read the board as it stands (no trial, no case),
//! one file per family, cheapest first:
//!
//! | file | techniques |
//! |---|---|
//! | `basic.rs` | 1 queen's reach, 2 last cell |
//! | `lines.rs` | 3 one line, 4 regions fill lines |
//! | `blocked.rs` | 5 blocked unit |
//! | `blocks.rs` | 6 2×2 blocks, 7 squeeze (on the 2×2 geometry of `cover.rs`) |
//! | `counting.rs` | 8 under- and overcounting over bands |
//! | `pressured.rs` | 9 pressured exclusion |
//!
//! Each family has a finder that returns the first deduction of its kind that
//! decides at least one unknown cell, or `None`; a sweep that returns every one at
//! once, for a case followed through (`super::trials`); and the words of its steps.
//! [`cheapest`] tries the finders in order.
//!
//! Every deduction follows from the rules alone (K queens per row, column and
//! region; no two touching), never from assuming the solution is unique, so each
//! one holds in every solution of the puzzle.

pub(crate) mod basic;
pub(crate) mod blocked;
pub(crate) mod blocks;
pub(crate) mod counting;
pub(crate) mod cover;
pub(crate) mod lines;
pub(crate) mod pressured;

use super::board::{Board, Geometry};
use super::step::{Found, Technique};

/// The cheapest deduction among techniques 1–9 (no case split, no what-if), up
/// to `max` (inclusive).
pub(crate) fn cheapest(g: &Geometry, b: &Board, max: Technique) -> Option<Found> {
    cheapest_from(g, b, Technique::Reach, max)
}

/// [`cheapest`] from technique `from` on (a board whose queens' reach is already
/// ruled out starts at the last cell).
pub(crate) fn cheapest_from(g: &Geometry, b: &Board, from: Technique, max: Technique) -> Option<Found> {
    let finders: [fn(&Geometry, &Board) -> Option<Found>; 9] = [
        basic::reach,
        basic::last_cell,
        lines::one_line,
        lines::fill,
        blocked::blocked,
        blocks::tiling,
        blocks::squeeze,
        counting::counting,
        pressured::pressured,
    ];
    let (from, to) = (from.level() as usize - 1, (max.level() as usize).min(finders.len()));
    finders.get(from..to).unwrap_or_default().iter().find_map(|f| f(g, b))
}

/// Every deduction of techniques 1–9 on `b` that their sweeps list, cheapest
/// family first: every queen's reach, last cell, one line, 2×2 block, squeeze and
/// counted band, every blocked unit, and the first fill and pressured exclusion
/// (whose finders stop at their first). For a question about one cell ("why?"),
/// which wants the deduction that decides that cell, not merely the cheapest.
pub(crate) fn every_cheap<'a>(g: &'a Geometry, b: &'a Board) -> impl Iterator<Item = Found> + 'a {
    basic::reaches(g, b)
        .chain(basic::last_cells(g, b))
        .chain(lines::one_lines(g, b))
        .chain(lines::fill(g, b))
        .chain(std::iter::once_with(move || blocked::blocked_units(g, b)).flatten())
        .chain(blocks::tilings(g, b))
        .chain(blocks::squeezes(g, b))
        .chain(counting::countings(g, b))
        .chain(std::iter::once_with(move || pressured::pressured(g, b)).flatten())
}
