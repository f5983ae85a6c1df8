//! A player's mistakes: which mark to fix first, and why it is wrong, shown from
//! the player's own board where the engine can.
//!
//! The marks are checked against the unique solution (which the exact solver
//! proved): a queen off it or an X on it is a mistake. Two queens that break a rule
//! together are a clash, and the one to remove is the one off the solution. The
//! reason is found from the player's correct marks alone (never from a wrong one):
//! a wrong queen is refuted (with it there, a few steps leave some unit broken), a
//! wrong X is shown to cover a queen (the steps that force a queen there) or
//! refuted as a queen is, whichever says fewer steps.

use super::board::{Board, CellState, Geometry, Unit};
use super::chain::{deciding, found_again, needed};
use super::engine::Engine;
use super::step::{add_unit, Found, Step, Technique, Uses};
use super::techniques::{cheapest, every_cheap};
use super::words::{piece, Names};
use crate::puzzle::marks::{Mark, Marks};
use crate::puzzle::{Cell, Placement, Regions};

/// Most steps a refutation takes: a reason is worth showing only while it is short.
const MAX_REFUTATION: usize = 8;

/// Most steps a shortened refutation on a Star Battle board takes: its stars ask
/// more steps of any reason, and past this the reason is no clearer than the
/// solution itself.
const MAX_SHORTENED: usize = 12;

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

/// Why a mark is wrong, from the player's correct marks.
#[derive(Debug, Clone)]
pub enum Proof {
    /// A queen, or an X: with it there, `steps` lead to a board on which `broken`
    /// breaks a rule, said by `says`.
    Refuted {
        /// The steps taken with the mark on the board.
        steps: Vec<Step>,
        /// The unit that breaks a rule at the end.
        broken: Unit,
        /// How it breaks, naming that unit and no cell ("the green region would
        /// have no cell left for its queen").
        says: String,
        /// When the rule broken is that two queens touch: those two.
        touching: Option<(Cell, Cell)>,
    },
    /// An X: these steps, from the board without it, put a queen on its cell.
    Forced {
        /// The steps, the last of which places the queen.
        steps: Vec<Step>,
        /// With the X there, the unit that the steps before the last leave without
        /// room, and how (as `Refuted`'s `says`): the X is then refuted, never
        /// counted as a free cell. `None` when the last step is not what fills it.
        broken: Option<(Unit, String)>,
    },
}

impl Proof {
    /// The steps of the proof, in order.
    pub fn steps(&self) -> &[Step] {
        match self {
            Proof::Refuted { steps, .. } | Proof::Forced { steps, .. } => steps,
        }
    }

    /// How many of its steps the answer says before the rule breaks: all of a
    /// refutation's, a forcing chain's but its last when the X then leaves a unit
    /// without room (the last is what fills it), else all of them.
    pub fn said(&self) -> usize {
        match self {
            Proof::Forced { steps, broken: Some(_) } => steps.len() - 1,
            p => p.steps().len(),
        }
    }

    /// The blank cells of `marks` in the unit the proof leaves without room that
    /// are empty where it ends, with the wrong mark `m` on `start` (the board it
    /// was proved from, [`correct_board`]): "row 10 would have no cell left" then
    /// shows every cell of row 10 ruled out, which the player's board, with the
    /// cells their crowns rule out left blank, does not. Row-major; none when the
    /// proof ends on too many stars or on two that touch, where no cell is missing.
    pub(crate) fn emptied(&self, g: &Geometry, start: &Board, marks: &Marks, m: Mistake) -> Vec<Cell> {
        let unit = match self {
            Proof::Refuted { broken, touching: None, .. } => *broken,
            Proof::Forced { broken: Some((unit, _)), .. } => *unit,
            _ => return Vec::new(),
        };
        let mut end = start.clone();
        end.set(g.at(m.cell), if m.mark == Mark::Queen { CellState::Queen } else { CellState::Empty });
        for &(cell, state) in self.steps()[..self.said()].iter().flat_map(|s| &s.decided) {
            end.set(g.at(cell), state);
        }
        let u = g.index(unit);
        let t = g.tally(&end, u);
        if t.queens + t.unknown >= g.stars() {
            return Vec::new();
        }
        // A unit's cells are listed row-major.
        g.units[u]
            .iter()
            .filter(|&&i| end.get(i) == CellState::Empty)
            .map(|&i| g.cell(i))
            .filter(|&c| marks.get(c) == Mark::Blank)
            .collect()
    }

    /// Where the proof breaks: the unit it ends on (as a [`Uses`]), and the two
    /// queens that would touch. Empty when it ends on no broken unit.
    pub fn ends_on(&self) -> Uses {
        let mut uses = Uses::default();
        match self {
            Proof::Refuted { broken, touching, .. } => {
                add_unit(*broken, &mut uses);
                uses.cells.extend(touching.iter().flat_map(|&(a, b)| [a, b]));
            }
            Proof::Forced { broken: Some((unit, _)), .. } => add_unit(*unit, &mut uses),
            Proof::Forced { .. } => {}
        }
        uses
    }
}

/// The marks of `marks` that contradict `solution`, row-major
/// ([`crate::puzzle::marks::mistakes`], with what each mark is).
pub fn mistakes(solution: &Placement, marks: &Marks) -> Vec<Mistake> {
    crate::puzzle::marks::mistakes(marks, solution)
        .into_iter()
        .map(|cell| Mistake { cell, mark: marks.get(cell) })
        .collect()
}

/// What a player's `mark` is called in words: a crown and an X in Queens; in
/// Star Battle (`stars` above 1) a star and a no-star mark, since each site draws
/// that mark its own way (pzprjs a dot or a dash, penpa-edit an X, the page a dot).
pub fn mark_word(stars: usize, mark: Mark) -> &'static str {
    match (mark, stars > 1) {
        (Mark::Queen, false) => "crown",
        (Mark::Queen, true) => "star",
        (Mark::Cross, false) => "X",
        (Mark::Cross, true) => "no-star mark",
        (Mark::Blank, _) => "blank",
    }
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

/// How many of `mistakes` the player made themselves, as they would count them:
/// the X's around a wrong crown go with it when the game's auto-X put them there,
/// which shows as every blank cell the crown rules out (touching it, or for
/// Queens sharing its row, column or region) crossed out on `marks`.
pub fn placed(regions: &Regions, stars: usize, marks: &Marks, mistakes: &[Mistake]) -> usize {
    made(regions, stars, marks, mistakes).len()
}

/// The player's own marks that contradict `solution` ([`placed`]'s list): what
/// `solve` names and rings on a played board.
pub fn players_mistakes(regions: &Regions, stars: usize, marks: &Marks, solution: &Placement) -> Vec<Mistake> {
    made(regions, stars, marks, &mistakes(solution, marks))
}

/// Of `mistakes`, the ones the player made themselves ([`placed`]).
fn made(regions: &Regions, stars: usize, marks: &Marks, mistakes: &[Mistake]) -> Vec<Mistake> {
    let rules_out = |q: Cell, x: Cell| {
        let touch = q.row.abs_diff(x.row) <= 1 && q.col.abs_diff(x.col) <= 1;
        let shared = q.row == x.row || q.col == x.col || regions.label(q) == regions.label(x);
        x != q && (touch || (stars == 1 && shared))
    };
    let auto: Vec<Cell> = mistakes
        .iter()
        .filter(|m| m.mark == Mark::Queen)
        .map(|m| m.cell)
        .filter(|&q| regions.cells().all(|x| !rules_out(q, x) || marks.get(x) != Mark::Blank))
        .collect();
    mistakes.iter().filter(|m| m.mark == Mark::Queen || !auto.iter().any(|&q| rules_out(q, m.cell))).copied().collect()
}

/// The mistake to fix first, and the clash it belongs to: a queen of the first
/// clash that has one off the solution (a clash names the queen to remove, never
/// an X); else the first queen off the solution; else the first X on it. `None`
/// when there is no mistake.
pub(crate) fn first_to_fix(mistakes: &[Mistake], clashes: &[Clash]) -> Option<(Mistake, Option<Clash>)> {
    let wrong_queen = |cell: Cell| mistakes.iter().find(|m| m.cell == cell && m.mark == Mark::Queen).copied();
    for c in clashes {
        if let Some(m) = wrong_queen(c.a).or_else(|| wrong_queen(c.b)) {
            return Some((m, Some(*c)));
        }
    }
    let first = mistakes.iter().find(|m| m.mark == Mark::Queen).or_else(|| mistakes.first())?;
    Some((*first, None))
}

/// The board of the player's marks that agree with `solution` (the others left
/// blank), nothing else decided.
pub(crate) fn board_of_correct_marks(engine: &Engine, solution: &Placement, marks: &Marks) -> Board {
    let mut correct = marks.clone();
    for m in mistakes(solution, marks) {
        correct.set(m.cell, Mark::Blank);
    }
    engine.board_from_marks(&correct)
}

/// [`board_of_correct_marks`] with the cells their queens rule out taken as known.
pub(crate) fn correct_board(engine: &Engine, solution: &Placement, marks: &Marks) -> Board {
    let mut board = board_of_correct_marks(engine, solution, marks);
    engine.take_reach(&mut board);
    board
}

/// Why the mark `m` is wrong, from `board` (the player's correct marks,
/// [`correct_board`]): `None` when no short proof is found within the hint's
/// search.
pub fn prove(engine: &Engine, board: &Board, m: Mistake) -> Option<Proof> {
    let g = engine.geometry();
    let at = g.at(m.cell);
    match m.mark {
        Mark::Queen => refute(engine, board, at, CellState::Queen),
        _ => {
            let forced = forced(engine, board, at);
            // Or the X followed to a broken rule, as a wrong queen is, when that
            // says fewer steps: the steps that put a star on its cell can wander
            // where a rule the X presses on breaks in a step or two (on a 14×14 3★
            // board, 25 steps against one).
            match (forced, refute(engine, board, at, CellState::Empty)) {
                (Some(forced), Some(refuted)) if refuted.said() >= forced.said() => Some(forced),
                (forced, refuted) => refuted.or(forced),
            }
        }
    }
}

/// The steps from `board` without the X on cell `at` that put a star there
/// ([`deciding`]), and the unit the steps before the last leave without room with
/// the X there.
fn forced(engine: &Engine, board: &Board, at: usize) -> Option<Proof> {
    let g = engine.geometry();
    let mut open = board.clone();
    open.set(at, CellState::Unknown);
    let found = deciding(engine, &open, g.cell(at));
    if found.decided != Some(CellState::Queen) {
        return None;
    }
    // The steps before the last hold with the X there too (they decide nothing of
    // its cell): on that board, the unit the last one fills.
    let mut trial = board.clone();
    trial.set(at, CellState::Empty);
    for s in found.steps.iter().rev().skip(1) {
        for &(c, state) in &s.decided {
            trial.set(g.at(c), state);
        }
    }
    let broken = g.contradiction(&trial).map(|u| (u, broken_rule(g, engine.names(), &trial, u).0));
    Some(Proof::Forced { steps: found.steps, broken })
}

/// With `mark` on cell `at` of `board` (a queen, or an X), the cheap steps
/// (techniques 1–9) until a rule breaks, when that takes at most
/// [`MAX_REFUTATION`] of them. On a big Star
/// Battle board the cheapest steps wander: they follow everything the player's
/// marks allow before they reach the broken unit. There two roads are taken to
/// their end, the steps that bring some unit nearest to breaking ([`tightest`])
/// and the cheapest steps, and each is shortened: only the steps it needed are
/// looked for again ([`shorten`]), each found afresh on the board before it, so
/// every step is a deduction of the engine whatever the shortening kept. The
/// shorter of the two is the reason, when it is short enough to read.
fn refute(engine: &Engine, board: &Board, at: usize, mark: CellState) -> Option<Proof> {
    let g = engine.geometry();
    let mut trial = board.clone();
    trial.set(at, mark);
    let cheapest_step = |b: &Board| cheapest(g, b, Technique::Pressured);
    let direct = follow(engine, &trial, MAX_REFUTATION, cheapest_step);
    if direct.is_some() || g.k == 1 {
        return direct;
    }
    let roads = [
        follow(engine, &trial, g.n() * g.n(), |b: &Board| tightest(g, b)),
        follow(engine, &trial, g.n() * g.n(), cheapest_step),
    ];
    roads
        .into_iter()
        .flatten()
        .map(|mut best| {
            while let Some(shorter) = shorten(engine, &trial, &best) {
                best = shorter;
            }
            best
        })
        .filter(|p| p.steps().len() <= MAX_SHORTENED)
        .min_by_key(|p| p.steps().len())
}

/// The cheap step (techniques 1–9, [`every_cheap`]) after which, its queens'
/// reach taken too, some rule is broken or nearest to breaking: the least room
/// any unfilled unit has left beyond the stars it needs, then the sum of the
/// three least; the cheaper step on a tie. A refutation's goal is a broken unit,
/// and this walks towards the one the wrong star presses on.
fn tightest(g: &Geometry, b: &Board) -> Option<Found> {
    let mut out = Vec::new();
    let mut spare = Vec::with_capacity(g.units.len());
    let mut score = |found: &Found| -> (i64, i64) {
        let mut after = b.clone();
        super::step::apply(&mut after, found);
        for &(q, s) in &found.decided {
            if s == CellState::Queen {
                g.reach(&after, q, &mut out);
                for &i in &out {
                    after.set(i, CellState::Empty);
                }
            }
        }
        if g.contradiction(&after).is_some() {
            return (-1, -3);
        }
        spare.clear();
        spare.extend((0..g.units.len()).filter_map(|u| {
            let t = g.tally(&after, u);
            (t.queens < g.k).then(|| (t.queens + t.unknown) as i64 - g.k as i64)
        }));
        spare.sort_unstable();
        (spare.first().copied().unwrap_or(i64::MAX), spare.iter().take(3).sum())
    };
    let mut best: Option<((i64, i64), Found)> = None;
    for found in every_cheap(g, b) {
        let s = score(&found);
        if best.as_ref().is_none_or(|(t, _)| s < *t) {
            best = Some((s, found));
        }
    }
    best.map(|(_, f)| f)
}

/// The steps `next` picks from `start` until a rule breaks, as a refutation, when
/// that takes at most `max` of them.
fn follow(engine: &Engine, start: &Board, max: usize, mut next: impl FnMut(&Board) -> Option<Found>) -> Option<Proof> {
    let g = engine.geometry();
    let mut trial = start.clone();
    let mut steps = Vec::new();
    loop {
        if let Some(broken) = g.contradiction(&trial) {
            let (says, touching) = broken_rule(g, engine.names(), &trial, broken);
            return Some(Proof::Refuted { steps, broken, says, touching });
        }
        if steps.len() >= max || g.deadline.passed() {
            return None;
        }
        let step = engine.step(next(&trial)?, &trial);
        for &(c, s) in &step.decided {
            trial.set(g.at(c), s);
        }
        steps.push(step);
    }
}

/// A shorter refutation than `proof` from `start`, when there is one: the cells
/// the broken unit reads, and back from there the cells each step that decides
/// one of them reads (its rows, columns, regions and cells), mark the steps the
/// proof needs. Those steps alone, each found again with the same argument on the
/// board before it, are the shorter proof when a rule breaks at their end; else
/// the engine looks again from `start` for steps that decide their cells only,
/// cheapest first, until a rule breaks.
fn shorten(engine: &Engine, start: &Board, proof: &Proof) -> Option<Proof> {
    let g = engine.geometry();
    let kept = needed(g, proof.steps(), &proof.ends_on());
    // The steps kept, each found again as it was (the same argument) on the board
    // without the others: the proof with only the steps it needed.
    if kept.len() < proof.steps().len() {
        let mut next = kept.iter();
        let again = |b: &Board| found_again(g, b, next.next()?);
        if let Some(shorter) = follow(engine, start, kept.len(), again) {
            return Some(shorter);
        }
    }
    let mut wanted = vec![false; g.n() * g.n()];
    kept.iter().flat_map(|s| &s.decided).for_each(|&(c, _)| wanted[g.at(c)] = true);
    // Else any steps that decide those cells, cheapest first.
    let needed = |b: &Board| every_cheap(g, b).find(|f| f.decided.iter().any(|&(i, _)| wanted[i]));
    follow(engine, start, proof.steps().len() - 1, needed)
}

/// How `unit` breaks a rule on `board`, naming the unit and no cell: too many
/// queens, too little room, or two queens that touch (then those two as well).
fn broken_rule(g: &Geometry, names: &Names, board: &Board, unit: Unit) -> (String, Option<(Cell, Cell)>) {
    let t = g.tally(board, g.index(unit));
    let (one, many, u) = (piece(g, false), piece(g, true), names.unit(unit));
    if t.queens > g.k {
        (format!("{u} would hold {} {many}, and it may hold only {}", t.queens, g.k), None)
    } else if t.queens + t.unknown < g.k && g.k == 1 {
        (format!("{u} would have no cell left for its {one}"), None)
    } else if t.queens + t.unknown < g.k {
        (format!("{u} would have room for only {} of its {} {many}", t.queens + t.unknown, g.k), None)
    } else {
        let touching = g.units[g.index(unit)].iter().find_map(|&q| {
            let other = g.neighbours[q]
                .iter()
                .find(|&&j| board.get(q) == CellState::Queen && board.get(j) == CellState::Queen)?;
            Some((g.cell(q.min(*other)), g.cell(q.max(*other))))
        });
        (format!("two {many} would touch, one of them in {u}"), touching)
    }
}
