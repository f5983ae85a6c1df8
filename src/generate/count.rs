//! A small exact search for the repair loop: the solutions of a layout, up to a
//! cap, by depth-first search row by row with bit masks.
//!
//! The repair loop asks "which other solutions are there?" dozens of times per
//! puzzle; a MILP solve and proof per question is far too slow for that, while
//! this search answers a 9×9 board in microseconds and lists many solutions at
//! once, so one move can break the most of them. It only steers: every puzzle is
//! still proved unique by the exact solver ([`crate::solve::solve`]) at the end.
//! When its node budget runs out it says so (`None`) and the caller asks the solver.

/// Finds up to `cap` solutions of the layout `label` (`n` regions, `k` stars per
/// row, column and region); `None` when `nodes` search nodes were not enough.
/// Each solution is its star cells, row-major.
pub fn solutions(n: usize, k: usize, label: &[usize], cap: usize, nodes: usize) -> Option<Vec<Vec<usize>>> {
    let mut s = Search {
        n,
        k,
        label,
        cols: vec![0; n],
        regions: vec![0; n],
        region_cells: (0..n).map(|g| (0..n * n).filter(|&i| label[i] == g).collect()).collect(),
        stars: Vec::with_capacity(n * k),
        found: Vec::new(),
        cap,
        nodes,
    };
    s.row(0, 0).then_some(s.found)
}

struct Search<'a> {
    n: usize,
    k: usize,
    label: &'a [usize],
    /// Stars so far per column and per region.
    cols: Vec<usize>,
    regions: Vec<usize>,
    region_cells: Vec<Vec<usize>>,
    /// Star cells so far, row-major.
    stars: Vec<usize>,
    found: Vec<Vec<usize>>,
    cap: usize,
    /// Nodes left; the search gives up (returns false) at 0.
    nodes: usize,
}

impl Search<'_> {
    /// Fills row `r` from column `from` on, with `placed` stars in it so far; false
    /// when the node budget ran out.
    fn row(&mut self, r: usize, from: usize) -> bool {
        if self.found.len() >= self.cap {
            return true;
        }
        if self.nodes == 0 {
            return false;
        }
        self.nodes -= 1;
        let (n, k) = (self.n, self.k);
        if r == n {
            self.found.push(self.stars.clone());
            return true;
        }
        let placed = self.stars.iter().rev().take_while(|&&i| i / n == r).count();
        if placed == k {
            return !self.feasible(r + 1) || self.row(r + 1, 0);
        }
        for c in from..n {
            let i = r * n + c;
            let g = self.label[i];
            if self.cols[c] == k || self.regions[g] == k || self.touches(i) {
                continue;
            }
            self.cols[c] += 1;
            self.regions[g] += 1;
            self.stars.push(i);
            let ok = self.row(r, c + 2);
            self.stars.pop();
            self.cols[c] -= 1;
            self.regions[g] -= 1;
            if !ok {
                return false;
            }
            if self.found.len() >= self.cap {
                return true;
            }
        }
        true
    }

    /// True when a star on `i` would touch one already placed (same row or the row above).
    fn touches(&self, i: usize) -> bool {
        let n = self.n;
        self.stars.iter().rev().take_while(|&&s| s / n + 1 >= i / n).any(|&s| {
            let (dr, dc) = ((s / n).abs_diff(i / n), (s % n).abs_diff(i % n));
            dr <= 1 && dc <= 1
        })
    }

    /// True when every region can still get its stars from rows `r..` (cells in
    /// columns with room, not touching a star of row `r - 1`).
    fn feasible(&self, r: usize) -> bool {
        let n = self.n;
        // Columns: k stars each, no two in touching rows.
        let rows_left = n - r;
        let columns = (0..n).all(|c| {
            let above = r > 0 && self.stars.iter().rev().take_while(|&&s| s / n + 1 >= r).any(|&s| s % n == c);
            let room = if above { rows_left / 2 } else { rows_left.div_ceil(2) };
            self.k - self.cols[c] <= room
        });
        columns
            && self.region_cells.iter().enumerate().all(|(g, cells)| {
                let need = self.k - self.regions[g];
                need == 0 || {
                    let room =
                        cells.iter().filter(|&&i| i / n >= r && self.cols[i % n] < self.k && !self.touches(i)).count();
                    room >= need
                }
            })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_every_solution_of_a_small_board() {
        // Columns as regions on 4×4: exactly the two non-touching permutations.
        let label: Vec<usize> = (0..16).map(|i| i % 4).collect();
        let found = solutions(4, 1, &label, 10, 10_000).unwrap();
        let mut cols: Vec<Vec<usize>> = found.iter().map(|s| s.iter().map(|i| i % 4).collect()).collect();
        cols.sort();
        assert_eq!(cols, vec![vec![1, 3, 0, 2], vec![2, 0, 3, 1]]);
        assert_eq!(solutions(4, 1, &label, 1, 10_000).unwrap().len(), 1);
        assert!(solutions(4, 1, &label, 10, 2).is_none(), "a tiny budget runs out");
    }

    #[test]
    fn two_stars_agree_with_the_rules() {
        // Pairs of columns split into halves: 10 regions of a 10×10 board, 2 stars each.
        let label: Vec<usize> = (0..100).map(|i| (i % 10 / 2) * 2 + usize::from(i / 10 >= 5)).collect();
        let found = solutions(10, 2, &label, 5, 1_000_000).unwrap();
        assert!(!found.is_empty());
        let regions = crate::puzzle::Regions::from_labels(10, &label).unwrap();
        for s in found {
            let p = crate::generate::layout::placement(10, &s);
            crate::puzzle::check::check(&regions, 2, &p).unwrap();
        }
    }
}
