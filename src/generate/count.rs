//! A small exact search for the repair loop: the solutions of a layout, up to a
//! cap, by depth-first search with unit propagation.
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
    search(n, k, label, cap, nodes).map(|(found, _)| found)
}

/// [`solutions`], with the search nodes it took: how far the layout is from being
/// solved by the unit rules alone (1 node: no guess needed).
pub fn search(n: usize, k: usize, label: &[usize], cap: usize, nodes: usize) -> Option<(Vec<Vec<usize>>, usize)> {
    let mut units: Vec<Vec<usize>> = Vec::with_capacity(3 * n);
    units.extend((0..n).map(|r| (0..n).map(|c| r * n + c).collect()));
    units.extend((0..n).map(|c| (0..n).map(|r| r * n + c).collect()));
    units.extend((0..n).map(|g| (0..n * n).filter(|&i| label[i] == g).collect()));
    let of_cell: Vec<[usize; 3]> = (0..n * n).map(|i| [i / n, n + i % n, 2 * n + label[i]]).collect();
    let mut s = Search { n, k, units, of_cell, found: Vec::new(), cap, nodes };
    let mut start = State {
        cell: vec![Open; n * n],
        stars: vec![0; 3 * n],
        open: s.units.iter().map(Vec::len).collect(),
        todo: (0..3 * n).collect(),
    };
    let complete = !s.propagate(&mut start) || s.branch(start);
    complete.then(|| (s.found, nodes - s.nodes))
}

/// A cell of the search: not yet decided, a star, or empty.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Mark {
    Open,
    Star,
    Empty,
}
use Mark::{Empty, Open, Star};

/// One node's board: each cell's mark, and per unit (rows, columns, regions) its
/// stars and open cells; `todo` holds the units changed since they were last
/// looked at.
#[derive(Clone)]
struct State {
    cell: Vec<Mark>,
    stars: Vec<usize>,
    open: Vec<usize>,
    todo: Vec<usize>,
}

/// Depth-first search with propagation: a unit with its K stars empties its other
/// cells, a unit whose open cells are just the stars it lacks fills them, a star
/// empties its 8 neighbours; it branches on a cell of the unit with the fewest
/// open cells (a star there, or not), so a unique 9×9 board takes tens of nodes.
struct Search {
    n: usize,
    k: usize,
    /// Rows `0..n`, columns `n..2n`, regions `2n..3n`: their cells.
    units: Vec<Vec<usize>>,
    /// The three units of each cell.
    of_cell: Vec<[usize; 3]>,
    found: Vec<Vec<usize>>,
    cap: usize,
    /// Nodes left; the search gives up at 0.
    nodes: usize,
}

impl Search {
    /// Marks open cell `i`; false when a unit is broken by it.
    fn set(&self, st: &mut State, i: usize, m: Mark) -> bool {
        if st.cell[i] != Open {
            return st.cell[i] == m;
        }
        st.cell[i] = m;
        for &u in &self.of_cell[i] {
            st.todo.push(u);
            st.open[u] -= 1;
            if m == Star {
                st.stars[u] += 1;
                if st.stars[u] > self.k {
                    return false;
                }
            } else if st.stars[u] + st.open[u] < self.k {
                return false;
            }
        }
        if m == Star {
            let (n, r, c) = (self.n, i / self.n, i % self.n);
            for rr in r.saturating_sub(1)..(r + 2).min(n) {
                for cc in c.saturating_sub(1)..(c + 2).min(n) {
                    let j = rr * n + cc;
                    if j != i && !self.set(st, j, Empty) {
                        return false;
                    }
                }
            }
        }
        true
    }

    /// Applies the unit rules to the changed units until none is left; false on a
    /// contradiction.
    fn propagate(&self, st: &mut State) -> bool {
        while let Some(u) = st.todo.pop() {
            if st.open[u] == 0 {
                continue;
            }
            let fill = if st.stars[u] == self.k {
                Empty
            } else if st.stars[u] + st.open[u] == self.k {
                Star
            } else {
                continue;
            };
            for &i in &self.units[u] {
                if st.cell[i] == Open && !self.set(st, i, fill) {
                    st.todo.clear();
                    return false;
                }
            }
        }
        true
    }

    /// Searches below `st` (propagated); false when the node budget ran out.
    fn branch(&mut self, st: State) -> bool {
        if self.found.len() >= self.cap {
            return true;
        }
        if self.nodes == 0 {
            return false;
        }
        self.nodes -= 1;
        let unit = (0..self.units.len()).filter(|&u| st.stars[u] < self.k).min_by_key(|&u| st.open[u]);
        let Some(unit) = unit else {
            self.found.push((0..st.cell.len()).filter(|&i| st.cell[i] == Star).collect());
            return true;
        };
        let i = *self.units[unit].iter().find(|&&i| st.cell[i] == Open).expect("a unit short of stars has open cells");
        let mut star = st.clone();
        if self.set(&mut star, i, Star) && self.propagate(&mut star) && !self.branch(star) {
            return false;
        }
        if self.found.len() >= self.cap {
            return true;
        }
        // The last branch takes this node's board rather than a copy.
        let mut empty = st;
        !(self.set(&mut empty, i, Empty) && self.propagate(&mut empty)) || self.branch(empty)
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
