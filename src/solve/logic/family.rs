//! What the engine knows of a technique ([`Family`]): what it finds, how it words
//! what it found, its level and grade, and whether it reads the board as it stands
//! (cheap) or tries something and follows it through (a trial, within a budget).
//! Each technique's file implements it; the ordered list of them, which every
//! search, sweep, grade and sentence goes through, is `families.rs`.

use super::board::{Board, Changes, Geometry};
use super::step::{Decided, Found, Grade, Reveals, Technique};
use super::trials::budget::Budget;
use super::trials::memo::SplitMemo;
use super::words::Names;

/// What a trial may spend and what the trials of one path remember.
pub(crate) struct Work<'a> {
    /// The work budget, in propagation rounds.
    pub budget: &'a mut Budget,
    /// What the case splits of the path learned so far.
    pub memo: &'a mut SplitMemo,
}

/// How a technique looks at the board.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Cost {
    /// It reads the board as it stands. A case followed through (`trials/`) sweeps
    /// the cheap techniques that have a `case_rank` in that order, lowest first
    /// (the order that costs the least, which is not the order of levels), and
    /// leaves out the ones without (the queen's reach, which it sweeps itself).
    Cheap {
        /// Where its sweep comes in a case followed through.
        case_rank: Option<u8>,
    },
    /// It tries something and follows it through, paying from a [`Work`] budget.
    Trial,
}

/// One technique: the engine asks each in the order of `families.rs` (its level)
/// for the first deduction it finds.
pub(crate) trait Family: Sync {
    /// Which technique this is (its level is its place in the list).
    fn technique(&self) -> Technique;

    /// Stable name used in JSON.
    fn id(&self) -> &'static str;

    /// The name people read.
    fn name(&self) -> &'static str;

    /// The grade of a path whose hardest step is this technique.
    fn grade(&self) -> Grade;

    /// Cheap or a trial (and where a cheap one's sweep comes in a case).
    fn cost(&self) -> Cost;

    /// The first deduction of this technique on `b` that decides an unknown cell.
    /// A trial finds nothing without `work` to pay from, or when it runs out.
    fn find(&self, g: &Geometry, b: &Board, work: Option<&mut Work<'_>>) -> Option<Found>;

    /// Every deduction of this technique on `b` its sweep lists (for "why?", which
    /// wants the step that decides one cell): by default the first alone.
    fn every(&self, g: &Geometry, b: &Board) -> Vec<Found> {
        self.find(g, b, None).into_iter().collect()
    }

    /// Every cell its sweep decides on `b`, for a case followed through, which needs
    /// no words: by default the cells of [`Family::every`].
    fn case_decided(&self, g: &Geometry, b: &Board) -> Decided {
        self.every(g, b).into_iter().flat_map(|f| f.decided).collect()
    }

    /// [`Family::case_decided`] on `b`, when this technique's case sweep decided
    /// nothing on `since.was`, which `b` extends: a case is followed round after
    /// round, each round deciding a few cells, and a technique that weighs only
    /// the parts of the board those cells touch finds the same cells for a
    /// fraction of the cost. By default it weighs everything again.
    fn case_decided_since(&self, g: &Geometry, b: &Board, since: &Changes<'_>) -> Decided {
        let _ = since;
        self.case_decided(g, b)
    }

    /// The words of `found`, before `sentences` makes them sentences; `None` when
    /// `found`'s argument is not one this technique words.
    fn say(&self, g: &Geometry, names: &Names, found: &Found) -> Option<Reveals>;
}
