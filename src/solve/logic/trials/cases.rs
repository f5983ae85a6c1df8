//! Techniques 10 and 12, the case split on one unit: a row, column or region
//! whose stars can go only a few ways, each way followed through; a start that
//! breaks a rule rules out every way that begins with it, and a cell that ends up
//! the same in every way left is decided (10). With what-ifs inside each case too,
//! it is the last resort before nested what-ifs (12).
//!
//! This file chooses the units (fewest ways first, two at a time when a second
//! thread is idle) and words the step; one unit's split is `split.rs`. What the
//! splits along one path learn ([`SplitMemo`]) carries to the next steps of that
//! path, which only decide more cells.

use super::budget::Budget;
use super::memo::{SplitMemo, UnitMemo, MAX_FOLLOWED};
use super::split::follow_ways;
use super::ways::{count_ways, open_cells, MAX_CASES};
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

/// How many ways `unit`'s stars can go on `b` ([`count_ways`] of its open cells,
/// none past [`MAX_CASES`]), remembered in `starts` by the unit's cells left and
/// the stars it needs: every case split counts every unit, and most units are as they were
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
/// ([`FOLLOW_CASE`](super::propagate::FOLLOW_CASE)), then its second star after that, and so on. A start that
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
    use crate::solve::logic::testing::generated_14x14;

    /// A case split finds the same step whatever ways the path has already seen
    /// break; remembering them only saves work. Walked along a generated 14×14 3★
    /// board that takes 16 case splits (with no budget to run out), every one
    /// computed with the path's memo and with none: the memo saves about a fifth.
    #[test]
    fn remembered_broken_ways_change_what_a_case_split_costs_not_what_it_finds() {
        let (_, g) = generated_14x14();
        let mut b = Board::new(g.n);
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
}
