//! Technique 8, under- and overcounting over bands of adjacent lines: the regions
//! inside a band take K stars each of the band's stars, so the rest of the band
//! holds what is left (undercounting); the regions that reach into a band hold all
//! of its stars and K each, so their cells outside it hold the difference
//! (overcounting). When that rest has no star left to hold, or its cells fit in
//! exactly as many 2×2 blocks as it holds, cells are decided.
//!
//! A board has O(N²) bands and few of them decide anything, so each band is first
//! weighed by subtraction ([`may_decide`]) and its cells listed only when it may.

use super::cover::{cover_blocks, fit_in_blocks, say_tight, smallest_cover, state_rows, tight_decisions, RowMasks};
use crate::solve::logic::board::{Board, CellState, Changes, Geometry, Tally, Unit};
use crate::solve::logic::family::{Cost, Family, Work};
use crate::solve::logic::step::{Block, Decided, Detail, Found, Grade, Reveals, Technique};
use crate::solve::logic::words::{kind_word, piece, units, Names};

/// Technique 8, under- and overcounting over bands of lines.
pub(crate) struct Counting;

impl Family for Counting {
    fn technique(&self) -> Technique {
        Technique::Counting
    }

    fn id(&self) -> &'static str {
        "counting"
    }

    fn name(&self) -> &'static str {
        "counting regions and lines"
    }

    fn grade(&self) -> Grade {
        Grade::Hard
    }

    fn cost(&self) -> Cost {
        Cost::Cheap { case_rank: Some(7) }
    }

    fn find(&self, g: &Geometry, b: &Board, _: Option<&mut Work<'_>>) -> Option<Found> {
        counting(g, b)
    }

    fn every(&self, g: &Geometry, b: &Board) -> Vec<Found> {
        countings(g, b).collect()
    }

    /// Only the counted areas a changed cell bears on ([`Near`]): the others
    /// have the same regions counted and the same cells as on the earlier board,
    /// so they decide nothing now either (the cells their blocks would rule out
    /// can only have been decided since).
    fn case_decided_since(&self, g: &Geometry, b: &Board, since: &Changes<'_>) -> Decided {
        let near = Near::new(g, b, since);
        bands(g, b, Some(&near)).take_while(|_| !g.deadline.passed()).flat_map(|a| a.decided).collect()
    }

    fn say(&self, g: &Geometry, names: &Names, found: &Found) -> Option<Reveals> {
        let Detail::Counting { lines, regions, over, blocks } = &found.detail else { return None };
        Some(say_counting(g, names, (lines, regions), *over, blocks, &found.decided))
    }
}

/// The counted areas of the bands a change since an earlier board can have
/// changed. A band's undercounted area (the band less the regions inside it)
/// changes only when a cell of the band outside the regions inside it does, or
/// when a region that reached the band reaches fewer lines now, and might now
/// lie inside it. Its overcounted
/// area (the regions reaching into it, less the band) changes only when such a
/// region reaches fewer lines, or has a changed cell outside the band. A region
/// reaches no further than it did, so one that did not reach the band then does not now.
struct Near {
    /// Per kind (rows, columns), the lines that a region that now reaches fewer reached on the earlier board.
    shrunk: [u64; 2],
    /// Per region that holds a changed cell, per kind: the lines it reached on
    /// the earlier board, whether it reaches fewer now, and the lines of its changed cells.
    regions: Vec<[(u64, bool, u64); 2]>,
}

impl Near {
    fn new(g: &Geometry, b: &Board, since: &Changes<'_>) -> Self {
        let regions = g.kind(2);
        let line = |i: usize, kind: usize| 1u64 << (g.cell_units[i][kind] - g.kind(kind).start);
        let mut near = Near { shrunk: [0; 2], regions: Vec::new() };
        for u in regions.filter(|&u| since.unit(u)) {
            near.regions.push([0, 1].map(|kind| {
                let cells =
                    since.cells().iter().filter(|&&i| g.cell_units[i][2] == u).fold(0, |m, &i| m | line(i, kind));
                let (was, now) = (lines_of(g, since.was, u, kind), lines_of(g, b, u, kind));
                if was != now {
                    near.shrunk[kind] |= was;
                }
                (was, was != now, cells)
            }));
        }
        near
    }

    /// Whether the undercounted area of `band` (lines of `kind`) can have changed:
    /// a region that reaches fewer lines reached it, or a changed cell in it lies
    /// in a region not inside it (the cells of the regions inside are not counted).
    fn under(&self, kind: usize, band: u64) -> bool {
        band & self.shrunk[kind] != 0
            || self.regions.iter().any(|r| {
                let (reached, _, cells) = r[kind];
                cells & band != 0 && reached & !band != 0
            })
    }

    /// Whether the overcounted area of `band` can have changed.
    fn over(&self, kind: usize, band: u64) -> bool {
        self.regions.iter().any(|r| {
            let (reached, shrank, cells) = r[kind];
            reached & band != 0 && (shrank || cells & !band != 0)
        })
    }
}

/// Bit mask, per region, of the lines of `kind` its possible cells (unknown or star) lie in.
fn region_lines(g: &Geometry, b: &Board, kind: usize) -> Vec<u64> {
    g.kind(2).map(|u| lines_of(g, b, u, kind)).collect()
}

/// Bit mask of the lines of `kind` the possible cells of unit `u` lie in.
fn lines_of(g: &Geometry, b: &Board, u: usize, kind: usize) -> u64 {
    let base = g.kind(kind).start;
    g.units[u]
        .iter()
        .filter(|&&i| b.cells[i] != CellState::Empty)
        .fold(0, |m, &i| m | 1 << (g.cell_units[i][kind] - base))
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
/// cells leave the regions no other room. With `near`, only the areas it says
/// can have changed are weighed.
fn bands<'a>(g: &'a Geometry, b: &'a Board, near: Option<&'a Near>) -> impl Iterator<Item = Area> + 'a {
    let masks = [region_lines(g, b, 0), region_lines(g, b, 1)];
    let regions = g.kind(2).start;
    let board = BoardRows::new(g, b);
    let counts = Counts::new(g, &board);
    // Sets of regions are bit masks (a board has at most 64 regions), and an
    // area's cells are listed only once [`may_decide`] passes it: of the O(N²) bands
    // weighed per call, few can decide anything, and listing them all (with a
    // few vectors per band) would cost more than the rest of the technique.
    let members = |set: u64| (0..64).filter(move |&r| set & 1 << r != 0);
    (1..g.n)
        .flat_map(move |width| (0..=g.n - width).flat_map(move |start| [0, 1].map(|kind| (width, start, kind))))
        .filter_map(move |(width, start, kind)| {
            let band: u64 = ((1u64 << width) - 1) << start;
            let (under, over) = near.map_or((true, true), |near| (near.under(kind, band), near.over(kind, band)));
            (under || over).then_some((width, start, kind, under, over))
        })
        .flat_map(move |(width, start, kind, under, over)| {
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
            if under
                && count > 0
                && count <= width
                && may_decide((width - count) * g.k, band_counts.less(counts.of(inside)))
            {
                let total = (width - count) * g.k;
                let union = board.union(inside);
                if let Some((blocks, decided)) = board.decide(g, |r| band_row(r) & !union[r], total) {
                    let (units, regions) = (lines(), as_units(inside));
                    out[0] = Some(Area { units, regions, over: false, blocks, decided });
                }
            }
            let count = reaching.count_ones() as usize;
            if over
                && count >= width
                && count < masks.len()
                && may_decide((count - width) * g.k, counts.of(reaching).less(band_counts))
            {
                let total = (count - width) * g.k;
                let union = board.union(reaching);
                if let Some((blocks, decided)) = board.decide(g, |r| union[r] & !band_row(r), total) {
                    let (units, regions) = (lines(), as_units(reaching));
                    out[1] = Some(Area { units, regions, over: true, blocks, decided });
                }
            }
            out.into_iter().flatten()
        })
}

/// Whether an area that holds `total` stars and `held` on the board can decide a
/// cell ([`BoardRows::decide`]): with all its stars, only if it has unknown cells left;
/// otherwise only if those fit in no more 2×2 blocks than the stars it needs
/// (four cells a block at most). Of the O(N²) bands [`counting`] weighs, most
/// fail this, and it costs a subtraction where weighing the area's cells costs a
/// pass over every row.
fn may_decide(total: usize, held: Tally) -> bool {
    match total.checked_sub(held.queens) {
        None => false,
        Some(0) => held.unknown > 0,
        Some(need) => need <= held.unknown && held.unknown <= 4 * need,
    }
}

/// What each region and each band of lines holds ([`Tally`]), for [`may_decide`]:
/// the cells a band counts are a band less the regions inside it, or regions less
/// the band they reach into, whose stars and unknown cells follow by subtraction.
struct Counts {
    regions: Vec<Tally>,
    /// Per kind (rows, columns), what the lines before each line hold.
    before: [Vec<Tally>; 2],
}

impl Counts {
    fn new(g: &Geometry, board: &BoardRows) -> Self {
        let held = |rows: &RowMasks| Tally {
            queens: (0..g.n).map(|r| (rows[r] & board.queens[r]).count_ones() as usize).sum(),
            unknown: (0..g.n).map(|r| (rows[r] & board.unknown[r]).count_ones() as usize).sum(),
        };
        let before = |kind: usize| {
            let mut out = vec![Tally::default()];
            for u in g.kind(kind) {
                out.push(out[out.len() - 1].plus(held(&g.unit_rows[u])));
            }
            out
        };
        Counts { regions: g.kind(2).map(|u| held(&g.unit_rows[u])).collect(), before: [before(0), before(1)] }
    }

    /// What the regions in the bit mask `set` hold.
    fn of(&self, mut set: u64) -> Tally {
        let mut out = Tally::default();
        while set != 0 {
            out = out.plus(self.regions[set.trailing_zeros() as usize]);
            set &= set - 1;
        }
        out
    }

    /// What lines `start..start + width` of `kind` hold.
    fn band(&self, kind: usize, start: usize, width: usize) -> Tally {
        self.before[kind][start + width].less(self.before[kind][start])
    }
}

/// The board as row bit masks, on which a counted area's decisions are worked
/// out ([`BoardRows::decide`]): of the O(N²) bands [`counting`] weighs, few decide
/// anything, so no band's cells are listed unless it does.
struct BoardRows<'a> {
    /// The board weighed.
    board: &'a Board,
    /// Unknown cells per row.
    unknown: RowMasks,
    /// Stars per row.
    queens: RowMasks,
    /// Each region's cells per row (the geometry's).
    regions: &'a [RowMasks],
    /// The board's side: rows past it are empty.
    n: usize,
}

impl<'a> BoardRows<'a> {
    fn new(g: &'a Geometry, b: &'a Board) -> Self {
        let (unknown, queens) = state_rows(g.n, b);
        BoardRows { board: b, unknown, queens, regions: &g.unit_rows[g.kind(2)], n: g.n }
    }

    /// The cells of the regions in the bit mask `of`, per row.
    fn union(&self, mut of: u64) -> RowMasks {
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
    /// board: when all its stars are there, its unknown cells are
    /// empty; when its unknown cells fit in exactly the 2×2 blocks of the stars it
    /// still needs, what those blocks decide ([`tight_decisions`]). `None` when it
    /// decides no cell.
    fn decide(&self, g: &Geometry, area: impl Fn(usize) -> u64, total: usize) -> Option<(Vec<Block>, Decided)> {
        let n = self.n;
        let mut rows: RowMasks = [0; 64];
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
                let (size, which) = smallest_cover(n, &rows, need);
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
    bands(g, b, None).take_while(|_| !g.deadline.passed()).map(|a| Found {
        technique: Technique::Counting,
        decided: a.decided,
        detail: Detail::Counting { lines: a.units, regions: a.regions, over: a.over, blocks: a.blocks },
    })
}

/// The words of a [`counting`] step: `regions` lie inside the band of `lines`, or
/// (`over`) hold every cell left in it; the rest holds its stars in `blocks`, or
/// has them all already (no blocks).
pub(crate) fn say_counting(
    g: &Geometry,
    names: &Names,
    (lines, regions): (&[Unit], &[Unit]),
    over: bool,
    blocks: &[Block],
    decided: &Decided,
) -> Reveals {
    let (l, r) = (units(names, lines), units(names, regions));
    let (lk, rk) = (lines.len() * g.k, regions.len() * g.k);
    let lines_word = kind_word(lines[0], lines.len() > 1);
    let regions_word = if regions.len() > 1 { "regions" } else { "region" };
    // Each count agrees with its noun and verb ("1 column takes", "2 regions hold").
    let verb = |n: usize, plural: &str, one: &str| if n == 1 { one.to_string() } else { plural.to_string() };
    let stars = |n: usize| format!("{n} {}", piece(g, n != 1));
    let rest = |n: usize| if n == 0 { "none of them".to_string() } else { format!("the other {n}") };
    let head = if over {
        format!(
            "every cell left in {l} is in {r}: {} {regions_word} {} {} and {} {lines_word} {} {lk} of them, so the cells of {r} outside {l} hold {}",
            regions.len(),
            verb(regions.len(), "hold", "holds"),
            stars(rk),
            lines.len(),
            verb(lines.len(), "take", "takes"),
            rest(rk - lk)
        )
    } else {
        format!(
            "{r} {} inside {l}: {} {lines_word} {} {} and {} {regions_word} {} {rk} of them, so the other cells of {l} hold {}",
            if regions.len() > 1 { "lie" } else { "lies" },
            lines.len(),
            verb(lines.len(), "hold", "holds"),
            stars(lk),
            regions.len(),
            verb(regions.len(), "take", "takes"),
            rest(lk - rk)
        )
    };
    let argument = if blocks.is_empty() && rk == lk {
        head
    } else if blocks.is_empty() {
        format!("{head}, and those are all placed")
    } else {
        format!(
            "{head}; the cells left there {}, one per {} still needed",
            fit_in_blocks(blocks.len()),
            piece(g, false)
        )
    };
    say_tight(g, names, format!("look at {l}, and {r}"), argument, decided, blocks.is_empty())
}

#[cfg(test)]
mod tests {
    use super::Counting;
    use crate::solve::logic::family::Family;
    use crate::solve::logic::testing::{cells, drawn, words};

    #[test]
    fn regions_that_hold_a_column_and_have_placed_the_rest_empty_their_other_cells() {
        // A 9×9 2★ board of the Star Battle packs (StarBattleLab, sbl_9x2_hard_L00296).
        let map = "AAAAABBBB\nAACADEEEE\nFFCADDDEE\nFCCCDDDEE\nFFDDDDGEE\nFDDHHDGGE\nFFHHDDGGE\nFFHHDIIII\nFHHHIIIII\n";
        let marks =
            "xxxxxQx..\nxQxQxxxxx\nxxxxxQx..\nxQxQxxxxx\nxxxxxxQxQ\n.x.xQxxxx\n.x.xxx..x\n.x.x.xxx.\n.x.x.x...\n";
        let (g, b) = drawn(&format!("{map}\n{marks}"), 2);
        let found = Counting.find(&g, &b, None).expect("a counting step");
        assert_eq!(cells(&g, &found.decided), [(7, 4, false)]);
        let said = words(&Counting, &g, &found);
        assert_eq!(
            said.text,
            "Every cell left in column 3 is in regions D and H: 2 regions hold 4 stars and 1 column takes 2 of them, so the cells of regions D and H outside column 3 hold the other 2, and those are all placed, so row 8, column 5 is empty."
        );
        assert_eq!(said.nudge, "Look at column 3, and regions D and H.");
    }
}
