//! What the case splits along one solve path remember ([`SplitMemo`]), for the
//! next steps of that path, which only decide more cells: a path's memory, kept
//! apart from the splits so that the engine can carry it from step to step.

use std::collections::{HashMap, HashSet};
use std::hash::BuildHasherDefault;

use crate::solve::logic::board::Board;
use crate::solve::logic::hasher::MixHasher;

/// The start of some of a unit's ways in a case split: the cells of its first
/// stars in the unit's cell order (the cells before the last of them that
/// are not stars are empty). Whether a start holds does not depend on the board.
pub(crate) type Start = Vec<usize>;

/// What the case splits along one solve path learned about starts of ways, for the
/// next steps of the path, which only decide more cells:
/// - a start that broke a rule breaks on every board after, so its ways are counted
///   out at once;
/// - what a start led to when followed through still follows from it later, so the
///   next case split that meets it begins from there, not from the bare board
///   (a big board meets the same starts step after step, and most of what one
///   costs is following it through).
///
/// Only the plain case split (technique 10) writes starts here, so that nothing a
/// what-if found inside a case of technique 12 reaches a step said to need less.
/// It also keeps how many ways each unit's stars go, which depends on nothing else,
/// and, for a unit whose split decided nothing, the ways that parted
/// ([`UnitMemo::apart`]), which its next split follows first.
///
/// Each unit's starts are kept apart ([`UnitMemo`]), so that two units can be
/// split at once, each with its own, and the path stays the one a single thread
/// takes (`cases::case_split`).
#[derive(Debug, Default)]
pub(crate) struct SplitMemo {
    pub(crate) units: HashMap<usize, UnitMemo, BuildHasherDefault<MixHasher>>,
    /// The boards kept, over every unit.
    pub(crate) followed: usize,
    /// How many ways a unit's stars go, by the stars it needs and its cells left
    /// (`cases::ways_remembered`); `None` for more than `ways::MAX_CASES`.
    pub(crate) ways: HashMap<(usize, Vec<usize>), Option<usize>, BuildHasherDefault<MixHasher>>,
}

/// What [`SplitMemo`] keeps of one unit, by the cells of its first stars ([`Start`]).
#[derive(Debug, Default, Clone)]
pub(crate) struct UnitMemo {
    pub(crate) broken: HashSet<Start, BuildHasherDefault<MixHasher>>,
    pub(crate) followed: HashMap<Start, Board, BuildHasherDefault<MixHasher>>,
    /// Ways (all the unit's stars) that held at its last split, which decided
    /// nothing: between them they left every cell unknown. The next split follows
    /// these first, and when they still hold and still disagree, it is over.
    pub(crate) apart: Vec<Start>,
}

impl SplitMemo {
    /// Takes `unit`'s starts out, to split it.
    pub(crate) fn take(&mut self, unit: usize) -> UnitMemo {
        let memo = self.units.remove(&unit).unwrap_or_default();
        self.followed -= memo.followed.len();
        memo
    }

    /// Puts `unit`'s starts back after its split.
    pub(crate) fn put(&mut self, unit: usize, memo: UnitMemo) {
        self.followed += memo.followed.len();
        self.units.insert(unit, memo);
    }
}

/// Most boards [`SplitMemo`] keeps (a byte a cell: 300 bytes on a 17×17 board, so
/// at most about 40 MB with the keys), past which a start is followed through
/// from the bare board again. What is left is shared out
/// among a step's units before any is split (`cases::case_split`), so that it does not
/// depend on which unit ran first.
pub(crate) const MAX_FOLLOWED: usize = 100_000;
