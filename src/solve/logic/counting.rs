//! Counting techniques, the ones Star Battle players use on big boards (they hold
//! for Queens too, where K = 1): 2×2 blocks on a unit, the squeeze of two adjacent
//! lines, under- and overcounting over bands of lines and the regions around them,
//! pressured exclusion, and the case split on one line.
//!
//! They rest on one fact besides the counts: any two cells of a 2×2 block touch, so
//! a block holds at most one star. If the cells left in a set that needs m more stars
//! fit in m blocks, each block holds exactly one of them; if they fit in fewer, the
//! set cannot be finished. Every argument follows from the rules alone (never from
//! the solution being unique), so each step holds in every solution.

use std::collections::{HashMap, HashSet};
use std::hash::BuildHasherDefault;

use super::board::{Board, CellState, Geometry, Unit};
use super::techniques::{propagate, Budget, Detail, Found, MixHasher, Technique, FOLLOW_CASE};

/// A 2×2 block of cells by its top-left corner (row, column). A block may hang over
/// the board's edge, where it holds fewer cells.
pub type Block = (isize, isize);

/// Most ways one unit's stars may go for a case split to be worth trying. Units
/// are tried fewest ways first, so more only costs when every smaller unit fails:
/// on the corpus's 14×14 3★ boards 24 left one board unfinished and 40 finishes
/// them all; the 17×17 4★ boards need units of up to about a thousand ways (059's
/// column 12: 1,001). The step's budget, not this, bounds what a split costs.
const MAX_CASES: usize = 2_000;

/// The cells of `block` that lie on the board.
fn block_cells(n: usize, (r, c): Block) -> impl Iterator<Item = usize> {
    let n = n as isize;
    [(r, c), (r, c + 1), (r + 1, c), (r + 1, c + 1)]
        .into_iter()
        .filter(move |&(rr, cc)| (0..n).contains(&rr) && (0..n).contains(&cc))
        .map(move |(rr, cc)| (rr * n + cc) as usize)
}

/// Few 2×2 blocks that cover every cell of `cands` (row-major): the best of a greedy
/// cover and the four fixed tilings of the board. Any cover is a sound bound, since
/// each block holds at most one star; a smaller one is only a sharper bound.
#[cfg(test)]
fn cover(n: usize, cands: &[usize]) -> Vec<Block> {
    let rows = row_masks(n, cands.iter().copied());
    let (_, which) = cover_size(n, &rows);
    cover_blocks(n, &rows, which)
}

/// One bit mask per row (boards have at most 64 columns; `text::MAX_N` is 40),
/// on the stack: the engine weighs thousands of sets per step.
type Rows = [u64; 64];

/// The cells of `cands` as [`Rows`].
#[cfg(test)]
fn row_masks(n: usize, cands: impl IntoIterator<Item = usize>) -> Rows {
    let mut rows = [0u64; 64];
    for i in cands {
        rows[i / n] |= 1 << (i % n);
    }
    rows
}

/// The board's unknown cells and its stars, each as [`Rows`].
fn state_rows(n: usize, b: &Board) -> (Rows, Rows) {
    let (mut unknown, mut queens): (Rows, Rows) = ([0; 64], [0; 64]);
    // Row by row, not a division per cell: this runs several times a round.
    for (r, row) in b.cells[..n * n].chunks(n).enumerate() {
        for (c, state) in row.iter().enumerate() {
            match state {
                CellState::Unknown => unknown[r] |= 1 << c,
                CellState::Queen => queens[r] |= 1 << c,
                CellState::Empty => {}
            }
        }
    }
    (unknown, queens)
}

/// Which cover [`cover`] takes: the greedy one (`None`) or a tiling (`Some(offset)`).
type Which = Option<(usize, usize)>;

/// The four tilings of the board by 2×2 blocks, by the offset of their grid.
const TILINGS: [(usize, usize); 4] = [(0, 0), (0, 1), (1, 0), (1, 1)];

/// The size of the smallest of the five covers, and which one it is (the first of
/// the smallest, greedy first), counted on row masks without building any cover.
#[cfg(test)]
fn cover_size(n: usize, rows: &[u64]) -> (usize, Which) {
    smallest(n, rows, usize::MAX)
}

/// [`cover_size`] when it is at most `cap`; otherwise some size above `cap`. The
/// tilings cost a few operations per row and the greedy cover stops past `cap`:
/// the engine weighs thousands of sets per step and only asks how a cover compares
/// with the stars a set needs.
fn smallest(n: usize, rows: &[u64], cap: usize) -> (usize, Which) {
    // A block covers at most four cells: a bound that costs one popcount per row.
    let at_least = rows[..n].iter().map(|m| m.count_ones() as usize).sum::<usize>().div_ceil(4);
    if at_least > cap {
        return (at_least, None);
    }
    // Only the rows that hold a cell: most sets weighed are one or two lines.
    let Some(lo) = rows[..n].iter().position(|&m| m != 0) else { return (0, None) };
    let hi = rows[..n].iter().rposition(|&m| m != 0).unwrap_or(lo);
    // Cells no two of which touch lie in different blocks of any cover, so as many
    // of them as there are is a bound too, found greedily row by row at about the
    // cost of one tiling; when it already exceeds `cap` the covers are not needed.
    if cap < usize::MAX {
        let apart = apart_cells(rows, lo, hi, cap + 1);
        if apart > cap {
            return (apart, None);
        }
    }
    let tilings = TILINGS.map(|(dr, dc)| tiles_between(n, rows, lo, hi, dr, dc, |_| {}));
    let best_tiling = tilings.iter().copied().min().unwrap_or(usize::MAX);
    let greedy = greedy(n, rows, cap.min(best_tiling), |_| {});
    if greedy <= best_tiling {
        return (greedy, None);
    }
    let first = tilings.iter().position(|&t| t == best_tiling).unwrap_or(0);
    (best_tiling, Some(TILINGS[first]))
}

/// How many cells of `rows` (all in rows `lo..=hi`) a greedy pass picks with no
/// two touching ([`apart_rows`]), stopping at `stop`.
fn apart_cells(rows: &[u64], lo: usize, hi: usize, stop: usize) -> usize {
    let mut count = 0;
    for picked in apart_rows(&rows[lo..=hi]) {
        count += picked.count_ones() as usize;
        if count >= stop {
            return count;
        }
    }
    count
}

/// The cells of `rows` a greedy pass picks with no two touching ([`apart_rows`]),
/// and how many.
fn apart_set(rows: &[u64]) -> (Rows, usize) {
    let (mut picked, mut count): (Rows, usize) = ([0; 64], 0);
    for (p, row) in picked.iter_mut().zip(apart_rows(rows)) {
        *p = row;
        count += row.count_ones() as usize;
    }
    (picked, count)
}

/// Each row's picks of a greedy pass over `rows` with no two cells touching:
/// leftmost first in each row ([`every_other`]), skipping the cells beside a pick
/// in the same row and around the picks of the row above.
fn apart_rows(rows: &[u64]) -> impl Iterator<Item = u64> + '_ {
    rows.iter().scan(0u64, |above, &row| {
        *above = every_other(row & !(*above | *above << 1 | *above >> 1));
        Some(*above)
    })
}

/// The cells of `free` (one row) a pass from the left picks with no two side by
/// side: the first, third, fifth… of each run of adjacent cells, worked out for
/// the whole row in a few operations rather than a bit at a time.
fn every_other(free: u64) -> u64 {
    const EVEN: u64 = 0x5555_5555_5555_5555;
    let starts = free & !(free << 1);
    // Adding a run's first bit carries through the run and clears it (the carry
    // stops at the empty bit after it), so these are the runs that start on an even bit.
    let even_runs = free & !free.wrapping_add(starts & EVEN);
    (even_runs & EVEN) | (free & !even_runs & !EVEN)
}

/// The blocks of the cover `which` of `rows`, in the order [`cover`] has always given them.
fn cover_blocks(n: usize, rows: &[u64], which: Which) -> Vec<Block> {
    let mut out = Vec::new();
    match which {
        None => greedy(n, rows, usize::MAX, |b| out.push(b)),
        Some((dr, dc)) => tiles(n, rows, dr, dc, |b| out.push(b)),
    };
    out
}

/// The greedy cover: each cell not yet covered, in row-major order, gets the block
/// with its top row there (one up on the last row) and the cell in it, on its left
/// or right, whichever covers more cells still uncovered (right on a tie). Every
/// block lies on the board. Returns the number of blocks, each given to `emit`, or
/// stops at `cap` + 1 blocks.
fn greedy(n: usize, rows: &[u64], cap: usize, mut emit: impl FnMut(Block)) -> usize {
    if n < 2 {
        // A 1×1 board: one block hanging over the edge, as the cell's own.
        let size = usize::from(rows.first().is_some_and(|&m| m != 0));
        if size == 1 {
            emit((0, 0));
        }
        return size;
    }
    let mut left_over: Rows = [0; 64];
    left_over[..n].copy_from_slice(&rows[..n]);
    let mut size = 0;
    for r in 0..n {
        let mut cells = rows[r];
        while cells != 0 {
            let c = cells.trailing_zeros() as usize;
            cells &= cells - 1;
            if left_over[r] & (1 << c) == 0 {
                continue;
            }
            let top = r.min(n - 2);
            let uncovered = |left_over: &[u64], col: usize| {
                ((left_over[top] >> col) & 3).count_ones() + ((left_over[top + 1] >> col) & 3).count_ones()
            };
            let (right, left) = (c.min(n - 2), c.saturating_sub(1));
            let col = if uncovered(&left_over, left) > uncovered(&left_over, right) { left } else { right };
            left_over[top] &= !(3 << col);
            left_over[top + 1] &= !(3 << col);
            emit((top as isize, col as isize));
            size += 1;
            if size > cap {
                return size;
            }
        }
    }
    size
}

/// The tiling with grid offset (`dr`, `dc`): the blocks of it that hold a cell of
/// `rows`, in row-major order. Returns their number, each given to `emit`.
fn tiles(n: usize, rows: &[u64], dr: usize, dc: usize, emit: impl FnMut(Block)) -> usize {
    tiles_between(n, rows, 0, n.saturating_sub(1), dr, dc, emit)
}

/// [`tiles`] when every cell of `rows` lies in rows `lo..=hi`.
fn tiles_between(
    n: usize,
    rows: &[u64],
    lo: usize,
    hi: usize,
    dr: usize,
    dc: usize,
    mut emit: impl FnMut(Block),
) -> usize {
    let mut size = 0;
    // Block row t holds rows 2t − dr and 2t − dr + 1; block column u columns 2u − dc, 2u − dc + 1.
    for t in (lo + dr) / 2..=((hi + dr) / 2).min((n + dr) / 2) {
        let (a, b) = ((2 * t).checked_sub(dr), 2 * t + 1 - dr);
        let band = a.filter(|&a| a < n).map_or(0, |a| rows[a]) | if b < n { rows[b] } else { 0 };
        // Shift so that block columns start on even bits, then fold each pair of bits.
        let wide = u128::from(band) << dc;
        let mut pairs = (wide | wide >> 1) & 0x5555_5555_5555_5555_5555_5555_5555_5555;
        size += pairs.count_ones() as usize;
        while pairs != 0 {
            let bit = pairs.trailing_zeros() as isize;
            pairs &= pairs - 1;
            emit((2 * t as isize - dr as isize, bit - dc as isize));
        }
    }
    size
}

/// What the 2×2 bound says about a set of cells that needs some more stars.
enum Bound {
    /// Its cells left fit in fewer blocks than the stars it needs: it cannot be finished.
    Broken,
    /// They fit in exactly as many blocks as it needs: one star in each.
    Tight(Vec<Block>),
    /// Room to spare.
    Loose,
}

/// The bound for a set whose unknown cells are `rows`, needing `need` more stars.
fn bound(n: usize, rows: &Rows, need: usize) -> Bound {
    if rows[..n].iter().map(|m| m.count_ones() as usize).sum::<usize>() < need {
        return Bound::Broken;
    }
    if need == 0 {
        return Bound::Loose;
    }
    match smallest(n, rows, need) {
        (m, _) if m < need => Bound::Broken,
        (m, which) if m == need => Bound::Tight(cover_blocks(n, rows, which)),
        _ => Bound::Loose,
    }
}

/// What a tight set decides: each block holds exactly one of the set's stars, so its
/// cells outside the set are empty, a block with one cell of the set left holds its
/// star there, and a cell touching every cell the block has left is empty.
fn tight_decisions(
    g: &Geometry,
    b: &Board,
    inside: impl Fn(usize) -> bool,
    blocks: &[Block],
) -> Vec<(usize, CellState)> {
    let mut out = Vec::new();
    for &blk in blocks {
        let cand: Vec<usize> =
            block_cells(g.n, blk).filter(|&i| inside(i) && b.cells[i] == CellState::Unknown).collect();
        out.extend(
            block_cells(g.n, blk)
                .filter(|&i| !inside(i) && b.cells[i] == CellState::Unknown)
                .map(|i| (i, CellState::Empty)),
        );
        match cand.as_slice() {
            [one] => out.push((*one, CellState::Queen)),
            [first, rest @ ..] => out.extend(
                g.neighbours[*first]
                    .iter()
                    .filter(|&&j| {
                        b.cells[j] == CellState::Unknown
                            && !cand.contains(&j)
                            && rest.iter().all(|&c| g.neighbours[c].contains(&j))
                    })
                    .map(|&j| (j, CellState::Empty)),
            ),
            [] => {}
        }
    }
    sorted(out)
}

fn sorted(mut v: Vec<(usize, CellState)>) -> Vec<(usize, CellState)> {
    v.sort_unstable();
    v.dedup();
    v
}

/// Queens of `cells` on `b`.
fn queens(b: &Board, cells: &[usize]) -> usize {
    cells.iter().filter(|&&i| b.cells[i] == CellState::Queen).count()
}

/// Cells and what they become, sorted.
type Decided = Vec<(usize, CellState)>;

/// Decisions of the set with cells `set` (row masks) that needs `total` stars,
/// when its 2×2 bound is tight, on the board `b` whose unknown cells and stars are
/// `state` ([`state_rows`]).
fn tight_set(g: &Geometry, b: &Board, state: &(Rows, Rows), set: &Rows, total: usize) -> Option<(Vec<Block>, Decided)> {
    let (n, (unknown, queens)) = (g.n, state);
    let held = (0..n).map(|r| (set[r] & queens[r]).count_ones() as usize).sum();
    let need = total.checked_sub(held)?;
    let mut rows: Rows = [0; 64];
    for r in 0..n {
        rows[r] = set[r] & unknown[r];
    }
    let Bound::Tight(blocks) = bound(n, &rows, need) else { return None };
    let decided = tight_decisions(g, b, |i| set[i / n] & 1 << (i % n) != 0, &blocks);
    (!decided.is_empty()).then_some((blocks, decided))
}

/// Technique 6: a unit whose cells left fit in exactly as many 2×2 blocks as stars it needs.
pub(crate) fn tiling(g: &Geometry, b: &Board) -> Option<Found> {
    tilings(g, b).next()
}

/// Every [`tiling`] step of `b`: regions, then rows, then columns.
pub(crate) fn tilings<'a>(g: &'a Geometry, b: &'a Board) -> impl Iterator<Item = Found> + 'a {
    let state = state_rows(g.n, b);
    g.kind(2).chain(g.kind(0)).chain(g.kind(1)).filter_map(move |u| {
        let (blocks, decided) = tight_set(g, b, &state, &g.unit_rows[u], g.k)?;
        Some(Found { technique: Technique::Tiling, decided, detail: Detail::Tiling { unit: g.unit(u), blocks } })
    })
}

/// Technique 7: two adjacent rows (columns) whose cells left fit in exactly as many 2×2 blocks
/// as the stars they need together.
pub(crate) fn squeeze(g: &Geometry, b: &Board) -> Option<Found> {
    squeezes(g, b).next()
}

/// Every [`squeeze`] step of `b`: pairs of rows, then of columns.
pub(crate) fn squeezes<'a>(g: &'a Geometry, b: &'a Board) -> impl Iterator<Item = Found> + 'a {
    let state = state_rows(g.n, b);
    [0, 1].into_iter().flat_map(move |kind| {
        (0..g.n.saturating_sub(1)).filter_map(move |first| {
            let base = g.kind(kind).start;
            let (one, next) = (&g.unit_rows[base + first], &g.unit_rows[base + first + 1]);
            let pair: Rows = std::array::from_fn(|r| one[r] | next[r]);
            let (blocks, decided) = tight_set(g, b, &state, &pair, 2 * g.k)?;
            let lines = vec![g.unit(base + first), g.unit(base + first + 1)];
            Some(Found { technique: Technique::Squeeze, decided, detail: Detail::Squeeze { lines, blocks } })
        })
    })
}

/// Bit mask, per region, of the lines of `kind` its possible cells (unknown or star) lie in.
fn region_lines(g: &Geometry, b: &Board, kind: usize) -> Vec<u64> {
    let base = g.kind(kind).start;
    g.kind(2)
        .map(|u| {
            g.units[u]
                .iter()
                .filter(|&&i| b.cells[i] != CellState::Empty)
                .fold(0u64, |m, &i| m | 1 << (g.cell_units[i][kind] - base))
        })
        .collect()
}

/// A set of cells that holds a known number of stars in every solution, why, and
/// what it decides.
struct Area {
    /// One unit or two adjacent lines (`regions` empty), or a band of lines with
    /// the regions counted against it.
    units: Vec<Unit>,
    /// The regions counted: inside the band, or (`over`) reaching into it.
    regions: Vec<Unit>,
    /// Overcounting.
    over: bool,
    /// The 2×2 blocks its cells left fit in, one star each (none when it holds
    /// all its stars already).
    blocks: Vec<Block>,
    /// The cells it decides, sorted (never none).
    decided: Decided,
}

/// The counted areas of every band of adjacent lines that decide a cell, narrow
/// bands first: for each, the rest of the band outside the regions inside it
/// (undercounting), and the rest of the regions reaching into it outside it
/// (overcounting). Each holds a known number of stars, because the board's empty
/// cells leave the regions no other room.
fn bands<'a>(g: &'a Geometry, b: &'a Board) -> impl Iterator<Item = Area> + 'a {
    let masks = [region_lines(g, b, 0), region_lines(g, b, 1)];
    let regions = g.kind(2).start;
    let sieve = Sieve::new(g, b);
    let counts = Counts::new(g, &sieve);
    // Sets of regions are bit masks (a board has at most 64 regions), and an
    // area's cells are listed only once the sieve passes it: of the O(N²) bands
    // weighed per call, few can decide anything, and listing them all (with a
    // few vectors per band) was most of what counting cost.
    let members = |set: u64| (0..64).filter(move |&r| set & 1 << r != 0);
    (1..g.n)
        .flat_map(move |width| (0..=g.n - width).flat_map(move |start| [0, 1].map(|kind| (width, start, kind))))
        .flat_map(move |(width, start, kind)| {
            let band: u64 = ((1u64 << width) - 1) << start;
            let base = g.kind(kind).start;
            let masks = &masks[kind];
            let (mut inside, mut reaching) = (0u64, 0u64);
            for (r, &m) in masks.iter().enumerate() {
                inside |= u64::from(m & !band == 0) << r;
                reaching |= u64::from(m & band != 0) << r;
            }
            let lines = || (start..start + width).map(|l| g.unit(base + l)).collect::<Vec<_>>();
            let as_units = |set: u64| members(set).map(|r| g.unit(regions + r)).collect::<Vec<_>>();
            let band_row = |r: usize| match kind {
                0 if band & 1 << r != 0 => u64::MAX,
                0 => 0,
                _ => band,
            };
            let mut out = [None, None];
            let band_counts = counts.band(kind, start, width);
            let count = inside.count_ones() as usize;
            if count > 0 && count <= width && may_decide((width - count) * g.k, band_counts.less(counts.of(inside))) {
                let total = (width - count) * g.k;
                let union = sieve.union(inside);
                if let Some((blocks, decided)) = sieve.decide(g, |r| band_row(r) & !union[r], total) {
                    let (units, regions) = (lines(), as_units(inside));
                    out[0] = Some(Area { units, regions, over: false, blocks, decided });
                }
            }
            let count = reaching.count_ones() as usize;
            if count >= width
                && count < masks.len()
                && may_decide((count - width) * g.k, counts.of(reaching).less(band_counts))
            {
                let total = (count - width) * g.k;
                let union = sieve.union(reaching);
                if let Some((blocks, decided)) = sieve.decide(g, |r| union[r] & !band_row(r), total) {
                    let (units, regions) = (lines(), as_units(reaching));
                    out[1] = Some(Area { units, regions, over: true, blocks, decided });
                }
            }
            out.into_iter().flatten()
        })
}

/// The stars and the unknown cells of a set of cells.
#[derive(Clone, Copy)]
struct Held {
    queens: usize,
    unknown: usize,
}

impl Held {
    const NONE: Held = Held { queens: 0, unknown: 0 };

    /// What `self` and `other`, apart from each other, hold together.
    fn plus(self, other: Held) -> Held {
        Held { queens: self.queens + other.queens, unknown: self.unknown + other.unknown }
    }

    /// What `self` holds beyond `part`, a part of it.
    fn less(self, part: Held) -> Held {
        Held { queens: self.queens - part.queens, unknown: self.unknown - part.unknown }
    }
}

/// Whether an area that holds `total` stars and `held` on the board can decide a
/// cell ([`Sieve::decide`]): with all its stars, only if it has unknown cells left;
/// otherwise only if those fit in no more 2×2 blocks than the stars it needs
/// (four cells a block at most). Of the O(N²) bands [`counting`] weighs, most
/// fail this, and it costs a subtraction where weighing the area's cells costs a
/// pass over every row.
fn may_decide(total: usize, held: Held) -> bool {
    match total.checked_sub(held.queens) {
        None => false,
        Some(0) => held.unknown > 0,
        Some(need) => need <= held.unknown && held.unknown <= 4 * need,
    }
}

/// What each region and each band of lines holds ([`Held`]), for [`may_decide`]:
/// the cells a band counts are a band less the regions inside it, or regions less
/// the band they reach into, whose stars and unknown cells follow by subtraction.
struct Counts {
    regions: Vec<Held>,
    /// Per kind (rows, columns), what the lines before each line hold.
    before: [Vec<Held>; 2],
}

impl Counts {
    fn new(g: &Geometry, sieve: &Sieve) -> Self {
        let held = |rows: &Rows| Held {
            queens: (0..g.n).map(|r| (rows[r] & sieve.queens[r]).count_ones() as usize).sum(),
            unknown: (0..g.n).map(|r| (rows[r] & sieve.unknown[r]).count_ones() as usize).sum(),
        };
        let before = |kind: usize| {
            let mut out = vec![Held::NONE];
            for u in g.kind(kind) {
                out.push(out[out.len() - 1].plus(held(&g.unit_rows[u])));
            }
            out
        };
        Counts { regions: g.kind(2).map(|u| held(&g.unit_rows[u])).collect(), before: [before(0), before(1)] }
    }

    /// What the regions in the bit mask `set` hold.
    fn of(&self, mut set: u64) -> Held {
        let mut out = Held::NONE;
        while set != 0 {
            out = out.plus(self.regions[set.trailing_zeros() as usize]);
            set &= set - 1;
        }
        out
    }

    /// What lines `start..start + width` of `kind` hold.
    fn band(&self, kind: usize, start: usize, width: usize) -> Held {
        self.before[kind][start + width].less(self.before[kind][start])
    }
}

/// What a counted area decides, worked out on row bit masks: of the O(N²) bands
/// [`counting`] weighs, few decide anything, and listing each one's cells first
/// was most of explaining a big Star Battle board.
struct Sieve<'a> {
    /// The board weighed.
    board: &'a Board,
    /// Unknown cells per row.
    unknown: Rows,
    /// Stars per row.
    queens: Rows,
    /// Each region's cells per row (the geometry's).
    regions: &'a [Rows],
    /// The board's side: rows past it are empty.
    n: usize,
}

impl<'a> Sieve<'a> {
    fn new(g: &'a Geometry, b: &'a Board) -> Self {
        let (unknown, queens) = state_rows(g.n, b);
        Sieve { board: b, unknown, queens, regions: &g.unit_rows[g.kind(2)], n: g.n }
    }

    /// The cells of the regions in the bit mask `of`, per row.
    fn union(&self, mut of: u64) -> Rows {
        let mut out = [0u64; 64];
        while of != 0 {
            let x = of.trailing_zeros() as usize;
            of &= of - 1;
            for (o, m) in out.iter_mut().zip(&self.regions[x]).take(self.n) {
                *o |= m;
            }
        }
        out
    }

    /// What the area with cells `area(row)`, holding `total` stars, decides on the
    /// sieve's board: when all its stars are there, its unknown cells are
    /// empty; when its unknown cells fit in exactly the 2×2 blocks of the stars it
    /// still needs, what those blocks decide ([`tight_decisions`]). `None` when it
    /// decides no cell.
    fn decide(&self, g: &Geometry, area: impl Fn(usize) -> u64, total: usize) -> Option<(Vec<Block>, Decided)> {
        let n = self.n;
        let mut rows: Rows = [0; 64];
        let (mut queens, mut unknown) = (0, 0);
        for (r, row) in rows.iter_mut().enumerate().take(n) {
            let cells = area(r);
            *row = cells & self.unknown[r];
            unknown += row.count_ones() as usize;
            queens += (cells & self.queens[r]).count_ones() as usize;
        }
        match total.checked_sub(queens)? {
            0 if unknown > 0 => {
                let left = (0..n * n).filter(|&i| rows[i / n] & 1 << (i % n) != 0);
                Some((Vec::new(), left.map(|i| (i, CellState::Empty)).collect()))
            }
            0 => None,
            need if unknown < need => None,
            need => {
                let (size, which) = smallest(n, &rows, need);
                if size != need {
                    return None;
                }
                let blocks = cover_blocks(n, &rows, which);
                let decided = tight_decisions(g, self.board, |i| area(i / n) & 1 << (i % n) != 0, &blocks);
                (!decided.is_empty()).then_some((blocks, decided))
            }
        }
    }
}

/// Technique 8: under- and overcounting over a band of adjacent lines. The regions inside the
/// band take K stars each of the band's stars, so the rest of the band holds what is
/// left (undercounting); the regions that reach into the band hold all of its stars
/// and K each, so their cells outside the band hold the difference (overcounting).
/// When that rest has no star left to hold, or its cells fit in exactly as many 2×2
/// blocks as it holds, cells are decided. Narrow bands first.
pub(crate) fn counting(g: &Geometry, b: &Board) -> Option<Found> {
    countings(g, b).next()
}

/// Every [`counting`] step of `b`, narrow bands first.
pub(crate) fn countings<'a>(g: &'a Geometry, b: &'a Board) -> impl Iterator<Item = Found> + 'a {
    // Out of time: finding nothing is always sound.
    bands(g, b).take_while(|_| !g.deadline.passed()).map(|a| Found {
        technique: Technique::Counting,
        decided: a.decided,
        detail: Detail::Counting { lines: a.units, regions: a.regions, over: a.over, blocks: a.blocks },
    })
}

/// Spare room, in 2×2 blocks, beyond which pressured exclusion does not weigh an
/// area: a star and its touching cells lie in a 3×3 square, which meets at most
/// four blocks. A filter for speed only: skipping an area never makes a step wrong.
const SLACK: usize = 4;

/// The areas pressured exclusion weighs, each with room to spare of at most
/// [`SLACK`] blocks: every unit (regions, rows, columns), then every two adjacent
/// rows, then every two adjacent columns. An area is named by its place in that
/// list ([`AreaId`]), so that the areas of a cell are found by arithmetic, not
/// by a table of every cell's areas built on each call. (Counted bands were tried
/// too: on the corpus they decided nothing more and cost ten times the time.)
fn areas(g: &Geometry, b: &Board) -> Vec<(AreaId, Weighed)> {
    let (n, list) = (g.n, Areas::new(g));
    let (unknown_all, queens_all) = state_rows(n, b);
    // Room for every area at once: the list is long (about 5N) and its entries
    // large, and growing it as it filled copied them over and over.
    let mut out = Vec::with_capacity(list.len());
    for id in 0..list.len() {
        let (mut cells, mut total): (Rows, usize) = ([0; 64], 0);
        for u in list.units(id) {
            cells.iter_mut().zip(&g.unit_rows[u]).take(n).for_each(|(x, y)| *x |= y);
            total += g.k;
        }
        let mut unknown: Rows = [0; 64];
        let mut queens = 0;
        for r in 0..n {
            unknown[r] = cells[r] & unknown_all[r];
            queens += (cells[r] & queens_all[r]).count_ones() as usize;
        }
        let Some(need) = total.checked_sub(queens) else { continue };
        if need == 0 || smallest(n, &unknown, need + SLACK).0 > need + SLACK {
            continue;
        }
        let left = unknown[..n].iter().map(|m| m.count_ones() as usize).sum();
        let (apart, apart_count) = apart_set(&unknown[..n]);
        out.push((id, Weighed { cells, unknown, left, queens, total, apart, apart_count }));
    }
    out
}

/// An area of [`areas`] by its place in the list of every area it weighs.
type AreaId = usize;

/// The list of areas pressured exclusion weighs, in one place: the regions, the
/// rows and the columns (the units), then the pairs of adjacent rows, then of
/// adjacent columns. [`areas`] walks it, [`Areas::of`] finds a cell's areas in it
/// and [`Areas::units`] names an area's units.
struct Areas<'a> {
    g: &'a Geometry,
    /// How many regions, rows and columns: where the pairs of lines begin.
    units: usize,
    /// Pairs of adjacent lines of one direction.
    pairs: usize,
}

impl<'a> Areas<'a> {
    fn new(g: &'a Geometry) -> Self {
        Areas { g, units: g.kind(2).len() + 2 * g.n, pairs: g.n.saturating_sub(1) }
    }

    /// How many areas the list holds.
    fn len(&self) -> usize {
        self.units + 2 * self.pairs
    }

    /// The unit (its index in the geometry) of a one-unit area `id`: the regions,
    /// then the rows, then the columns.
    fn unit(&self, id: AreaId) -> usize {
        let (regions, n) = (self.g.kind(2).len(), self.g.n);
        let (kind, at) = match id {
            _ if id < regions => (2, id),
            _ if id < regions + n => (0, id - regions),
            _ => (1, id - regions - n),
        };
        self.g.kind(kind).start + at
    }

    /// The units (their indices in the geometry) of area `id`: one unit, or two
    /// adjacent lines.
    fn units(&self, id: AreaId) -> impl Iterator<Item = usize> {
        let (first, second) = match id.checked_sub(self.units) {
            None => (self.unit(id), None),
            Some(p) => {
                let (kind, l) = if p < self.pairs { (0, p) } else { (1, p - self.pairs) };
                let line = self.g.kind(kind).start + l;
                (line, Some(line + 1))
            }
        };
        std::iter::once(first).chain(second)
    }

    /// The areas that hold cell `i`: its region, row and column, and the pairs of
    /// adjacent rows and columns it lies in.
    fn of(&self, i: usize, out: &mut Vec<AreaId>) {
        let (g, regions) = (self.g, self.g.kind(2).len());
        let (r, c) = (i / g.n, i % g.n);
        out.extend([g.cell_units[i][2] - g.kind(2).start, regions + r, regions + g.n + c]);
        let lines = self.pairs;
        let pairs_of = |l: usize| (l.saturating_sub(1)..=l).filter(move |&p| p < lines);
        out.extend(pairs_of(r).map(|p| self.units + p));
        out.extend(pairs_of(c).map(|p| self.units + lines + p));
    }
}

/// An area of [`pressured`] on row bit masks, for trying a star on every cell.
struct Weighed {
    /// All its cells.
    cells: Rows,
    /// Its unknown cells on the board.
    unknown: Rows,
    /// How many those are.
    left: usize,
    /// Its stars on the board.
    queens: usize,
    /// The stars it holds.
    total: usize,
    /// Some of its unknown cells, no two touching ([`apart_set`]).
    apart: Rows,
    /// How many those are.
    apart_count: usize,
}

impl Weighed {
    /// True when a star on the cell at row `r`, bit `bit` (with `gone`, its reach
    /// and the cell, no longer unknown, all in rows `rows`) leaves the area with
    /// cells left that fit in fewer 2×2 blocks than the stars it still needs (or
    /// with too many stars).
    fn squeezed(&self, n: usize, (r, bit): (usize, u64), gone: &Rows, rows: std::ops::RangeInclusive<usize>) -> bool {
        let star = usize::from(self.cells[r] & bit != 0);
        let Some(need) = self.total.checked_sub(self.queens + star) else { return true };
        let lost: usize = rows.clone().map(|r| (self.unknown[r] & gone[r]).count_ones() as usize).sum();
        let left = self.left - lost;
        // A block holds at most four cells: more cells than four per star
        // cannot fit in fewer blocks than the stars needed (most areas, at once).
        if left < need || need == 0 || left > 4 * (need - 1) {
            return left < need;
        }
        // Cells no two of which touch each take a block of their own, so when the
        // trial leaves as many of them as the stars needed, no cover of the rest
        // is smaller (what `smallest` would find, without building the rest).
        let apart_lost: usize = rows.clone().map(|r| (self.apart[r] & gone[r]).count_ones() as usize).sum();
        if self.apart_count - apart_lost >= need {
            return false;
        }
        let mut rest: Rows = [0; 64];
        for r in 0..n {
            rest[r] = self.unknown[r] & !gone[r];
        }
        smallest(n, &rest, need - 1).0 < need
    }
}

/// Technique 9: pressured exclusion: cells whose star would leave a unit, or two adjacent
/// lines, too little room: its cells left would fit in fewer 2×2 blocks than the
/// stars it still needs. Returns every such cell for the first area found.
pub(crate) fn pressured(g: &Geometry, b: &Board) -> Option<Found> {
    let mut hit: Option<(usize, Vec<usize>)> = None;
    let areas = pressure_sweep(g, b, |c, touched, squeezed| match &mut hit {
        None => {
            if let Some(&a) = touched.iter().find(|&&a| squeezed(a)) {
                hit = Some((a, vec![c]));
            }
        }
        Some((a, cells)) => {
            if touched.binary_search(a).is_ok() && squeezed(*a) {
                cells.push(c);
            }
        }
    })?;
    let (a, cells) = hit?;
    Some(Found {
        technique: Technique::Pressured,
        decided: cells.into_iter().map(|c| (c, CellState::Empty)).collect(),
        detail: Detail::Pressured { units: Areas::new(g).units(areas[a]).map(|u| g.unit(u)).collect() },
    })
}

/// Every cell [`pressured`] would rule out for any area, in one sweep: what a case
/// followed through needs (no words, so no one area to name), where repeating the
/// sweep once per area was most of a case split's time. Sound for the same reason
/// as [`pressured`]; the areas are weighed once, on the board before the sweep.
pub(crate) fn pressured_all(g: &Geometry, b: &Board) -> Vec<usize> {
    let mut out = Vec::new();
    pressure_sweep(g, b, |c, touched, squeezed| {
        if touched.iter().any(|&a| squeezed(a)) {
            out.push(c);
        }
    });
    out
}

/// The sweep behind [`pressured`]: for every unknown cell `c`, the trial star
/// there with its reach emptied, handed to `visit` as `c`, the areas it took cells
/// from (positions in the list weighed, sorted), and a test of whether a given area is left too little room.
/// Returns the ids of the areas weighed, or `None` when the deadline stopped the sweep.
fn pressure_sweep(
    g: &Geometry,
    b: &Board,
    mut visit: impl FnMut(usize, &[usize], &dyn Fn(usize) -> bool),
) -> Option<Vec<AreaId>> {
    let weighed = areas(g, b);
    let list = Areas::new(g);
    // Each cell's areas among those weighed, as a bit per place in `weighed` (its
    // areas found by [`Areas::of`] once per cell, not once per trial it is in), so
    // that a trial's areas are the union of its cells' sets: sorted and without
    // repeats as they are read (sorting a list of them was a fifth of the sweep).
    let mut place = vec![usize::MAX; list.len()];
    for (p, (id, _)) in weighed.iter().enumerate() {
        place[*id] = p;
    }
    let n = g.n;
    let words = weighed.len().div_ceil(64);
    let mut of_cell = vec![0u64; n * n * words];
    let mut ids = Vec::with_capacity(8);
    for i in (0..n * n).filter(|&i| b.cells[i] == CellState::Unknown) {
        ids.clear();
        list.of(i, &mut ids);
        for p in ids.iter().map(|&id| place[id]).filter(|&p| p != usize::MAX) {
            of_cell[i * words + p / 64] |= 1 << (p % 64);
        }
    }
    let mut reach = Vec::new();
    let mut touched = Vec::new();
    let mut seen = vec![0u64; words];
    let queens_of = g.queen_counts(b);
    // The trial's cells gone, cleared after each cell (in the rows it used).
    let mut gone: Rows = [0; 64];
    for c in (0..n * n).filter(|&c| b.cells[c] == CellState::Unknown) {
        if g.deadline.passed() {
            return None; // out of time: finding nothing is always sound
        }
        g.reach_of_unknown(b, c, &queens_of, &mut reach);
        // The trial: a star on `c`, its reach emptied (rows and columns read from
        // the geometry, not divided out: this is the sweep's inner loop).
        let at = |i: usize| (g.cell_units[i][0], 1u64 << (g.cell_units[i][1] - n));
        let star = at(c);
        let (mut lo, mut hi) = (star.0, star.0);
        // Only areas that lost a cell can have changed.
        seen.iter_mut().for_each(|w| *w = 0);
        for &i in reach.iter().chain([&c]) {
            let (r, bit) = at(i);
            gone[r] |= bit;
            (lo, hi) = (lo.min(r), hi.max(r));
            seen.iter_mut().zip(&of_cell[i * words..(i + 1) * words]).for_each(|(s, o)| *s |= o);
        }
        touched.clear();
        for (w, &word) in seen.iter().enumerate() {
            let mut bits = word;
            while bits != 0 {
                touched.push(w * 64 + bits.trailing_zeros() as usize);
                bits &= bits - 1;
            }
        }
        visit(c, &touched, &|a| weighed[a].1.squeezed(n, star, &gone, lo..=hi));
        gone[lo..=hi].iter_mut().for_each(|m| *m = 0);
    }
    Some(weighed.into_iter().map(|(id, _)| id).collect())
}

/// How many ways `need` stars go on `cands` (sorted) with no two touching, when
/// that is at most `cap`; `None` when there are more. A case split counts every
/// unit's ways at each step, so the candidates are bits of one word (a unit
/// rarely has more than 64 cells left), with the ones each touches as a mask.
fn count_ways(g: &Geometry, cands: &[usize], need: usize, cap: usize) -> Option<usize> {
    if cands.len() > 64 {
        return count_ways_listed(g, cands, need, cap);
    }
    /// The ways on the candidates `left` (bits), stopping past `cap`: the first
    /// candidate left holds a star (and the ones it touches do not), or not.
    fn go(left: u64, need: usize, touching: &[u64], cap: usize) -> usize {
        if need == 0 {
            return 1;
        }
        if (left.count_ones() as usize) < need {
            return 0;
        }
        let j = left.trailing_zeros() as usize;
        let rest = left & (left - 1);
        let with = go(rest & !touching[j], need - 1, touching, cap);
        if with > cap {
            return with;
        }
        with + go(rest, need, touching, cap - with)
    }
    let touching: Vec<u64> = cands
        .iter()
        .map(|&c| cands.iter().enumerate().filter(|(_, d)| g.neighbours[c].contains(d)).fold(0, |m, (k, _)| m | 1 << k))
        .collect();
    let all = u64::MAX.checked_shr(64 - cands.len() as u32).unwrap_or(0);
    let total = go(all, need, &touching, cap);
    (total <= cap).then_some(total)
}

/// [`count_ways`] star by star on a list, for a unit with more than 64 cells left.
fn count_ways_listed(g: &Geometry, cands: &[usize], need: usize, cap: usize) -> Option<usize> {
    fn go(g: &Geometry, cands: &[usize], need: usize, from: usize, chosen: &mut Vec<usize>, cap: usize) -> usize {
        if chosen.len() == need {
            return 1;
        }
        let mut total = 0;
        for j in from..cands.len() {
            if cands.len() - j < need - chosen.len() || total > cap {
                break;
            }
            if chosen.iter().any(|&c| g.neighbours[c].contains(&cands[j])) {
                continue;
            }
            chosen.push(cands[j]);
            total += go(g, cands, need, j + 1, chosen, cap - total);
            chosen.pop();
        }
        total
    }
    let total = go(g, cands, need, 0, &mut Vec::with_capacity(need), cap);
    (total <= cap).then_some(total)
}

/// How many ways the stars `unit` still needs can go on its unknown cells of `b`,
/// when it needs some and they go at most [`MAX_CASES`] ways.
#[cfg(test)]
fn ways_of(g: &Geometry, b: &Board, unit: usize) -> Option<usize> {
    let (need, cands) = open_cells(g, b, unit)?;
    count_ways(g, &cands, need, MAX_CASES)
}

/// The stars `unit` still needs on `b` and its unknown cells, when it needs some
/// and has cells left.
fn open_cells(g: &Geometry, b: &Board, unit: usize) -> Option<(usize, Vec<usize>)> {
    let cands: Vec<usize> = g.units[unit].iter().copied().filter(|&i| b.cells[i] == CellState::Unknown).collect();
    let need = g.k.saturating_sub(queens(b, &g.units[unit]));
    (need > 0 && !cands.is_empty()).then_some((need, cands))
}

/// [`ways_of`], remembered in `starts` by the unit's cells left and the stars it
/// needs: every case split counts every unit, and most units are as they were
/// at the step before (counting them afresh was a tenth of a case split).
fn ways_remembered(g: &Geometry, b: &Board, unit: usize, starts: &mut Starts) -> Option<usize> {
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

/// The start of some of a unit's ways in a case split: the cells of its first
/// stars in the unit's cell order (the cells before the last of them that
/// are not stars are empty). Whether a start holds does not depend on the board.
type Start = Vec<usize>;

/// What the case splits along one solve path learned about starts of ways, for the
/// next steps of the path, which only decide more cells:
/// - a start that broke a rule breaks on every board after, so its ways are counted
///   out at once;
/// - what a start led to when followed through still follows from it later, so the
///   next case split that meets it begins from there, not from the bare board
///   (a big board meets the same starts step after step, and most of what one
///   costs is following it through).
///
/// Together they explain 058 of the corpus (83 steps, 23 of them case splits) in
/// about half the time, and make 059 and 060 affordable.
///
/// Only the plain case split (technique 10) writes starts here, so that nothing a
/// what-if found inside a case of technique 12 reaches a step said to need less.
/// It also keeps how many ways each unit's stars go, which depends on nothing else.
///
/// Each unit's starts are kept apart ([`UnitStarts`]), so that two units can be
/// split at once, each with its own, and the path stays the one a single thread
/// takes ([`cases`]).
#[derive(Debug, Default)]
pub(crate) struct Starts {
    units: HashMap<usize, UnitStarts, BuildHasherDefault<MixHasher>>,
    /// The boards kept, over every unit.
    followed: usize,
    /// How many ways a unit's stars go, by the stars it needs and its cells left
    /// ([`ways_remembered`]); `None` for more than [`MAX_CASES`].
    ways: HashMap<(usize, Vec<usize>), Option<usize>, BuildHasherDefault<MixHasher>>,
}

/// What [`Starts`] keeps of one unit, by the cells of its first stars ([`Start`]).
#[derive(Debug, Default, Clone)]
struct UnitStarts {
    broken: HashSet<Start, BuildHasherDefault<MixHasher>>,
    followed: HashMap<Start, Board, BuildHasherDefault<MixHasher>>,
}

impl Starts {
    /// Takes `unit`'s starts out, to split it.
    fn take(&mut self, unit: usize) -> UnitStarts {
        let memo = self.units.remove(&unit).unwrap_or_default();
        self.followed -= memo.followed.len();
        memo
    }

    /// Puts `unit`'s starts back after its split.
    fn put(&mut self, unit: usize, memo: UnitStarts) {
        self.followed += memo.followed.len();
        self.units.insert(unit, memo);
    }
}

/// Most boards [`Starts`] keeps (a byte a cell: 300 bytes on a 17×17 board, so
/// at most about 40 MB with the keys), past which a start is followed through
/// from the bare board again. Explaining the corpus's costliest board, 059, keeps
/// about a tenth of that; a graded path, far fewer. What is left is shared out
/// among a step's units before any is split ([`cases`]), so that it does not
/// depend on which unit ran first.
const MAX_FOLLOWED: usize = 100_000;

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
pub(crate) fn cases(
    g: &Geometry,
    b: &Board,
    budget: &mut Budget,
    starts: &mut Starts,
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
    let attempt = |(ways, pos): (usize, usize), budget: &mut Budget, memo: &mut UnitStarts| {
        let keep = memo.followed.len() + room;
        unit_cases(g, b, order[pos], ways, budget, memo, keep, deep)
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

/// One unit's case split for [`cases`], `ways` ways, keeping at most `keep` boards
/// of its starts in `memo`: the step when its ways agree on a cell left unknown.
#[allow(clippy::too_many_arguments)]
fn unit_cases(
    g: &Geometry,
    b: &Board,
    unit: usize,
    ways: usize,
    budget: &mut Budget,
    memo: &mut UnitStarts,
    keep: usize,
    deep: bool,
) -> Result<Option<Found>, ()> {
    let Some((common, survivors)) = split(g, b, unit, budget, memo, keep, deep)? else { return Ok(None) };
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

/// The case split of `unit` on `b` ([`cases`]): what every way that does not break
/// agrees on (the board `b` with those cells decided, the others unknown), and how
/// many ways those are; `Ok(None)` when they agree on no cell left unknown on `b`,
/// or every way breaks; `Err(())` when the budget ran out.
fn split(
    g: &Geometry,
    b: &Board,
    unit: usize,
    budget: &mut Budget,
    memo: &mut UnitStarts,
    keep: usize,
    deep: bool,
) -> Result<Option<(Board, usize)>, ()> {
    let mut split = Split { g, start: b, unit, budget, memo, keep, deep, common: None, survivors: 0 };
    match split.node(b, 0, &mut Vec::with_capacity(g.k)) {
        Err(Stop::Budget) => Err(()),
        Err(Stop::Nothing) => Ok(None),
        Ok(()) => Ok(split.common.map(|common| (common, split.survivors))),
    }
}

/// Adds to `board` the cells `was` decided; false when the two disagree on a cell.
fn merge(board: &mut Board, was: &Board) -> bool {
    for (x, &y) in board.cells.iter_mut().zip(&was.cells) {
        match (*x, y) {
            (_, CellState::Unknown) => {}
            (CellState::Unknown, y) => *x = y,
            (x, y) if x != y => return false,
            _ => {}
        }
    }
    true
}

/// Why a case split's search stopped early.
enum Stop {
    /// The budget (or the deadline) ran out.
    Budget,
    /// The ways left already disagree on every cell: the unit decides nothing.
    Nothing,
}

/// One unit's case split under way ([`cases`]).
struct Split<'a> {
    g: &'a Geometry,
    /// The board the case split starts from.
    start: &'a Board,
    unit: usize,
    budget: &'a mut Budget,
    /// What earlier splits of this unit learned, and the most boards it may keep.
    memo: &'a mut UnitStarts,
    keep: usize,
    deep: bool,
    /// The cells that agree in every way left so far (the others unknown).
    common: Option<Board>,
    /// The ways followed to the end without breaking a rule.
    survivors: usize,
}

impl Split<'_> {
    /// The ways that go on from `trial` (followed through, with the unit's first
    /// stars `first` on it), their next star on the unit's cells from place `from` on.
    fn node(&mut self, trial: &Board, from: usize, first: &mut Vec<usize>) -> Result<(), Stop> {
        let g = self.g;
        let cells = &g.units[self.unit];
        let stars = cells.iter().filter(|&&i| trial.cells[i] == CellState::Queen).count();
        if stars >= g.k {
            return self.survived(trial);
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
                    let key = first.clone();
                    if !self.memo.broken.contains(&key) {
                        let mut next = base.clone();
                        next.cells[c] = CellState::Queen;
                        let clash = self.memo.followed.get(&key).is_some_and(|was| !merge(&mut next, was));
                        let followed = if clash {
                            Err(g.unit(self.unit))
                        } else {
                            propagate(g, &mut next, usize::from(self.deep), FOLLOW_CASE, self.budget)
                        };
                        match followed {
                            Err(_) if !self.deep => {
                                self.memo.followed.remove(&key);
                                self.memo.broken.insert(key);
                            }
                            Err(_) => {}
                            Ok(None) => return Err(Stop::Budget),
                            Ok(Some(())) => {
                                if !self.deep && self.memo.followed.len() < self.keep {
                                    self.memo.followed.insert(key, next.clone());
                                }
                                self.node(&next, j + 1, first)?;
                            }
                        }
                    }
                    first.pop();
                    // The ways after this one have their next star further on.
                    base.cells[c] = CellState::Empty;
                }
            }
        }
        Ok(())
    }

    /// A way followed to the end, `trial`, without breaking a rule.
    fn survived(&mut self, trial: &Board) -> Result<(), Stop> {
        self.survivors += 1;
        match &mut self.common {
            None => self.common = Some(trial.clone()),
            Some(common) => {
                let mut agree = false;
                for ((x, y), was) in common.cells.iter_mut().zip(&trial.cells).zip(&self.start.cells) {
                    if *x != *y {
                        *x = CellState::Unknown;
                    }
                    agree |= *was == CellState::Unknown && *x != CellState::Unknown;
                }
                // The ways left can only take cells away: nothing to decide.
                if !agree {
                    return Err(Stop::Nothing);
                }
            }
        }
        Ok(())
    }
}

/// What a counting step used, for drawing it: its units, and the cells of its blocks.
pub(crate) fn uses(g: &Geometry, detail: &Detail, uses: &mut super::Uses) {
    let (units, blocks): (Vec<Unit>, &[Block]) = match detail {
        Detail::Tiling { unit, blocks } => (vec![*unit], blocks),
        Detail::Squeeze { lines, blocks } => (lines.clone(), blocks),
        Detail::Counting { lines, regions, blocks, .. } => (lines.iter().chain(regions).copied().collect(), blocks),
        Detail::Pressured { units } => (units.clone(), &[]),
        Detail::Cases { unit, .. } => (vec![*unit], &[]),
        _ => (Vec::new(), &[]),
    };
    for u in units {
        match u {
            Unit::Row(r) => uses.rows.push(r),
            Unit::Col(c) => uses.cols.push(c),
            Unit::Region(x) => uses.regions.push(x),
        }
    }
    uses.cells.extend(blocks.iter().flat_map(|&blk| block_cells(g.n, blk)).map(|i| g.cell(i)));
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The pass [`every_other`] replaces, a bit at a time.
    fn every_other_bit_by_bit(mut free: u64) -> u64 {
        let mut picked = 0;
        while free != 0 {
            let low = free & free.wrapping_neg();
            picked |= low;
            free &= !(low | low << 1);
        }
        picked
    }

    #[test]
    fn ways_on_bits_count_as_ways_star_by_star_do() {
        // Every unit of a few corpus-like boards, empty and with cells ruled out,
        // for every star count and a cap that some exceed.
        let mut x: u64 = 0x2545_F491_4F6C_DD1D;
        for (n, k) in [(5, 1), (8, 1), (10, 2), (14, 3), (17, 4)] {
            let g = Geometry::new(&crate::puzzle::Regions::from_rows(&stripes(n)).expect("regions"), k);
            for u in 0..g.units.len() {
                for _ in 0..4 {
                    x ^= x << 13;
                    x ^= x >> 7;
                    x ^= x << 17;
                    let cands: Vec<usize> = g.units[u].iter().copied().filter(|&i| (x >> (i % 64)) & 3 != 0).collect();
                    for cands in [&cands[..], &cands[..cands.len().min(1)], &[]] {
                        for need in 0..=k + 1 {
                            for cap in [0, 1, 5, 50, 2_000] {
                                assert_eq!(
                                    count_ways(&g, cands, need, cap),
                                    count_ways_listed(&g, cands, need, cap),
                                    "n {n} unit {u} cells {cands:?} need {need} cap {cap}"
                                );
                            }
                        }
                    }
                }
            }
        }
    }

    /// Regions of `n` cells each: row r's cells, shifted by r, in stripes that wrap.
    fn stripes(n: usize) -> Vec<String> {
        (0..n).map(|r| (0..n).map(|c| (b'A' + ((c + r / 2) % n) as u8) as char).collect()).collect()
    }

    #[test]
    fn every_other_picks_as_a_pass_from_the_left_does() {
        let mut x: u64 = 0x9E37_79B9_7F4A_7C15;
        let edges = [0, u64::MAX, 1, 1 << 63, 0b1011_0111, u64::MAX - 1, u64::MAX >> 1, 0xAAAA_AAAA_AAAA_AAAA];
        for free in edges.into_iter().chain((0..100_000).map(|_| {
            // xorshift: rows of every density, runs of every length and parity.
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x & x.rotate_left(5) | x >> 40
        })) {
            assert_eq!(every_other(free), every_other_bit_by_bit(free), "row {free:064b}");
        }
    }
    use crate::solve::logic::techniques::{apply, simple};

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

    /// The case split as it was first written, its oracle: every way of the unit's
    /// stars placed at once on the bare board and followed through; what the ways
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
        let mut next = crate::solve::logic::techniques::tests::xorshift(0x5DEE_CE66_D1CE_4E5B);
        let (mut units, mut more, mut decided) = (0, 0, 0);
        for (file, k) in [("10x10-2star-1.txt", 2), ("14x14-3star-5.txt", 3)] {
            let text = std::fs::read_to_string(format!("{}/tests/data/starbattle/{file}", env!("CARGO_MANIFEST_DIR")))
                .expect("a generated board");
            let regions = crate::puzzle::text::parse(&text).expect("a map");
            let g = Geometry::new(&regions, k);
            let deadline = crate::solve::deadline::Deadline::after(std::time::Duration::from_secs(60));
            let solution = crate::solve::sat::solve(&regions, k, &[], deadline).expect("solved");
            let truth = |i: usize| if solution.contains(g.cell(i)) { CellState::Queen } else { CellState::Empty };
            let mut memo = Starts::default();
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
                        let mut unit = if kept { memo.take(u) } else { UnitStarts::default() };
                        let got = split(&g, &b, u, budget, &mut unit, MAX_FOLLOWED, false).expect("budget enough");
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

    /// A case split finds the same step whatever ways the path has already seen
    /// break; remembering them only saves work. Walked along a generated 14×14 3★
    /// board that takes 16 case splits (with no budget to run out), every one
    /// computed with the path's memo and with none: the memo saves about a fifth.
    #[test]
    fn remembered_broken_ways_change_what_a_case_split_costs_not_what_it_finds() {
        let regions = crate::puzzle::text::parse(include_str!("../../../tests/data/starbattle/14x14-3star-5.txt"))
            .expect("a map");
        let g = Geometry::new(&regions, 3);
        let mut b = Board::new(g.n);
        let (mut memo, mut splits, mut spent_with, mut spent_without) = (Starts::default(), 0, 0, 0);
        while !b.is_complete() {
            if let Some(f) = simple(&g, &b, Technique::Pressured) {
                apply(&mut b, &f);
                continue;
            }
            let (mut with, mut without) = (Budget::new(&g, u64::MAX / 2), Budget::new(&g, u64::MAX / 2));
            let found = cases(&g, &b, &mut with, &mut memo, false);
            assert_eq!(found, cases(&g, &b, &mut without, &mut Starts::default(), false), "case split {splits}");
            spent_with += u64::MAX / 2 - with.left;
            spent_without += u64::MAX / 2 - without.left;
            let Some(Ok(f)) = found else { panic!("the board is finished by case splits") };
            apply(&mut b, &f);
            splits += 1;
        }
        assert!(splits >= 10, "only {splits} case splits: the board tests little");
        assert!(memo.units.values().any(|m| !m.broken.is_empty()) && memo.followed > 0);
        assert!(
            spent_with * 10 < spent_without * 9,
            "the memo saved too little: {spent_with} against {spent_without} rounds"
        );
    }

    /// The cover as it was first written, with a mark per cell and sorted tile
    /// lists: the oracle of the bit-mask one.
    fn cover_by_sorting(n: usize, cands: &[usize]) -> Vec<Block> {
        let mut mark = vec![0u8; n * n]; // 1: candidate, 2: covered
        for &i in cands {
            mark[i] = 1;
        }
        let uncovered = |mark: &[u8], b: Block| block_cells(n, b).filter(|&j| mark[j] == 1).count();
        let mut best: Vec<Block> = Vec::new();
        for &i in cands {
            if mark[i] != 1 {
                continue;
            }
            // Every candidate before this one is covered, so the best block has its top
            // row here (or one up on the last row) and holds this cell.
            let (r, c) = ((i / n) as isize, (i % n) as isize);
            let top = r.min(n as isize - 2).max(0);
            let right = (top, c.min(n as isize - 2).max(0));
            let left = (top, (c - 1).max(0));
            let b = if uncovered(&mark, left) > uncovered(&mark, right) { left } else { right };
            for j in block_cells(n, b) {
                if mark[j] == 1 {
                    mark[j] = 2;
                }
            }
            best.push(b);
        }
        for (dr, dc) in [(0, 0), (0, 1), (1, 0), (1, 1)] {
            let mut tiles: Vec<Block> = cands
                .iter()
                .map(|&i| {
                    let (r, c) = ((i / n) as isize + dr, (i % n) as isize + dc);
                    (r / 2 * 2 - dr, c / 2 * 2 - dc)
                })
                .collect();
            tiles.sort_unstable();
            tiles.dedup();
            if tiles.len() < best.len() {
                best = tiles;
            }
        }
        best
    }

    #[test]
    fn the_bit_mask_cover_is_the_sorted_one() {
        let mut next = crate::solve::logic::techniques::tests::xorshift(0x9E37_79B9_7F4A_7C15);
        for n in [1, 2, 3, 5, 8, 9, 14, 17, 25, 40] {
            for _ in 0..300 {
                let density = 1 + next() % 9;
                let cands: Vec<usize> = (0..n * n).filter(|_| next() % 10 < density).collect();
                assert_eq!(cover(n, &cands), cover_by_sorting(n, &cands), "n {n}: {cands:?}");
                let rows = row_masks(n, cands.iter().copied());
                let size = cover(n, &cands).len();
                assert_eq!(cover_size(n, &rows).0, size);
                for cap in [0, 1, size.saturating_sub(1), size, size + 1] {
                    let (m, _) = smallest(n, &rows, cap);
                    assert!(if size <= cap { m == size } else { m > cap }, "n {n} cap {cap}: {m} for {size}");
                }
            }
        }
    }
}
