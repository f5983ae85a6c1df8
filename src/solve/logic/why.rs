//! "Why can't a queen go here?" / "Why must it go there?" about any cell of a
//! player's board, in the same three reveals as a hint.
//!
//! The answer is the chain of steps from the player's correct marks that decides
//! the cell ([`super::chain::deciding`]): for a blank cell, what decides it; for a
//! mark that is right, why it is right (the chain from the board without it); for
//! a mark that is wrong, the mistake it is, fixed and explained as a hint fixes it.

use super::board::{Board, CellState};
use super::chain::deciding;
use super::engine::Engine;
use super::hint::Mistake;
use super::hint::{fix_of, Hint};
use super::mistakes::{mark_word, mistakes};
use super::step::{add_unit, Reveals, Step, Uses};
use super::words::{lower_first, numbered, piece, sentence};
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
    /// Blank cells the player's right crowns rule out, taken as known as for a
    /// hint ([`Hint::implied`]); empty when the cell is a mistake.
    pub implied: Vec<Cell>,
}

impl Why {
    /// This answer as a hint, for the places that show hints (the terminal board,
    /// the hint picture): its reveals, what the nudge points at, and the step that
    /// decides the cell, with the cells the earlier steps decided inside that
    /// step's units as [`Hint::earlier`] at the answer (what the last step needs
    /// of them; the rest of a long chain would crowd the board), and nothing
    /// decided before it.
    pub(crate) fn to_hint(&self, regions: &Regions, reveal: super::Reveal) -> Hint {
        if let Some(h) = &self.mistake {
            return h.clone();
        }
        let (step, earlier) = match self.steps.split_last() {
            Some((last, before)) => {
                let mut step = last.clone();
                step.reveals = self.reveals.clone();
                let inside = |c: &Cell| last.uses.covers(*c, regions);
                let mut earlier: Vec<(Cell, CellState)> = before
                    .iter()
                    .flat_map(|s| s.decided.iter().copied())
                    .filter(|(c, _)| inside(c) && reveal == super::Reveal::Answer)
                    .collect();
                earlier.sort();
                earlier.dedup();
                (Some(step), earlier)
            }
            None => (None, Vec::new()),
        };
        Hint {
            mistakes: Vec::new(),
            clashes: Vec::new(),
            solved: false,
            reveals: self.reveals.clone(),
            look: self.look.clone(),
            step,
            fix: None,
            proof: None,
            earlier,
            implied: self.implied.clone(),
            stopped: None,
        }
    }
}

/// Why `cell` is what it is on the player's board `marks`, for the puzzle whose
/// unique solution is `solution`.
pub fn why(engine: &Engine, regions: &Regions, solution: &Placement, marks: &Marks, cell: Cell) -> Why {
    let g = engine.geometry();
    let wrong = mistakes(solution, marks);
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
            implied: Vec::new(),
        };
    }
    // From the marks that are right (a wrong one elsewhere proves nothing), with
    // the cell asked about left blank, so that a right mark is shown right too;
    // what their crowns rule out is given, as for a hint.
    let mut correct = marks.clone();
    wrong.iter().chain([&Mistake { cell, mark: Mark::Blank }]).for_each(|m| correct.set(m.cell, Mark::Blank));
    let crowns = engine.board_from_marks(&correct);
    let mut board = crowns.clone();
    let implied = engine.take_reach(&mut board);
    let name = cell.name();
    let is = |s: CellState| match s {
        CellState::Queen => format!("holds a {}", piece(g, false)),
        _ => "is empty".to_string(),
    };
    let mine = match marks.get(cell) {
        mark @ (Mark::Queen | Mark::Cross) => Some(format!("Your {} on {name} is right.", mark_word(g.stars(), mark))),
        Mark::Blank => None,
    };
    let elsewhere = if wrong.is_empty() {
        ""
    } else {
        " Something else on your board is wrong: this answer leaves it out (a hint names it)."
    };
    if board.get(g.at(cell)) != CellState::Unknown {
        let (nudge, reason, text, look) = ruled_out(engine, &crowns, cell);
        let answer = mine.map_or(text.clone(), |m| format!("{m} {text}"));
        return Why {
            cell,
            state: Some(CellState::Empty),
            steps: Vec::new(),
            mistake: None,
            reveals: Reveals { nudge: nudge + elsewhere, reason: reason + elsewhere, text: answer + elsewhere },
            look,
            implied,
        };
    }
    let found = deciding(engine, &board, cell);
    // The conclusion, unless the last step's own sentence already names the cell.
    let so = |last: &Step, s: CellState| {
        if last.reveals.text.contains(&name) {
            String::new()
        } else {
            format!(" So {name} {}.", is(s))
        }
    };
    let mut look = found.steps.first().map(|s| s.uses.clone()).unwrap_or_default();
    if let Some(first) = found.steps.first() {
        look.cells.retain(|c| !first.decided.iter().any(|d| d.0 == *c));
    }
    let (nudge, reason, text) = match (found.decided, found.steps.as_slice()) {
        (Some(s), [one]) => {
            (one.reveals.nudge.clone(), one.reveals.reason.clone(), format!("{}{}", one.reveals.text, so(one, s)))
        }
        (Some(s), steps) => {
            let n = steps.len();
            // One step a line: the terminal numbers them, the picture's banner and
            // the page list them, each where the last one ends.
            (
                format!("It takes {n} steps from your board. The first: {}", lower_first(&steps[0].reveals.nudge)),
                format!(
                    "It takes {n} steps from your board.\n{}",
                    numbered(steps.iter().map(|s| s.reveals.reason.as_str()))
                ),
                format!(
                    "It takes {n} steps from your board.\n{}{}",
                    numbered(steps.iter().map(|s| s.reveals.text.as_str())),
                    so(&steps[n - 1], s).replacen(' ', "\n", 1)
                ),
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
        implied,
    }
}

/// The answer for `cell` when one of the player's crowns on `crowns` already rules
/// it out: its nudge (the unit they share, or the crown's neighbours), reason,
/// text and what the nudge points at.
fn ruled_out(engine: &Engine, crowns: &Board, cell: Cell) -> (String, String, String, Uses) {
    let g = engine.geometry();
    let target = g.at(cell);
    let mut out = Vec::new();
    let q = crowns
        .queens()
        .find(|&q| {
            g.reach(crowns, q, &mut out);
            out.contains(&target)
        })
        .map(|q| g.cell(q))
        .expect("a crown rules the cell out");
    let mut look = Uses::default();
    let (p, many) = (piece(g, false), piece(g, true));
    let touch = q.row.abs_diff(cell.row) <= 1 && q.col.abs_diff(cell.col) <= 1;
    // The unit the crown fills that holds the cell, if any (else they touch).
    let shared = g.cell_units[g.at(q)]
        .iter()
        .find(|&&u| g.units[u].contains(&target) && g.tally(crowns, u).queens >= g.stars())
        .map(|&u| g.unit(u));
    let (place, how) = match shared {
        Some(u) if !touch || g.stars() == 1 => {
            add_unit(u, &mut look);
            let unit = engine.names().unit(u);
            let how = if g.stars() == 1 {
                format!("{unit} holds only one {p}")
            } else {
                format!("{unit} already has its {} {many}", g.stars())
            };
            (unit, how)
        }
        _ => {
            look.cells.push(q);
            (format!("the cells around your {p} on {}", q.name()), format!("no two {many} may touch"))
        }
    };
    let own = mark_word(g.stars(), Mark::Queen);
    (
        format!("Look at {place}."),
        format!("A {p} rules out the cells touching it, and the rest of every row, column and region it fills."),
        format!("Your {own} on {} rules out {}: {how}. So {} is empty.", q.name(), cell.name(), cell.name()),
        look,
    )
}
