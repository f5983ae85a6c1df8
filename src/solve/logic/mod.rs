//! The deduction engine: solving the way a person does, one explained step at a time.
//!
//! It works on a [`Board`] (each cell unknown, queen or empty) and finds the
//! cheapest, most visible deduction first ([`Technique`], levels 1–13). Each step
//! says what it decides, what it used, and one plain sentence. Every technique
//! follows from the rules alone, so a step holds in every solution; the tests check
//! every step of every corpus level against the known solution.
//!
//! The engine is separate from the MILP, which stays the solver of record: its
//! cheap deductions fix variables before HiGHS runs ([`Engine::deduce`]), and
//! explanations are shown only when the engine's final board equals the MILP's
//! solution. It knows the puzzle layer only: no pictures, JSON, terminals or files.

pub mod board;
mod counting;
pub mod hint;
pub mod techniques;
mod words;

pub use board::{Board, CellState, Geometry, Unit};
pub use techniques::{Detail, Technique};
pub use words::Names;

use crate::puzzle::marks::{Mark, Marks};
use crate::puzzle::{Cell, Regions};
use crate::solve::deadline::Deadline;
use counting::Starts;
use techniques::{Budget, Found};

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
/// the generator): enough for every board of the corpus up to 14×14 (the
/// costliest path takes about 9,600 rounds and its costliest step about 1,900),
/// while a board beyond it gives up early: the corpus's 17×17 4★ board 058, whose
/// steps grow to thousands of rounds, stops at its first step past 3,000, after
/// about 5,400 rounds. The step's cap keeps the margin over the costliest graded
/// step (about 1.5×) that 4,000 had before a case took a technique's every
/// decision in one round (`techniques::propagate`); with 4,000, 058 now went
/// 18 steps, to the path's 20,000, and still did not finish.
pub const GRADE_BUDGET: Spend = Spend { path: 20_000, step: 3_000 };
/// What one hint may spend: a step from the player's board, which may be a hard
/// one, and nothing else to pay for.
const HINT_STEP: u64 = 10_000;
/// The same for `queens explain`, where the path itself is what was asked for. It
/// finishes every Star Battle board of the corpus; the costliest, the 17×17 4★
/// board 059, takes about 2 million rounds (11 s on the 2-core machine), 1
/// million of them in one step that first splits most of its rows and columns;
/// a board beyond the engine stops within 4 million.
pub const EXPLAIN_BUDGET: Spend = Spend { path: 4_000_000, step: 2_000_000 };
/// Propagation rounds the presolve's what-if probing may spend on one puzzle.
const PRESOLVE_BUDGET: u64 = 3_000;
/// Deepest nesting of what-ifs tried (technique 13 is depth 1 and beyond).
const MAX_DEPTH: usize = 3;

/// What a step's argument used: the cells, rows, columns and regions to look at.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Uses {
    /// Cells, row-major.
    pub cells: Vec<Cell>,
    /// Rows, 0-based, ascending.
    pub rows: Vec<usize>,
    /// Columns, 0-based, ascending.
    pub cols: Vec<usize>,
    /// Region labels, ascending.
    pub regions: Vec<usize>,
}

/// Adds `u` to the rows, columns or regions of `uses`.
pub(crate) fn add_unit(u: Unit, uses: &mut Uses) {
    match u {
        Unit::Row(r) => uses.rows.push(r),
        Unit::Col(c) => uses.cols.push(c),
        Unit::Region(x) => uses.regions.push(x),
    }
}

/// One explained deduction.
#[derive(Debug, Clone, PartialEq)]
pub struct Step {
    /// How it was found.
    pub technique: Technique,
    /// The cells it decides, each a queen or empty, row-major.
    pub decided: Vec<(Cell, CellState)>,
    /// What the argument used.
    pub uses: Uses,
    /// First reveal: where to look (units, never a decided cell), no conclusion.
    pub nudge: String,
    /// Second reveal: the argument, still without the decided cells.
    pub reason: String,
    /// Third reveal: the whole step in one plain sentence, decided cells included.
    pub text: String,
    /// The argument, for drawing it.
    pub detail: Detail,
}

impl Step {
    /// Difficulty level, 1–13.
    pub fn level(&self) -> u8 {
        self.technique.level()
    }

    /// The text of one reveal: the nudge, the reason, or the whole step.
    pub fn reveal(&self, reveal: Reveal) -> &str {
        match reveal {
            Reveal::Nudge => &self.nudge,
            Reveal::Reason => &self.reason,
            Reveal::Answer => &self.text,
        }
    }
}

/// How much of a step a hint shows, smallest nudge first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub enum Reveal {
    /// Where to look: the units, no conclusion, no decided cell.
    Nudge,
    /// Why: the argument, still no decided cell.
    Reason,
    /// The whole step, with the cells it decides.
    #[default]
    Answer,
}

impl Reveal {
    /// All reveals, smallest first.
    pub const ALL: [Reveal; 3] = [Reveal::Nudge, Reveal::Reason, Reveal::Answer];

    /// The name used by `--reveal` and the JSON.
    pub fn name(self) -> &'static str {
        match self {
            Reveal::Nudge => "nudge",
            Reveal::Reason => "reason",
            Reveal::Answer => "answer",
        }
    }
}

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

/// How hard a puzzle is for a person.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Grade {
    /// Queen's reach, last cells and regions in one line suffice.
    Easy,
    /// Needs regions filling lines.
    Medium,
    /// Needs blocked-unit or counting steps (2×2 blocks, squeeze, counting, pressure).
    Hard,
    /// Needs a case split or what-if reasoning.
    Expert,
}

impl Grade {
    /// The grade's name in JSON and text.
    pub fn name(self) -> &'static str {
        match self {
            Grade::Easy => "easy",
            Grade::Medium => "medium",
            Grade::Hard => "hard",
            Grade::Expert => "expert",
        }
    }
}

/// The difficulty of a solve path.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Difficulty {
    /// The grade, from the hardest technique needed.
    pub grade: Grade,
    /// A finer score: the sum over steps of a weight that doubles with each level
    /// from level 2 on (level 1 steps are free), rounded to 0.1.
    pub score: f64,
    /// The hardest technique used, if any step was needed.
    pub hardest: Option<Technique>,
}

/// The grade of a path whose hardest step is `t` (the generator steers by it).
pub fn grade_of(t: Technique) -> Grade {
    match t {
        Technique::Reach | Technique::LastCell | Technique::OneLine => Grade::Easy,
        Technique::Fill => Grade::Medium,
        Technique::Blocked | Technique::Tiling | Technique::Squeeze | Technique::Counting | Technique::Pressured => {
            Grade::Hard
        }
        Technique::LineCases | Technique::WhatIf | Technique::DeepCases | Technique::DeepWhatIf => Grade::Expert,
    }
}

/// The difficulty of a path (only meaningful for a path that solved the puzzle).
pub fn difficulty(steps: &[Step]) -> Difficulty {
    let hardest = steps.iter().map(|s| s.technique).max();
    let grade = grade_of(hardest.unwrap_or(Technique::Reach));
    let score: f64 = steps.iter().map(|s| if s.level() == 1 { 0.0 } else { f64::from(1u32 << (s.level() - 2)) }).sum();
    Difficulty { grade, score: (score * 10.0).round() / 10.0, hardest }
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
    pub fn with_deadline(mut self, deadline: Deadline) -> Self {
        self.geo.deadline = deadline;
        self
    }

    /// The puzzle's geometry.
    pub fn geometry(&self) -> &Geometry {
        &self.geo
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

    /// The next step from `board`, cheapest technique first; `None` when the board
    /// is complete, breaks a rule, or no technique (within its budget) decides a cell.
    pub fn next_step(&self, board: &Board) -> Option<Step> {
        let budget = &mut Budget::new(&self.geo, HINT_STEP);
        self.next_step_within(board, budget, &mut Starts::default())
    }

    /// [`Self::next_step`], with case splits and what-ifs spending from `budget`,
    /// and what the case splits on the way to `board` learned in `starts`.
    fn next_step_within(&self, board: &Board, budget: &mut Budget, starts: &mut Starts) -> Option<Step> {
        if board.is_complete() || self.geo.contradiction(board).is_some() {
            return None;
        }
        let g = &self.geo;
        let found = techniques::simple(g, board, Technique::Pressured)
            .or_else(|| counting::cases(g, board, budget, starts, false)?.ok())
            .or_else(|| techniques::what_if(g, board, 0, budget)?.ok())
            // With one queen per unit a way is one cell, and a case split with
            // what-ifs inside is a what-if with what-ifs inside (13): for Queens,
            // that is the last resort, as it always was.
            .or_else(|| if g.k > 1 { counting::cases(g, board, budget, starts, true)?.ok() } else { None })
            .or_else(|| (1..=MAX_DEPTH).find_map(|depth| techniques::what_if(g, board, depth, budget)?.ok()))?;
        Some(self.step(found, board))
    }

    /// The step for `found` on `board`. A step that places queens brings their
    /// reach along: the cells those queens rule out (touching cells, and the rest of
    /// every unit they fill) are decided in the same step, so a queen's reach is
    /// never a step of its own after a queen was placed.
    fn step(&self, found: Found, board: &Board) -> Step {
        let g = &self.geo;
        let mut after = board.clone();
        techniques::apply(&mut after, &found);
        let placed: Vec<usize> = found.decided.iter().filter(|d| d.1 == CellState::Queen).map(|d| d.0).collect();
        let (mut ruled, mut out) = (Vec::new(), Vec::new());
        for &q in &placed {
            g.reach(&after, q, &mut out);
            ruled.extend_from_slice(&out);
        }
        ruled.sort_unstable();
        ruled.dedup();
        let mut text = words::describe(g, &self.names, &found);
        let nudge = words::nudge(g, &self.names, &found);
        let mut reason = words::reason(g, &self.names, &found);
        if !ruled.is_empty() {
            text = format!("{text} {}", words::reach_of_placed(g, &self.names, &after, &placed, ruled.len()));
            reason = format!("{reason} {}", words::reach_reason(g, placed.len()));
        }
        let mut uses = Uses::default();
        match &found.detail {
            Detail::Reach { queen, full } => {
                uses.cells.push(g.cell(*queen));
                full.iter().for_each(|&u| add_unit(u, &mut uses));
            }
            Detail::LastCell { unit } | Detail::Blocked { unit } => {
                add_unit(*unit, &mut uses);
                uses.cells.extend(found.decided.iter().map(|&(i, _)| g.cell(i)));
            }
            Detail::OneLine { inside, line } => {
                add_unit(*inside, &mut uses);
                add_unit(*line, &mut uses);
            }
            Detail::Fill { inside, lines } => {
                inside.iter().chain(lines).for_each(|&u| add_unit(u, &mut uses));
            }
            Detail::WhatIf { cell, runs_out, .. } => {
                uses.cells.push(g.cell(*cell));
                add_unit(*runs_out, &mut uses);
            }
            other => counting::uses(g, other, &mut uses),
        }
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
            nudge,
            reason,
            text,
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
        let mut starts = Starts::default();
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
    pub fn deduce(&self, start: Board) -> Board {
        let mut board = start;
        let mut budget = Budget::new(&self.geo, PRESOLVE_BUDGET);
        while self.geo.contradiction(&board).is_none() && !self.geo.deadline.passed() {
            match techniques::simple(&self.geo, &board, Technique::Pressured) {
                Some(f) => techniques::apply(&mut board, &f),
                // Stuck: one sweep of what-if probing, then the cheap steps again.
                None if !board.is_complete()
                    && techniques::probe(&self.geo, &mut board, 0, Technique::Blocked, &mut budget) > 0 => {}
                None => break,
            }
        }
        board
    }
}
