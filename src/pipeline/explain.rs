//! The explanation of a solved puzzle: the deduction engine's path from the empty
//! board (worked out beside the exact solve when it can be), or from the player's
//! marks (their mistakes fixed first, then the steps the web page's Walk through
//! takes), always judged against the exact solver's solution.

use std::time::Instant;

use crate::puzzle::deadline::ms_since;
use crate::puzzle::marks::Marks;
use crate::puzzle::Regions;
use crate::solve::logic::{self, Board, CellState, Engine, Path};

use super::config::{Config, Timings};
use super::outcome::{Explanation, Outcome};
use super::player::{self, engine};

/// `config`, for the solve of a puzzle with the player's `marks`: no path from the
/// empty board is worked out beside it when the explanation starts from them.
pub(super) fn beside_of(config: &Config, marks: Option<&Marks>) -> Config {
    let mut config = config.clone();
    config.explain &= !(config.explain_from_marks && marks.is_some_and(|m| !m.is_blank()));
    config
}

/// An explanation worked out beside the exact solve: the engine, its path from
/// the empty board, and the milliseconds it took.
pub(crate) struct Beside {
    engine: Engine,
    path: Path,
    ms: f64,
}

/// The engine's path for `regions` with `k` stars, regions named by `colors`.
pub(super) fn explain_path(regions: &Regions, colors: Option<&[[u8; 3]]>, k: usize, config: &Config) -> Beside {
    let t = Instant::now();
    let engine = engine(regions, colors, k, config.letters).with_deadline(config.solve.deadline);
    let path = engine.explain_within(Board::new(regions.n()), config.explain_budget);
    Beside { engine, path, ms: ms_since(t) }
}

/// Explains a solved outcome when the config asks for it, taking the path worked out
/// beside the solve when there is one. The engine's board must agree with the
/// exact solver's solution cell for cell; if it ever does not, the steps are
/// withheld and the explanation is marked unavailable.
pub(super) fn explain_outcome(outcome: &mut Outcome, config: &Config, ms: &mut Timings, beside: Option<Beside>) {
    let (true, Some(regions), Ok(solution)) = (config.explain, &outcome.regions, &outcome.result) else { return };
    if config.explain_from_marks && outcome.marks.as_ref().is_some_and(|m| !m.is_blank()) {
        let t = Instant::now();
        let (engine, regions, solution, marks) = player::players_board(outcome, config).expect("a solved board");
        let w = logic::hint::walk(&engine, regions, solution, &marks);
        let difficulty = logic::difficulty(&w.steps);
        let players = Some(w.start);
        outcome.explained =
            Some(Explanation { solved_by_logic: w.complete, difficulty, steps: w.steps, unavailable: None, players });
        ms.explain = Some(ms_since(t));
        return;
    }
    let k = outcome.k;
    let Beside { engine, path, ms: took } = match beside {
        Some(b) if b.engine.geometry().stars() == k => b,
        _ => explain_path(regions, outcome.naming_colors(), k, config),
    };
    ms.explain = Some(took);
    if !path.solved && config.solve.deadline.passed() {
        // Cut short by the clock, not by the engine's own limits: the steps found
        // are sound but say nothing about how hard the puzzle is.
        outcome.explained = Some(Explanation {
            steps: Vec::new(),
            solved_by_logic: false,
            difficulty: logic::difficulty(&[]),
            players: None,
            unavailable: Some(format!(
                "the explanation is unavailable: it reached the time limit ({} s; try a larger --time-limit)",
                config.solve.time_limit.as_secs_f64()
            )),
        });
        return;
    }
    let sound = path
        .steps
        .iter()
        .flat_map(|s| &s.decided)
        .all(|&(cell, state)| (state == CellState::Queen) == solution.contains(cell));
    let matches = path.board.queens().map(|i| engine.geometry().cell(i)).eq(solution.cells().iter().copied());
    let difficulty = logic::difficulty(&path.steps);
    outcome.explained = Some(if sound && (!path.solved || matches) {
        Explanation { solved_by_logic: path.solved, difficulty, steps: path.steps, unavailable: None, players: None }
    } else {
        Explanation {
            steps: Vec::new(),
            solved_by_logic: false,
            difficulty,
            unavailable: Some("the explanation is unavailable: the deduction engine disagreed with the solver".into()),
            players: None,
        }
    });
}
