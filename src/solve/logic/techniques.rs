//! The techniques, cheapest first. Each finder looks at a board and returns the
//! first deduction of its kind that decides at least one unknown cell, or `None`.
//!
//! Every deduction follows from the rules alone (K queens per row, column and
//! region; no two touching), never from assuming the solution is unique, so each
//! one holds in every solution of the puzzle.

use std::collections::hash_map::Entry;
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

use super::board::{Board, CellState, Geometry, Unit};
pub use super::counting::Block;
use super::counting::{counting, countings, pressured, pressured_all, squeeze, squeezes, tiling, tilings};
use crate::solve::deadline::Deadline;

/// How a step was found, in order of difficulty (the level is its number).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Technique {
    /// 1: a queen rules out its row, column, region (once full) and touching cells.
    Reach,
    /// 2: a unit with exactly as many possible cells as queens it still needs.
    LastCell,
    /// 3: a region confined to one line empties the rest of the line (and back).
    OneLine,
    /// 4: k regions confined to k lines use those lines up (and back).
    Fill,
    /// 5: a queen here would leave some unit without room.
    Blocked,
    /// 6: a unit's cells left fit in as many 2×2 blocks as stars it needs: one in each.
    Tiling,
    /// 7: the same for two adjacent rows (columns) together.
    Squeeze,
    /// 8: under- and overcounting: regions inside a band of lines, or reaching into it,
    /// leave the rest a known number of stars.
    Counting,
    /// 9: a star here would leave a unit, or two adjacent lines, too little room.
    Pressured,
    /// 10: a unit whose stars go only a few ways, each followed through: the last
    /// resort before what-ifs.
    LineCases,
    /// 11: a queen here leads, by techniques 1–5, to a unit without room.
    WhatIf,
    /// 12: the case split of 10, each way followed through with what-ifs inside as
    /// well (which follow techniques 1–9, as the case does): the last resort before
    /// nested what-ifs.
    DeepCases,
    /// 13: a what-if with what-if steps inside the case: a last resort.
    DeepWhatIf,
}

impl Technique {
    /// All techniques, easiest first.
    pub const ALL: [Technique; 13] = [
        Technique::Reach,
        Technique::LastCell,
        Technique::OneLine,
        Technique::Fill,
        Technique::Blocked,
        Technique::Tiling,
        Technique::Squeeze,
        Technique::Counting,
        Technique::Pressured,
        Technique::LineCases,
        Technique::WhatIf,
        Technique::DeepCases,
        Technique::DeepWhatIf,
    ];

    /// Difficulty level, 1 (easiest) to 13.
    pub fn level(self) -> u8 {
        self as u8 + 1
    }

    /// Stable name used in JSON.
    pub fn id(self) -> &'static str {
        match self {
            Technique::Reach => "queen-reach",
            Technique::LastCell => "last-cell",
            Technique::OneLine => "one-line",
            Technique::Fill => "lines-filled",
            Technique::Blocked => "blocked",
            Technique::Tiling => "two-by-two",
            Technique::Squeeze => "squeeze",
            Technique::Counting => "counting",
            Technique::Pressured => "pressured",
            Technique::LineCases => "line-cases",
            Technique::WhatIf => "what-if",
            Technique::DeepCases => "deep-line-cases",
            Technique::DeepWhatIf => "deep-what-if",
        }
    }

    /// The name people read.
    pub fn name(self) -> &'static str {
        match self {
            Technique::Reach => "queen's reach",
            Technique::LastCell => "last cell",
            Technique::OneLine => "region in one line",
            Technique::Fill => "regions fill lines",
            Technique::Blocked => "blocked unit",
            Technique::Tiling => "2×2 blocks",
            Technique::Squeeze => "squeeze",
            Technique::Counting => "counting regions and lines",
            Technique::Pressured => "pressured exclusion",
            Technique::LineCases => "case split",
            Technique::WhatIf => "what if",
            Technique::DeepCases => "case split with what-ifs",
            Technique::DeepWhatIf => "deeper what if",
        }
    }
}

/// The argument of a deduction, enough to say it in words and show what it used.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Detail {
    /// The queen on this cell rules out the decided cells.
    Reach {
        /// The queen (cell index).
        queen: usize,
        /// Units the queen fills to K (their other cells are ruled out).
        full: Vec<Unit>,
    },
    /// This unit's unknown cells are exactly the queens it still needs.
    LastCell {
        /// The unit.
        unit: Unit,
    },
    /// Every possible cell of `inside` lies in `line`, so the rest of `line` is empty.
    OneLine {
        /// The confined unit.
        inside: Unit,
        /// The unit it is confined to.
        line: Unit,
    },
    /// The possible cells of the `inside` units lie within as many `lines`.
    Fill {
        /// The confined units.
        inside: Vec<Unit>,
        /// The units they use up.
        lines: Vec<Unit>,
    },
    /// A queen on any of the decided cells would leave `unit` without room.
    Blocked {
        /// The unit that would run out.
        unit: Unit,
    },
    /// The cells left in `unit` fit in `blocks`, as many as the stars it needs.
    Tiling {
        /// The unit.
        unit: Unit,
        /// The 2×2 blocks, one star each.
        blocks: Vec<Block>,
    },
    /// The cells left in two adjacent `lines` fit in `blocks`, as many as they need.
    Squeeze {
        /// The two lines.
        lines: Vec<Unit>,
        /// The 2×2 blocks, one star each.
        blocks: Vec<Block>,
    },
    /// `regions` lie inside the band of `lines` (undercounting), or hold every cell
    /// left in it (`over`), so the rest holds a known number of stars: none left
    /// (`blocks` empty), or one in each of `blocks`.
    Counting {
        /// The band of adjacent lines.
        lines: Vec<Unit>,
        /// The regions counted.
        regions: Vec<Unit>,
        /// Overcounting: the regions hold the band; else they lie inside it.
        over: bool,
        /// The 2×2 blocks of the rest, one star each (empty: the rest is full).
        blocks: Vec<Block>,
    },
    /// A star on any decided cell would leave `units` (one unit, or two adjacent
    /// lines) with fewer 2×2 blocks of room than stars to place.
    Pressured {
        /// The unit, or the two lines.
        units: Vec<Unit>,
    },
    /// The stars of `unit` go `ways` ways; `broken` of them break a rule, and the
    /// decided cells are the same in all the others.
    Cases {
        /// The unit split into cases.
        unit: Unit,
        /// How many ways its stars can go.
        ways: usize,
        /// How many of them break a rule.
        broken: usize,
        /// Followed through with what-ifs inside too (technique 12).
        deep: bool,
    },
    /// A queen on `cell` leads to `runs_out` having no room.
    WhatIf {
        /// The cell tried (index).
        cell: usize,
        /// The unit that runs out of cells in that case.
        runs_out: Unit,
        /// 0 for techniques 1–5 inside the case; more for nested what-ifs.
        depth: usize,
    },
}

/// One deduction: how, what it decides, and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Found {
    /// The technique.
    pub technique: Technique,
    /// Cell indices and what they become (queen or empty), sorted.
    pub decided: Vec<(usize, CellState)>,
    /// The argument.
    pub detail: Detail,
}

fn empties(cells: impl IntoIterator<Item = usize>) -> Vec<(usize, CellState)> {
    let mut v: Vec<(usize, CellState)> = cells.into_iter().map(|i| (i, CellState::Empty)).collect();
    v.sort_unstable();
    v.dedup();
    v
}

/// Units in the order people scan them: regions, then rows, then columns.
fn scan_order(g: &Geometry) -> impl Iterator<Item = usize> {
    g.kind(2).chain(g.kind(0)).chain(g.kind(1))
}

/// 1. A queen whose reach still has unknown cells.
pub(crate) fn reach(g: &Geometry, b: &Board) -> Option<Found> {
    let mut out = Vec::new();
    let queens = g.queen_counts(b);
    for q in b.queens() {
        g.reach_of_queen(b, q, &queens, &mut out);
        if !out.is_empty() {
            out.sort_unstable();
            let full = g.cell_units[q].iter().filter(|&&u| queens[u] >= g.k).map(|&u| g.unit(u)).collect();
            return Some(Found {
                technique: Technique::Reach,
                decided: empties(out.iter().copied()),
                detail: Detail::Reach { queen: q, full },
            });
        }
    }
    None
}

/// 2. A unit whose unknown cells are exactly the queens it still needs.
pub(crate) fn last_cell(g: &Geometry, b: &Board) -> Option<Found> {
    last_cells(g, b).next()
}

/// Every [`last_cell`] step of `b`, in scan order.
fn last_cells<'a>(g: &'a Geometry, b: &'a Board) -> impl Iterator<Item = Found> + 'a {
    scan_order(g).filter_map(move |u| {
        let t = g.tally(b, u);
        (t.unknown > 0 && t.queens + t.unknown == g.k).then(|| Found {
            technique: Technique::LastCell,
            decided: g.units[u]
                .iter()
                .filter(|&&i| b.cells[i] == CellState::Unknown)
                .map(|&i| (i, CellState::Queen))
                .collect(),
            detail: Detail::LastCell { unit: g.unit(u) },
        })
    })
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
fn one_lines<'a>(g: &'a Geometry, b: &'a Board) -> impl Iterator<Item = Found> + 'a {
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
/// one line is left to the search, which counts it with any other unit). One closure per unit
/// and pair of kinds costs a few hundred mask operations, where the search grew
/// with the number of subsets (it was about 45% of explaining a Star Battle board).
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
/// never searched again. Without that the search grew exponentially with N (81%
/// of a 30×30 solve, 35×35 took 30 s).
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

/// A fast hasher for small integer keys, the subset search's and the case splits'
/// ways (SipHash, the default, cost more than the search itself); no untrusted keys
/// reach it, so no flooding to fear.
#[derive(Default)]
pub(crate) struct MixHasher(u64);

impl Hasher for MixHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        bytes.iter().for_each(|&b| self.write_u64(u64::from(b)));
    }

    fn write_u64(&mut self, x: u64) {
        self.0 = (self.0.rotate_left(5) ^ x).wrapping_mul(0x517c_c1b7_2722_0a95);
    }

    fn write_usize(&mut self, x: usize) {
        self.write_u64(x as u64);
    }
}

/// Technique 5: cells whose queen would leave some unit without room for its
/// queens. Returns all such cells for the first unit (in scan order) that any cell blocks.
///
/// A queen on `c` takes room only from the units of the cells it rules out, so
/// each cell costs its reach (about 3N cells), not a pass over every unit: the
/// sweep grows with N³ rather than N⁴, which matters at 40×40.
pub(crate) fn blocked(g: &Geometry, b: &Board) -> Option<Found> {
    let mut best: Option<(usize, Vec<usize>)> = None; // (position in `units`, cells)
    let units = blocked_scan(g, b, |c, p| match &mut best {
        Some((bp, cells)) if *bp == p => cells.push(c),
        Some((bp, _)) if *bp < p => {}
        _ => best = Some((p, vec![c])),
    });
    best.map(|(p, cells)| Found {
        technique: Technique::Blocked,
        decided: empties(cells),
        detail: Detail::Blocked { unit: g.unit(units[p]) },
    })
}

/// Every cell [`blocked`] would rule out for any unit, in one sweep: what a case
/// followed through needs (no words, so no one unit to name).
fn blocked_all(g: &Geometry, b: &Board) -> Vec<usize> {
    let mut out = Vec::new();
    blocked_scan(g, b, |c, _| out.push(c));
    out
}

/// The sweep behind [`blocked`]: `visit(c, p)` for every unknown cell `c`, in
/// row-major order, whose queen leaves some unit without room, with `p` the first
/// such unit's position among the open units in scan order, which it returns.
fn blocked_scan(g: &Geometry, b: &Board, mut visit: impl FnMut(usize, usize)) -> Vec<usize> {
    let units: Vec<usize> =
        scan_order(g).filter(|&u| g.units[u].iter().any(|&i| b.cells[i] == CellState::Unknown)).collect();
    // Where each open unit comes in scan order (closed units are never reported).
    let mut pos = vec![usize::MAX; g.units.len()];
    for (p, &u) in units.iter().enumerate() {
        pos[u] = p;
    }
    // What each unit can still hold: its queens and its unknown cells.
    let room: Vec<usize> = (0..g.units.len()).map(|u| g.tally(b, u)).map(|t| t.queens + t.unknown).collect();
    // Open units already short of room (callers rule that out first; kept so the
    // answer does not depend on it), in scan order.
    let short: Vec<usize> = units.iter().copied().filter(|&u| room[u] < g.k).collect();
    let mut lost = vec![0usize; g.units.len()];
    let mut touched = Vec::new();
    let mut reach = Vec::new();
    let queens = g.queen_counts(b);
    for c in 0..g.n * g.n {
        if b.cells[c] != CellState::Unknown {
            continue;
        }
        g.reach_of_unknown(b, c, &queens, &mut reach);
        for &j in reach.iter().chain([c].iter()) {
            for &u in &g.cell_units[j] {
                if lost[u] == 0 {
                    touched.push(u);
                }
                lost[u] += 1;
            }
        }
        let own = &g.cell_units[c];
        let first = touched
            .iter()
            .copied()
            .filter(|&u| !own.contains(&u) && room[u] - lost[u] < g.k)
            .chain(short.iter().copied().filter(|u| !own.contains(u)).take(1))
            .map(|u| pos[u])
            .min();
        for &u in &touched {
            lost[u] = 0;
        }
        touched.clear();
        if let Some(p) = first {
            visit(c, p);
        }
    }
    units
}

/// Applies a deduction to the board.
pub(crate) fn apply(b: &mut Board, found: &Found) {
    for &(i, s) in &found.decided {
        b.cells[i] = s;
    }
}

/// The cheapest deduction among techniques 1–9 (no case split, no what-if), up
/// to `max` (inclusive).
pub(crate) fn simple(g: &Geometry, b: &Board, max: Technique) -> Option<Found> {
    simple_from(g, b, Technique::Reach, max)
}

/// [`simple`] from technique `from` on: [`propagate`] has just applied every
/// queen's reach, so it starts at the last cell.
fn simple_from(g: &Geometry, b: &Board, from: Technique, max: Technique) -> Option<Found> {
    let finders: [fn(&Geometry, &Board) -> Option<Found>; 9] =
        [reach, last_cell, one_line, fill, blocked, tiling, squeeze, counting, pressured];
    let (from, to) = (from.level() as usize - 1, (max.level() as usize).min(finders.len()));
    finders.get(from..to).unwrap_or_default().iter().find_map(|f| f(g, b))
}

/// The hardest technique a case of a case split is followed through with: every
/// one of techniques 1–9, counting and pressured exclusion included. With only the
/// 2×2 bounds (up to the squeeze) the engine finished 5 of the corpus's eight 14×14
/// 3★ boards; with these it finishes all eight without a what-if. What-ifs, tried
/// on many more cells, follow through with techniques 1–5 only. [`propagate`]
/// follows a case a technique at a time ([`case_sweep`]), not a step at a time.
pub(crate) const FOLLOW_CASE: Technique = Technique::Pressured;

/// Work budget for what-if searches, so a pathological board ends the search
/// instead of running for minutes.
///
/// It is counted in propagation rounds of a 9×9 Queens board: a round on a larger
/// board costs more, in proportion to the work of its sweeps (cells × units), so
/// that the budget bounds time on a 17×17 Star Battle as it does on a daily level.
/// Work, not seconds, so that every machine finds the same steps; the puzzle's
/// wall-clock deadline (`g.deadline`, none by default) is the outer bound: once it
/// passes, nothing more is spent.
#[derive(Debug, Clone)]
pub(crate) struct Budget {
    /// What is left, in 9×9 rounds.
    pub left: u64,
    /// What one round of this board costs, in 9×9 rounds (at least 1).
    cost: u64,
    /// The puzzle's deadline.
    deadline: Deadline,
    /// Set when the work is no longer wanted (a case split made beside another
    /// whose step was found first): spending then stops as if the budget ran out.
    pub cancel: Option<std::sync::Arc<std::sync::atomic::AtomicBool>>,
}

impl Budget {
    /// `rounds` 9×9 rounds for the board of `g`, within its deadline.
    pub fn new(g: &Geometry, rounds: u64) -> Self {
        let n = g.n as u64;
        let work = n * n * g.units.len() as u64;
        Budget { left: rounds, cost: (work / (81 * 27)).max(1), deadline: g.deadline, cancel: None }
    }

    fn spend(&mut self) -> bool {
        let cancelled = || self.cancel.as_ref().is_some_and(|c| c.load(std::sync::atomic::Ordering::Relaxed));
        if self.left < self.cost || self.deadline.passed() || cancelled() {
            self.left = 0;
            return false;
        }
        self.left -= self.cost;
        true
    }
}

/// Applies techniques 1 to `follow` (nested what-ifs to `depth`, which follow the
/// same techniques) until nothing changes. `Err(unit)` names a unit left without room; `Ok(None)` means the budget ran out.
///
/// Each round (one [`Budget`] unit) sweeps the new queens' reach, then takes one
/// step, as a path does, for a what-if (whose words name the unit it breaks); a
/// case followed through ([`FOLLOW_CASE`]) takes, in one round, everything the first
/// technique that decides anything decides ([`case_sweep`]). Both are sound; the
/// sweep now and then meets a broken rule that one step at a time passes by (the
/// decisions come in another order, and a 2×2 bound that finds a set broken is
/// not itself reported as one).
pub(crate) fn propagate(
    g: &Geometry,
    b: &mut Board,
    depth: usize,
    follow: Technique,
    budget: &mut Budget,
) -> Result<Option<()>, Unit> {
    let mut out = Vec::new();
    // The queens whose reach is swept. Cells only gain states here, so a swept
    // queen's touching cells stay empty, and a unit it shares that fills up later
    // fills with a new queen, whose own reach empties the rest: only new queens
    // need a sweep.
    let mut swept = vec![false; b.cells.len()];
    loop {
        if let Some(u) = g.contradiction(b) {
            return Err(u);
        }
        if !budget.spend() {
            return Ok(None);
        }
        // The cheap sweep first: every new queen's reach at once (the sweep only
        // empties cells, so the queens' counts hold through it).
        let mut changed = false;
        let mut counts = None;
        for (q, done) in swept.iter_mut().enumerate() {
            if b.cells[q] == CellState::Queen && !*done {
                *done = true;
                let counts = counts.get_or_insert_with(|| g.queen_counts(b));
                g.reach_of_queen(b, q, counts, &mut out);
                for &j in &out {
                    b.cells[j] = CellState::Empty;
                    changed = true;
                }
            }
        }
        if changed {
            continue;
        }
        // Every queen's reach is empty now, so the reach finder would find nothing.
        if follow >= FOLLOW_CASE {
            match case_sweep(g, b) {
                Some(Ok(())) => continue,
                Some(Err(u)) => return Err(u),
                None => {}
            }
        } else if let Some(f) = simple_from(g, b, Technique::LastCell, follow) {
            apply(b, &f);
            continue;
        }
        if depth > 0 && probe(g, b, depth - 1, follow, budget) > 0 {
            continue;
        }
        return Ok(Some(()));
    }
}

/// One round of a case followed through (techniques 2–9, [`FOLLOW_CASE`]): the
/// first technique, in order of cost, that decides anything on `b` decides every
/// cell it can there at once. A case needs no words, so no one unit to name, and
/// one deduction a round (as a step takes) cost a round a deduction: most of a
/// case split's time. Each decision follows from `b`, so all of them together do;
/// `Some(Err(unit))` when two of them disagree on a cell (`unit`, its row), and
/// `None` when none of the techniques decides anything.
fn case_sweep(g: &Geometry, b: &mut Board) -> Option<Result<(), Unit>> {
    fn every(found: impl Iterator<Item = Found>) -> Vec<(usize, CellState)> {
        found.flat_map(|f| f.decided).collect()
    }
    type Sweep = fn(&Geometry, &Board) -> Vec<(usize, CellState)>;
    let sweeps: [Sweep; 8] = [
        |g, b| every(last_cells(g, b)),
        |g, b| every(one_lines(g, b)),
        |g, b| every(tilings(g, b)),
        |g, b| every(squeezes(g, b)),
        |g, b| empties(blocked_all(g, b)),
        |g, b| every(fill(g, b).into_iter()),
        |g, b| every(countings(g, b)),
        |g, b| empties(pressured_all(g, b)),
    ];
    let mut decided = sweeps.iter().map(|sweep| sweep(g, b)).find(|d| !d.is_empty())?;
    decided.sort_unstable();
    decided.dedup();
    if let Some(w) = decided.windows(2).find(|w| w[0].0 == w[1].0) {
        return Some(Err(g.unit(g.cell_units[w[0].0][0])));
    }
    decided.into_iter().for_each(|(i, s)| b.cells[i] = s);
    Some(Ok(()))
}

/// Failed-queen probing: every unknown cell whose queen leads, by techniques 1 to
/// `follow` (and nested what-ifs to `depth`), to a unit without room is made empty,
/// in one sweep over the board (no words, no restart after each find). The
/// presolve's sweeps (techniques 1–5), and the what-ifs inside a case. Returns how
/// many cells it emptied; stops early when the budget runs out.
pub(crate) fn probe(g: &Geometry, b: &mut Board, depth: usize, follow: Technique, budget: &mut Budget) -> usize {
    let mut emptied = 0;
    for c in 0..g.n * g.n {
        if b.cells[c] != CellState::Unknown {
            continue;
        }
        let mut trial = b.clone();
        trial.cells[c] = CellState::Queen;
        match propagate(g, &mut trial, depth, follow, budget) {
            Err(_) => {
                b.cells[c] = CellState::Empty;
                emptied += 1;
            }
            Ok(None) => break,
            Ok(Some(())) => {}
        }
    }
    emptied
}

/// 11 (depth 0) and 13 (depth ≥ 1): the first unknown cell whose queen leads, by
/// techniques 1–5 (and nested what-ifs to `depth`), to a unit without room.
/// `Some(Err(()))` when the budget ran out. (The what-ifs inside a case of
/// technique 12 are [`probe`]'s, which follow what the case does.)
pub(crate) fn what_if(g: &Geometry, b: &Board, depth: usize, budget: &mut Budget) -> Option<Result<Found, ()>> {
    for c in 0..g.n * g.n {
        if b.cells[c] != CellState::Unknown {
            continue;
        }
        let mut trial = b.clone();
        trial.cells[c] = CellState::Queen;
        match propagate(g, &mut trial, depth, Technique::Blocked, budget) {
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

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::puzzle::Regions;

    /// Two 9×9 maps the technique tests draw boards on.
    const MAPS: [&str; 2] = [
        "111111111\n112333999\n122439999\n124437799\n124666779\n124467799\n122467899\n122555889\n112258899\n",
        "AABBBBBCD\nAAABBBBCD\nAAAEECCCD\nAEEEDCCFD\nAAADDFFFD\nGGGDDDDDD\nDDDDHHHHD\nDIDDDDDHH\nIIIIDDDDH\n",
    ];

    /// A small fixed pseudo-random sequence (xorshift64) for the engine's unit tests.
    pub(crate) fn xorshift(mut seed: u64) -> impl FnMut() -> u64 {
        move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        }
    }

    fn geometry(n: usize, k: usize) -> Geometry {
        let labels: Vec<usize> = (0..n * n).map(|i| i / n).collect();
        Geometry::new(&Regions::from_labels(n, &labels).unwrap(), k)
    }

    #[test]
    fn a_round_costs_more_on_larger_boards() {
        // Boards up to 11×11 (every daily level) pay one round per round, as before
        // the budgets were scaled; a 17×17 board pays 6, in line with its sweeps.
        let cost = |n| Budget::new(&geometry(n, 1), 100).cost;
        assert_eq!([cost(6), cost(9), cost(10), cost(11)], [1, 1, 1, 1]);
        assert_eq!([cost(12), cost(15), cost(17)], [2, 4, 6]);
        let mut b = Budget::new(&geometry(17, 4), 13);
        assert!(b.spend() && b.spend(), "13 rounds of 9×9 pay for two 17×17 rounds");
        assert!(!b.spend(), "but not for a third");
        assert_eq!(b.left, 0);
    }

    /// The sweep over every unit for every cell that `blocked` replaced: its oracle.
    fn blocked_by_every_unit(g: &Geometry, b: &Board) -> Option<Found> {
        let n2 = g.n * g.n;
        let units: Vec<usize> =
            scan_order(g).filter(|&u| g.units[u].iter().any(|&i| b.cells[i] == CellState::Unknown)).collect();
        let mut best: Option<(usize, Vec<usize>)> = None; // (position in `units`, cells)
        let mut gone = vec![false; n2];
        let mut reach = Vec::new();
        for c in 0..n2 {
            if b.cells[c] != CellState::Unknown {
                continue;
            }
            g.reach(b, c, &mut reach);
            for &j in &reach {
                gone[j] = true;
            }
            gone[c] = true;
            let limit = best.as_ref().map_or(units.len(), |(p, _)| *p + 1);
            for (p, &u) in units.iter().enumerate().take(limit) {
                if g.cell_units[c].contains(&u) {
                    continue;
                }
                let mut queens = 0;
                let mut room = 0;
                for &i in &g.units[u] {
                    match b.cells[i] {
                        CellState::Queen => queens += 1,
                        CellState::Unknown if !gone[i] => room += 1,
                        _ => {}
                    }
                }
                if queens + room < g.k {
                    match &mut best {
                        Some((bp, cells)) if *bp == p => cells.push(c),
                        _ => best = Some((p, vec![c])),
                    }
                    break;
                }
            }
            for &j in &reach {
                gone[j] = false;
            }
            gone[c] = false;
        }
        best.map(|(p, cells)| Found {
            technique: Technique::Blocked,
            decided: empties(cells),
            detail: Detail::Blocked { unit: g.unit(units[p]) },
        })
    }

    #[test]
    fn blocked_finds_what_a_sweep_over_every_unit_finds() {
        let mut next = xorshift(0x9E37_79B9_7F4A_7C15);
        let mut found = 0;
        for map in MAPS {
            let regions = crate::puzzle::text::parse(map).unwrap();
            for k in [1, 2] {
                let g = Geometry::new(&regions, k);
                for _ in 0..400 {
                    let mut b = Board::new(g.n);
                    for i in 0..g.n * g.n {
                        b.cells[i] = match next() % 10 {
                            0 => CellState::Queen,
                            1..=4 => CellState::Empty,
                            _ => CellState::Unknown,
                        };
                    }
                    let want = blocked_by_every_unit(&g, &b);
                    found += usize::from(want.is_some());
                    assert_eq!(blocked(&g, &b), want, "{map} k={k} {:?}", b.cells);
                }
            }
        }
        assert!(found > 100, "the boards exercise the technique ({found} finds)");
    }

    #[test]
    fn fill_by_matching_finds_what_the_subset_search_finds() {
        let mut next = xorshift(0x2545_F491_4F6C_DD1D);
        let (mut found, mut matched) = (0, 0);
        for map in MAPS {
            let regions = crate::puzzle::text::parse(map).unwrap();
            // Boards on the way to the solution, as the engine meets them: some of
            // the solution's queens and empty cells known, the rest unknown.
            let deadline = crate::solve::deadline::Deadline::after(std::time::Duration::from_secs(60));
            let solution = crate::solve::sat::solve(&regions, 1, &[], deadline).unwrap();
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
