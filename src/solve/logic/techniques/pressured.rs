//! Technique 9, pressured exclusion: a star on a cell would leave a unit, or two
//! adjacent lines, too little room (its cells left would fit in fewer 2×2 blocks
//! than the stars it still needs), so the cell is empty. Every unknown cell is
//! tried at once against every area near the limit, on row bit masks.

use super::cover::{cells_apart, smallest_cover, state_rows, RowMasks};
use crate::solve::logic::board::{Board, CellState, Changes, Geometry, Unit};
use crate::solve::logic::family::{Cost, Family, Work};
use crate::solve::logic::step::{empties, Decided, Detail, Found, Grade, Reveals, Technique};
use crate::solve::logic::words::{cells_phrase, piece, units, Names};

/// Technique 9, pressured exclusion; its sweep lists the first alone, its case sweep every cell.
pub(crate) struct Pressured;

impl Family for Pressured {
    fn technique(&self) -> Technique {
        Technique::Pressured
    }

    fn id(&self) -> &'static str {
        "pressured"
    }

    fn name(&self) -> &'static str {
        "pressured exclusion"
    }

    fn grade(&self) -> Grade {
        Grade::Hard
    }

    fn cost(&self) -> Cost {
        Cost::Cheap { case_rank: Some(8) }
    }

    fn find(&self, g: &Geometry, b: &Board, _: Option<&mut Work<'_>>) -> Option<Found> {
        pressured(g, b)
    }

    fn case_decided(&self, g: &Geometry, b: &Board) -> Decided {
        empties(pressured_all(g, b, None))
    }

    /// A cell whose units gained no queen, tried against an area whose cells did
    /// not change, takes the same cells of the area as on the earlier board
    /// ([`Changes::reach_kept`]), which left it room: such trials are not weighed.
    fn case_decided_since(&self, g: &Geometry, b: &Board, since: &Changes<'_>) -> Decided {
        empties(pressured_all(g, b, Some(since)))
    }

    fn say(&self, g: &Geometry, names: &Names, found: &Found) -> Option<Reveals> {
        let Detail::Pressured { units } = &found.detail else { return None };
        Some(say_pressured(g, names, units, &found.decided))
    }
}

/// Spare room, in 2×2 blocks, beyond which pressured exclusion does not weigh an
/// area: a star and its touching cells lie in a 3×3 square, which meets at most
/// four blocks. A filter for speed only: skipping an area never makes a step wrong.
const SLACK: usize = 4;

/// The areas pressured exclusion weighs, each with room to spare of at most
/// [`SLACK`] blocks: every unit (regions, rows, columns), then every two adjacent
/// rows, then every two adjacent columns. An area is named by its place in that
/// list ([`AreaId`]), so that the areas of a cell are found by arithmetic, not
/// by a table of every cell's areas built on each call. Counted bands are not
/// weighed: on the corpus they decide nothing more, at ten times the cost.
///
/// An area's room is worked out when a trial first asks for it: a sweep that
/// weighs only what changed since an earlier board asks for few of them.
struct Rooms<'a> {
    list: Areas<'a>,
    /// The board's unknown cells and stars ([`state_rows`]).
    state: (RowMasks, RowMasks),
    /// Per area, where its room is in `rooms`: [`Rooms::UNSEEN`] before it is
    /// asked for, [`Rooms::LOOSE`] when it has more room to spare than [`SLACK`].
    slot: Vec<u32>,
    rooms: Vec<AreaRoom>,
}

impl<'a> Rooms<'a> {
    const UNSEEN: u32 = u32::MAX;
    const LOOSE: u32 = u32::MAX - 1;

    fn new(g: &'a Geometry, b: &Board) -> Self {
        let list = Areas::new(g);
        let slot = vec![Self::UNSEEN; list.len()];
        Rooms { list, state: state_rows(g.n, b), slot, rooms: Vec::new() }
    }

    /// The room of area `id`, or `None` when it has room to spare.
    fn room(&mut self, id: AreaId) -> Option<&AreaRoom> {
        if self.slot[id] == Self::UNSEEN {
            self.slot[id] = match self.weigh(id) {
                Some(room) => {
                    self.rooms.push(room);
                    (self.rooms.len() - 1) as u32
                }
                None => Self::LOOSE,
            };
        }
        self.rooms.get(self.slot[id] as usize)
    }

    /// The room of area `id` on the board, unless it has more than [`SLACK`]
    /// blocks to spare.
    fn weigh(&self, id: AreaId) -> Option<AreaRoom> {
        let (g, (unknown_all, queens_all)) = (self.list.g, &self.state);
        let n = g.n;
        let (mut cells, mut total): (RowMasks, usize) = ([0; 64], 0);
        for u in self.list.units(id) {
            cells.iter_mut().zip(&g.unit_rows[u]).take(n).for_each(|(x, y)| *x |= y);
            total += g.k;
        }
        let mut unknown: RowMasks = [0; 64];
        let mut queens = 0;
        for r in 0..n {
            unknown[r] = cells[r] & unknown_all[r];
            queens += (cells[r] & queens_all[r]).count_ones() as usize;
        }
        let need = total.checked_sub(queens)?;
        if need == 0 || smallest_cover(n, &unknown, need + SLACK).0 > need + SLACK {
            return None;
        }
        let left = unknown[..n].iter().map(|m| m.count_ones() as usize).sum();
        let (apart, apart_count) = cells_apart(&unknown[..n]);
        Some(AreaRoom { cells, unknown, left, queens, total, apart, apart_count })
    }
}

/// An area by its place in the list of every area pressured exclusion weighs ([`Rooms`]).
type AreaId = usize;

/// The list of areas pressured exclusion weighs, in one place: the regions, the
/// rows and the columns (the units), then the pairs of adjacent rows, then of
/// adjacent columns. [`Rooms`] weighs it, [`Areas::of`] finds a cell's areas in it
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

/// The room an area of [`pressured`] has on the board, on row bit masks, for
/// trying a star on every cell against it.
struct AreaRoom {
    /// All its cells.
    cells: RowMasks,
    /// Its unknown cells on the board.
    unknown: RowMasks,
    /// How many those are.
    left: usize,
    /// Its stars on the board.
    queens: usize,
    /// The stars it holds.
    total: usize,
    /// Some of its unknown cells, no two touching ([`cells_apart`]).
    apart: RowMasks,
    /// How many those are.
    apart_count: usize,
}

impl AreaRoom {
    /// True when a star on the cell at row `r`, bit `bit` (with `gone`, its reach
    /// and the cell, no longer unknown, all in rows `rows`) leaves the area with
    /// cells left that fit in fewer 2×2 blocks than the stars it still needs (or
    /// with too many stars).
    fn squeezed(
        &self,
        n: usize,
        (r, bit): (usize, u64),
        gone: &RowMasks,
        rows: std::ops::RangeInclusive<usize>,
    ) -> bool {
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
        // is smaller (what `smallest_cover` would find, without building the rest).
        let apart_lost: usize = rows.clone().map(|r| (self.apart[r] & gone[r]).count_ones() as usize).sum();
        if self.apart_count - apart_lost >= need {
            return false;
        }
        let mut rest: RowMasks = [0; 64];
        for r in 0..n {
            rest[r] = self.unknown[r] & !gone[r];
        }
        smallest_cover(n, &rest, need - 1).0 < need
    }
}

/// Technique 9: pressured exclusion: cells whose star would leave a unit, or two adjacent
/// lines, too little room: its cells left would fit in fewer 2×2 blocks than the
/// stars it still needs. Returns every such cell for the first area found.
pub(crate) fn pressured(g: &Geometry, b: &Board) -> Option<Found> {
    let mut hit: Option<(AreaId, Vec<usize>)> = None;
    pressure_sweep(g, b, None, |c, touched, squeezed| match &mut hit {
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
        detail: Detail::Pressured { units: Areas::new(g).units(a).map(|u| g.unit(u)).collect() },
    })
}

/// Every cell [`pressured`] would rule out for any area, in one sweep: what a case
/// followed through needs (no words, so no one area to name), without repeating
/// the sweep once per area. Sound for the same reason
/// as [`pressured`]; the areas are weighed once, on the board before the sweep.
/// With `since`, only the trials that can have changed since are weighed
/// ([`Pressured::case_decided_since`]).
pub(crate) fn pressured_all(g: &Geometry, b: &Board, since: Option<&Changes<'_>>) -> Vec<usize> {
    let mut out = Vec::new();
    pressure_sweep(g, b, since, |c, touched, squeezed| {
        if touched.iter().any(|&a| squeezed(a)) {
            out.push(c);
        }
    });
    out
}

/// How many trials [`pressure_sweep`] makes between two looks at the clock.
const TRIALS_PER_LOOK: usize = 32;

/// The sweep behind [`pressured`]: for every unknown cell `c`, the trial star
/// there with its reach emptied, handed to `visit` as `c`, the areas it took cells
/// from (sorted), and a test of whether a given area is left too little room.
/// With `since`, a cell whose units gained no queen is handed only the areas
/// it took cells from that changed, and not at all when there are none.
/// `None` when the deadline stopped the sweep.
fn pressure_sweep(
    g: &Geometry,
    b: &Board,
    since: Option<&Changes<'_>>,
    mut visit: impl FnMut(usize, &[AreaId], &mut dyn FnMut(AreaId) -> bool),
) -> Option<()> {
    let mut rooms = Rooms::new(g, b);
    let list = &rooms.list;
    // Each cell's areas, as a bit per area (found by [`Areas::of`] once per cell,
    // not once per trial it is in), so that a trial's areas are the union of its
    // cells' sets: sorted and without repeats as they are read, with no list to sort.
    let (n, words) = (g.n, list.len().div_ceil(64));
    let mut of_cell = vec![0u64; n * n * words];
    let mut ids = Vec::with_capacity(8);
    for i in (0..n * n).filter(|&i| b.cells[i] == CellState::Unknown) {
        ids.clear();
        list.of(i, &mut ids);
        for &a in &ids {
            of_cell[i * words + a / 64] |= 1 << (a % 64);
        }
    }
    // The areas that hold a changed cell, and the unknown cells in one of them:
    // a cell whose units gained no queen is tried only when its trial takes one.
    let mut changed_bits = vec![0u64; words];
    for a in (0..list.len()).filter(|&a| since.is_none_or(|s| list.units(a).any(|u| s.unit(u)))) {
        changed_bits[a / 64] |= 1 << (a % 64);
    }
    let in_changed = |i: usize| of_cell[i * words..(i + 1) * words].iter().zip(&changed_bits).any(|(o, c)| o & c != 0);
    let queens_of = g.queen_counts(b);
    let unit_in_changed: Vec<bool> = match since {
        Some(_) => g.units.iter().map(|cells| cells.iter().any(|&i| in_changed(i))).collect(),
        None => Vec::new(),
    };
    let may_take_changed = |c: usize| {
        in_changed(c)
            || g.neighbours[c].iter().any(|&j| in_changed(j))
            || g.cell_units[c].iter().any(|&u| queens_of[u] + 1 >= g.k && unit_in_changed[u])
    };
    let mut reach = Vec::new();
    let mut touched = Vec::new();
    let mut seen = vec![0u64; words];
    // The trial's cells gone, cleared after each cell (in the rows it used).
    let mut gone: RowMasks = [0; 64];
    for (t, c) in (0..n * n).filter(|&c| b.cells[c] == CellState::Unknown).enumerate() {
        if t % TRIALS_PER_LOOK == 0 && g.deadline.passed() {
            return None; // out of time: finding nothing is always sound
        }
        let kept = since.is_some_and(|s| s.reach_kept(c));
        if kept && !may_take_changed(c) {
            continue;
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
            let mut bits = if kept { word & changed_bits[w] } else { word };
            while bits != 0 {
                touched.push(w * 64 + bits.trailing_zeros() as usize);
                bits &= bits - 1;
            }
        }
        visit(c, &touched, &mut |a| rooms.room(a).is_some_and(|room| room.squeezed(n, star, &gone, lo..=hi)));
        gone[lo..=hi].iter_mut().for_each(|m| *m = 0);
    }
    Some(())
}

/// The words of a [`pressured`] step: a star on any decided cell leaves `area`
/// (one unit, or two adjacent lines) too little room.
pub(crate) fn say_pressured(g: &Geometry, names: &Names, area: &[Unit], decided: &[(usize, CellState)]) -> Reveals {
    let cells: Vec<usize> = decided.iter().map(|&(i, _)| i).collect();
    let (one, many, us) = (piece(g, false), piece(g, true), units(names, area));
    let those = if cells.len() == 1 { "that cell is" } else { "those cells are" };
    Reveals {
        nudge: format!("look at {us} and how much room it keeps"),
        reason: format!(
            "a {one} on {} would leave {us} with cells left that fit in fewer blocks of 2×2 cells than the {many} still needed",
            if cells.len() == 1 { "one cell".to_string() } else { format!("any of {} cells", cells.len()) }
        ),
        text: format!(
            "a {one} on {}{} would leave {us} too little room: the cells left would fit in fewer blocks of 2×2 cells than the {many} still needed, so {those} empty",
            if cells.len() == 1 { "" } else { "any of " },
            cells_phrase(g, names, &cells)
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::Pressured;
    use crate::solve::logic::family::Family;
    use crate::solve::logic::testing::{cells, drawn, words};

    #[test]
    fn a_queen_that_would_leave_two_rows_too_few_blocks_is_ruled_out() {
        // An 8×8 1★ board of the Star Battle packs (StarBattleLab, sbl_8x1_expert_L00018).
        let map = "ABBBBBBC\nAADDBBBC\nAAEDBBBF\nAAEFFFFF\nAFEFFFGG\nAFFFFHGG\nAAAFFHHH\nAAAHHHHH\n";
        let marks = "x.xx..x.\nxxx.x.x.\nxxx.x.xx\nxx.xx.xx\nxx.x.x.x\nx.xx.x.x\n.xxxx.xx\n.xxx..xx\n";
        let (g, b) = drawn(&format!("{map}\n{marks}"), 1);
        let found = Pressured.find(&g, &b, None).expect("a pressured exclusion");
        assert_eq!(cells(&g, &found.decided), [(0, 5, false), (1, 5, false), (6, 5, false), (7, 5, false)]);
        let said = words(&Pressured, &g, &found);
        assert_eq!(
            said.text,
            "A queen on any of rows 1, 2, 7 and 8 of column 6 would leave rows 3 and 4 too little room: the cells left would fit in fewer blocks of 2×2 cells than the queens still needed, so those cells are empty."
        );
        assert_eq!(said.nudge, "Look at rows 3 and 4 and how much room it keeps.");
    }
}
