//! Regions and lines that confine each other, inside the SAT search: the engine's
//! "regions fill lines" (technique 4) as deductions with reasons.
//!
//! k regions need kK stars, and so do k lines. Over a band of k consecutive rows
//! (or columns, and never the whole board):
//! - **Regions inside the band**: when k regions have all their open cells in the
//!   band, they take all its stars, so the band's other cells are empty (the
//!   reason: those regions' cells outside the band, all ruled out); k + 1 such
//!   regions is a conflict.
//! - **The band inside regions**: when the band's open cells all lie in k regions,
//!   the band takes all their stars, so those regions' cells outside the band are
//!   empty (the reason: the band's cells outside those regions); fewer than k such
//!   regions is a conflict.
//!
//! Why: the 2×2 tiles and the counts ([`super::units`]) see one unit or one pair of
//! lines at a time, and a CDCL solver learns a confinement only case by case, one
//! conflict each, so where confinements decide the first cells of a puzzle a search
//! without them meets many more conflicts (docs/benchmarks.md, "Star Battle"). From
//! 4 stars ([`UP_TO`]) they are not looked for: the regions of 17×17 4★ to 25×25 6★
//! boards span many lines and seldom confine, so the checks cost more than they save.
//!
//! Kept incrementally, like the tiles: per region and line the open cells, and from
//! them two masks, the lines each region has open cells in and the regions each
//! line has open cells in. A check runs only at a fixpoint of the counts, once a
//! mask has lost a bit, and looks at every band in O(N²) mask operations; it scans
//! cells only for a band that has something to rule out. Boards and region counts
//! over 64 (which the masks cannot hold) go without it.

use batsat::theory::TheoryArg;
use batsat::{lbool, Lit, Var};

/// The most stars per unit at which confinements are looked for (why: module docs).
const UP_TO: usize = 3;

/// The confinement state: open-cell counts and masks per kind of line.
#[derive(Debug)]
pub(super) struct Confine {
    n: usize,
    /// Each cell's region, row and column.
    region_of: Vec<usize>,
    lines: Vec<[usize; 2]>,
    /// Per kind, open cells of region `r` in line `l`, at `r * n + l`.
    count: [Vec<u8>; 2],
    /// Per kind and region, the lines it has open cells in.
    lines_of: [Vec<u64>; 2],
    /// Per kind and line, the regions it has open cells in.
    regions_of: [Vec<u64>; 2],
    /// A mask lost a bit since the last finished check.
    changed: bool,
}

impl Confine {
    /// The state of an `n`×`n` board with region `labels` (regions `0..`) and `k`
    /// stars per unit, all its cells open; `None` from [`UP_TO`] stars on, or when
    /// the board or its region count is over 64.
    pub(super) fn new(n: usize, labels: &[usize], k: usize) -> Option<Self> {
        let regions = labels.iter().max().map_or(0, |&m| m + 1);
        if k > UP_TO || n > 64 || regions > 64 {
            return None;
        }
        let lines: Vec<[usize; 2]> = (0..n * n).map(|i| [i / n, i % n]).collect();
        let mut count = [vec![0u8; regions * n], vec![0u8; regions * n]];
        let mut lines_of = [vec![0u64; regions], vec![0u64; regions]];
        let mut regions_of = [vec![0u64; n], vec![0u64; n]];
        for (i, &r) in labels.iter().enumerate() {
            for kind in 0..2 {
                let l = lines[i][kind];
                count[kind][r * n + l] += 1;
                lines_of[kind][r] |= 1 << l;
                regions_of[kind][l] |= 1 << r;
            }
        }
        Some(Confine { n, region_of: labels.to_vec(), lines, count, lines_of, regions_of, changed: true })
    }

    /// Cell `i` ruled out.
    pub(super) fn rule_out(&mut self, i: usize) {
        let r = self.region_of[i];
        for kind in 0..2 {
            let l = self.lines[i][kind];
            let count = &mut self.count[kind][r * self.n + l];
            *count -= 1;
            if *count == 0 {
                self.lines_of[kind][r] &= !(1 << l);
                self.regions_of[kind][l] &= !(1 << r);
                self.changed = true;
            }
        }
    }

    /// Cell `i` open again (the solver backtracked past its ruling out).
    pub(super) fn restore(&mut self, i: usize) {
        let r = self.region_of[i];
        for kind in 0..2 {
            let l = self.lines[i][kind];
            let count = &mut self.count[kind][r * self.n + l];
            if *count == 0 {
                self.lines_of[kind][r] |= 1 << l;
                self.regions_of[kind][l] |= 1 << r;
            }
            *count += 1;
        }
    }

    /// Every band of both kinds, when a mask has changed: its forced empty cells,
    /// each with its reason kept in `reasons`, or a conflict. False once the solver
    /// has a conflict.
    pub(super) fn check(
        &mut self,
        acts: &mut TheoryArg,
        cells: &[Var],
        reasons: &mut [Vec<Lit>],
        scratch: &mut Vec<Lit>,
    ) -> bool {
        if !self.changed {
            return true;
        }
        let (n, region_of, lines) = (self.n, &self.region_of, &self.lines);
        let mut ending = vec![0u64; n];
        for (kind, (lines_of, regions_of)) in self.lines_of.iter().zip(&self.regions_of).enumerate() {
            for a in 0..n {
                // Regions whose open cells all lie at or after line a, by their last line.
                ending.fill(0);
                for (r, &mask) in lines_of.iter().enumerate() {
                    if mask != 0 && mask.trailing_zeros() as usize >= a {
                        ending[63 - mask.leading_zeros() as usize] |= 1 << r;
                    }
                }
                // The band, the regions inside it, the regions its lines meet, and
                // the lines those regions meet.
                let (mut band, mut inside, mut union, mut reach) = (0u64, 0u64, 0u64, 0u64);
                for b in a..n {
                    if a == 0 && b == n - 1 {
                        break; // the whole board says nothing
                    }
                    let k = b - a + 1;
                    band |= 1 << b;
                    inside |= ending[b];
                    let mut new = regions_of[b] & !union;
                    union |= new;
                    while new != 0 {
                        reach |= lines_of[new.trailing_zeros() as usize];
                        new &= new - 1;
                    }
                    // Where a cell lies: in the given regions, in the band.
                    let sides = |regions: u64| {
                        move |i: usize| (regions >> region_of[i] & 1 == 1, band >> lines[i][kind] & 1 == 1)
                    };
                    // Regions inside the band: the band's cells of other regions.
                    let count = inside.count_ones() as usize;
                    let fill = count > k || (count == k && union & !inside != 0);
                    if fill && !empty(acts, cells, reasons, scratch, sides(inside), true, count > k) {
                        return false;
                    }
                    // The band inside regions: those regions' cells outside it.
                    let count = union.count_ones() as usize;
                    let used = count < k || (count == k && reach & !band != 0);
                    if used && !empty(acts, cells, reasons, scratch, sides(union), false, count < k) {
                        return false;
                    }
                }
            }
        }
        self.changed = false;
        true
    }
}

/// One confinement of a set of regions and a band, `side(i)` saying whether cell
/// `i` is in those regions and in the band. When `regions_inside` (the regions lie
/// inside the band), their cells outside it are all ruled out, so the band's open
/// cells of other regions are empty; else the band's cells of other regions are
/// ruled out, so the regions' open cells outside the band are empty. When
/// `conflict`, the board is a dead end instead, and so is a star among the cells
/// to empty. False once the solver has a conflict.
fn empty(
    acts: &mut TheoryArg,
    cells: &[Var],
    reasons: &mut [Vec<Lit>],
    scratch: &mut Vec<Lit>,
    side: impl Fn(usize) -> (bool, bool),
    regions_inside: bool,
    conflict: bool,
) -> bool {
    // The cells in one of the two and not the other: the reason's, then the rest.
    let why = |i: usize| {
        let (region, band) = side(i);
        if regions_inside {
            region && !band
        } else {
            band && !region
        }
    };
    let rest = |i: usize| {
        let (region, band) = side(i);
        if regions_inside {
            band && !region
        } else {
            region && !band
        }
    };
    let cells_count = cells.len();
    scratch.clear();
    scratch.extend((0..cells_count).filter(|&i| why(i)).map(|i| Lit::new(cells[i], false)));
    if conflict && scratch.is_empty() {
        // Confined by the map alone, with nothing to blame: the puzzle's own dead
        // end, which the counts find as the search ends.
        return true;
    }
    let star = (0..cells_count).find(|&i| rest(i) && acts.value(cells[i]) == lbool::TRUE);
    if conflict || star.is_some() {
        let mut clause: Vec<Lit> = scratch.iter().map(|&l| !l).collect();
        clause.extend(star.map(|i| Lit::new(cells[i], false)));
        acts.raise_conflict(&clause, super::cnf::KEEP_CONFLICTS);
        return false;
    }
    for i in 0..cells_count {
        if rest(i) && acts.value(cells[i]) == lbool::UNDEF {
            reasons[i].clear();
            reasons[i].extend_from_slice(scratch);
            if !acts.propagate(Lit::new(cells[i], false)) {
                return false;
            }
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::super::testing::{solve_counting, How};

    /// The region labels of a text board of tests/data/starbattle.
    fn board(file: &str) -> (usize, Vec<usize>) {
        let path = format!("{}/tests/data/starbattle/{file}", env!("CARGO_MANIFEST_DIR"));
        let text = std::fs::read_to_string(path).expect("tests/data/starbattle is in the repository");
        let rows: Vec<&str> = text.lines().filter(|l| !l.starts_with('#') && !l.is_empty()).collect();
        let regions = crate::puzzle::Regions::from_rows(&rows).unwrap();
        (regions.n(), regions.labels().to_vec())
    }

    #[test]
    fn confinements_save_conflicts_on_two_and_three_star_boards() {
        // The generated 10×10 2★ and 14×14 3★ boards: solve plus proof, with and
        // without, the same one solution each time.
        let (mut with, mut without) = (0, 0);
        for (size, k) in [(10, 2), (14, 3)] {
            for i in 1..=6 {
                let (n, labels) = board(&format!("{size}x{size}-{k}star-{i}.txt"));
                let (a, with_conflicts) = solve_counting(n, &labels, k, How::Theory, 2);
                let (b, without_conflicts) = solve_counting(n, &labels, k, How::WithoutConfinement, 2);
                assert_eq!((a.len(), &a), (1, &b), "{size}x{size} board {i}");
                with += with_conflicts;
                without += without_conflicts;
            }
        }
        // A fifth saved at least: 2,262 against 2,866 (2,199 against 3,119 before
        // the theory's conflicts were kept as clauses, `cnf::KEEP_CONFLICTS`,
        // which saves more without confinements than with them).
        assert!(with * 5 < without * 4, "{with} conflicts with confinements, {without} without");
    }
}
