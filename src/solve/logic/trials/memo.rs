//! What the case splits along one solve path remember ([`SplitMemo`]), for the
//! next steps of that path, which only decide more cells: a path's memory, kept
//! apart from the splits so that the engine can carry it from step to step;
//! and what the what-ifs inside one case remember ([`Tried`]) for the what-ifs
//! after them, on boards that only decide more cells.

use std::collections::{HashMap, HashSet};
use std::hash::BuildHasherDefault;

use crate::solve::logic::board::{Board, CellState};
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

/// How a trial's board and the board it led to when last followed through
/// combine ([`merge`]): a case split's start and what the path's memo kept of
/// it, or a what-if and what [`Tried`] kept of it.
pub(crate) enum Merged {
    /// They disagree on a cell: the trial breaks a rule.
    Clash,
    /// The trial's board decides no cell the other left unknown: the result is
    /// the board it led to, as it was.
    Same,
    /// The trial's board decides more: the result is worth following again.
    Grown,
}

/// Adds to `board` the cells `was` decided, and says how the two combined.
pub(crate) fn merge(board: &mut Board, was: &Board) -> Merged {
    let mut grown = false;
    for (x, &y) in board.cells.iter_mut().zip(&was.cells) {
        match (*x, y) {
            (x, CellState::Unknown) => grown |= x != CellState::Unknown,
            (CellState::Unknown, y) => *x = y,
            (x, y) if x != y => return Merged::Clash,
            _ => {}
        }
    }
    if grown {
        Merged::Grown
    } else {
        Merged::Same
    }
}

/// What the what-ifs inside one case (`propagate::probe`) learned, for its later
/// what-ifs and those of the cases that go on from it, whose boards only decide
/// more cells: per cell, the board a star there led to when it was last tried
/// and held. Everything on that board follows from the star on a board that the
/// later one extends, so the later what-if begins from there ([`merge`]); when
/// it decides nothing more, the what-if holds as it did, at the cost of a round,
/// and when it clashes, the star breaks a rule. A case of a split with what-ifs
/// followed through star by star tries every cell again after each star and
/// after each cell its what-ifs empty; most of them lead where they led before.
#[derive(Debug, Default, Clone)]
pub(crate) struct Tried {
    boards: Vec<Option<Board>>,
}

impl Tried {
    /// The board a star on `cell` last led to, if it held, taken out.
    pub(crate) fn take(&mut self, cell: usize) -> Option<Board> {
        self.boards.get_mut(cell).and_then(Option::take)
    }

    /// Keeps `board` as what a star on `cell` leads to.
    pub(crate) fn keep(&mut self, cell: usize, board: Board) {
        if self.boards.len() <= cell {
            self.boards.resize(board.cells.len(), None);
        }
        self.boards[cell] = Some(board);
    }
}

/// Most boards [`SplitMemo`] keeps (a byte a cell: 300 bytes on a 17×17 board, so
/// at most about 40 MB with the keys), past which a start is followed through
/// from the bare board again. What is left is shared out
/// among a step's units before any is split (`cases::case_split`), so that it does not
/// depend on which unit ran first.
pub(crate) const MAX_FOLLOWED: usize = 100_000;
