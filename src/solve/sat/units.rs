//! The counting half of the puzzle as a theory inside the SAT search: exactly K
//! stars per row, column and region, by counting each unit's stars and the 2×2
//! tiles its open cells meet.
//!
//! The clauses ([`super::cnf`]) say only that no two stars touch. This theory says
//! the rest, each deduction with its reason, as the engine's counting steps do:
//! - **At most K**: a unit with K stars rules out its other cells (the reason: those
//!   K stars); a (K+1)-th star is a conflict.
//! - **At least K, by 2×2 tiles**: two stars in one 2×2 tile always touch, so a
//!   tile holds at most one star. Cut the plane into 2×2 tiles (four ways, by the
//!   tiling's offset): a unit that needs `need` stars and whose open (not ruled-out)
//!   cells meet fewer than `need` tiles is a conflict, and one whose open cells meet
//!   exactly `need` tiles has a star in each: a tile with a single open, undecided
//!   cell makes that cell a star, and a tile with more rules out every cell that
//!   touches all of them (the engine's 2×2 blocks; without it the search met 2.5
//!   times the conflicts on the corpus and packs, docs/benchmarks.md). The reason:
//!   the unit's ruled-out cells that empty the other tiles, and the tile's ruled-out
//!   cells of the unit. This is stronger than "fewer open
//!   cells than stars needed" (a tile meets at least one open cell), and it covers
//!   the puzzle's units (`need` = K) and every pair of adjacent rows or columns
//!   (`need` = 2K: the squeeze).
//! - **Regions and lines that confine each other**, up to 3 stars: [`super::confine`],
//!   checked here once the counts have nothing more to say.
//!
//! Why a theory rather than counter clauses (a sequential counter or a totalizer per
//! unit, as PySAT's `CardEnc` writes): counters add K variables per cell, most of
//! the formula, and every star placed walks their chains in three units, so the
//! solver's trail is mostly counter bits. Counting here costs a few additions per
//! cell. The search meets more conflicts on some boards (its learnt clauses cannot
//! name partial counts) and still finishes sooner (docs/benchmarks.md, "Star Battle").
//!
//! Not every tiling bounds every unit. A row's cells share their tile row, so the
//! tilings that differ only in the row offset cut it the same way, and a column's
//! likewise; a pair of adjacent lines split between two tile rows (or columns)
//! meets the tiles of each line apart, which is the two lines' own bounds added.
//! So rows and columns are checked in two tilings, line pairs in the two that keep
//! the pair inside one tile row or column, and regions in all four: 16 counts per
//! ruled-out cell instead of 28, with the same propagations.
//!
//! The counts are kept incrementally: each cell decided adds to its units (seven at
//! most: its row, column, region and four line pairs), a ruled-out cell also takes
//! one from its tiles, and both are undone when the solver backtracks past them.
//! Only units that changed since the last check are looked at, and most looks end
//! at a comparison: a unit with more tiles than it needs says nothing, nor does
//! one with just enough once it has all its stars.

use std::ops::Range;

use batsat::theory::TheoryArg;
use batsat::{lbool, Lit, Theory, Var};

use super::confine::Confine;
use crate::solve::tiles::{tile, TILINGS};

/// One unit: its cells, the stars it needs, and the tilings that bound it.
#[derive(Debug)]
struct Unit {
    cells: Vec<usize>,
    need: usize,
    /// A row, column or region, which holds at most `need` stars (a line pair's
    /// bound from above is its two lines').
    counted: bool,
    /// Its tilings, as indices into [`Units::cut`], [`Units::by_tile`] and [`Units::met`].
    cuts: Range<usize>,
}

/// The theory: counts per unit and tiling, kept in step with the solver's trail.
#[derive(Debug)]
pub(crate) struct Units {
    /// The cell variables, row-major (`cell[i].idx() == i`).
    cells: Vec<Var>,
    units: Vec<Unit>,
    /// Stars and ruled-out cells per unit.
    stars: Vec<usize>,
    out: Vec<usize>,
    /// Per unit and tiling (a "cut"): for each of the unit's cells, its tile, as an index into `open`.
    cut: Vec<Vec<u32>>,
    /// Per cut, the unit's cells grouped by tile, as positions in [`Unit::cells`].
    by_tile: Vec<Vec<u32>>,
    /// The board's side.
    n: usize,
    /// Open (not ruled-out) cells per tile of every cut.
    open: Vec<u8>,
    /// Per cut, the tiles with at least one open cell.
    met: Vec<usize>,
    /// Per cell, its tile and cut in every cut of every unit it belongs to.
    tiles_of: PerCell<(u32, u32)>,
    /// Per cell, the units it belongs to.
    units_of: PerCell<u32>,
    /// Decision levels the solver has open.
    levels: usize,
    /// Trail length at the last check on each level (what a backtrack returns to).
    checked: Vec<usize>,
    /// Trail entries already counted.
    counted: usize,
    /// Cells counted, latest last (to undo): trail position, cell, and whether a star.
    applied: Vec<(usize, usize, bool)>,
    /// Units to look at in this check, and a per-unit mark of the check that queued it.
    queue: Vec<usize>,
    queued: Vec<u64>,
    check: u64,
    /// The reason of each cell this theory decided, by cell: literals now true.
    reasons: Vec<Vec<Lit>>,
    scratch: Vec<Lit>,
    /// Regions and lines that confine each other ([`super::confine`]).
    confine: Option<Confine>,
}

/// Lists per cell, end to end: one allocation for all cells, where a `Vec` per
/// cell made building the theory cost more than its search on small boards.
#[derive(Debug)]
struct PerCell<T> {
    /// Where each cell's list starts in `items` (and, one on, ends).
    from: Vec<usize>,
    items: Vec<T>,
}

impl<T: Copy + Default> PerCell<T> {
    /// The lists of `cells` cells from (cell, item) pairs, each list in the pairs' order.
    fn new(cells: usize, pairs: Vec<(usize, T)>) -> Self {
        let mut from = vec![0; cells + 1];
        pairs.iter().for_each(|&(i, _)| from[i + 1] += 1);
        (0..cells).for_each(|i| from[i + 1] += from[i]);
        let mut next = from.clone();
        let mut items = vec![T::default(); pairs.len()];
        for (i, item) in pairs {
            items[next[i]] = item;
            next[i] += 1;
        }
        PerCell { from, items }
    }

    fn of(&self, cell: usize) -> &[T] {
        &self.items[self.from[cell]..self.from[cell + 1]]
    }
}

impl Units {
    /// The theory for an `n`×`n` board with region `labels` and `k` stars per unit,
    /// over `cells`, the solver's variables of the `n * n` cells (created first, so
    /// the variable of cell `i` has index `i`).
    pub fn new(n: usize, labels: &[usize], k: usize, cells: &[Var]) -> Self {
        debug_assert!(cells.iter().enumerate().all(|(i, v)| v.idx() as usize == i));
        // Regions first (the order units are looked at in, which steers the
        // search), then rows, columns and the pairs of adjacent lines, each with the
        // tilings that bound it (module docs).
        let mut single = super::cnf::units(n, labels);
        single.rotate_left(2 * n);
        let regions = single.len() - 2 * n;
        let mut lists: Vec<(Vec<usize>, usize, Vec<usize>)> = single
            .into_iter()
            .enumerate()
            .map(|(u, cells)| {
                // Indices into TILINGS.
                let tilings = match u.checked_sub(regions) {
                    None => vec![0, 1, 2, 3],
                    Some(line) if line < n => vec![0, 1],
                    Some(_) => vec![0, 2],
                };
                (cells, k, tilings)
            })
            .collect();
        let counted = lists.len();
        for a in 0..n.saturating_sub(1) {
            let rows = (0..n).flat_map(|c| [a * n + c, (a + 1) * n + c]).collect();
            lists.push((rows, 2 * k, vec![2 * (a % 2), 2 * (a % 2) + 1]));
            let cols = (0..n).flat_map(|r| [r * n + a, r * n + a + 1]).collect();
            lists.push((cols, 2 * k, vec![a % 2, 2 + a % 2]));
        }
        let (mut cut, mut open, mut met) = (Vec::new(), Vec::new(), Vec::new());
        let mut by_tile = Vec::new();
        let (mut tiles_of, mut units_of) = (Vec::new(), Vec::new());
        let mut units = Vec::with_capacity(lists.len());
        // Each tile's number in the unit being cut, by its (row, column) in the
        // tiling; reset after each cut, for the tiles it met.
        let side = n / 2 + 1;
        let mut number = vec![u32::MAX; side * side];
        // Each cell's tile in each tiling, as a key into `number` (divisions by n
        // are dear enough to count on a small board).
        let keys: Vec<[usize; 4]> =
            (0..n * n).map(|i| TILINGS.map(|t| tile(i / n, i % n, t)).map(|(r, c)| r * side + c)).collect();
        for (u, (cells, need, tilings)) in lists.into_iter().enumerate() {
            let first = cut.len();
            for &i in &cells {
                units_of.push((i, u32::try_from(u).expect("a board has few units")));
            }
            for t in tilings {
                // Number the unit's tiles in the order its cells meet them.
                let c = u32::try_from(cut.len()).expect("a board has few cuts");
                let from = open.len();
                let mut tile = Vec::with_capacity(cells.len());
                for &i in &cells {
                    let key = keys[i][t];
                    if number[key] == u32::MAX {
                        number[key] = u32::try_from(open.len()).expect("a board has few tiles");
                        open.push(0u8);
                    }
                    let x = number[key];
                    tile.push(x);
                    open[x as usize] += 1;
                    tiles_of.push((i, (x, c)));
                }
                for &i in &cells {
                    number[keys[i][t]] = u32::MAX;
                }
                met.push(open.len() - from);
                let mut order: Vec<u32> = (0..u32::try_from(tile.len()).expect("a unit has few cells")).collect();
                order.sort_by_key(|&p| tile[p as usize]);
                by_tile.push(order);
                cut.push(tile);
            }
            units.push(Unit { cells, need, counted: u < counted, cuts: first..cut.len() });
        }
        let count = units.len();
        Units {
            cells: cells[..n * n].to_vec(),
            units,
            stars: vec![0; count],
            out: vec![0; count],
            cut,
            by_tile,
            n,
            open,
            met,
            tiles_of: PerCell::new(n * n, tiles_of),
            units_of: PerCell::new(n * n, units_of),
            levels: 0,
            checked: vec![0],
            counted: 0,
            applied: Vec::new(),
            // The first check looks at every unit, some are tight from the start:
            // each is queued already, marked as queued by that check (the first).
            queue: (0..count).collect(),
            queued: vec![1; count],
            check: 0,
            reasons: vec![Vec::new(); n * n],
            scratch: Vec::new(),
            confine: Confine::new(n, labels, k),
        }
    }

    /// True when, before the search, some unit's cells meet fewer 2×2 tiles of a
    /// tiling than it needs stars: no placement exists. The search could not say
    /// so itself, since a tile bound with nothing ruled out has no reason to give
    /// (the counter clauses this theory replaced wrote the empty clause here).
    pub(crate) fn too_few_tiles(&self) -> bool {
        self.units.iter().any(|unit| unit.cuts.clone().any(|c| self.met[c] < unit.need))
    }

    /// Counts the cells decided since the last check, then looks at the units they
    /// belong to. Stops at the first conflict.
    fn run(&mut self, acts: &mut TheoryArg) {
        let len = acts.model().len();
        if self.checked.len() <= self.levels {
            self.checked.resize(self.levels + 1, 0);
        }
        self.checked[self.levels] = len;
        self.check += 1;
        // The lists read and the counts written, borrowed apart.
        let Units { cells, units_of, tiles_of, stars, out, open, met, applied, queue, queued, check, confine, .. } =
            self;
        for at in self.counted..len {
            let lit = acts.model()[at];
            let cell = lit.var().idx() as usize;
            if cell >= cells.len() {
                continue; // not a cell: the uniqueness proof's own literals, if any
            }
            let star = lit.sign();
            applied.push((at, cell, star));
            let counts = if star { &mut *stars } else { &mut *out };
            for &u in units_of.of(cell) {
                let u = u as usize;
                counts[u] += 1;
                if queued[u] != *check {
                    queued[u] = *check;
                    queue.push(u);
                }
            }
            if !star {
                if let Some(confine) = confine {
                    confine.rule_out(cell);
                }
                for &(x, c) in tiles_of.of(cell) {
                    // Without branches: the tile goes from 1 open cell to 0, or keeps some.
                    let open = &mut open[x as usize];
                    *open -= 1;
                    met[c as usize] -= usize::from(*open == 0);
                }
            }
        }
        self.counted = len;
        let queue = std::mem::take(&mut self.queue);
        let settled = queue.iter().all(|&u| self.at_most(acts, u) && self.tiles(acts, u));
        self.queue = queue;
        self.queue.clear();
        // Confinements are looked for at a fixpoint only, when the counts have
        // nothing more to say (they cost more, and wait safely: the search never
        // needs them to be complete).
        if settled && acts.model().len() == len {
            if let Some(confine) = &mut self.confine {
                confine.check(acts, &self.cells, &mut self.reasons, &mut self.scratch);
            }
        }
    }

    /// Unit `u` with its K stars rules out its undecided cells; with more, a
    /// conflict. False once the solver has a conflict.
    fn at_most(&mut self, acts: &mut TheoryArg, u: usize) -> bool {
        let unit = &self.units[u];
        let (stars, need) = (self.stars[u], unit.need);
        if !unit.counted || stars < need || (stars == need && stars + self.out[u] == unit.cells.len()) {
            return true;
        }
        self.scratch.clear();
        let cells = &self.cells;
        self.scratch.extend(
            unit.cells.iter().filter(|&&i| acts.value(cells[i]) == lbool::TRUE).map(|&i| Lit::new(cells[i], true)),
        );
        if stars > need {
            let clause: Vec<Lit> = self.scratch[..=need].iter().map(|&l| !l).collect();
            acts.raise_conflict(&clause, super::cnf::KEEP_CONFLICTS);
            return false;
        }
        for &i in &unit.cells {
            if acts.value(self.cells[i]) == lbool::UNDEF {
                let reason = &mut self.reasons[i];
                reason.clear();
                reason.extend_from_slice(&self.scratch);
                if !acts.propagate(Lit::new(self.cells[i], false)) {
                    return false;
                }
            }
        }
        true
    }

    /// Unit `u` in each of its tilings: a conflict when it meets too few tiles;
    /// when it meets just enough, each tile holds one of its stars, so a tile down
    /// to one open cell makes it a star, and a tile with more rules out the cells
    /// that touch all of them (the engine's 2×2 blocks, on the four tilings). False
    /// once the solver has a conflict.
    fn tiles(&mut self, acts: &mut TheoryArg, u: usize) -> bool {
        let Units { units, cells, cut, by_tile, open, met, stars, reasons, scratch, n, .. } = self;
        let (unit, n) = (&units[u], *n);
        for c in unit.cuts.clone() {
            let (met, tile) = (met[c], &cut[c]);
            // Just enough tiles: nothing to decide once every tile has its star.
            if met > unit.need || (met == unit.need && stars[u] >= unit.need) {
                continue;
            }
            // The reason of whatever this cut decides: every ruled-out cell of the
            // unit in a tile it no longer meets (built at the first decision).
            let mut reason_ready = false;
            let mut ready = |scratch: &mut Vec<Lit>| {
                if !reason_ready {
                    scratch.clear();
                    let emptied = unit.cells.iter().zip(tile).filter(|&(_, &x)| open[x as usize] == 0);
                    scratch.extend(emptied.map(|(&i, _)| Lit::new(cells[i], false)));
                    reason_ready = true;
                }
            };
            if met < unit.need {
                ready(scratch);
                if scratch.is_empty() {
                    continue; // too few tiles by the map itself: [`Units::too_few_tiles`], checked before the search
                }
                let clause: Vec<Lit> = scratch.iter().map(|&l| !l).collect();
                acts.raise_conflict(&clause, super::cnf::KEEP_CONFLICTS);
                return false;
            }
            let order = &by_tile[c];
            let mut from = 0;
            while from < order.len() {
                let x = tile[order[from] as usize];
                let to = from + order[from..].iter().take_while(|&&p| tile[p as usize] == x).count();
                let members = order[from..to].iter().map(|&p| unit.cells[p as usize]);
                from = to;
                if open[x as usize] == 0 {
                    continue;
                }
                // The tile's cells still open now (the counts may lag the trail by
                // this check's own deductions).
                let (mut left, mut count, mut starred) = ([0usize; 4], 0, false);
                for i in members.clone() {
                    let v = acts.value(cells[i]);
                    if v != lbool::FALSE {
                        starred |= v == lbool::TRUE;
                        left[count] = i;
                        count += 1;
                    }
                }
                if starred || count == 0 {
                    continue; // its star is there, or the next check finds the conflict
                }
                let left = &left[..count];
                // One open cell is the star; with more, the cells touching them all are empty.
                let (mut decided, mut found) = ([0usize; 8], 0);
                if count == 1 {
                    (decided[0], found) = (left[0], 1);
                } else {
                    let (r, col) = (left[0] / n, left[0] % n);
                    for rr in r.saturating_sub(1)..(r + 2).min(n) {
                        for cc in col.saturating_sub(1)..(col + 2).min(n) {
                            let j = rr * n + cc;
                            let touches_all =
                                left.iter().all(|&i| i != j && (i / n).abs_diff(rr) <= 1 && (i % n).abs_diff(cc) <= 1);
                            if touches_all && acts.value(cells[j]) == lbool::UNDEF {
                                decided[found] = j;
                                found += 1;
                            }
                        }
                    }
                }
                for &j in &decided[..found] {
                    ready(scratch);
                    // Its tile must hold a star, among `left`: the reason adds the
                    // tile's ruled-out cells of the unit.
                    let reason = &mut reasons[j];
                    reason.clear();
                    reason.extend_from_slice(scratch);
                    let out = members.clone().filter(|&m| acts.value(cells[m]) == lbool::FALSE);
                    reason.extend(out.map(|m| Lit::new(cells[m], false)));
                    if !acts.propagate(Lit::new(cells[j], count == 1)) {
                        return false;
                    }
                }
            }
        }
        true
    }

    /// Gives back the cells counted at trail positions from `keep` on.
    fn undo(&mut self, keep: usize) {
        let Units { units_of, tiles_of, stars, out, open, met, applied, confine, .. } = self;
        while let Some(&(at, cell, star)) = applied.last() {
            if at < keep {
                break;
            }
            applied.pop();
            let counts = if star { &mut *stars } else { &mut *out };
            for &u in units_of.of(cell) {
                counts[u as usize] -= 1;
            }
            if !star {
                if let Some(confine) = confine {
                    confine.restore(cell);
                }
                for &(x, c) in tiles_of.of(cell) {
                    let open = &mut open[x as usize];
                    met[c as usize] += usize::from(*open == 0);
                    *open += 1;
                }
            }
        }
        self.counted = self.counted.min(keep);
    }
}

#[cfg(test)]
impl Units {
    /// The same theory without [`super::confine`], for the tests that weigh it.
    pub(super) fn without_confinement(mut self) -> Self {
        self.confine = None;
        self
    }
}

impl Theory for Units {
    fn final_check(&mut self, acts: &mut TheoryArg) {
        // Every cell is decided: the last check looks at what is left, so no
        // placement passes with a unit short of stars.
        self.run(acts);
    }

    fn create_level(&mut self) {
        self.levels += 1;
    }

    fn pop_levels(&mut self, n: usize) {
        self.levels -= n;
        // The trail is back where it was at this level's last check: each level is
        // checked before the solver decides the next one.
        let keep = self.checked.get(self.levels).copied().unwrap_or(0);
        self.undo(keep);
    }

    fn n_levels(&self) -> usize {
        self.levels
    }

    fn partial_check(&mut self, acts: &mut TheoryArg) {
        self.run(acts);
    }

    fn explain_propagation(&mut self, p: Lit) -> &[Lit] {
        // Each decision's reason was kept when it was made.
        &self.reasons[p.var().idx() as usize]
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::{random_board, solutions, solve_counting, How};
    use crate::solve::logic::testing::xorshift;

    #[test]
    fn the_theory_keeps_exactly_the_solutions_of_the_clauses() {
        // Random boards built around a placement: some have that one solution, many a
        // few more, some over a hundred, so both the search and the proof of "no more"
        // are exercised.
        const CAP: usize = 100;
        let mut next = xorshift(0x5eed_7113);
        let (mut boards, mut with_solutions, mut total) = (0, 0, 0);
        for &(n, k, count) in
            &[(5, 1, 60), (6, 1, 60), (8, 1, 40), (8, 2, 60), (9, 2, 40), (10, 2, 30), (12, 2, 20), (12, 3, 8)]
        {
            for _ in 0..count {
                let labels = random_board(n, k, &mut next);
                let plain = solutions(n, &labels, k, How::Counters, CAP);
                for how in [How::Theory, How::WithoutConfinement] {
                    let with = solutions(n, &labels, k, how, CAP);
                    if plain.len() < CAP {
                        assert_eq!(with, plain, "{how:?}, {n}x{n} {k}-star board {labels:?}");
                    } else {
                        // More than the cap: the two enumerate in different orders.
                        assert_eq!(with.len(), CAP, "{how:?}, {n}x{n} {k}-star board {labels:?}");
                    }
                }
                boards += 1;
                with_solutions += usize::from(!plain.is_empty());
                total += plain.len();
            }
        }
        // Every board has its placement; the comparison meant something.
        assert_eq!(with_solutions, boards, "{total} solutions in all");
        assert!(total >= 2 * boards, "{total} solutions on {boards} boards");
    }

    #[test]
    fn the_generated_boards_keep_their_one_solution() {
        // tests/data/starbattle: unique boards from 10×10 2★ to 20×20 5★ (25×25 takes
        // seconds without the theory), each with its solution.
        let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/starbattle");
        let manifest: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(format!("{dir}/manifest.json")).unwrap()).unwrap();
        let mut checked = 0;
        for board in manifest.as_array().unwrap() {
            let n = board["n"].as_u64().unwrap() as usize;
            let k = board["stars"].as_u64().unwrap() as usize;
            if n > 20 {
                continue;
            }
            let rows: Vec<&str> = board["regions"].as_array().unwrap().iter().map(|r| r.as_str().unwrap()).collect();
            let regions = crate::puzzle::Regions::from_rows(&rows).unwrap();
            let want: Vec<usize> = board["solution"]
                .as_array()
                .unwrap()
                .iter()
                .map(|rc| rc[0].as_u64().unwrap() as usize * n + rc[1].as_u64().unwrap() as usize)
                .collect();
            for how in [How::Counters, How::Theory, How::WithoutConfinement] {
                assert_eq!(
                    solutions(n, regions.labels(), k, how, 2),
                    std::slice::from_ref(&want),
                    "{how:?}, {}",
                    board["file"]
                );
            }
            checked += 1;
        }
        assert_eq!(checked, 24);
    }

    #[test]
    fn the_theory_saves_most_of_the_conflicts_on_a_hard_board() {
        // A generated 17×17 4★ board of tests/data: solve plus proof, with and without.
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/starbattle/17x17-4star-1.txt");
        let text = std::fs::read_to_string(path).expect("tests/data/starbattle is in the repository");
        let rows: Vec<&str> = text.lines().filter(|l| !l.starts_with('#') && !l.is_empty()).collect();
        let regions = crate::puzzle::Regions::from_rows(&rows).unwrap();
        let (n, labels) = (regions.n(), regions.labels());
        let (plain, plain_conflicts) = solve_counting(n, labels, 4, How::Counters, 2);
        let (with, with_conflicts) = solve_counting(n, labels, 4, How::Theory, 2);
        assert_eq!(plain.len(), 1);
        assert_eq!(with, plain);
        assert!(
            with_conflicts * 2 < plain_conflicts,
            "{with_conflicts} conflicts with the theory, {plain_conflicts} without"
        );
    }
}
