//! Techniques 11 and 13, what-ifs: a star on a cell leads, followed through by
//! techniques 1–5, to a unit without room, so the cell is empty (11); with
//! what-ifs nested inside the case, the last resort (13).

use super::budget::Budget;
use super::propagate::propagate;
use crate::solve::logic::board::{Board, CellState, Geometry, Unit};
use crate::solve::logic::family::{Cost, Family, Work};
use crate::solve::logic::step::{Detail, Found, Grade, Reveals, Technique};
use crate::solve::logic::words::{cell, piece, Names};

/// Deepest nesting of what-ifs tried (technique 13 is depth 1 and beyond).
const MAX_DEPTH: usize = 3;

/// Technique 11, the what-if.
pub(crate) struct WhatIf;

impl Family for WhatIf {
    fn technique(&self) -> Technique {
        Technique::WhatIf
    }

    fn id(&self) -> &'static str {
        "what-if"
    }

    fn name(&self) -> &'static str {
        "what if"
    }

    fn grade(&self) -> Grade {
        Grade::Expert
    }

    fn cost(&self) -> Cost {
        Cost::Trial
    }

    fn find(&self, g: &Geometry, b: &Board, work: Option<&mut Work<'_>>) -> Option<Found> {
        what_if(g, b, 0, work?.budget)?.ok()
    }

    fn say(&self, g: &Geometry, names: &Names, found: &Found) -> Option<Reveals> {
        let Detail::WhatIf { cell, runs_out, depth } = &found.detail else { return None };
        Some(say_what_if(g, names, *cell, *runs_out, *depth))
    }
}

/// Technique 13, what-ifs nested inside the case, up to [`MAX_DEPTH`] deep.
pub(crate) struct DeepWhatIf;

impl Family for DeepWhatIf {
    fn technique(&self) -> Technique {
        Technique::DeepWhatIf
    }

    fn id(&self) -> &'static str {
        "deep-what-if"
    }

    fn name(&self) -> &'static str {
        "deeper what if"
    }

    fn grade(&self) -> Grade {
        Grade::Expert
    }

    fn cost(&self) -> Cost {
        Cost::Trial
    }

    fn find(&self, g: &Geometry, b: &Board, work: Option<&mut Work<'_>>) -> Option<Found> {
        let work = work?;
        (1..=MAX_DEPTH).find_map(|depth| what_if(g, b, depth, work.budget)?.ok())
    }

    fn say(&self, g: &Geometry, names: &Names, found: &Found) -> Option<Reveals> {
        let Detail::WhatIf { cell, runs_out, depth } = &found.detail else { return None };
        Some(say_what_if(g, names, *cell, *runs_out, *depth))
    }
}

/// 11 (depth 0) and 13 (depth ≥ 1): the first unknown cell whose queen leads, by
/// techniques 1–5 (and nested what-ifs to `depth`), to a unit without room.
/// `Some(Err(()))` when the budget ran out. (The what-ifs inside a case of
/// technique 12 are [`super::propagate::probe`]'s, which follow what the case does.)
pub(crate) fn what_if(g: &Geometry, b: &Board, depth: usize, budget: &mut Budget) -> Option<Result<Found, ()>> {
    for c in 0..g.n * g.n {
        if b.cells[c] != CellState::Unknown {
            continue;
        }
        let mut trial = b.clone();
        trial.cells[c] = CellState::Queen;
        match propagate(g, &mut trial, depth, Technique::Blocked, budget, None) {
            Err(unit) => {
                let technique = if depth == 0 { Technique::WhatIf } else { Technique::DeepWhatIf };
                return Some(Ok(Found {
                    technique,
                    decided: vec![(c, CellState::Empty)],
                    detail: Detail::WhatIf { cell: c, runs_out: unit, depth },
                }));
            }
            Ok(None) => return Some(Err(())),
            Ok(Some(())) => {}
        }
    }
    None
}

/// The words of a [`what_if`] step: a star on `tried` leaves `runs_out` without
/// room, with what-ifs nested `depth` deep inside the case.
pub(crate) fn say_what_if(g: &Geometry, names: &Names, tried: usize, runs_out: Unit, depth: usize) -> Reveals {
    let (one, u) = (piece(g, false), names.unit(runs_out));
    Reveals {
        nudge: format!("look at {u}, and the cells near it: could each of them hold a {one}?"),
        reason: if depth == 0 {
            format!(
                "try a {one} on a cell near {u} and follow the easy steps: {u} runs out of room, so that cell is empty"
            )
        } else {
            format!("try a {one} on a cell near {u}; even with what-ifs inside that case, {u} runs out of room")
        },
        text: if depth == 0 {
            format!(
                "what if {} held a {one}? Following it through leaves {u} with no room for its {}, so that cell is empty",
                cell(g, tried),
                piece(g, g.k > 1)
            )
        } else {
            format!(
                "last resort: if {} held a {one}, then even after trying what-ifs inside that case {u} would run out of room, so that cell is empty",
                cell(g, tried)
            )
        },
    }
}
