//! The engine for one puzzle: the next step from a board, cheapest technique
//! first; a whole solve path within a work budget; and the presolve that fixes
//! cells before the exact solver runs. Finding a step is the families' work
//! (`techniques/` for 1–9, `trials/` for 10–13); the engine orders them, pays
//! for the trials from the path's budget, and turns what was found into a
//! [`Step`]: its cells, what it used, and its three reveals.

use super::board::{Board, CellState, Geometry};
use super::families::FAMILIES;
use super::family::Work;
use super::sentences::say;
use super::step::{apply, Found, Reveals, Step, Technique, Uses};
use super::techniques::basic::{reach_of_placed, reach_reason};
use super::techniques::{cheapest, every_cheap};
use super::trials::budget::Budget;
use super::trials::memo::{SplitMemo, Tried};
use super::trials::propagate::probe;
use super::words::Names;
use crate::puzzle::deadline::Deadline;
use crate::puzzle::marks::{Mark, Marks};
use crate::puzzle::{Cell, Regions};

/// What a solve path may spend on case splits and what-if searches, in
/// propagation rounds of a 9×9 board (a round of a larger board costs more, in
/// proportion to its cells × units: 6 on 17×17). Steps of techniques 1–9 cost
/// nothing. A step that finds nothing pays all of its share, and the path stops
/// at the first step its budget cannot pay for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Spend {
    /// For the whole path.
    pub path: u64,
    /// For one step, out of what the path has left.
    pub step: u64,
}

impl Spend {
    /// Nothing: a path of techniques 1–9 only.
    pub const NONE: Spend = Spend { path: 0, step: 0 };
}

/// What a path may spend when it grades a puzzle (`solve --json`'s `difficulty`,
/// the generator): enough for every board of the corpus up to 14×14, with room to
/// spare on its costliest step, while a board far beyond it (a 17×17 4★ whose steps
/// grow to thousands of rounds) stops at its first step past the cap, so grading
/// costs about what its exact solve does (docs/benchmarks.md, "Explanations").
pub const GRADE_BUDGET: Spend = Spend { path: 20_000, step: 3_000 };
/// What one hint may spend: a step from the player's board, which may be a hard
/// one, and nothing else to pay for.
const HINT_STEP: u64 = 10_000;
/// The same for `queens explain`, where the path itself is what was asked for:
/// enough for every Star Battle board of the corpus, the costliest of which spends
/// half of the path's cap and half of it in one step (docs/benchmarks.md,
/// "Explanations"), while a board beyond the engine stops within the cap.
pub const EXPLAIN_BUDGET: Spend = Spend { path: 4_000_000, step: 2_000_000 };
/// Propagation rounds the presolve's what-if probing may spend on one puzzle.
const PRESOLVE_BUDGET: u64 = 3_000;

/// A whole solve path from a starting board.
#[derive(Debug, Clone)]
pub struct Path {
    /// The steps in order.
    pub steps: Vec<Step>,
    /// The board after the last step.
    pub board: Board,
    /// True when the steps decide every cell.
    pub solved: bool,
}

/// The engine for one puzzle: its geometry and how to name its regions.
#[derive(Debug, Clone)]
pub struct Engine {
    geo: Geometry,
    names: Names,
}

impl Engine {
    /// An engine for `regions` with `stars` per unit, naming regions with `names`.
    pub fn new(regions: &Regions, stars: usize, names: Names) -> Self {
        Engine { geo: Geometry::new(regions, stars), names }
    }

    /// This engine with every search stopping at `deadline`: past it, a step or
    /// a presolve simply finds nothing more (never a wrong deduction), and the
    /// caller, seeing [`Deadline::passed`], reports the time limit.
    pub(crate) fn with_deadline(mut self, deadline: Deadline) -> Self {
        self.geo.deadline = deadline;
        self
    }

    /// The puzzle's geometry.
    pub fn geometry(&self) -> &Geometry {
        &self.geo
    }

    /// How this engine names the regions in its sentences.
    pub(crate) fn names(&self) -> &Names {
        &self.names
    }

    /// The board a player's marks describe: their queens and X marks, nothing else.
    pub fn board_from_marks(&self, marks: &Marks) -> Board {
        let mut b = Board::new(self.geo.n());
        for i in 0..self.geo.n() * self.geo.n() {
            match marks.get(self.geo.cell(i)) {
                Mark::Queen => b.set(i, CellState::Queen),
                Mark::Cross => b.set(i, CellState::Empty),
                Mark::Blank => {}
            }
        }
        b
    }

    /// Rules out on `board` every unknown cell a queen on it reaches (touching
    /// cells, and the rest of each unit the queens fill), as the game's auto-X
    /// does; returns those cells, row-major.
    pub fn take_reach(&self, board: &mut Board) -> Vec<Cell> {
        let g = &self.geo;
        let (mut out, mut all) = (Vec::new(), Vec::new());
        let queens: Vec<usize> = board.queens().collect();
        for q in queens {
            g.reach(board, q, &mut out);
            all.extend_from_slice(&out);
        }
        all.sort_unstable();
        all.dedup();
        for &i in &all {
            board.set(i, CellState::Empty);
        }
        all.into_iter().map(|i| g.cell(i)).collect()
    }

    /// Every step of techniques 1–9 on `board` that their sweeps list, cheapest
    /// family first (see [`super::why`], whose chains take them): what a chain of
    /// steps about one cell is checked against.
    pub fn cheap_steps(&self, board: &Board) -> Vec<Step> {
        every_cheap(&self.geo, board).map(|f| self.step(f, board)).collect()
    }

    /// The next step from `board`, cheapest technique first; `None` when the board
    /// is complete, breaks a rule, or no technique (within its budget) decides a cell.
    pub fn next_step(&self, board: &Board) -> Option<Step> {
        let budget = &mut Budget::new(&self.geo, HINT_STEP);
        self.next_step_within(board, budget, &mut SplitMemo::default())
    }

    /// [`Self::next_step`], with case splits and what-ifs spending from `budget`,
    /// and what the case splits on the way to `board` learned in `starts`.
    fn next_step_within(&self, board: &Board, budget: &mut Budget, starts: &mut SplitMemo) -> Option<Step> {
        if board.is_complete() || self.geo.contradiction(board).is_some() {
            return None;
        }
        let g = &self.geo;
        let mut work = Work { budget, memo: starts };
        let found = FAMILIES.iter().find_map(|f| f.find(g, board, Some(&mut work)))?;
        Some(self.step(found, board))
    }

    /// The step for `found` on `board`. A step that places queens brings their
    /// reach along: the cells those queens rule out (touching cells, and the rest of
    /// every unit they fill) are decided in the same step, so a queen's reach is
    /// never a step of its own after a queen was placed.
    pub(crate) fn step(&self, found: Found, board: &Board) -> Step {
        let g = &self.geo;
        let mut after = board.clone();
        apply(&mut after, &found);
        let placed: Vec<usize> = found.decided.iter().filter(|d| d.1 == CellState::Queen).map(|d| d.0).collect();
        let (mut ruled, mut out) = (Vec::new(), Vec::new());
        for &q in &placed {
            g.reach(&after, q, &mut out);
            ruled.extend_from_slice(&out);
        }
        ruled.sort_unstable();
        ruled.dedup();
        let said = say(g, &self.names, &found);
        let (nudge, mut reason, mut text) = (said.nudge, said.reason, said.text);
        if !ruled.is_empty() {
            text = format!("{text} {}", reach_of_placed(g, &self.names, &after, &placed, &ruled));
            reason = format!("{reason} {}", reach_reason(g, placed.len()));
        }
        let mut uses = Uses::default();
        found.detail.uses(g, &found.decided, &mut uses);
        for v in [&mut uses.rows, &mut uses.cols, &mut uses.regions] {
            v.sort_unstable();
            v.dedup();
        }
        uses.cells.sort();
        uses.cells.dedup();
        let mut decided = found.decided.clone();
        decided.extend(ruled.iter().map(|&i| (i, CellState::Empty)));
        decided.sort_unstable();
        Step {
            technique: found.technique,
            decided: decided.into_iter().map(|(i, s)| (g.cell(i), s)).collect(),
            uses,
            reveals: Reveals { nudge, reason, text },
            detail: found.detail,
        }
    }

    /// Every step from `start` until the board is complete or no step is found.
    ///
    /// Each step's what-ifs get the usual per-step budget, drawn from one budget
    /// for the whole path ([`GRADE_BUDGET`]), so a board far beyond the engine (a
    /// 17×17 4-star Star Battle) ends its explanation in a bounded time, counted in
    /// work rather than seconds so that the result does not depend on the machine.
    pub fn explain(&self, start: Board) -> Path {
        self.explain_within(start, GRADE_BUDGET)
    }

    /// [`Self::explain`] with case splits and what-ifs limited to `budget`.
    pub fn explain_within(&self, start: Board, budget: Spend) -> Path {
        let mut board = start;
        let mut steps = Vec::new();
        let mut path_left = budget.path;
        let mut starts = SplitMemo::default();
        while !self.geo.deadline.passed() {
            let step_budget = budget.step.min(path_left);
            let mut budget = Budget::new(&self.geo, step_budget);
            let found = self.next_step_within(&board, &mut budget, &mut starts);
            path_left -= step_budget - budget.left;
            let Some(step) = found else { break };
            for &(cell, s) in &step.decided {
                board.set(self.geo.at(cell), s);
            }
            steps.push(step);
        }
        let solved = board.is_complete() && self.geo.contradiction(&board).is_none();
        Path { steps, board, solved }
    }

    /// The presolve for the MILP, without words: the cheap deductions (techniques
    /// 1–9) until none is left, then sweeps of what-if probing (technique 11) within a
    /// small budget, so a hard board still reaches HiGHS quickly. Stops early on a
    /// broken rule (the MILP then reports the puzzle has no solution).
    pub(crate) fn deduce(&self, start: Board) -> Board {
        let mut board = start;
        let mut budget = Budget::new(&self.geo, PRESOLVE_BUDGET);
        // What the what-ifs found, for the next sweep's (the board only grows).
        let mut tried = Tried::default();
        while self.geo.contradiction(&board).is_none() && !self.geo.deadline.passed() {
            match cheapest(&self.geo, &board, Technique::Pressured) {
                Some(f) => apply(&mut board, &f),
                // Stuck: one sweep of what-if probing, then the cheap steps again.
                None if !board.is_complete()
                    && probe(&self.geo, &mut board, 0, Technique::Blocked, &mut budget, None, &mut tried) != Ok(0) => {}
                None => break,
            }
        }
        board
    }
}
