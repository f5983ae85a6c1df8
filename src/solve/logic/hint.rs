//! A hint for a player's board: their mistakes first, then the next step.
//!
//! The player's marks are checked against the unique solution (which the MILP
//! proved): a queen off it or an X on it is a mistake. Queens that break a rule
//! outright (two in a line or region, or touching) are named as clashes. Only a
//! board without mistakes gets a next step, found by the engine from the marks the
//! player has, and checked against the solution before it is shown.

use super::board::{Board, CellState};
use super::words::{cell_name, sentence};
use super::{Engine, Step};
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
    /// What to do first, in one sentence: fix a mistake, or the next step's sentence,
    /// or that the board is solved.
    pub text: String,
    /// The next step, when there are no mistakes and the board is not finished.
    pub step: Option<Step>,
    /// Cells decided by the steps taken before this one (see [`hint_after`]).
    pub earlier: Vec<(Cell, CellState)>,
}

/// The hint for `marks` on the puzzle whose unique solution is `solution`.
pub fn hint(engine: &Engine, regions: &Regions, solution: &Placement, marks: &Marks) -> Hint {
    hint_after(engine, regions, solution, marks, 0)
}

/// [`hint`] after `skip` steps taken from the player's board (mistakes still come
/// first: with a mistake on the board no step is taken).
pub fn hint_after(engine: &Engine, regions: &Regions, solution: &Placement, marks: &Marks, skip: usize) -> Hint {
    let g = engine.geometry();
    let piece = if g.stars() > 1 { "star" } else { "crown" };
    let mut mistakes = Vec::new();
    for i in 0..g.n() * g.n() {
        let cell = g.cell(i);
        match (marks.get(cell), solution.contains(cell)) {
            (Mark::Queen, false) | (Mark::Cross, true) => mistakes.push(Mistake { cell, mark: marks.get(cell) }),
            _ => {}
        }
    }
    let clashes = clashes(regions, g.stars(), &marks.queens());
    let mut text = String::new();
    if let Some(c) = clashes.first() {
        text = format!("The {piece}s on {} and {} {}: ", cell_name(c.a), cell_name(c.b), c.how);
    }
    if let Some(m) = mistakes.first() {
        let fix = match m.mark {
            Mark::Queen => format!("the {piece} on {} is not part of the solution: remove it.", cell_name(m.cell)),
            _ => format!("the X on {} is wrong: remove it.", cell_name(m.cell)),
        };
        text.push_str(&fix);
        let text = sentence(text);
        return Hint { mistakes, clashes, solved: false, text, step: None, earlier: Vec::new() };
    }
    let mut board = engine.board_from_marks(marks);
    if solution.cells().iter().all(|&c| marks.get(c) == Mark::Queen) {
        let text = "The board is solved.".into();
        return Hint { mistakes, clashes, solved: true, text, step: None, earlier: Vec::new() };
    }
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
        let text = "That was the last step: every cell is decided.".into();
        return Hint { mistakes, clashes, solved: false, text, step: None, earlier };
    }
    let step = engine.next_step(&board).filter(|s| agrees(s, solution, &board, engine));
    let text = match &step {
        Some(s) => s.text.clone(),
        None => "No explained step is available for this board.".into(),
    };
    Hint { mistakes, clashes, solved: false, text, step, earlier }
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
