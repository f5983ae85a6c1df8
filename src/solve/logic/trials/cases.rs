//! Techniques 10 and 12, the case split on one unit: a row, column or region
//! whose stars can go only a few ways, each way followed through; a start that
//! breaks a rule rules out every way that begins with it, and a cell that ends up
//! the same in every way left is decided (10). With what-ifs inside each case too,
//! it is the last resort before nested what-ifs (12).
//!
//! What the splits along one path learn ([`SplitMemo`]) carries to the next steps
//! of that path, which only decide more cells.

use super::budget::Budget;
use super::memo::{SplitMemo, Start, UnitMemo, MAX_FOLLOWED};
use super::propagate::{propagate, FOLLOW_CASE};
use super::ways::{count_ways, list_ways, open_cells, MAX_CASES};
use crate::solve::logic::board::{Board, CellState, Geometry, Unit};
use crate::solve::logic::family::{Cost, Family, Work};
use crate::solve::logic::step::{Decided, Detail, Found, Grade, Reveals, Technique};
use crate::solve::logic::words::{outcome, piece, thousands, Names};

/// Technique 10, the case split on one unit.
pub(crate) struct LineCases;

impl Family for LineCases {
    fn technique(&self) -> Technique {
        Technique::LineCases
    }

    fn id(&self) -> &'static str {
        "line-cases"
    }

    fn name(&self) -> &'static str {
        "case split"
    }

    fn grade(&self) -> Grade {
        Grade::Expert
    }

    fn cost(&self) -> Cost {
        Cost::Trial
    }

    fn find(&self, g: &Geometry, b: &Board, work: Option<&mut Work<'_>>) -> Option<Found> {
        let work = work?;
        case_split(g, b, work.budget, work.memo, false)?.ok()
    }

    fn say(&self, g: &Geometry, names: &Names, found: &Found) -> Option<Reveals> {
        let Detail::Cases { unit, ways, broken, deep } = &found.detail else { return None };
        Some(say_cases(g, names, *unit, (*ways, *broken), *deep, &found.decided))
    }
}

/// Technique 12, the case split with what-ifs inside each case (Star Battle only).
pub(crate) struct DeepCases;

impl Family for DeepCases {
    fn technique(&self) -> Technique {
        Technique::DeepCases
    }

    fn id(&self) -> &'static str {
        "deep-line-cases"
    }

    fn name(&self) -> &'static str {
        "case split with what-ifs"
    }

    fn grade(&self) -> Grade {
        Grade::Expert
    }

    fn cost(&self) -> Cost {
        Cost::Trial
    }

    fn find(&self, g: &Geometry, b: &Board, work: Option<&mut Work<'_>>) -> Option<Found> {
        // With one queen per unit a way is one cell, and a case split with
        // what-ifs inside is a what-if with what-ifs inside (13): for Queens,
        // that is the last resort.
        let work = work.filter(|_| g.k > 1)?;
        case_split(g, b, work.budget, work.memo, true)?.ok()
    }

    fn say(&self, g: &Geometry, names: &Names, found: &Found) -> Option<Reveals> {
        let Detail::Cases { unit, ways, broken, deep } = &found.detail else { return None };
        Some(say_cases(g, names, *unit, (*ways, *broken), *deep, &found.decided))
    }
}

/// [`ways_of`], remembered in `starts` by the unit's cells left and the stars it
/// needs: every case split counts every unit, and most units are as they were
/// at the step before, so counting them afresh would be wasted work.
fn ways_remembered(g: &Geometry, b: &Board, unit: usize, starts: &mut SplitMemo) -> Option<usize> {
    let key = open_cells(g, b, unit)?;
    if let Some(&ways) = starts.ways.get(&key) {
        return ways;
    }
    let ways = count_ways(g, &key.1, key.0, MAX_CASES);
    if starts.ways.len() < MAX_FOLLOWED {
        starts.ways.insert(key, ways);
    }
    ways
}

/// Technique 10, the case split on one line, the last resort before what-ifs: a
/// row, column or region whose stars can go only a few ways. The ways are followed
/// through star by star, in the unit's cell order: its first star on each cell it
/// may take in turn (the cells before it empty), followed through by techniques 1–9
/// ([`FOLLOW_CASE`]), then its second star after that, and so on. A start that
/// breaks a rule rules out every way that begins with it, at once; a cell that ends
/// up the same in every way left is decided. Units with the fewest ways first.
///
/// With `deep` (technique 12), each start is followed through with what-ifs inside
/// as well (a star on a cell that leads, by techniques 1–9, to a unit without room
/// makes that cell empty): the last resort before nested what-ifs, for the few
/// boards that need it. `Some(Err(()))` when the budget ran out. What `starts`
/// knows is used, and what the plain split learns is added to it.
pub(crate) fn case_split(
    g: &Geometry,
    b: &Board,
    budget: &mut Budget,
    starts: &mut SplitMemo,
    deep: bool,
) -> Option<Result<Found, ()>> {
    let order: Vec<usize> = g.kind(2).chain(g.kind(0)).chain(g.kind(1)).collect();
    // (ways, scan position)
    let mut units: Vec<(usize, usize)> = order
        .iter()
        .enumerate()
        .filter_map(|(pos, &u)| Some((ways_remembered(g, b, u, starts)?, pos)))
        .filter(|&(w, _)| w >= 2)
        .collect();
    units.sort_unstable();
    // Each unit's split may keep this many more boards: the room left, shared out
    // before any split begins, so that it does not depend on which ran first.
    let room = MAX_FOLLOWED.saturating_sub(starts.followed) / units.len().max(1);
    let attempt = |(ways, pos): (usize, usize), budget: &mut Budget, memo: &mut UnitMemo| {
        let keep = memo.followed.len() + room;
        split_unit(g, b, order[pos], ways, budget, memo, keep, deep)
    };
    // On a rayon worker, units go two at a time: the second is split beside the
    // first when another worker is idle and steals it (after the exact solve is
    // done, say), and right after it otherwise, unless the first decided something.
    // Its starts and its budget are its own, and what it found and spent counts
    // only when the first decided nothing and the rounds the first left cover it,
    // as they would one after the other: the same step, on any number of threads.
    let paired = rayon::current_thread_index().is_some();
    let mut next = 0;
    while next < units.len() {
        let first = units[next];
        let second = units.get(next + 1).copied().filter(|_| paired);
        next += if second.is_some() { 2 } else { 1 };
        let mut memo = starts.take(order[first.1]);
        let Some(second) = second else {
            let found = attempt(first, budget, &mut memo);
            starts.put(order[first.1], memo);
            match found.transpose() {
                Some(step) => return Some(step),
                None => continue,
            }
        };
        let mut memo2 = starts.take(order[second.1]);
        let before = budget.clone();
        // Set once the first has its answer, unless that is "nothing".
        let decided = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
        let (found, found2) = rayon::join_context(
            |_| {
                let found = attempt(first, budget, &mut memo);
                decided.store(!matches!(found, Ok(None)), std::sync::atomic::Ordering::Release);
                found
            },
            |context| {
                let mut budget2 = before.clone();
                if !context.migrated() {
                    // Run after the first, on its thread: only when it decided nothing.
                    if decided.load(std::sync::atomic::Ordering::Acquire) {
                        return None;
                    }
                    return Some((attempt(second, &mut budget2, &mut memo2), budget2, None));
                }
                // Beside the first: on a copy, kept only if its split counts, and
                // stopped as soon as the first has its step.
                budget2.cancel = Some(decided.clone());
                let mut copy = memo2.clone();
                let found = attempt(second, &mut budget2, &mut copy);
                Some((found, budget2, Some(copy)))
            },
        );
        starts.put(order[first.1], memo);
        if let Some(step) = found.transpose() {
            starts.put(order[second.1], memo2);
            return Some(step);
        }
        let (found2, budget2, copy) = found2.expect("the second runs when the first decides nothing");
        let spent = before.left - budget2.left;
        if found2.is_err() || spent > budget.left {
            starts.put(order[second.1], memo2);
            budget.left = 0;
            return Some(Err(()));
        }
        budget.left -= spent;
        starts.put(order[second.1], copy.unwrap_or(memo2));
        if let Some(step) = found2.transpose() {
            return Some(step);
        }
    }
    None
}

/// A unit with this many ways or more is first followed, at its first split, along
/// ways spread over them ([`UnitSplit::apart_first`]).
const SPREAD_FROM: usize = 100;

/// How many stretches of a unit's list of ways ([`SPREAD_FROM`]) the first way
/// that holds is taken from. On corpus 059, whose first steps split dozens of
/// lines of 1,001 ways that decide nothing, 24 made the explanation about a third
/// faster; 48, a single way a stretch (most break on a board that open), or ways
/// aimed at the unit's cells the ways so far agree on did no better
/// (docs/benchmarks.md, "Explanations").
const SPREAD: usize = 24;

/// One unit's case split for [`case_split`], `ways` ways, keeping at most `keep` boards
/// of its starts in `memo`: the step when its ways agree on a cell left unknown.
#[allow(clippy::too_many_arguments)]
fn split_unit(
    g: &Geometry,
    b: &Board,
    unit: usize,
    ways: usize,
    budget: &mut Budget,
    memo: &mut UnitMemo,
    keep: usize,
    deep: bool,
) -> Result<Option<Found>, ()> {
    let Some((common, survivors)) = follow_ways(g, b, unit, budget, memo, keep, deep)? else { return Ok(None) };
    // One way left: the step places the unit's stars (their reach comes with
    // them), not the whole board that way leads to, so the next steps stay
    // small enough to follow.
    let only_unit = survivors == 1;
    let decided: Vec<(usize, CellState)> = (0..g.n * g.n)
        .filter(|&i| b.cells[i] == CellState::Unknown && common.cells[i] != CellState::Unknown)
        .filter(|&i| !only_unit || g.cell_units[i].contains(&unit))
        .map(|i| (i, common.cells[i]))
        .collect();
    if decided.is_empty() {
        return Ok(None);
    }
    let detail = Detail::Cases { unit: g.unit(unit), ways, broken: ways - survivors, deep };
    let technique = if deep { Technique::DeepCases } else { Technique::LineCases };
    Ok(Some(Found { technique, decided, detail }))
}

/// The case split of `unit` on `b` ([`case_split`]): what every way that does not break
/// agrees on (the board `b` with those cells decided, the others unknown), and how
/// many ways those are; `Ok(None)` when they agree on no cell left unknown on `b`,
/// or every way breaks; `Err(())` when the budget ran out.
fn follow_ways(
    g: &Geometry,
    b: &Board,
    unit: usize,
    budget: &mut Budget,
    memo: &mut UnitMemo,
    keep: usize,
    deep: bool,
) -> Result<Option<(Board, usize)>, ()> {
    let mut split =
        UnitSplit { g, start: b, unit, budget, memo, keep, deep, common: None, survivors: 0, apart: Vec::new() };
    let end = split.apart_first().and_then(|()| split.node(b, 0, &mut Vec::with_capacity(g.k)));
    let apart = fewest_apart(b, std::mem::take(&mut split.apart));
    match end {
        Err(SplitEnd::OutOfBudget) => Err(()),
        Err(SplitEnd::DecidesNothing) => {
            if !deep {
                memo.apart = apart;
            }
            Ok(None)
        }
        Ok(()) => Ok(split.common.map(|common| (common, split.survivors))),
    }
}

/// Of the ways that parted a split that decided nothing (each with the board it
/// led to), few that part every cell left unknown on `start` all the same: the
/// first, then each time the one that parts the most cells the ones taken still
/// agree on. The next split follows these first ([`UnitMemo::apart`]), so each
/// one left out is a way fewer to follow again.
fn fewest_apart(start: &Board, mut ways: Vec<(Start, Board)>) -> Vec<Start> {
    if ways.is_empty() {
        return Vec::new();
    }
    let (first, mut common) = ways.remove(0);
    let mut kept = vec![first];
    let agreed =
        |common: &Board, i: usize| start.cells[i] == CellState::Unknown && common.cells[i] != CellState::Unknown;
    loop {
        let parts = |board: &Board| {
            (0..board.cells.len()).filter(|&i| agreed(&common, i) && board.cells[i] != common.cells[i]).count()
        };
        let Some((best, n)) = ways
            .iter()
            .enumerate()
            .map(|(j, (_, board))| (j, parts(board)))
            .max_by_key(|&(j, n)| (n, std::cmp::Reverse(j)))
        else {
            break;
        };
        if n == 0 {
            break;
        }
        let (way, board) = ways.remove(best);
        for (x, y) in common.cells.iter_mut().zip(&board.cells) {
            if x != y {
                *x = CellState::Unknown;
            }
        }
        kept.push(way);
    }
    kept
}

/// How a start's board and the board it led to when last followed combine ([`merge`]).
enum Merged {
    /// They disagree on a cell: the start breaks a rule.
    Clash,
    /// The start's board decides no cell the other left unknown: the result is
    /// the board it led to, as it was.
    Same,
    /// The start's board decides more: the result is worth following again.
    Grown,
}

/// Adds to `board` the cells `was` decided, and says how the two combined.
fn merge(board: &mut Board, was: &Board) -> Merged {
    let mut grown = false;
    for (x, &y) in board.cells.iter_mut().zip(&was.cells) {
        match (*x, y) {
            (x, CellState::Unknown) => grown |= x != CellState::Unknown,
            (CellState::Unknown, y) => *x = y,
            (x, y) if x != y => return Merged::Clash,
            _ => {}
        }
    }
    if grown {
        Merged::Grown
    } else {
        Merged::Same
    }
}

/// Why a case split's search stopped early.
enum SplitEnd {
    /// The budget (or the deadline) ran out.
    OutOfBudget,
    /// The ways left already disagree on every cell: the unit decides nothing.
    DecidesNothing,
}

/// One unit's case split under way ([`case_split`]).
struct UnitSplit<'a> {
    g: &'a Geometry,
    /// The board the case split starts from.
    start: &'a Board,
    unit: usize,
    budget: &'a mut Budget,
    /// What earlier splits of this unit learned, and the most boards it may keep.
    memo: &'a mut UnitMemo,
    keep: usize,
    deep: bool,
    /// The cells that agree in every way left so far (the others unknown).
    common: Option<Board>,
    /// The ways followed to the end without breaking a rule.
    survivors: usize,
    /// The first of them, and each after it that left a cell undecided the ways
    /// before it agreed on, with the board it led to ([`UnitMemo::apart`]).
    apart: Vec<(Start, Board)>,
}

impl UnitSplit<'_> {
    /// The ways that go on from `trial` (followed through, with the unit's first
    /// stars `first` on it), their next star on the unit's cells from place `from` on.
    fn node(&mut self, trial: &Board, from: usize, first: &mut Vec<usize>) -> Result<(), SplitEnd> {
        let cells = &self.g.units[self.unit];
        if self.stars(trial) >= self.g.k {
            return self.survived(trial, first);
        }
        let mut base = trial.clone();
        for (j, &c) in cells.iter().enumerate().skip(from) {
            match base.cells[c] {
                CellState::Empty => {}
                // The next star is this one: the ways go on after it.
                CellState::Queen => {
                    first.push(c);
                    let out = self.node(&base, j + 1, first);
                    first.pop();
                    return out;
                }
                CellState::Unknown => {
                    first.push(c);
                    if let Some(next) = self.follow(&base, c, first)? {
                        self.node(&next, j + 1, first)?;
                    }
                    first.pop();
                    // The ways after this one have their next star further on.
                    base.cells[c] = CellState::Empty;
                }
            }
        }
        Ok(())
    }

    /// The unit's stars on `board`.
    fn stars(&self, board: &Board) -> usize {
        self.g.units[self.unit].iter().filter(|&&i| board.cells[i] == CellState::Queen).count()
    }

    /// The start `first` (its last star `c`, on `base`) followed through, what
    /// the memo knows of it used and what it leads to written there; `None` when
    /// it breaks a rule.
    fn follow(&mut self, base: &Board, c: usize, first: &[usize]) -> Result<Option<Board>, SplitEnd> {
        if self.memo.broken.contains(first) {
            return Ok(None);
        }
        let mut next = base.clone();
        next.cells[c] = CellState::Queen;
        let merged = self.memo.followed.get(first).map(|was| merge(&mut next, was));
        let followed = match merged {
            Some(Merged::Clash) => Err(self.g.unit(self.unit)),
            // The board this start led to, unchanged: only plain splits keep
            // boards, each one that `propagate` left as it is, so following it
            // again would take one round and change nothing. The round is paid
            // all the same, so the budget runs out where it did.
            Some(Merged::Same) if !self.deep => match self.budget.spend() {
                true => Ok(Some(())),
                false => Ok(None),
            },
            _ => propagate(self.g, &mut next, usize::from(self.deep), FOLLOW_CASE, self.budget),
        };
        match followed {
            Err(_) => {
                if !self.deep {
                    self.memo.followed.remove(first);
                    self.memo.broken.insert(first.to_vec());
                }
                Ok(None)
            }
            Ok(None) => Err(SplitEnd::OutOfBudget),
            Ok(Some(())) => {
                if !self.deep && self.memo.followed.len() < self.keep {
                    self.memo.followed.insert(first.to_vec(), next.clone());
                }
                Ok(Some(next))
            }
        }
    }

    /// Follows first the ways that held apart at the unit's last split
    /// ([`UnitMemo::apart`]), or on its first split, for a unit of many ways,
    /// ways spread over them ([`SPREAD`]), each as [`UnitSplit::node`]
    /// would reach it, so that the search stops at once when they hold and leave
    /// every cell undecided between them ([`SplitEnd::DecidesNothing`]). The search
    /// alone meets its ways in order, and ways that begin alike end alike: a unit
    /// split step after step without deciding anything would follow hundreds of
    /// them before they part. What the ways followed first agree on is where the
    /// search starts from; it meets them again later, now from the memo's boards,
    /// so that the ways, the count and the step are the ones it would find alone.
    fn apart_first(&mut self) -> Result<(), SplitEnd> {
        if self.deep {
            return Ok(());
        }
        let kept = std::mem::take(&mut self.memo.apart);
        if !kept.is_empty() {
            for way in kept {
                if let Some(board) = self.replay(&way)? {
                    self.common_with(&board, &way)?;
                }
            }
            return Ok(());
        }
        // The first way that holds in each of SPREAD even stretches of the list
        // (a way that breaks a rule is one the search would break on as well).
        let all = self.ways();
        if all.len() < SPREAD_FROM {
            return Ok(());
        }
        for stretch in 0..SPREAD {
            for way in &all[stretch * all.len() / SPREAD..(stretch + 1) * all.len() / SPREAD] {
                if let Some(board) = self.replay(way)? {
                    self.common_with(&board, way)?;
                    break;
                }
            }
        }
        Ok(())
    }

    /// The unit's ways on the board the split starts from, as starts in the
    /// search's order (none past [`MAX_CASES`]).
    fn ways(&self) -> Vec<Start> {
        let cells = &self.g.units[self.unit];
        let Some((need, open)) = open_cells(self.g, self.start, self.unit) else { return Vec::new() };
        let Some(all) = list_ways(self.g, &open, need, MAX_CASES) else { return Vec::new() };
        let place = |c: &usize| cells.iter().position(|d| d == c);
        all.into_iter()
            .map(|w| {
                // The way's stars with the unit's stars already placed, in the unit's order.
                let stars = cells.iter().filter(|&&c| self.start.cells[c] == CellState::Queen);
                let mut way: Start = w.iter().chain(stars).copied().collect();
                way.sort_by_key(place);
                way
            })
            .collect()
    }

    /// The way whose stars are `way` (in the unit's order), followed as
    /// [`UnitSplit::node`] follows it from the board the split starts from; `None`
    /// when it breaks a rule or [`UnitSplit::node`] would not meet it on this board.
    fn replay(&mut self, way: &[usize]) -> Result<Option<Board>, SplitEnd> {
        let cells = &self.g.units[self.unit];
        let (mut trial, mut from) = (self.start.clone(), 0);
        for (i, &star) in way.iter().enumerate() {
            if self.stars(&trial) >= self.g.k {
                return Ok(None);
            }
            let Some(j) = cells[from..].iter().position(|&c| c == star).map(|j| j + from) else { return Ok(None) };
            for &c in &cells[from..j] {
                match trial.cells[c] {
                    CellState::Queen => return Ok(None),
                    _ => trial.cells[c] = CellState::Empty,
                }
            }
            match trial.cells[star] {
                CellState::Empty => return Ok(None),
                CellState::Queen => {}
                CellState::Unknown => match self.follow(&trial, star, &way[..=i])? {
                    Some(next) => trial = next,
                    None => return Ok(None),
                },
            }
            from = j + 1;
        }
        Ok((self.stars(&trial) >= self.g.k).then_some(trial))
    }

    /// A way followed to the end, `trial`, without breaking a rule.
    fn survived(&mut self, trial: &Board, first: &[usize]) -> Result<(), SplitEnd> {
        self.survivors += 1;
        self.common_with(trial, first)
    }

    /// Keeps in [`UnitSplit::common`] only what the way `first`, which led to
    /// `trial`, agrees on; [`SplitEnd::DecidesNothing`] once that is no cell left
    /// unknown on the board the split starts from.
    fn common_with(&mut self, trial: &Board, first: &[usize]) -> Result<(), SplitEnd> {
        let Some(common) = &mut self.common else {
            self.common = Some(trial.clone());
            self.apart.push((first.to_vec(), trial.clone()));
            return Ok(());
        };
        let (mut agree, mut parted) = (false, false);
        for ((x, y), was) in common.cells.iter_mut().zip(&trial.cells).zip(&self.start.cells) {
            if *x != *y {
                parted |= *x != CellState::Unknown;
                *x = CellState::Unknown;
            }
            agree |= *was == CellState::Unknown && *x != CellState::Unknown;
        }
        if parted {
            self.apart.push((first.to_vec(), trial.clone()));
        }
        // The ways left can only take cells away: nothing to decide.
        if !agree {
            return Err(SplitEnd::DecidesNothing);
        }
        Ok(())
    }
}

/// The words of a [`case_split`] step: the stars of `unit` go `ways` ways, `broken`
/// of which break a rule; `deep` with what-ifs inside each case.
pub(crate) fn say_cases(
    g: &Geometry,
    names: &Names,
    unit: Unit,
    (ways, broken): (usize, usize),
    deep: bool,
    decided: &Decided,
) -> Reveals {
    let (many, u) = (piece(g, true), names.unit(unit));
    // Reveals to be the last resort it is, and how its ways were followed through.
    let last_resort = if deep { "last resort: " } else { "" };
    let with_what_ifs = if deep { ", with what-ifs inside each one" } else { "" };
    // "one of them breaks a rule" (of two), else "all but one break a rule".
    let all_but_one = if ways == 2 { "one of them breaks a rule" } else { "all but one break a rule" };
    let (w, x) = (thousands(ways), thousands(broken));
    let one_left = broken + 1 == ways;
    if broken == 0 {
        return Reveals {
            nudge: format!("look at {u}: its {many} can go only a few ways"),
            reason: format!(
                "try each of the {w} ways the {many} left in {u} can go and follow the easier steps through{with_what_ifs}: none breaks a rule, and some cells come out the same in all of them"
            ),
            text: format!(
                "{last_resort}the {many} left in {u} can go only {w} ways; none of them breaks a rule when followed through{with_what_ifs}, and in every one {}",
                outcome(g, names, decided)
            ),
        };
    }
    Reveals {
        nudge: format!("look at {u}: its {many} can go only a few ways"),
        reason: if one_left {
            format!(
                "try each of the {w} ways the {many} left in {u} can go and follow the easier steps through{with_what_ifs}: {all_but_one}"
            )
        } else {
            format!(
                "try each of the {w} ways the {many} left in {u} can go and follow the easier steps through{with_what_ifs}: {x} break a rule, and some cells come out the same in all the others"
            )
        },
        text: if one_left {
            format!(
                "{last_resort}the {many} left in {u} can go only {w} ways, and {all_but_one} when followed through{with_what_ifs}: {}",
                outcome(g, names, decided)
            )
        } else {
            format!(
                "{last_resort}the {many} left in {u} can go only {w} ways; {x} of them break a rule when followed through{with_what_ifs}, and in every other one {}",
                outcome(g, names, decided)
            )
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::logic::step::apply;
    use crate::solve::logic::techniques::cheapest;
    use crate::solve::logic::testing::xorshift;
    use crate::solve::logic::trials::ways::{queens, ways_of};

    /// Every way of `need` stars on `cands`, no two touching: the oracle's list.
    fn every_way(g: &Geometry, cands: &[usize], need: usize) -> Vec<Vec<usize>> {
        if need == 0 {
            return vec![Vec::new()];
        }
        let mut out = Vec::new();
        for (j, &c) in cands.iter().enumerate() {
            for mut rest in every_way(g, &cands[j + 1..], need - 1) {
                if rest.iter().all(|r| !g.neighbours[c].contains(r)) {
                    rest.insert(0, c);
                    out.push(rest);
                }
            }
        }
        out
    }

    /// The plain case split, its oracle: every way of the unit's stars placed at once on the bare board and followed through; what the ways
    /// that do not break agree on, and how many they are.
    fn split_every_way(g: &Geometry, b: &Board, unit: usize) -> Option<(Board, usize)> {
        let cands: Vec<usize> = g.units[unit].iter().copied().filter(|&i| b.cells[i] == CellState::Unknown).collect();
        let need = g.k - queens(b, &g.units[unit]);
        let mut common: Option<Board> = None;
        let mut survivors = 0;
        for way in every_way(g, &cands, need) {
            let mut trial = b.clone();
            way.iter().for_each(|&c| trial.cells[c] = CellState::Queen);
            if let Ok(Some(())) = propagate(g, &mut trial, 0, FOLLOW_CASE, &mut Budget::new(g, u64::MAX / 2)) {
                survivors += 1;
                match &mut common {
                    None => common = Some(trial),
                    Some(c) => c.cells.iter_mut().zip(&trial.cells).filter(|(x, y)| x != y).for_each(|(x, _)| {
                        *x = CellState::Unknown;
                    }),
                }
            }
        }
        common.map(|c| (c, survivors))
    }

    /// The split followed through star by star decides at least what following
    /// every whole way through decides (its starts see the cells before them empty,
    /// so a start may break where no whole way would have), and only cells of the
    /// solution: on boards part way to the solution of a generated 10×10 2★ and
    /// 14×14 3★ board, every unit with up to 2,000 ways, without and with a memo
    /// carried from board to board along a path.
    #[test]
    fn the_split_star_by_star_decides_what_every_way_decides_and_only_the_solution() {
        let mut next = xorshift(0x5DEE_CE66_D1CE_4E5B);
        let (mut units, mut more, mut decided) = (0, 0, 0);
        for (file, k) in [("10x10-2star-1.txt", 2), ("14x14-3star-5.txt", 3)] {
            let text = std::fs::read_to_string(format!("{}/tests/data/starbattle/{file}", env!("CARGO_MANIFEST_DIR")))
                .expect("a generated board");
            let regions = crate::puzzle::text::parse(&text).expect("a map");
            let g = Geometry::new(&regions, k);
            let deadline = crate::puzzle::deadline::Deadline::after(std::time::Duration::from_secs(60));
            let solution = crate::solve::sat::solve(&regions, k, deadline).expect("solved");
            let truth = |i: usize| if solution.contains(g.cell(i)) { CellState::Queen } else { CellState::Empty };
            let mut memo = SplitMemo::default();
            // Boards that only gain cells, as along a solve path, so the memo holds.
            let mut b = Board::new(g.n);
            for _ in 0..12 {
                for i in 0..g.n * g.n {
                    if b.cells[i] == CellState::Unknown && next() % 100 < 4 {
                        b.cells[i] = truth(i);
                    }
                }
                for u in 0..g.units.len() {
                    if ways_of(&g, &b, u).is_none() {
                        continue;
                    }
                    units += 1;
                    let want = split_every_way(&g, &b, u);
                    let budget = &mut Budget::new(&g, u64::MAX / 2);
                    for kept in [false, true] {
                        let mut unit = if kept { memo.take(u) } else { UnitMemo::default() };
                        let got =
                            follow_ways(&g, &b, u, budget, &mut unit, MAX_FOLLOWED, false).expect("budget enough");
                        if kept {
                            memo.put(u, unit);
                        }
                        let new = |board: &Board| {
                            (0..g.n * g.n)
                                .filter(|&i| b.cells[i] == CellState::Unknown && board.cells[i] != CellState::Unknown)
                                .collect::<Vec<_>>()
                        };
                        let got_cells = got.as_ref().map(|(c, _)| new(c)).unwrap_or_default();
                        for &i in &got_cells {
                            assert_eq!(
                                got.as_ref().unwrap().0.cells[i],
                                truth(i),
                                "{file}: unit {u} decided cell {i} wrongly"
                            );
                        }
                        if let Some((w, survived)) = &want {
                            for i in new(w) {
                                assert!(
                                    got_cells.contains(&i),
                                    "{file}: unit {u}: every way decides cell {i}, the split does not"
                                );
                            }
                            let got_survived = got.as_ref().map_or(0, |g| g.1);
                            assert!(got.is_none() || got_survived <= *survived, "{file}: unit {u}: more ways survive");
                            more += usize::from(got_cells.len() > new(w).len());
                        }
                        decided += got_cells.len();
                    }
                }
            }
        }
        assert!(units > 200 && decided > 100, "the boards exercise the split ({units} units, {decided} cells)");
        eprintln!("{units} units split, {decided} cells decided, {more} times more than every way");
    }

    /// The generated 14×14 3★ board the memo's tests walk along, and its empty board.
    fn generated_path_start() -> (Geometry, Board) {
        let regions = crate::puzzle::text::parse(include_str!("../../../../tests/data/starbattle/14x14-3star-5.txt"))
            .expect("a map");
        let g = Geometry::new(&regions, 3);
        let b = Board::new(g.n);
        (g, b)
    }

    /// A case split finds the same step whatever ways the path has already seen
    /// break; remembering them only saves work. Walked along a generated 14×14 3★
    /// board that takes 16 case splits (with no budget to run out), every one
    /// computed with the path's memo and with none: the memo saves about a fifth.
    #[test]
    fn remembered_broken_ways_change_what_a_case_split_costs_not_what_it_finds() {
        let (g, mut b) = generated_path_start();
        let (mut memo, mut splits, mut spent_with, mut spent_without) = (SplitMemo::default(), 0, 0, 0);
        while !b.is_complete() {
            if let Some(f) = cheapest(&g, &b, Technique::Pressured) {
                apply(&mut b, &f);
                continue;
            }
            let (mut with, mut without) = (Budget::new(&g, u64::MAX / 2), Budget::new(&g, u64::MAX / 2));
            let found = case_split(&g, &b, &mut with, &mut memo, false);
            assert_eq!(
                found,
                case_split(&g, &b, &mut without, &mut SplitMemo::default(), false),
                "case split {splits}"
            );
            spent_with += u64::MAX / 2 - with.left;
            spent_without += u64::MAX / 2 - without.left;
            let Some(Ok(f)) = found else { panic!("the board is finished by case splits") };
            apply(&mut b, &f);
            splits += 1;
        }
        assert!(splits >= 10, "only {splits} case splits: the board tests little");
        assert!(memo.units.values().any(|m| !m.broken.is_empty()) && memo.followed > 0);
        assert!(memo.units.values().any(|m| !m.apart.is_empty()), "no split kept ways apart: the test misses them");
        assert!(
            spent_with * 10 < spent_without * 9,
            "the memo saved too little: {spent_with} against {spent_without} rounds"
        );
    }

    /// A unit whose split decided nothing keeps the ways that parted
    /// ([`UnitMemo::apart`]); split again on the same board, it is dismissed
    /// by following those alone, each start now the memo's board (a round
    /// each), and on the next boards of the path the kept ways are met as the
    /// search meets them ([`UnitSplit::replay`] gives the board the search
    /// reaches): along the generated 14×14 3★ path, every unit at every case split.
    #[test]
    fn ways_kept_apart_dismiss_a_unit_again_and_are_the_ways_the_search_meets() {
        let (g, mut b) = generated_path_start();
        let (mut memo, mut dismissed, mut replayed) = (SplitMemo::default(), 0, 0);
        let spend = |budget: &Budget| u64::MAX / 2 - budget.left;
        while !b.is_complete() {
            if let Some(f) = cheapest(&g, &b, Technique::Pressured) {
                apply(&mut b, &f);
                continue;
            }
            for u in 0..g.units.len() {
                if ways_of(&g, &b, u).is_none() {
                    continue;
                }
                let mut unit = memo.take(u);
                let budget = &mut Budget::new(&g, u64::MAX / 2);
                let first = follow_ways(&g, &b, u, budget, &mut unit, MAX_FOLLOWED, false).expect("budget enough");
                if first.is_none() && !unit.apart.is_empty() {
                    let kept = unit.apart.clone();
                    let again = &mut Budget::new(&g, u64::MAX / 2);
                    assert!(follow_ways(&g, &b, u, again, &mut unit, MAX_FOLLOWED, false).unwrap().is_none());
                    let starts = kept.iter().map(|w| w.len() as u64).sum::<u64>();
                    let mut one = Budget::new(&g, u64::MAX / 2);
                    one.spend();
                    assert!(spend(again) <= starts * spend(&one), "unit {u}: {} rounds", spend(again));
                    dismissed += 1;
                    // Each kept way, followed as the search follows it, leads where
                    // a fresh search (no memo) leads it.
                    for way in &kept {
                        let mut fresh = UnitMemo::default();
                        let mut budget = Budget::new(&g, u64::MAX / 2);
                        let mut split = UnitSplit {
                            g: &g,
                            start: &b,
                            unit: u,
                            budget: &mut budget,
                            memo: &mut fresh,
                            keep: MAX_FOLLOWED,
                            deep: false,
                            common: None,
                            survivors: 0,
                            apart: Vec::new(),
                        };
                        let alone = split.replay(way).ok().flatten().expect("a kept way holds on its board");
                        let mut split =
                            UnitSplit { memo: &mut unit, budget: &mut Budget::new(&g, u64::MAX / 2), ..split };
                        assert_eq!(split.replay(way).ok().flatten(), Some(alone), "unit {u}, way {way:?}");
                        replayed += 1;
                    }
                }
                memo.put(u, unit);
            }
            let Some(Ok(f)) = case_split(&g, &b, &mut Budget::new(&g, u64::MAX / 2), &mut memo, false) else {
                panic!("the board is finished by case splits")
            };
            apply(&mut b, &f);
        }
        assert!(dismissed >= 20 && replayed >= 40, "{dismissed} units dismissed again, {replayed} ways followed again");
    }
}
