//! A hint for a player's board: their mistakes first, then the next step.
//!
//! The player's marks are checked against the unique solution (which the MILP
//! proved): a queen off it or an X on it is a mistake. Queens that break a rule
//! outright (two in a line or region, or touching) are named as clashes. Only a
//! board without mistakes gets a next step, found by the engine from the marks the
//! player has, and checked against the solution before it is shown.

use super::board::{Board, CellState, Unit};
use super::engine::Engine;
use super::step::{add_unit, Reveal, Step, Uses};
use super::words::{sentence, units};
use crate::puzzle::marks::{Mark, Marks};
use crate::puzzle::{Cell, Placement, Regions};

/// A mark that contradicts the solution.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Mistake {
    /// The cell.
    pub cell: Cell,
    /// What the player put there (a queen off the solution, or an X on it).
    pub mark: Mark,
}

/// Two of the player's queens that break a rule together.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Clash {
    /// One queen.
    pub a: Cell,
    /// The other.
    pub b: Cell,
    /// How: "touch", "share a row", "share a column", "share a region".
    pub how: &'static str,
}

/// What to tell a player about their board.
#[derive(Debug, Clone)]
pub struct Hint {
    /// Marks that contradict the solution, row-major.
    pub mistakes: Vec<Mistake>,
    /// Pairs of the player's queens that break a rule, row-major.
    pub clashes: Vec<Clash>,
    /// The board is finished and right.
    pub solved: bool,
    /// First reveal: where to look (a unit or units), naming no cell to change.
    pub nudge: String,
    /// Second reveal: why, still naming no cell to change.
    pub reason: String,
    /// What to do first, in one sentence: fix a mistake, or the next step's sentence,
    /// or that the board is solved.
    pub text: String,
    /// What the nudge points at: the step's units and cells, or for a mistake the
    /// row, column or region to look in (never the mistaken cell itself).
    pub look: Uses,
    /// The next step, when there are no mistakes and the board is not finished.
    pub step: Option<Step>,
    /// Cells decided by the steps taken before this one (see [`hint_after`]).
    pub earlier: Vec<(Cell, CellState)>,
    /// Blank cells that the player's crowns already rule out (their rows, columns,
    /// full regions and touching cells), as the game's auto-X would cross them out.
    /// The hint takes them as known, so no step is spent on them. Row-major; empty
    /// when the board has a mistake (its crowns then prove nothing).
    pub implied: Vec<Cell>,
    /// Why there is no step although the board is not finished, when the search
    /// stopped before it found one: each place that shows the hint adds what its
    /// user can do about it (a command, a button).
    pub stopped: Option<Stopped>,
}

/// Why a hint's search stopped without a step.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stopped {
    /// The puzzle's time limit passed.
    Clock,
    /// The hint's bounded search ran out (`HINT_STEP`): the full explanation,
    /// with far more work, goes on.
    Search,
}

impl Stopped {
    /// What the hint says: no step, and why.
    pub fn sentence(self) -> &'static str {
        match self {
            Stopped::Clock => "No explained step was found within the time limit.",
            Stopped::Search => {
                "No explained step was found within a hint's search, which stops after a bounded amount of work."
            }
        }
    }
}

impl Hint {
    /// The text of one reveal: the nudge, the reason, or the whole hint.
    pub fn reveal(&self, reveal: Reveal) -> &str {
        match reveal {
            Reveal::Nudge => &self.nudge,
            Reveal::Reason => &self.reason,
            Reveal::Answer => &self.text,
        }
    }

    /// A hint that is the same at every reveal (solved, nothing to say).
    fn plain(mistakes: Vec<Mistake>, clashes: Vec<Clash>, text: &str, implied: Vec<Cell>) -> Self {
        Hint {
            mistakes,
            clashes,
            solved: false,
            nudge: text.into(),
            reason: text.into(),
            text: text.into(),
            look: Uses::default(),
            step: None,
            earlier: Vec::new(),
            implied,
            stopped: None,
        }
    }

    /// Adds `advice` to what the hint says (its three reveals), for a hint whose
    /// search stopped: what the user of one front end can do next.
    pub fn advise(&mut self, advice: &str) {
        for text in [&mut self.nudge, &mut self.reason, &mut self.text] {
            text.push(' ');
            text.push_str(advice);
        }
    }
}

/// The hint for `marks` on the puzzle whose unique solution is `solution`.
pub fn hint(engine: &Engine, regions: &Regions, solution: &Placement, marks: &Marks) -> Hint {
    hint_after(engine, regions, solution, marks, 0)
}

/// [`hint`] after `skip` steps taken from the player's board (mistakes still come
/// first: with a mistake on the board no step is taken).
///
/// The board the steps start from is the player's marks plus what their crowns
/// imply ([`Hint::implied`]), so a hint is never a queen's reach and never decides
/// a cell the crowns already rule out.
pub fn hint_after(engine: &Engine, regions: &Regions, solution: &Placement, marks: &Marks, skip: usize) -> Hint {
    let g = engine.geometry();
    let mut mistakes = Vec::new();
    for i in 0..g.n() * g.n() {
        let cell = g.cell(i);
        match (marks.get(cell), solution.contains(cell)) {
            (Mark::Queen, false) | (Mark::Cross, true) => mistakes.push(Mistake { cell, mark: marks.get(cell) }),
            _ => {}
        }
    }
    let clashes = clashes(regions, g.stars(), &marks.queens());
    if let Some(&first) = mistakes.first() {
        return fix(engine, regions, mistakes, clashes, first);
    }
    if solution.cells().iter().all(|&c| marks.get(c) == Mark::Queen) {
        let mut h = Hint::plain(mistakes, clashes, "The board is solved.", Vec::new());
        h.solved = true;
        return h;
    }
    let mut board = engine.board_from_marks(marks);
    let implied = implied(engine, &mut board);
    let mut earlier = Vec::new();
    for _ in 0..skip {
        match engine.next_step(&board).filter(|s| agrees(s, solution, &board, engine)) {
            Some(s) => {
                for &(cell, state) in &s.decided {
                    board.set(engine.geometry().at(cell), state);
                    earlier.push((cell, state));
                }
            }
            None => break,
        }
    }
    if board.is_complete() {
        let mut h = Hint::plain(mistakes, clashes, "That was the last step: every cell is decided.", implied);
        h.earlier = earlier;
        return h;
    }
    let Some(step) = engine.next_step(&board).filter(|s| agrees(s, solution, &board, engine)) else {
        let why = if g.deadline.passed() {
            // Cut short by the clock: say so, rather than that there is no step.
            Stopped::Clock
        } else {
            // The search behind a hint is bounded (`HINT_STEP`): a position whose next
            // step is a long case split (060 of the corpus, part way) gets none, where
            // the full explanation, with two hundred times the work, goes on.
            Stopped::Search
        };
        let mut h = Hint::plain(mistakes, clashes, why.sentence(), implied);
        h.earlier = earlier;
        h.stopped = Some(why);
        return h;
    };
    // The nudge shows where to look, never the answer: no decided cell.
    let mut look = step.uses.clone();
    look.cells.retain(|c| !step.decided.iter().any(|d| d.0 == *c));
    Hint {
        mistakes,
        clashes,
        solved: false,
        nudge: step.nudge.clone(),
        reason: step.reason.clone(),
        text: step.text.clone(),
        look,
        step: Some(step),
        earlier,
        implied,
        stopped: None,
    }
}

/// Rules out on `board` every blank cell a queen on it reaches (touching cells, and
/// the rest of each unit the queens fill), as the game's auto-X does; returns those
/// cells, row-major.
fn implied(engine: &Engine, board: &mut Board) -> Vec<Cell> {
    let g = engine.geometry();
    let mut out = Vec::new();
    let mut all = Vec::new();
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

/// The hint for a board with a mistake: fix the first one. The nudge says that
/// something is wrong and where to look (the clashing crowns' shared unit, or the
/// mistake's region, or its row when the region is larger than a row); the reason
/// says what kind of mark is wrong there; only the answer names the cell.
fn fix(engine: &Engine, regions: &Regions, mistakes: Vec<Mistake>, clashes: Vec<Clash>, m: Mistake) -> Hint {
    let g = engine.geometry();
    let names = &engine.names();
    let piece = if g.stars() > 1 { "star" } else { "crown" };
    let mut look = Uses::default();
    let (nudge, reason) = if let Some(c) = clashes.first() {
        let (unit, rule) = match c.how {
            "share a row" => (vec![Unit::Row(c.a.row)], "may hold only one".to_string()),
            "share a column" => (vec![Unit::Col(c.a.col)], "may hold only one".to_string()),
            "share a region" => (vec![Unit::Region(regions.label(c.a))], "may hold only one".to_string()),
            _ if c.a.row == c.b.row => (vec![Unit::Row(c.a.row)], String::new()),
            _ if c.a.col == c.b.col => (vec![Unit::Col(c.a.col)], String::new()),
            _ => (vec![Unit::Row(c.a.row), Unit::Row(c.b.row)], String::new()),
        };
        unit.iter().for_each(|&u| add_unit(u, &mut look));
        let place = units(names, &unit);
        let reason = if rule.is_empty() {
            format!("two {piece}s in {place} touch, and no two {piece}s may touch, not even diagonally")
        } else {
            format!("{place} has two {piece}s, and it {rule}")
        };
        (format!("two {piece}s break a rule: look at {place}"), reason)
    } else {
        let label = regions.label(m.cell);
        let unit = if g.units[g.index(Unit::Region(label))].len() <= g.n() {
            Unit::Region(label)
        } else {
            Unit::Row(m.cell.row)
        };
        add_unit(unit, &mut look);
        let place = names.unit(unit);
        let reason = match m.mark {
            Mark::Queen => {
                format!(
                    "a {piece} in {place} is not part of the solution: with it there, the puzzle cannot be finished"
                )
            }
            _ if g.stars() > 1 => format!("an X in {place} covers a cell where one of its stars belongs"),
            _ => format!("an X in {place} covers the cell where its queen belongs"),
        };
        (format!("something on the board is wrong: look at {place}"), reason)
    };
    let mut text = String::new();
    if let Some(c) = clashes.first() {
        text = format!("The {piece}s on {} and {} {}: ", c.a.name(), c.b.name(), c.how);
    }
    text.push_str(&match m.mark {
        Mark::Queen => format!("the {piece} on {} is not part of the solution: remove it.", m.cell.name()),
        _ => format!("the X on {} is wrong: remove it.", m.cell.name()),
    });
    Hint {
        mistakes,
        clashes,
        solved: false,
        nudge: sentence(nudge) + ".",
        reason: sentence(reason) + ".",
        text: sentence(text),
        look,
        step: None,
        earlier: Vec::new(),
        implied: Vec::new(),
        stopped: None,
    }
}

/// The release-build check: a step is shown only when every cell it decides agrees
/// with the solution and was unknown.
fn agrees(step: &Step, solution: &Placement, board: &Board, engine: &Engine) -> bool {
    step.decided.iter().all(|&(cell, s)| {
        board.get(engine.geometry().at(cell)) == CellState::Unknown
            && (s == CellState::Queen) == solution.contains(cell)
    })
}

/// Pairs of `queens` that break a rule together, row-major by first queen.
pub fn clashes(regions: &Regions, stars: usize, queens: &[Cell]) -> Vec<Clash> {
    let mut out = Vec::new();
    for (k, &a) in queens.iter().enumerate() {
        for &b in &queens[k + 1..] {
            let how = if a.row.abs_diff(b.row) <= 1 && a.col.abs_diff(b.col) <= 1 {
                "touch"
            } else if stars == 1 && a.row == b.row {
                "share a row"
            } else if stars == 1 && a.col == b.col {
                "share a column"
            } else if stars == 1 && regions.label(a) == regions.label(b) {
                "share a region"
            } else {
                continue;
            };
            out.push(Clash { a, b, how });
        }
    }
    out
}
