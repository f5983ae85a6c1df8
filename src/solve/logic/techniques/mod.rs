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
//! Each technique implements [`Family`]: a finder that returns the first deduction
//! of its kind that decides at least one unknown cell, or `None`; a sweep that
//! returns every one at once, for "why?" and for a case followed through
//! (`super::trials`); and the words of its steps. [`CHEAP`] lists them in order,
//! and [`cheapest`] tries them in that order.
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

use std::sync::OnceLock;

use super::board::{Board, Geometry};
use super::family::{Cost, Family};
use super::step::{Found, Technique};

/// Techniques 1–9, in the order of their levels: the first part of the one list
/// of techniques (`families.rs`), the part a case followed through uses
/// (`trials/propagate.rs`). A new technique that reads the board as it stands is
/// a file here and one line in this list.
pub(crate) const CHEAP: [&dyn Family; 9] = [
    &basic::Reach,
    &basic::LastCell,
    &lines::OneLine,
    &lines::Fill,
    &blocked::Blocked,
    &blocks::Tiling,
    &blocks::Squeeze,
    &counting::Counting,
    &pressured::Pressured,
];

/// The cheapest deduction among techniques 1–9 (no case split, no what-if), up
/// to `max` (inclusive).
pub(crate) fn cheapest(g: &Geometry, b: &Board, max: Technique) -> Option<Found> {
    cheapest_from(g, b, Technique::Reach, max)
}

/// [`cheapest`] from technique `from` on (a board whose queens' reach is already
/// ruled out starts at the last cell).
pub(crate) fn cheapest_from(g: &Geometry, b: &Board, from: Technique, max: Technique) -> Option<Found> {
    CHEAP.iter().filter(|f| (from..=max).contains(&f.technique())).find_map(|f| f.find(g, b, None))
}

/// Every deduction of techniques 1–9 on `b` that their sweeps list
/// ([`Family::every`]), cheapest first: every queen's reach, last cell, one line,
/// 2×2 block, squeeze and counted band, every blocked unit, and the first fill and
/// pressured exclusion. For a question about one cell ("why?"), which wants the
/// deduction that decides that cell, not merely the cheapest.
pub(crate) fn every_cheap<'a>(g: &'a Geometry, b: &'a Board) -> impl Iterator<Item = Found> + 'a {
    CHEAP.iter().flat_map(move |f| f.every(g, b))
}

/// The cheap techniques a case followed through sweeps, in their `case_rank`
/// order (see [`Cost::Cheap`]), sorted once.
pub(crate) fn case_sweeps() -> &'static [&'static dyn Family] {
    static ORDER: OnceLock<Vec<&'static dyn Family>> = OnceLock::new();
    ORDER.get_or_init(|| {
        let mut ranked: Vec<(u8, &'static dyn Family)> = CHEAP
            .iter()
            .filter_map(|&f| match f.cost() {
                Cost::Cheap { case_rank: Some(r) } => Some((r, f)),
                _ => None,
            })
            .collect();
        ranked.sort_by_key(|&(r, _)| r);
        ranked.into_iter().map(|(_, f)| f).collect()
    })
}
