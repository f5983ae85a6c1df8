//! The 2×2 bound as a theory inside the SAT search: a unit whose open cells meet
//! too few 2×2 tiles cannot hold its stars.
//!
//! Two stars in one 2×2 tile always touch, so a tile holds at most one star. Cut
//! the plane into 2×2 tiles (four ways, by the tiling's offset): a unit that needs
//! `need` stars and whose open (not yet ruled out) cells meet fewer than `need`
//! tiles of some tiling is a conflict, and one whose open cells meet exactly
//! `need` tiles has one star in each of them, so a tile with a single open cell
//! makes that cell a star. The units are the puzzle's rows, columns and regions
//! (`need` = K) and every pair of adjacent rows or columns (`need` = 2K: the squeeze).
//!
//! This is the pigeonhole argument behind the engine's tiling and squeeze steps.
//! Resolution, and so a CDCL solver on clauses alone, can only learn it case by
//! case, with many conflicts each time; here it is one propagation with its reason:
//! the ruled-out cells of the unit that leave the other tiles empty. That is why it
//! is here: from 3 stars on, solve plus proof takes a third to two thirds of the
//! time clauses alone take (`scripts/starbattle-times.py`, docs/benchmarks.md), and
//! the slowest corpus board (059) meets about 3,900 conflicts where clauses alone
//! meet 14,000; the regions and the line pairs (the squeeze) do most of that.
//!
//! The counts are kept incrementally: each ruled-out cell takes one from its tiles
//! in every unit and tiling it belongs to (seven units and four tilings at most),
//! and undoes that when the solver backtracks past it. Only units that lost a cell
//! since the last check are looked at.

use batsat::theory::TheoryArg;
use batsat::{lbool, Lit, Theory, Var};

/// The four 2×2 tilings, by the offset added to (row, column) before halving.
const TILINGS: [(usize, usize); 4] = [(0, 0), (0, 1), (1, 0), (1, 1)];

/// One unit: its cells and the stars it needs, and per tiling the open-cell count
/// of each tile it meets.
#[derive(Debug)]
struct Unit {
    cells: Vec<usize>,
    need: usize,
    /// `tile[t][j]`: the unit's own number of the tile holding `cells[j]` in tiling `t`.
    tile: [Vec<u32>; 4],
    /// `open[t][x]`: open cells of the unit in its tile `x` of tiling `t`.
    open: [Vec<u8>; 4],
    /// `met[t]`: tiles of tiling `t` with at least one open cell of the unit.
    met: [usize; 4],
}

/// The theory: counts per unit and tiling, kept in step with the solver's trail.
#[derive(Debug)]
pub struct Tiles {
    /// The cell variables, row-major (`cell[i].idx() == i`).
    cells: Vec<Var>,
    units: Vec<Unit>,
    /// Per cell, its (unit, position in the unit's cells).
    of_cell: Vec<Vec<(usize, usize)>>,
    /// Decision levels the solver has open.
    levels: usize,
    /// Trail length at the last check on each level (what a backtrack returns to).
    checked: Vec<usize>,
    /// Trail entries already counted.
    counted: usize,
    /// Ruled-out cells counted, with their trail positions, latest last (to undo).
    applied: Vec<(usize, usize)>,
    /// Units to look at in this check, and a per-unit mark of the check that queued it.
    queue: Vec<usize>,
    queued: Vec<u64>,
    check: u64,
    /// The reason of each star this theory placed, by cell: cells that are ruled out.
    reasons: Vec<Vec<Lit>>,
    scratch: Vec<Lit>,
}

impl Tiles {
    /// The theory for an `n`×`n` board with region `labels` and `k` stars per unit,
    /// over `cells`, the solver's variables of the `n * n` cells (created first, so
    /// the variable of cell `i` has index `i`).
    pub fn new(n: usize, labels: &[usize], k: usize, cells: &[Var]) -> Self {
        debug_assert!(cells.iter().enumerate().all(|(i, v)| v.idx() as usize == i));
        // The clauses' units, regions first (the order units are looked at in, which
        // steers the search), then the pairs of adjacent lines.
        let mut single = super::cnf::units(n, labels);
        single.rotate_left(2 * n);
        let mut lists: Vec<(Vec<usize>, usize)> = single.into_iter().map(|u| (u, k)).collect();
        for a in 0..n.saturating_sub(1) {
            lists.push(((0..n).flat_map(|c| [a * n + c, (a + 1) * n + c]).collect(), 2 * k));
            lists.push(((0..n).flat_map(|r| [r * n + a, r * n + a + 1]).collect(), 2 * k));
        }
        let mut of_cell = vec![Vec::new(); n * n];
        let units: Vec<Unit> = lists
            .into_iter()
            .enumerate()
            .map(|(u, (cells, need))| {
                for (j, &i) in cells.iter().enumerate() {
                    of_cell[i].push((u, j));
                }
                let mut tile: [Vec<u32>; 4] = Default::default();
                let mut open: [Vec<u8>; 4] = Default::default();
                let mut met = [0; 4];
                for (t, &(dr, dc)) in TILINGS.iter().enumerate() {
                    // Number the unit's tiles in the order its cells meet them.
                    let mut seen: Vec<((usize, usize), u32)> = Vec::new();
                    for &i in &cells {
                        let key = ((i / n + dr) / 2, (i % n + dc) / 2);
                        let x = match seen.iter().find(|s| s.0 == key) {
                            Some(s) => s.1,
                            None => {
                                let x = u32::try_from(seen.len()).expect("a unit meets few tiles");
                                seen.push((key, x));
                                open[t].push(0);
                                x
                            }
                        };
                        tile[t].push(x);
                        open[t][x as usize] += 1;
                    }
                    met[t] = seen.len();
                }
                Unit { cells, need, tile, open, met }
            })
            .collect();
        let count = units.len();
        Tiles {
            cells: cells[..n * n].to_vec(),
            units,
            of_cell,
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
        }
    }

    /// Counts the cells ruled out since the last check, then looks at the units they
    /// belong to. Stops at the first conflict.
    fn run(&mut self, acts: &mut TheoryArg) {
        let len = acts.model().len();
        if self.checked.len() <= self.levels {
            self.checked.resize(self.levels + 1, 0);
        }
        self.checked[self.levels] = len;
        self.check += 1;
        for at in self.counted..len {
            let lit = acts.model()[at];
            let cell = lit.var().idx() as usize;
            if lit.sign() || cell >= self.cells.len() {
                continue; // a star placed, or a counter variable: no tile loses a cell
            }
            self.applied.push((at, cell));
            for &(u, j) in &self.of_cell[cell] {
                let unit = &mut self.units[u];
                for t in 0..4 {
                    let x = unit.tile[t][j] as usize;
                    unit.open[t][x] -= 1;
                    if unit.open[t][x] == 0 {
                        unit.met[t] -= 1;
                    }
                }
                if self.queued[u] != self.check {
                    self.queued[u] = self.check;
                    self.queue.push(u);
                }
            }
        }
        self.counted = len;
        let queue = std::mem::take(&mut self.queue);
        for &u in &queue {
            if !self.look(acts, u) {
                break;
            }
        }
        self.queue = queue;
        self.queue.clear();
    }

    /// Checks unit `u` in every tiling: a conflict when it meets too few tiles, its
    /// forced stars when it meets just enough. False once the solver has a conflict.
    fn look(&mut self, acts: &mut TheoryArg, u: usize) -> bool {
        let unit = &self.units[u];
        for t in 0..4 {
            if unit.met[t] > unit.need {
                continue;
            }
            // Just enough tiles: only a tile down to one open, undecided cell forces
            // anything (most checks of a tight unit find none, and skip the reason).
            let forcing =
                |(&i, &x): (&usize, &u32)| unit.open[t][x as usize] == 1 && acts.value(self.cells[i]) == lbool::UNDEF;
            if unit.met[t] == unit.need && !unit.cells.iter().zip(&unit.tile[t]).any(forcing) {
                continue;
            }
            // The reason: every ruled-out cell of the unit in a tile it no longer meets.
            self.scratch.clear();
            for (j, &i) in unit.cells.iter().enumerate() {
                if unit.open[t][unit.tile[t][j] as usize] == 0 {
                    self.scratch.push(Lit::new(self.cells[i], false));
                }
            }
            if unit.met[t] < unit.need {
                if self.scratch.is_empty() {
                    continue; // too few tiles from the start: the clauses say so on their own
                }
                let clause: Vec<Lit> = self.scratch.iter().map(|&l| !l).collect();
                acts.raise_conflict(&clause, false);
                return false;
            }
            for (j, &i) in unit.cells.iter().enumerate() {
                let x = unit.tile[t][j];
                if unit.open[t][x as usize] != 1 || acts.value(self.cells[i]) != lbool::UNDEF {
                    continue;
                }
                // Its tile must hold a star and it is the tile's only open cell.
                let mut reason = self.scratch.clone();
                let mates = unit.cells.iter().zip(&unit.tile[t]).filter(|&(&m, &y)| y == x && m != i);
                reason.extend(mates.map(|(&m, _)| Lit::new(self.cells[m], false)));
                self.reasons[i] = reason;
                if !acts.propagate(Lit::new(self.cells[i], true)) {
                    return false;
                }
            }
        }
        true
    }

    /// Gives back the cells counted at trail positions from `keep` on.
    fn undo(&mut self, keep: usize) {
        while let Some(&(at, cell)) = self.applied.last() {
            if at < keep {
                break;
            }
            self.applied.pop();
            for &(u, j) in &self.of_cell[cell] {
                let unit = &mut self.units[u];
                for t in 0..4 {
                    let x = unit.tile[t][j] as usize;
                    if unit.open[t][x] == 0 {
                        unit.met[t] += 1;
                    }
                    unit.open[t][x] += 1;
                }
            }
        }
        self.counted = self.counted.min(keep);
    }
}

impl Theory for Tiles {
    fn final_check(&mut self, _: &mut TheoryArg) {
        // Nothing to add: the clauses alone define the puzzle, this only speeds it up.
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
        // Only stars are propagated here, each with the reason kept when it was.
        &self.reasons[p.var().idx() as usize]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::logic::testing::xorshift;
    use crate::solve::sat::cnf;
    use batsat::{SolverInterface, SolverOpts};

    /// Every solution (up to `cap`), sorted, by blocking clauses, with or without the theory.
    fn solutions(n: usize, labels: &[usize], k: usize, theory: bool, cap: usize) -> Vec<Vec<usize>> {
        solve_counting(n, labels, k, theory, cap).0
    }

    /// [`solutions`], and the solver's conflicts in all.
    fn solve_counting(n: usize, labels: &[usize], k: usize, theory: bool, cap: usize) -> (Vec<Vec<usize>>, u64) {
        let formula = cnf::encode(n, labels, k, &[]);
        let mut sat = batsat::BasicSolver::new(SolverOpts::default(), Default::default());
        let vars: Vec<Var> = (0..formula.vars).map(|_| sat.new_var_default()).collect();
        let lit = |l: cnf::Lit| Lit::new(vars[l.unsigned_abs() as usize - 1], l > 0);
        for c in &formula.clauses {
            sat.add_clause_reuse(&mut c.iter().map(|&l| lit(l)).collect());
        }
        let mut tiles = Tiles::new(n, labels, k, &vars[..n * n]);
        let regions = crate::puzzle::Regions::from_labels(n, labels).expect("n * n labels");
        let mut found = Vec::new();
        while found.len() < cap {
            let answer = if theory { sat.solve_limited_th(&mut tiles, &[]) } else { sat.solve_limited(&[]) };
            if answer != lbool::TRUE {
                break;
            }
            let stars: Vec<usize> = (0..n * n).filter(|&i| sat.value_var(vars[i]) == lbool::TRUE).collect();
            let placement =
                crate::puzzle::Placement::new(stars.iter().map(|&i| crate::puzzle::Cell::new(i / n, i % n)).collect());
            assert!(crate::puzzle::check::check(&regions, k, &placement).is_ok(), "a placement that breaks the rules");
            sat.add_clause_reuse(&mut stars.iter().map(|&i| Lit::new(vars[i], false)).collect());
            found.push(stars);
        }
        found.sort();
        (found, sat.num_conflicts())
    }

    /// A random board with at least one solution: a random placement of `k` stars
    /// per row and column, no two touching, then `n` regions of `k` of those stars
    /// each (in reading order), every cell going to its nearest star's region.
    fn random_board(n: usize, k: usize, next: &mut impl FnMut() -> u64) -> Vec<usize> {
        fn place(
            n: usize,
            k: usize,
            row: usize,
            cols: &mut [usize],
            stars: &mut Vec<usize>,
            next: &mut impl FnMut() -> u64,
        ) -> bool {
            if row == n {
                return cols.iter().all(|&c| c == k);
            }
            // Rows' star sets in a random order: k columns, no two side by side.
            let mut options: Vec<Vec<usize>> = Vec::new();
            let mut pick = |set: Vec<usize>| options.push(set);
            combinations(n, k, 0, &mut Vec::new(), &mut pick);
            for i in (1..options.len()).rev() {
                options.swap(i, (next() % (i as u64 + 1)) as usize);
            }
            for set in options {
                let free = set.iter().all(|&c| cols[c] < k)
                    && set.iter().all(|&c| stars.iter().all(|&s| s / n + 1 < row || (s % n).abs_diff(c) > 1));
                if !free {
                    continue;
                }
                set.iter().for_each(|&c| cols[c] += 1);
                stars.extend(set.iter().map(|&c| row * n + c));
                if place(n, k, row + 1, cols, stars, next) {
                    return true;
                }
                stars.truncate(stars.len() - k);
                set.iter().for_each(|&c| cols[c] -= 1);
            }
            false
        }
        fn combinations(n: usize, k: usize, from: usize, set: &mut Vec<usize>, out: &mut impl FnMut(Vec<usize>)) {
            if set.len() == k {
                return out(set.clone());
            }
            for c in from..n {
                set.push(c);
                combinations(n, k, c + 2, set, out);
                set.pop();
            }
        }
        let mut stars = Vec::new();
        assert!(place(n, k, 0, &mut vec![0; n], &mut stars, next), "no placement for {n}x{n} {k}");
        (0..n * n)
            .map(|i| {
                let d = |s: usize| (s / n).abs_diff(i / n) + (s % n).abs_diff(i % n);
                let nearest = (0..stars.len()).min_by_key(|&j| (d(stars[j]), j)).unwrap_or(0);
                nearest / k
            })
            .collect()
    }

    #[test]
    fn the_theory_keeps_exactly_the_solutions_of_the_clauses() {
        // Random boards built around a placement: some have that one solution, many a
        // few more, some over a hundred, so both the search and the proof of "no more"
        // are exercised.
        const CAP: usize = 100;
        let mut next = xorshift(0x5eed_7113);
        let (mut boards, mut with_solutions, mut total) = (0, 0, 0);
        for &(n, k, count) in &[(5, 1, 60), (6, 1, 60), (8, 1, 40), (8, 2, 60), (9, 2, 40), (10, 2, 30), (12, 2, 20)] {
            for _ in 0..count {
                let labels = random_board(n, k, &mut next);
                let plain = solutions(n, &labels, k, false, CAP);
                let with = solutions(n, &labels, k, true, CAP);
                if plain.len() < CAP {
                    assert_eq!(with, plain, "{n}x{n} {k}-star board {labels:?}");
                } else {
                    // More than the cap: the two enumerate in different orders.
                    assert_eq!(with.len(), CAP, "{n}x{n} {k}-star board {labels:?}");
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
            for theory in [false, true] {
                assert_eq!(
                    solutions(n, regions.labels(), k, theory, 2),
                    std::slice::from_ref(&want),
                    "{}",
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
        let (plain, plain_conflicts) = solve_counting(n, labels, 4, false, 2);
        let (with, with_conflicts) = solve_counting(n, labels, 4, true, 2);
        assert_eq!(plain.len(), 1);
        assert_eq!(with, plain);
        assert!(
            with_conflicts * 2 < plain_conflicts,
            "{with_conflicts} conflicts with the theory, {plain_conflicts} without"
        );
    }
}
