//! The geometry of 2×2 blocks that Star Battle's counting techniques rest on (they
//! hold for Queens too, where K = 1): any two cells of a 2×2 block touch, so a
//! block holds at most one star. If the cells left in a set that needs m more
//! stars fit in m blocks, each block holds exactly one of them; if they fit in
//! fewer, the set cannot be finished. The four tilings are `solve::tiles`', which
//! the SAT theory and `--stars auto` count by too.
//!
//! Sets of cells are row bit masks ([`RowMasks`]): the engine weighs thousands of
//! sets per step, so covers are counted on masks without building them, and built
//! only for a set that decides something. No technique lives here; the 2×2 blocks
//! (`blocks`), counting and pressured exclusion use it, and so do their words.

use crate::solve::logic::board::{Board, CellState, Geometry};
use crate::solve::logic::step::{block_cells, Block, Decided, Reveals};
use crate::solve::logic::words::{outcome, piece, Names};
use crate::solve::tiles::{corner, TILINGS};

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
pub(crate) type RowMasks = [u64; 64];

/// The cells of `cands` as [`RowMasks`].
#[cfg(test)]
fn row_masks(n: usize, cands: impl IntoIterator<Item = usize>) -> RowMasks {
    let mut rows = [0u64; 64];
    for i in cands {
        rows[i / n] |= 1 << (i % n);
    }
    rows
}

/// The board's unknown cells and its stars, each as [`RowMasks`].
pub(crate) fn state_rows(n: usize, b: &Board) -> (RowMasks, RowMasks) {
    let (mut unknown, mut queens): (RowMasks, RowMasks) = ([0; 64], [0; 64]);
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

/// CoverKind of the five covers is the smallest: the greedy one, or a tiling of the
/// board by its grid offset (row, column).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum CoverKind {
    /// The greedy cover ([`greedy`]).
    Greedy,
    /// The tiling with this offset ([`tiles`]).
    Tiling((usize, usize)),
}

/// The size of the smallest of the five covers, and which one it is (the first of
/// the smallest, greedy first), counted on row masks without building any cover.
#[cfg(test)]
fn cover_size(n: usize, rows: &[u64]) -> (usize, CoverKind) {
    smallest_cover(n, rows, usize::MAX)
}

/// `cover_size` (the tests') when it is at most `cap`; otherwise some size above `cap`. The
/// tilings cost a few operations per row and the greedy cover stops past `cap`:
/// the engine weighs thousands of sets per step and only asks how a cover compares
/// with the stars a set needs.
pub(crate) fn smallest_cover(n: usize, rows: &[u64], cap: usize) -> (usize, CoverKind) {
    // A block covers at most four cells: a bound that costs one popcount per row.
    let at_least = rows[..n].iter().map(|m| m.count_ones() as usize).sum::<usize>().div_ceil(4);
    if at_least > cap {
        return (at_least, CoverKind::Greedy);
    }
    // Only the rows that hold a cell: most sets weighed are one or two lines.
    let Some(lo) = rows[..n].iter().position(|&m| m != 0) else { return (0, CoverKind::Greedy) };
    let hi = rows[..n].iter().rposition(|&m| m != 0).unwrap_or(lo);
    // Cells no two of which touch lie in different blocks of any cover, so as many
    // of them as there are is a bound too, found greedily row by row at about the
    // cost of one tiling; when it already exceeds `cap` the covers are not needed.
    if cap < usize::MAX {
        let apart = count_apart(rows, lo, hi, cap + 1);
        if apart > cap {
            return (apart, CoverKind::Greedy);
        }
    }
    let tilings = TILINGS.map(|(dr, dc)| tiles_between(n, rows, lo, hi, dr, dc, |_| {}));
    let best_tiling = tilings.iter().copied().min().unwrap_or(usize::MAX);
    let greedy = greedy(n, rows, cap.min(best_tiling), |_| {});
    if greedy <= best_tiling {
        return (greedy, CoverKind::Greedy);
    }
    let first = tilings.iter().position(|&t| t == best_tiling).unwrap_or(0);
    (best_tiling, CoverKind::Tiling(TILINGS[first]))
}

/// How many cells of `rows` (all in rows `lo..=hi`) a greedy pass picks with no
/// two touching ([`picks_apart_by_row`]), stopping at `stop`.
fn count_apart(rows: &[u64], lo: usize, hi: usize, stop: usize) -> usize {
    let mut count = 0;
    for picked in picks_apart_by_row(&rows[lo..=hi]) {
        count += picked.count_ones() as usize;
        if count >= stop {
            return count;
        }
    }
    count
}

/// The cells of `rows` a greedy pass picks with no two touching ([`picks_apart_by_row`]),
/// and how many.
pub(crate) fn cells_apart(rows: &[u64]) -> (RowMasks, usize) {
    let (mut picked, mut count): (RowMasks, usize) = ([0; 64], 0);
    for (p, row) in picked.iter_mut().zip(picks_apart_by_row(rows)) {
        *p = row;
        count += row.count_ones() as usize;
    }
    (picked, count)
}

/// Each row's picks of a greedy pass over `rows` with no two cells touching:
/// leftmost first in each row ([`alternate_cells`]), skipping the cells beside a pick
/// in the same row and around the picks of the row above.
fn picks_apart_by_row(rows: &[u64]) -> impl Iterator<Item = u64> + '_ {
    rows.iter().scan(0u64, |above, &row| {
        *above = alternate_cells(row & !(*above | *above << 1 | *above >> 1));
        Some(*above)
    })
}

/// The cells of `free` (one row) a pass from the left picks with no two side by
/// side: the first, third, fifth… of each run of adjacent cells, worked out for
/// the whole row in a few operations rather than a bit at a time.
fn alternate_cells(free: u64) -> u64 {
    const EVEN: u64 = 0x5555_5555_5555_5555;
    let starts = free & !(free << 1);
    // Adding a run's first bit carries through the run and clears it (the carry
    // stops at the empty bit after it), so these are the runs that start on an even bit.
    let even_runs = free & !free.wrapping_add(starts & EVEN);
    (even_runs & EVEN) | (free & !even_runs & !EVEN)
}

/// The blocks of the cover `which` of `rows`, in the order `cover` (the tests') gives them.
pub(crate) fn cover_blocks(n: usize, rows: &[u64], which: CoverKind) -> Vec<Block> {
    let mut out = Vec::new();
    match which {
        CoverKind::Greedy => greedy(n, rows, usize::MAX, |b| out.push(b)),
        CoverKind::Tiling((dr, dc)) => tiles(n, rows, dr, dc, |b| out.push(b)),
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
    let mut left_over: RowMasks = [0; 64];
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
    // Block row t holds rows 2t − dr and 2t − dr + 1 (its corner, [`corner`]).
    for t in (lo + dr) / 2..=((hi + dr) / 2).min((n + dr) / 2) {
        let (a, b) = ((2 * t).checked_sub(dr), 2 * t + 1 - dr);
        let band = a.filter(|&a| a < n).map_or(0, |a| rows[a]) | if b < n { rows[b] } else { 0 };
        // Shift so that block columns start on even bits, then fold each pair of bits.
        let wide = u128::from(band) << dc;
        let mut pairs = (wide | wide >> 1) & 0x5555_5555_5555_5555_5555_5555_5555_5555;
        size += pairs.count_ones() as usize;
        while pairs != 0 {
            let bit = pairs.trailing_zeros();
            pairs &= pairs - 1;
            // Bit 2u (shifted by dc) is the left column of block column u.
            emit(corner((t, bit as usize / 2), (dr, dc)));
        }
    }
    size
}

/// What the 2×2 bound says about a set of cells that needs some more stars.
enum CoverBound {
    /// Its cells left fit in fewer blocks than the stars it needs: it cannot be finished.
    Broken,
    /// They fit in exactly as many blocks as it needs: one star in each.
    Tight(Vec<Block>),
    /// Room to spare.
    Loose,
}

/// The bound for a set whose unknown cells are `rows`, needing `need` more stars.
fn cover_bound(n: usize, rows: &RowMasks, need: usize) -> CoverBound {
    if rows[..n].iter().map(|m| m.count_ones() as usize).sum::<usize>() < need {
        return CoverBound::Broken;
    }
    if need == 0 {
        return CoverBound::Loose;
    }
    match smallest_cover(n, rows, need) {
        (m, _) if m < need => CoverBound::Broken,
        (m, which) if m == need => CoverBound::Tight(cover_blocks(n, rows, which)),
        _ => CoverBound::Loose,
    }
}

/// What a tight set decides: each block holds exactly one of the set's stars, so its
/// cells outside the set are empty, a block with one cell of the set left holds its
/// star there, and a cell touching every cell the block has left is empty.
pub(crate) fn tight_decisions(
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

/// `v` sorted, each entry once.
fn sorted(mut v: Decided) -> Decided {
    v.sort_unstable();
    v.dedup();
    v
}

/// Decisions of the set with cells `set` (row masks) that needs `total` stars,
/// when its 2×2 bound is tight, on the board `b` whose unknown cells and stars are
/// `state` ([`state_rows`]).
pub(crate) fn tight_set(
    g: &Geometry,
    b: &Board,
    state: &(RowMasks, RowMasks),
    set: &RowMasks,
    total: usize,
) -> Option<(Vec<Block>, Decided)> {
    let (n, (unknown, queens)) = (g.n, state);
    let held = (0..n).map(|r| (set[r] & queens[r]).count_ones() as usize).sum();
    let need = total.checked_sub(held)?;
    let mut rows: RowMasks = [0; 64];
    for r in 0..n {
        rows[r] = set[r] & unknown[r];
    }
    let CoverBound::Tight(blocks) = cover_bound(n, &rows, need) else { return None };
    let decided = tight_decisions(g, b, |i| set[i / n] & 1 << (i % n) != 0, &blocks);
    (!decided.is_empty()).then_some((blocks, decided))
}

/// How the cells left of a set fit in `m` blocks of 2×2 cells, as a 2×2 argument says it.
pub(crate) fn fit_in_blocks(m: usize) -> String {
    if m == 1 {
        "fit in one block of 2×2 cells".to_string()
    } else {
        format!("fit in just {m} blocks of 2×2 cells")
    }
}

/// The words of a step of the 2×2 families (2×2 blocks, squeeze, counting), from
/// its `nudge` and its counting `argument`: what its blocks, or its full count
/// (`all_placed`: a counted area with every star already there), decide.
pub(crate) fn say_tight(
    g: &Geometry,
    names: &Names,
    nudge: String,
    argument: String,
    decided: &Decided,
    all_placed: bool,
) -> Reveals {
    let rest = if all_placed {
        "so no other cell there can hold one".to_string()
    } else {
        format!(
            "a block of 2×2 cells holds one {} at most, so each block holds exactly one: its other cells, and cells touching all of its cells left, are empty",
            piece(g, false)
        )
    };
    Reveals {
        nudge,
        reason: format!("{argument}; {rest}"),
        text: format!("{argument}, so {}", outcome(g, names, decided)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::logic::testing::xorshift;
    use crate::solve::tiles::tile;

    /// The plain pass [`alternate_cells`] stands for, a bit at a time.
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
    fn alternate_cells_picks_as_a_pass_from_the_left_does() {
        let mut x: u64 = 0x9E37_79B9_7F4A_7C15;
        let edges = [0, u64::MAX, 1, 1 << 63, 0b1011_0111, u64::MAX - 1, u64::MAX >> 1, 0xAAAA_AAAA_AAAA_AAAA];
        for free in edges.into_iter().chain((0..100_000).map(|_| {
            // xorshift: rows of every density, runs of every length and parity.
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x & x.rotate_left(5) | x >> 40
        })) {
            assert_eq!(alternate_cells(free), every_other_bit_by_bit(free), "row {free:064b}");
        }
    }

    /// The plain cover, with a mark per cell and sorted tile lists: the oracle of
    /// the bit-mask one.
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
        for tiling in TILINGS {
            let mut tiles: Vec<Block> = cands.iter().map(|&i| corner(tile(i / n, i % n, tiling), tiling)).collect();
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
        let mut next = xorshift(0x9E37_79B9_7F4A_7C15);
        for n in [1, 2, 3, 5, 8, 9, 14, 17, 25, 40] {
            for _ in 0..300 {
                let density = 1 + next() % 9;
                let cands: Vec<usize> = (0..n * n).filter(|_| next() % 10 < density).collect();
                assert_eq!(cover(n, &cands), cover_by_sorting(n, &cands), "n {n}: {cands:?}");
                let rows = row_masks(n, cands.iter().copied());
                let size = cover(n, &cands).len();
                assert_eq!(cover_size(n, &rows).0, size);
                for cap in [0, 1, size.saturating_sub(1), size, size + 1] {
                    let (m, _) = smallest_cover(n, &rows, cap);
                    assert!(if size <= cap { m == size } else { m > cap }, "n {n} cap {cap}: {m} for {size}");
                }
            }
        }
    }
}
