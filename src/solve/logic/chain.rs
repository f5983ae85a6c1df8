//! The chain of steps from a board that decides one cell, as short as the engine
//! can make it, each step found and worded as any step is: what "why?" about a
//! cell shows, and what shows a wrong X to cover a queen.
//!
//! At each board the chain takes a cheap step (techniques 1–9) that decides the
//! cell, when one does; otherwise a step that reaches into the cell's row, column
//! or region, or the engine's next step. Two such chains are tried (preferring
//! steps near the cell, and the engine's order) beside the engine's own path to
//! the cell, and the shortest that is no longer and no harder than that path is
//! kept: a chain is never longer, and never uses a harder technique, than the
//! steps a hint would take to the cell. Every step is a sound deduction from the
//! board before it. Each chain keeps only the steps its last one needs
//! (`needed`, the backward slice a mistake's refutation is cut down with too).

use super::board::{Board, CellState, Geometry};
use super::engine::Engine;
use super::step::{Found, Step, Uses};
use super::techniques::every_cheap;
use crate::puzzle::Cell;

/// Most steps a chain takes before it gives up (a board's cells bound any path).
const MAX_CHAIN: usize = 2 * 40 * 40;

/// The steps from a board that decide one cell.
#[derive(Debug, Clone)]
pub struct Chain {
    /// The cell asked about.
    pub cell: Cell,
    /// What the board already says of it, before any step (a mark, or a cell a
    /// mark rules out once its reach is taken).
    pub known: Option<CellState>,
    /// The steps from the board, the last of which decides the cell (none when the
    /// board already decides it, or when no step is found).
    pub steps: Vec<Step>,
    /// What the steps decide the cell is; `None` when the engine stopped first.
    pub decided: Option<CellState>,
}

impl Chain {
    /// What the cell is, as far as the chain knows.
    pub fn state(&self) -> Option<CellState> {
        self.known.or(self.decided)
    }
}

/// The chain of steps from `start` that decides `cell` (see the module's doc).
pub fn deciding(engine: &Engine, start: &Board, cell: Cell) -> Chain {
    let g = engine.geometry();
    let target = g.at(cell);
    let known = (start.get(target) != CellState::Unknown).then(|| start.get(target));
    if known.is_some() {
        return Chain { cell, known, steps: Vec::new(), decided: None };
    }
    let [near, plain, path] = [Pick::Near, Pick::Cheap, Pick::Engine].map(|pick| {
        let (steps, decided) = walk(engine, start, target, pick);
        match decided {
            Some(state) => (only_needed(engine, start, (target, state), steps), decided),
            None => (steps, None),
        }
    });
    let hardest = |steps: &[Step]| steps.iter().map(Step::level).max().unwrap_or(0);
    let (steps, decided) = match &path.1 {
        // No longer and no harder than the engine's path, which is one of them.
        Some(_) => [near, plain]
            .into_iter()
            .filter(|w| w.1.is_some() && w.0.len() <= path.0.len() && hardest(&w.0) <= hardest(&path.0))
            .min_by_key(|w| w.0.len())
            .unwrap_or(path),
        None => match (&near.1, &plain.1) {
            (Some(_), Some(_)) if near.0.len() <= plain.0.len() => near,
            (Some(_), None) => near,
            _ => plain,
        },
    };
    Chain { cell, known: None, steps, decided }
}

/// `steps`, the last of which decides cell `target` as `state`, without the ones the
/// last does not need ([`needed`], from the cells the last step reads). A chain
/// that follows cheap steps to a cell far from where it started (a big Star Battle
/// board's chains did, 20 steps and more, most about other regions) is then only
/// those steps, each found again with the same argument on the board before it
/// ([`found_again`]), so each is still a deduction of the engine; when one is not
/// found (a step beyond techniques 1–9, which are not looked for again), `steps`
/// as they were.
fn only_needed(engine: &Engine, start: &Board, (target, state): (usize, CellState), steps: Vec<Step>) -> Vec<Step> {
    let g = engine.geometry();
    let Some((last, before)) = steps.split_last() else { return steps };
    let mut kept = needed(g, before, &last.uses);
    if kept.len() == before.len() {
        return steps;
    }
    kept.push(last);
    let mut board = start.clone();
    let mut again = Vec::with_capacity(kept.len());
    for was in kept {
        let Some(found) = found_again(g, &board, was) else { return steps };
        let step = engine.step(found, &board);
        for &(c, s) in &step.decided {
            board.set(g.at(c), s);
        }
        again.push(step);
        if board.get(target) != CellState::Unknown {
            break;
        }
    }
    // Decided as the chain decided it (each step is sound, so it cannot differ).
    if board.get(target) != state {
        return steps;
    }
    again
}

/// The steps of `steps`, in order, that what `end` reads needs: going back from
/// the last, a step that decides a cell read is kept, and the cells it reads (its
/// rows, columns, regions and cells) are read from then on. What a chain (from
/// its last step) or a refutation (from where it breaks) slices itself down to.
pub(crate) fn needed<'a>(g: &Geometry, steps: &'a [Step], end: &Uses) -> Vec<&'a Step> {
    let mut read = vec![false; g.n() * g.n()];
    end.board_cells(g).into_iter().for_each(|i| read[i] = true);
    let mut kept = Vec::new();
    for step in steps.iter().rev() {
        if step.decided.iter().any(|&(c, _)| read[g.at(c)]) {
            step.uses.board_cells(g).into_iter().for_each(|i| read[i] = true);
            kept.push(step);
        }
    }
    kept.reverse();
    kept
}

/// The deduction of step `was` (techniques 1–9) found again with the same argument
/// on board `b`, when it holds there.
pub(crate) fn found_again(g: &Geometry, b: &Board, was: &Step) -> Option<Found> {
    every_cheap(g, b).find(|f| f.technique == was.technique && f.detail == was.detail)
}

/// How a chain picks its next step.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Pick {
    /// A cheap step that decides the cell, else one that decides a cell of one of
    /// its units, else the engine's next step.
    Near,
    /// A cheap step that decides the cell, else the engine's next step.
    Cheap,
    /// The engine's next step: the path a hint takes.
    Engine,
}

/// One chain from `start` to cell `target`, its steps picked as `pick` says.
fn walk(engine: &Engine, start: &Board, target: usize, pick: Pick) -> (Vec<Step>, Option<CellState>) {
    let g = engine.geometry();
    let mut board = start.clone();
    let mut steps = Vec::new();
    while steps.len() < MAX_CHAIN && !g.deadline.passed() {
        if board.get(target) != CellState::Unknown {
            return (steps, Some(board.get(target)));
        }
        let cheap: Vec<Found> = if pick == Pick::Engine { Vec::new() } else { every_cheap(g, &board).collect() };
        let found = cheap
            .iter()
            .find(|f| f.decided.iter().any(|d| d.0 == target))
            .or_else(|| if pick == Pick::Near { cheap.iter().find(|f| reaches_into(g, f, target)) } else { None })
            .cloned();
        let step = match found {
            Some(f) => engine.step(f, &board),
            None => match engine.next_step(&board) {
                Some(step) => step,
                None => break,
            },
        };
        for &(c, s) in &step.decided {
            board.set(g.at(c), s);
        }
        steps.push(step);
    }
    (steps, None)
}

/// True when `found` decides a cell that shares a row, column or region with `target`.
fn reaches_into(g: &Geometry, found: &Found, target: usize) -> bool {
    let own = g.cell_units[target];
    found.decided.iter().any(|&(i, _)| g.cell_units[i].iter().zip(own).any(|(&a, b)| a == b))
}
