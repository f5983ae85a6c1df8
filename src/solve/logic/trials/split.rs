//! One unit's case split, for techniques 10 and 12 (`cases.rs`): its ways
//! followed star by star in the unit's cell order, each start followed through
//! by techniques 1–9 (with what-ifs inside for 12), what the memo of the path
//! knows used and what it learns written there ([`UnitMemo`]), and what every
//! way that holds agrees on. A unit that decides nothing is dismissed as soon
//! as the ways that hold disagree on every open cell, and the ways followed
//! first are the ones most likely to part: those that parted the unit's last
//! split, or ways spread over a long list. Every way is followed as the search
//! follows it ([`UnitSplit::replay`] and the search share [`UnitSplit::follow`]),
//! so which ways come first changes what a split costs. What it decides stayed
//! the same in every order tried, but not by construction: following a way
//! through is not confluent (counting regions and lines weighs other areas on a
//! board with more decided), so a way can hold from a board the memo kept and
//! break when followed afresh. A variant that followed other ways first counted
//! 153 ways that break on a split of corpus 059 where this one counts 152, the
//! same cell decided (docs/benchmarks.md, "Where the plain splits' rounds go").
//! Counting a way that breaks as holding is sound: it can only leave a cell
//! undecided.

use super::budget::Budget;
use super::memo::{merge, Merged, Start, Tried, UnitMemo};
use super::propagate::{propagate_tried, FOLLOW_CASE};
use super::ways::{list_ways, open_cells, MAX_CASES};
use crate::solve::logic::board::{Board, CellState, Geometry};

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

/// The case split of `unit` on `b` (`cases::case_split`): what every way that does not break
/// agrees on (the board `b` with those cells decided, the others unknown), and how
/// many ways those are; `Ok(None)` when they agree on no cell left unknown on `b`,
/// or every way breaks; `Err(())` when the budget ran out.
pub(super) fn follow_ways(
    g: &Geometry,
    b: &Board,
    unit: usize,
    budget: &mut Budget,
    memo: &mut UnitMemo,
    keep: usize,
    deep: bool,
) -> Result<Option<(Board, usize)>, ()> {
    let tried = Tried::default();
    let mut split =
        UnitSplit { g, start: b, unit, budget, memo, keep, deep, common: None, survivors: 0, apart: Vec::new() };
    match split.apart_first().and_then(|()| split.node(b, None, &tried, 0, &mut Vec::with_capacity(g.k))) {
        Err(SplitEnd::OutOfBudget) => Err(()),
        Err(SplitEnd::DecidesNothing) => {
            // Empty for a split with what-ifs, which keeps nothing.
            let apart = std::mem::take(&mut split.apart);
            if !deep {
                memo.apart = fewest_apart(b, apart);
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
        keep_agreed(&mut common, &board);
        kept.push(way);
    }
    kept
}

/// Leaves in `common` only the cells `board` agrees on (the others unknown); true
/// when a cell decided in `common` is now unknown.
fn keep_agreed(common: &mut Board, board: &Board) -> bool {
    let mut parted = false;
    for (x, y) in common.cells.iter_mut().zip(&board.cells) {
        if x != y {
            parted |= *x != CellState::Unknown;
            *x = CellState::Unknown;
        }
    }
    parted
}

/// Why a case split's search stopped early.
enum SplitEnd {
    /// The budget (or the deadline) ran out.
    OutOfBudget,
    /// The ways left already disagree on every cell: the unit decides nothing.
    DecidesNothing,
}

/// One unit's case split under way ([`follow_ways`]).
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
    /// before it agreed on, with the board it led to ([`UnitMemo::apart`]); none in
    /// a split with what-ifs, which keeps nothing.
    apart: Vec<(Start, Board)>,
}

impl UnitSplit<'_> {
    /// The ways that go on from `trial` (followed through, with the unit's first
    /// stars `first` on it), their next star on the unit's cells from place `from` on.
    /// `quiet` is a board `trial` extends that `propagate` left (see there), and
    /// `tried` what the what-ifs that led to `trial` learned (a split with
    /// what-ifs): the cases that go on from it begin their what-ifs there.
    fn node(
        &mut self,
        trial: &Board,
        quiet: Option<&Board>,
        tried: &Tried,
        from: usize,
        first: &mut Vec<usize>,
    ) -> Result<(), SplitEnd> {
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
                    let out = self.node(&base, quiet, tried, j + 1, first);
                    first.pop();
                    return out;
                }
                CellState::Unknown => {
                    first.push(c);
                    let mut after = tried.clone();
                    if let Some(next) = self.follow(&base, quiet, c, first, &mut after)? {
                        self.node(&next, Some(&next), &after, j + 1, first)?;
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
    /// it breaks a rule. `quiet` is a board `base` extends that `propagate` left;
    /// the what-ifs inside (a split with what-ifs) begin from `tried` and add to it.
    fn follow(
        &mut self,
        base: &Board,
        quiet: Option<&Board>,
        c: usize,
        first: &[usize],
        tried: &mut Tried,
    ) -> Result<Option<Board>, SplitEnd> {
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
            // The memo's board, which `propagate` left, is nearer than `quiet`.
            Some(Merged::Grown) => {
                let was = self.memo.followed.get(first);
                propagate_tried(self.g, &mut next, usize::from(self.deep), FOLLOW_CASE, self.budget, was, tried)
            }
            _ => propagate_tried(self.g, &mut next, usize::from(self.deep), FOLLOW_CASE, self.budget, quiet, tried),
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
    /// so that the step and its count of ways are the ones it would find alone,
    /// but for a way whose fate the order decides (module docs).
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
        let placed: Vec<usize> = cells.iter().copied().filter(|&c| self.start.cells[c] == CellState::Queen).collect();
        all.into_iter()
            .map(|mut way| {
                // The way's stars with the unit's stars already placed, in the unit's order.
                way.extend(&placed);
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
        // The last board `propagate` left on the way, which `trial` extends.
        let mut quiet: Option<Board> = None;
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
                CellState::Unknown => {
                    match self.follow(&trial, quiet.as_ref(), star, &way[..=i], &mut Tried::default())? {
                        Some(next) => {
                            quiet = Some(next.clone());
                            trial = next;
                        }
                        None => return Ok(None),
                    }
                }
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
        let (parted, common) = match &mut self.common {
            Some(common) => (keep_agreed(common, trial), common),
            None => (true, self.common.insert(trial.clone())),
        };
        let agree = common
            .cells
            .iter()
            .zip(&self.start.cells)
            .any(|(x, was)| *was == CellState::Unknown && *x != CellState::Unknown);
        if parted && !self.deep {
            self.apart.push((first.to_vec(), trial.clone()));
        }
        // The ways left can only take cells away: nothing to decide.
        if !agree {
            return Err(SplitEnd::DecidesNothing);
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::logic::step::{apply, Technique};
    use crate::solve::logic::techniques::cheapest;
    use crate::solve::logic::testing::{generated_14x14, xorshift};
    use crate::solve::logic::trials::memo::{SplitMemo, MAX_FOLLOWED};
    use crate::solve::logic::trials::propagate::propagate;
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
            if let Ok(Some(())) = propagate(g, &mut trial, 0, FOLLOW_CASE, &mut Budget::new(g, u64::MAX / 2), None) {
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

    /// A unit whose split decided nothing keeps the ways that parted
    /// ([`UnitMemo::apart`], few of them); split again on the same board, it is
    /// dismissed by following those alone, each start now the memo's board (a
    /// round each), and each kept way, followed with the path's memo, leads
    /// where it leads with none ([`UnitSplit::replay`] meets a way as the search
    /// does): every unit of the generated 14×14 3★ board, on boards that gain
    /// cells of the solution and what techniques 1–9 decide from them, a memo
    /// carried along.
    #[test]
    fn ways_kept_apart_dismiss_a_unit_again_and_are_the_ways_the_search_meets() {
        let (regions, g) = generated_14x14();
        let deadline = crate::puzzle::deadline::Deadline::after(std::time::Duration::from_secs(60));
        let solution = crate::solve::sat::solve(&regions, 3, deadline).expect("solved");
        let truth = |i: usize| if solution.contains(g.cell(i)) { CellState::Queen } else { CellState::Empty };
        let mut next = xorshift(0x9E37_79B9_7F4A_7C15);
        let (mut b, mut memo, mut dismissed, mut replayed) = (Board::new(g.n), SplitMemo::default(), 0, 0);
        let spend = |budget: &Budget| u64::MAX / 2 - budget.left;
        let mut one = Budget::new(&g, u64::MAX / 2);
        one.spend();
        for _ in 0..16 {
            while let Some(f) = cheapest(&g, &b, Technique::Pressured) {
                apply(&mut b, &f);
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
                    assert!(spend(again) <= starts * spend(&one), "unit {u}: {} rounds", spend(again));
                    dismissed += 1;
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
            for i in 0..g.n * g.n {
                if b.cells[i] == CellState::Unknown && next() % 100 < 2 {
                    b.cells[i] = truth(i);
                }
            }
        }
        assert!(dismissed >= 10 && replayed >= 50, "{dismissed} units dismissed again, {replayed} ways followed again");
    }
}
