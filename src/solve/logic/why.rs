//! "Why can't a queen go here?" / "Why must it go there?" about any cell of a
//! player's board, in the same three reveals as a hint.
//!
//! The answer is the chain of steps from the player's correct marks that decides
//! the cell ([`super::chain::deciding`]): for a blank cell, what decides it; for a
//! mark that is right, why it is right (the chain from the board without it); for
//! a mark that is wrong, the mistake it is, fixed and explained as a hint fixes it.

use super::board::CellState;
use super::chain::deciding;
use super::engine::Engine;
use super::hint::{fix_of, Hint};
use super::mistakes::{board_of_correct_marks, mistakes};
use super::step::{Reveals, Step, Uses};
use super::words::{lower_first, piece, sentence};
use crate::puzzle::marks::{Mark, Marks};
use crate::puzzle::{Cell, Placement, Regions};

/// The answer to "why?" about one cell.
#[derive(Debug, Clone)]
pub struct Why {
    /// The cell asked about.
    pub cell: Cell,
    /// What the steps show the cell is; `None` when no chain was found within the
    /// hint's search.
    pub state: Option<CellState>,
    /// The steps from the player's board, the last of which decides the cell.
    pub steps: Vec<Step>,
    /// When the cell holds a mark that is wrong: the hint that fixes it (its three
    /// reveals are this answer's).
    pub mistake: Option<Hint>,
    /// What to say: where to look (with no conclusion about the cell), the
    /// argument (naming no cell it decides), and every step with what the cell is.
    pub reveals: Reveals,
    /// What the nudge points at: the first step's units and cells, never a cell
    /// it decides.
    pub look: Uses,
}

impl Why {
    /// This answer as a hint, for the places that show hints (the terminal board,
    /// the hint picture): its reveals, what the nudge points at, and one step that
    /// decides every cell the chain decides.
    pub fn to_hint(&self) -> Hint {
        if let Some(h) = &self.mistake {
            return h.clone();
        }
        let step = self.steps.last().map(|last| {
            let mut uses = Uses::default();
            let mut decided = Vec::new();
            for s in &self.steps {
                uses.cells.extend(&s.uses.cells);
                uses.rows.extend(&s.uses.rows);
                uses.cols.extend(&s.uses.cols);
                uses.regions.extend(&s.uses.regions);
                decided.extend(&s.decided);
            }
            for v in [&mut uses.rows, &mut uses.cols, &mut uses.regions] {
                v.sort_unstable();
                v.dedup();
            }
            uses.cells.sort();
            uses.cells.dedup();
            decided.sort();
            decided.dedup();
            Step {
                technique: last.technique,
                decided,
                uses,
                reveals: self.reveals.clone(),
                detail: last.detail.clone(),
            }
        });
        Hint {
            mistakes: Vec::new(),
            clashes: Vec::new(),
            solved: false,
            reveals: self.reveals.clone(),
            look: self.look.clone(),
            step,
            fix: None,
            proof: None,
            earlier: Vec::new(),
            implied: Vec::new(),
            stopped: None,
        }
    }
}

/// Why `cell` is what it is on the player's board `marks`, for the puzzle whose
/// unique solution is `solution`.
pub fn why(engine: &Engine, regions: &Regions, solution: &Placement, marks: &Marks, cell: Cell) -> Why {
    let g = engine.geometry();
    let wrong = mistakes(g, solution, marks);
    if let Some(&m) = wrong.iter().find(|m| m.cell == cell) {
        let h = fix_of(engine, regions, solution, marks, m);
        let steps = h.proof.as_ref().map(|p| p.steps().to_vec()).unwrap_or_default();
        return Why {
            cell,
            state: Some(if solution.contains(cell) { CellState::Queen } else { CellState::Empty }),
            steps,
            reveals: h.reveals.clone(),
            look: h.look.clone(),
            mistake: Some(h),
        };
    }
    // From the marks that are right (a wrong one elsewhere proves nothing), with
    // the cell asked about left blank, so that a right mark is shown right too.
    let mut board = board_of_correct_marks(engine, solution, marks);
    board.set(g.at(cell), CellState::Unknown);
    let found = deciding(engine, &board, cell);
    let name = cell.name();
    let is = |s: CellState| match s {
        CellState::Queen => format!("holds a {}", piece(g, false)),
        _ => "is empty".to_string(),
    };
    let mine = match marks.get(cell) {
        Mark::Queen => Some(format!("Your {} on {name} is right.", if g.stars() > 1 { "star" } else { "crown" })),
        Mark::Cross => Some(format!("Your X on {name} is right.")),
        Mark::Blank => None,
    };
    let elsewhere = if wrong.is_empty() {
        ""
    } else {
        " Something else on your board is wrong: this answer leaves it out (a hint names it)."
    };
    let mut look = found.steps.first().map(|s| s.uses.clone()).unwrap_or_default();
    if let Some(first) = found.steps.first() {
        look.cells.retain(|c| !first.decided.iter().any(|d| d.0 == *c));
    }
    let (nudge, reason, text) = match (found.decided, found.steps.as_slice()) {
        (Some(s), [one]) => (
            one.reveals.nudge.clone(),
            one.reveals.reason.clone(),
            format!("{} So {name} {}.", one.reveals.text, is(s)),
        ),
        (Some(s), steps) => {
            let n = steps.len();
            let reasons: Vec<String> =
                steps.iter().enumerate().map(|(k, s)| format!("{}. {}", k + 1, s.reveals.reason)).collect();
            let texts: Vec<String> =
                steps.iter().enumerate().map(|(k, s)| format!("{}. {}", k + 1, s.reveals.text)).collect();
            (
                format!("It takes {n} steps from your board. The first: {}", lower_first(&steps[0].reveals.nudge)),
                format!("It takes {n} steps from your board. {}", reasons.join(" ")),
                format!("{} So {name} {}.", texts.join(" "), is(s)),
            )
        }
        (None, []) => {
            let none = format!("No step from your board decides {name} within a hint's search.");
            (none.clone(), none.clone(), none)
        }
        (None, [first, ..]) => {
            let head =
                format!("No chain of steps from your board decides {name} within a hint's search. The next step");
            (
                format!("{head}: {}", lower_first(&first.reveals.nudge)),
                format!("{head}: {}", lower_first(&first.reveals.reason)),
                format!("{head}: {}", lower_first(&first.reveals.text)),
            )
        }
    };
    let answer = match &mine {
        Some(m) => format!("{m} {text}"),
        None => text,
    };
    Why {
        cell,
        state: found.decided,
        steps: found.steps,
        mistake: None,
        reveals: Reveals {
            nudge: sentence(nudge) + elsewhere,
            reason: sentence(reason) + elsewhere,
            text: sentence(answer) + elsewhere,
        },
        look,
    }
}
