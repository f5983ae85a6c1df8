//! Techniques 3 and 4, regions and lines that confine each other: a unit whose
//! cells left all lie in one line of another kind takes that line's queens, so the
//! rest of the line is empty (3, one line); k units whose cells left lie within k
//! lines use those lines up (4, fill), found by matching units to lines rather
//! than by searching every subset.

use crate::solve::logic::family::{Cost, Family, Work};
use std::collections::hash_map::Entry;
use std::collections::HashMap;
use std::hash::BuildHasherDefault;

use crate::solve::logic::board::{Board, CellState, Geometry, Unit};
use crate::solve::logic::hasher::MixHasher;
use crate::solve::logic::step::{empties, Detail, Found, Grade, Reveals, Technique};
use crate::solve::logic::words::{kind_word, piece, units, Names};

/// Technique 3, a region in one line (and back).
pub(crate) struct OneLine;

impl Family for OneLine {
    fn technique(&self) -> Technique {
        Technique::OneLine
    }

    fn id(&self) -> &'static str {
        "one-line"
    }

    fn name(&self) -> &'static str {
        "region in one line"
    }

    fn grade(&self) -> Grade {
        Grade::Easy
    }

    fn cost(&self) -> Cost {
        Cost::Cheap { case_rank: Some(2) }
    }

    fn find(&self, g: &Geometry, b: &Board, _: Option<&mut Work<'_>>) -> Option<Found> {
        one_line(g, b)
    }

    fn every(&self, g: &Geometry, b: &Board) -> Vec<Found> {
        one_lines(g, b).collect()
    }

    fn say(&self, g: &Geometry, names: &Names, found: &Found) -> Option<Reveals> {
        let Detail::OneLine { inside, line } = &found.detail else { return None };
        Some(say_one_line(g, names, *inside, *line))
    }
}

/// Technique 4, regions that fill lines (and back); its sweep lists the first alone.
pub(crate) struct Fill;

impl Family for Fill {
    fn technique(&self) -> Technique {
        Technique::Fill
    }

    fn id(&self) -> &'static str {
        "lines-filled"
    }

    fn name(&self) -> &'static str {
        "regions fill lines"
    }

    fn grade(&self) -> Grade {
        Grade::Medium
    }

    fn cost(&self) -> Cost {
        Cost::Cheap { case_rank: Some(6) }
    }

    fn find(&self, g: &Geometry, b: &Board, _: Option<&mut Work<'_>>) -> Option<Found> {
        fill(g, b)
    }

    fn say(&self, g: &Geometry, names: &Names, found: &Found) -> Option<Reveals> {
        let Detail::Fill { inside, lines } = &found.detail else { return None };
        Some(say_fill(g, names, inside, lines))
    }
}

/// The set (bit mask) of units of `kind` that the possible cells of unit `u` lie in.
fn lines_of(g: &Geometry, b: &Board, u: usize, kind: usize) -> u64 {
    let base = g.kind(kind).start;
    let mut mask = 0u64;
    for &i in &g.units[u] {
        if b.cells[i] != CellState::Empty {
            mask |= 1 << (g.cell_units[i][kind] - base);
        }
    }
    mask
}

/// Unknown cells of the `lines` (a mask over units of `line_kind`) outside every unit in `inside`.
fn rest_of(g: &Geometry, b: &Board, lines: u64, line_kind: usize, inside: &[usize]) -> Vec<usize> {
    let base = g.kind(line_kind).start;
    // The units inside are of one kind: a bit each, by their place in that kind.
    let kind = inside.first().map_or(0, |&u| (0..3).find(|&k| g.kind(k).contains(&u)).unwrap_or(2));
    let start = g.kind(kind).start;
    let within = inside.iter().fold(0u64, |m, &u| m | 1 << (u - start));
    debug_assert!(inside.iter().all(|u| g.kind(kind).contains(u)));
    let mut out = Vec::new();
    let mut lines = lines;
    while lines != 0 {
        let bit = lines.trailing_zeros() as usize;
        lines &= lines - 1;
        for &i in &g.units[base + bit] {
            if b.cells[i] == CellState::Unknown && within & 1 << (g.cell_units[i][kind] - start) == 0 {
                out.push(i);
            }
        }
    }
    out
}

/// Units of `kind` still open (with an unknown cell).
fn open(g: &Geometry, b: &Board, kind: usize) -> Vec<usize> {
    g.kind(kind).filter(|&u| g.units[u].iter().any(|&i| b.cells[i] == CellState::Unknown)).collect()
}

/// The (confined kind, line kind) pairs, in the order people look: regions in
/// rows or columns, then rows or columns inside regions, then rows in columns.
const PAIRS: [(usize, usize); 6] = [(2, 0), (2, 1), (0, 2), (1, 2), (0, 1), (1, 0)];

/// 3. A unit whose possible cells lie in one line of another kind.
pub(crate) fn one_line(g: &Geometry, b: &Board) -> Option<Found> {
    one_lines(g, b).next()
}

/// Every [`one_line`] step of `b`, in the order people look.
pub(crate) fn one_lines<'a>(g: &'a Geometry, b: &'a Board) -> impl Iterator<Item = Found> + 'a {
    PAIRS.into_iter().take(4).flat_map(move |(inside_kind, line_kind)| {
        open(g, b, inside_kind).into_iter().filter_map(move |u| {
            let lines = lines_of(g, b, u, line_kind);
            if lines.count_ones() != 1 {
                return None;
            }
            let rest = rest_of(g, b, lines, line_kind, &[u]);
            let line = g.unit(g.kind(line_kind).start + lines.trailing_zeros() as usize);
            (!rest.is_empty()).then(|| Found {
                technique: Technique::OneLine,
                decided: empties(rest),
                detail: Detail::OneLine { inside: g.unit(u), line },
            })
        })
    })
}

/// One pair of kinds for [`fill`]: (inside kind, line kind, its open units, each
/// unit's line mask).
type FillSet = (usize, usize, Vec<usize>, Vec<u64>);

/// The sets [`fill`] searches, one per pair of kinds, and the most open units of any.
fn fill_sets(g: &Geometry, b: &Board) -> (Vec<FillSet>, usize) {
    let sets: Vec<FillSet> = PAIRS
        .iter()
        .map(|&(ik, lk)| {
            let units = open(g, b, ik);
            let masks = units.iter().map(|&u| lines_of(g, b, u, lk)).collect();
            (ik, lk, units, masks)
        })
        .collect();
    let largest = sets.iter().map(|s| s.2.len()).max().unwrap_or(0);
    (sets, largest)
}

/// 4. k units (k ≥ 2) whose possible cells lie within k lines of another kind.
pub(crate) fn fill(g: &Geometry, b: &Board) -> Option<Found> {
    let (sets, largest) = fill_sets(g, b);
    match tight_sets(g, b, &sets, largest) {
        Some(found) => found,
        None => fill_by_search(g, b, &sets, largest),
    }
}

/// [`fill`] by depth-first search over subsets of each size, smallest first.
fn fill_by_search(g: &Geometry, b: &Board, sets: &[FillSet], largest: usize) -> Option<Found> {
    for k in 2..largest {
        for (_, lk, units, masks) in sets {
            let mut search = Subsets {
                g,
                b,
                line_kind: *lk,
                units,
                masks,
                k,
                chosen: Vec::with_capacity(k),
                nodes: 0,
                failed: HashMap::default(),
            };
            if let Some(found) = search.from(0, 0) {
                return Some(found);
            }
        }
    }
    None
}

/// The first deduction [`fill`]'s subset search would find, by matching instead
/// of search: `None` when some pair of kinds has no matching that gives every unit
/// a line of its own (the search then decides).
///
/// Why it is the same: with every unit matched to a line, a set S of units lies
/// within exactly |S| lines if and only if it is closed under "u touches the line
/// matched to v, so v is in too" (its lines are then exactly its matched lines),
/// and touches no unmatched line. Every closed set is the union of the closures of
/// its members, and what a union rules out is ruled out by one of its members'
/// closures, which are no larger. So the smallest sets that rule something out are
/// closures of one unit, and among those of one size the first in the search's
/// order is the one with the smallest sorted list of units (a single unit within
/// one line is left to the search, which counts it with any other unit). One
/// closure per unit and pair of kinds costs a few hundred mask operations, where
/// the search grows with the number of subsets.
fn tight_sets(g: &Geometry, b: &Board, sets: &[FillSet], largest: usize) -> Option<Option<Found>> {
    // (size, pair, sorted unit positions, lines, their units, the cells they rule out)
    type Best = (usize, usize, Vec<usize>, u64, Vec<usize>, Vec<usize>);
    let mut best: Option<Best> = None;
    for (p, (_, lk, units, masks)) in sets.iter().enumerate() {
        // matched[line] = unit position.
        let matched = match_units(masks)?;
        // closure[u]: the units u leads to (bit per position), itself included;
        // `spoilt`: the units touching an unmatched line, which no closed set holds.
        let mut spoilt = 0u64;
        let mut closure: Vec<u64> = masks
            .iter()
            .enumerate()
            .map(|(u, &mask)| {
                let mut next = 1u64 << u;
                let mut lines = mask;
                while lines != 0 {
                    let line = lines.trailing_zeros() as usize;
                    lines &= lines - 1;
                    match matched[line] {
                        Some(v) => next |= 1 << v,
                        None => spoilt |= 1 << u,
                    }
                }
                next
            })
            .collect();
        // Transitive closure over bit sets (Warshall).
        for via in 0..units.len() {
            let through = closure[via];
            for c in closure.iter_mut() {
                if *c & (1 << via) != 0 {
                    *c |= through;
                }
            }
        }
        for &set in &closure {
            let k = set.count_ones() as usize;
            if k == 1 && set & spoilt == 0 {
                // One unit within one line (`one_line` first rules such rests out):
                // the search would add any unit to it, so let the search decide.
                let u = set.trailing_zeros() as usize;
                if !rest_of(g, b, masks[u], *lk, &[units[u]]).is_empty() {
                    return None;
                }
            }
            if set & spoilt != 0 || k < 2 || k >= largest || best.as_ref().is_some_and(|b| k > b.0) {
                continue;
            }
            let members: Vec<usize> = (0..units.len()).filter(|&j| set & (1 << j) != 0).collect();
            let union = members.iter().fold(0u64, |m, &u| m | masks[u]);
            if union.count_ones() as usize != k {
                continue; // cannot happen with a matching; the search's own test, kept
            }
            if best.as_ref().is_some_and(|b| (b.0, b.1, &b.2) <= (k, p, &members)) {
                continue;
            }
            let inside: Vec<usize> = members.iter().map(|&j| units[j]).collect();
            let rest = rest_of(g, b, union, *lk, &inside);
            if !rest.is_empty() {
                best = Some((k, p, members, union, inside, rest));
            }
        }
    }
    let Some((_, p, _, union, inside, rest)) = best else { return Some(None) };
    Some(Some(filled(g, union, sets[p].1, &inside, rest)))
}

/// The [`fill`] step: the units `inside` use up the lines `union` (of `line_kind`),
/// so `rest`, the other unknown cells of those lines, is empty.
fn filled(g: &Geometry, union: u64, line_kind: usize, inside: &[usize], rest: Vec<usize>) -> Found {
    let base = g.kind(line_kind).start;
    let lines = (0..64).filter(|bit| union & (1 << bit) != 0).map(|bit| g.unit(base + bit)).collect();
    Found {
        technique: Technique::Fill,
        decided: empties(rest),
        detail: Detail::Fill { inside: inside.iter().map(|&u| g.unit(u)).collect(), lines },
    }
}

/// A matching of every unit (by its line mask) to a line of its own, as
/// `matched[line] = unit`; `None` when there is none (Kuhn's augmenting paths).
fn match_units(masks: &[u64]) -> Option<Vec<Option<usize>>> {
    fn augment(u: usize, masks: &[u64], seen: &mut u64, matched: &mut [Option<usize>]) -> bool {
        let mut lines = masks[u] & !*seen;
        while lines != 0 {
            let line = lines.trailing_zeros() as usize;
            lines &= lines - 1;
            *seen |= 1 << line;
            if matched[line].is_none_or(|v| augment(v, masks, seen, matched)) {
                matched[line] = Some(u);
                return true;
            }
        }
        false
    }
    let mut matched = vec![None; 64];
    // A free line first, when a unit has one (most do): augmenting paths from an
    // empty matching reshuffled the earlier units at every unit.
    let mut used = 0u64;
    for u in 0..masks.len() {
        let free = masks[u] & !used;
        if free != 0 {
            let line = free.trailing_zeros() as usize;
            matched[line] = Some(u);
            used |= 1 << line;
        } else if !augment(u, masks, &mut 0, &mut matched) {
            return None;
        } else {
            used = matched.iter().enumerate().filter(|(_, m)| m.is_some()).fold(0, |m, (l, _)| m | 1 << l);
        }
    }
    Some(matched)
}

/// Depth-first search for `k` of `units` whose line masks together cover exactly
/// `k` lines and leave something to rule out; prunes as soon as the union exceeds k.
///
/// Many choices reach the same state (the union of lines so far, how many units
/// are chosen, the next unit to try). On a board where the Hall count holds (no
/// k units within fewer than k lines) a state fails or succeeds whatever choices
/// led to it, and a state that failed from unit j also fails from any later unit:
/// so failed states are remembered (the earliest start per union and count) and
/// never searched again; without that, the search grows exponentially with N.
struct Subsets<'a> {
    g: &'a Geometry,
    b: &'a Board,
    line_kind: usize,
    units: &'a [usize],
    masks: &'a [u64],
    k: usize,
    chosen: Vec<usize>,
    /// States entered, to look at the clock every so often.
    nodes: u32,
    /// States already searched in vain: (union, units chosen) → the earliest start.
    failed: HashMap<(u64, usize), usize, BuildHasherDefault<MixHasher>>,
}

impl Subsets<'_> {
    fn from(&mut self, start: usize, union: u64) -> Option<Found> {
        let (g, b, k) = (self.g, self.b, self.k);
        if self.chosen.len() == k {
            if union.count_ones() as usize != k {
                return None;
            }
            let inside: Vec<usize> = self.chosen.iter().map(|&j| self.units[j]).collect();
            let rest = rest_of(g, b, union, self.line_kind, &inside);
            if rest.is_empty() {
                return None;
            }
            return Some(filled(g, union, self.line_kind, &inside, rest));
        }
        self.nodes = self.nodes.wrapping_add(1);
        if self.nodes.is_multiple_of(1024) && g.deadline.passed() {
            // Out of time: finding nothing is always sound.
            return None;
        }
        match self.failed.entry((union, self.chosen.len())) {
            Entry::Occupied(e) if *e.get() <= start => return None,
            Entry::Occupied(mut e) => *e.get_mut() = start,
            Entry::Vacant(e) => {
                e.insert(start);
            }
        }
        for j in start..self.units.len() {
            if self.units.len() - j < k - self.chosen.len() {
                break;
            }
            let next = union | self.masks[j];
            if next.count_ones() as usize > k {
                continue;
            }
            self.chosen.push(j);
            let found = self.from(j + 1, next);
            self.chosen.pop();
            if found.is_some() {
                return found;
            }
        }
        None
    }
}

/// The words of a [`one_line`] step: every cell left in `inside` lies in `line`.
pub(crate) fn say_one_line(g: &Geometry, names: &Names, inside: Unit, line: Unit) -> Reveals {
    let (a, b) = (names.unit(inside), names.unit(line));
    let (one, many) = (piece(g, false), piece(g, true));
    let theirs = if g.k == 1 { format!("{one} is") } else { format!("{many} are") };
    Reveals {
        nudge: format!("look at {a} and {b}"),
        reason: format!(
            "every cell left in {a} is in {b}, so {a}'s {theirs} {b}'s: no other cell of {b} can hold a {one}"
        ),
        text: format!("every cell left in {a} is in {b}, so {a}'s {theirs} {b}'s and the rest of {b} is empty"),
    }
}

/// The words of a [`fill`] step: the cells left in `inside` lie within `lines`.
pub(crate) fn say_fill(g: &Geometry, names: &Names, inside: &[Unit], lines: &[Unit]) -> Reveals {
    let (a, b) = (units(names, inside), units(names, lines));
    let many = piece(g, true);
    let all = if inside.len() == 2 { "both" } else { "all" };
    let (theirs, those) = (kind_word(inside[0], true), kind_word(lines[0], true));
    Reveals {
        nudge: format!("look at {a}, and {b}"),
        reason: format!(
            "the cells left in {a} {all} lie in {b}, so those {theirs} take all the {many} of those {those}: no other cell of {b} can hold one"
        ),
        text: format!(
            "the cells left in {a} all lie in {b}, so those {theirs} take all the {many} of those {those}, and the other cells of {b} are empty"
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::logic::testing::{xorshift, MAPS};

    #[test]
    fn fill_by_matching_finds_what_the_subset_search_finds() {
        let mut next = xorshift(0x2545_F491_4F6C_DD1D);
        let (mut found, mut matched) = (0, 0);
        for map in MAPS {
            let regions = crate::puzzle::text::parse(map).unwrap();
            // Boards on the way to the solution, as the engine meets them: some of
            // the solution's queens and empty cells known, the rest unknown.
            let deadline = crate::puzzle::deadline::Deadline::after(std::time::Duration::from_secs(60));
            let solution = crate::solve::sat::solve(&regions, 1, deadline).unwrap();
            let g = Geometry::new(&regions, 1);
            for _ in 0..10_000 {
                let mut b = Board::new(g.n);
                let known = 2 + next() % 6; // 20–70% of the cells known
                for i in 0..g.n * g.n {
                    if next() % 10 < known {
                        let queen = solution.contains(g.cell(i));
                        b.cells[i] = if queen { CellState::Queen } else { CellState::Empty };
                    }
                }
                if one_line(&g, &b).is_some() {
                    continue; // the engine tries `fill` only after `one_line`
                }
                let (sets, largest) = fill_sets(&g, &b);
                let want = fill_by_search(&g, &b, &sets, largest);
                found += usize::from(want.is_some());
                if let Some(by_matching) = tight_sets(&g, &b, &sets, largest) {
                    matched += usize::from(by_matching.is_some());
                    assert_eq!(by_matching, want, "{map} {:?}", b.cells);
                }
                assert_eq!(fill(&g, &b), want, "{map} {:?}", b.cells);
            }
        }
        assert!(
            found > 100 && matched > 100,
            "the boards exercise the technique ({found} finds, {matched} by matching)"
        );
    }
}
