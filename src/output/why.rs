//! What `queens why` prints as JSON: the answer about one cell, as far as the
//! reveal asked for goes (its steps in the schema of `explain --json`'s).

use serde::Serialize;

use crate::output::explain::{StepJson, UsesJson};
use crate::output::report::{cell_pairs, ErrorJson};
use crate::pipeline::Outcome;
use crate::puzzle::{Cell, Regions};
use crate::solve::logic::why::Why;
use crate::solve::logic::{CellState, Reveal};

/// One `queens why --json` record.
#[derive(Debug, Serialize)]
pub(crate) struct WhyJson<'a> {
    /// The input as named.
    pub input: &'a str,
    /// True when the puzzle was solved (unique, checked) and the cell answered.
    pub ok: bool,
    /// Board side.
    pub n: Option<usize>,
    /// Stars per unit.
    pub stars: usize,
    /// The cell asked about, `[row, col]` 0-based.
    pub cell: [usize; 2],
    /// How much of the answer the record carries: `nudge`, `reason` or `answer`.
    pub reveal: &'static str,
    /// First reveal: where to look.
    pub nudge: Option<String>,
    /// Second reveal: the argument (null below it).
    pub reason: Option<String>,
    /// The whole answer (null below it).
    pub text: Option<String>,
    /// What the cell is, `queen` or `empty`, at the answer; null before it, or
    /// when no chain decides it within the search.
    pub state: Option<&'static str>,
    /// At the answer: true when the cell holds one of the player's marks that is
    /// wrong (the answer is then the mistake's fix).
    pub mistake: Option<bool>,
    /// At the answer: the steps from the player's board, the last deciding the cell.
    pub steps: Vec<StepJson>,
    /// What the nudge points at: units, and cells the steps do not decide. For a
    /// mark that is wrong, what its hint outlines at that reveal: at the answer,
    /// where its proof breaks (the unit left without room, or two stars that
    /// would touch), as the terminal and the picture outline it.
    pub look: UsesJson,
    /// Blank cells the player's right crowns rule out, taken as known by the
    /// answer; for a mark that is wrong, at the answer only, the cells its proof
    /// rules out in the unit it leaves without room (as `hint --json`'s `implied`).
    pub implied: Vec<[usize; 2]>,
    /// The picture written, if any.
    pub output: Option<String>,
    /// Why it failed.
    pub error: Option<ErrorJson>,
}

impl<'a> WhyJson<'a> {
    /// The record of `outcome` and the answer `why` about `cell`, as far as `reveal`.
    pub fn new(input: &'a str, outcome: &'a Outcome, (cell, why): (Cell, Option<&Why>), reveal: Reveal) -> Self {
        let answer = reveal == Reveal::Answer;
        let stars = outcome.k;
        WhyJson {
            input,
            ok: outcome.result.is_ok() && why.is_some(),
            n: outcome.regions.as_ref().map(Regions::n),
            stars,
            cell: [cell.row, cell.col],
            reveal: reveal.name(),
            nudge: why.map(|w| w.reveals.nudge.clone()),
            reason: why.filter(|_| reveal >= Reveal::Reason).map(|w| w.reveals.reason.clone()),
            text: why.filter(|_| answer).map(|w| w.reveals.text.clone()),
            state: why.filter(|_| answer).and_then(|w| w.state).map(|s| match s {
                CellState::Queen => "queen",
                _ => "empty",
            }),
            mistake: why.filter(|_| answer).map(|w| w.mistake.is_some()),
            steps: why.filter(|_| answer).map(|w| w.steps.iter().map(StepJson::new).collect()).unwrap_or_default(),
            look: why
                .map(|w| match &w.mistake {
                    Some(h) => UsesJson::new(&h.shown(reveal)),
                    None => UsesJson::new(&w.look),
                })
                .unwrap_or_default(),
            implied: why
                .map(|w| match &w.mistake {
                    Some(h) if answer => cell_pairs(&h.implied),
                    Some(_) => Vec::new(),
                    None => cell_pairs(&w.implied),
                })
                .unwrap_or_default(),
            output: None,
            error: outcome.result.as_ref().err().map(ErrorJson::from_error),
        }
    }
}
