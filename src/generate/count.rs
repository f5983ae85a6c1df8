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
    let shape = Shape { n, k: k as u16, units, of_cell };
    // The board: n² cell marks, then each unit's stars, then each unit's open cells.
    let mut start = vec![OPEN; n * n + 6 * n];
    start[n * n..n * n + 3 * n].fill(0);
    for (u, cells) in shape.units.iter().enumerate() {
        start[n * n + 3 * n + u] = cells.len() as u16;
    }
    let mut s = Search { shape, todo: (0..3 * n).collect(), found: Vec::new(), cap, nodes };
    let complete = !s.shape.propagate(&mut start, &mut s.todo) || s.branch(start);
    complete.then(|| (s.found, nodes - s.nodes))
}

/// Cell marks of the search's board: not yet decided, a star, or empty.
const OPEN: u16 = 0;
const STAR: u16 = 1;
const EMPTY: u16 = 2;

/// The board's units and rules, shared by every node.
struct Shape {
    n: usize,
    k: u16,
    /// Rows `0..n`, columns `n..2n`, regions `2n..3n`: their cells.
    units: Vec<Vec<usize>>,
    /// The three units of each cell.
    of_cell: Vec<[usize; 3]>,
}

/// Depth-first search with propagation: a unit with its K stars empties its other
/// cells, a unit whose open cells are just the stars it lacks fills them, a star
/// empties its 8 neighbours; it branches on a cell of the unit with the fewest
/// open cells (a star there, or not), so a unique 9×9 board takes tens of nodes.
/// A node's board is one flat vector (one allocation per copy): the marks, then
/// the stars and open cells of each unit.
struct Search {
    shape: Shape,
    /// Units changed since they were last looked at (empty between nodes).
    todo: Vec<usize>,
    found: Vec<Vec<usize>>,
    cap: usize,
    /// Nodes left; the search gives up at 0.
    nodes: usize,
}

impl Shape {
    /// Where unit `u`'s star count and open count are in a board.
    fn at(&self, u: usize) -> (usize, usize) {
        let nn = self.n * self.n;
        (nn + u, nn + 3 * self.n + u)
    }

    /// Marks open cell `i`; false when a unit is broken by it.
    fn set(&self, b: &mut [u16], todo: &mut Vec<usize>, i: usize, m: u16) -> bool {
        if b[i] != OPEN {
            return b[i] == m;
        }
        b[i] = m;
        for &u in &self.of_cell[i] {
            let (stars, open) = self.at(u);
            todo.push(u);
            b[open] -= 1;
            if m == STAR {
                b[stars] += 1;
                if b[stars] > self.k {
                    return false;
                }
            } else if b[stars] + b[open] < self.k {
                return false;
            }
        }
        if m == STAR {
            let (n, r, c) = (self.n, i / self.n, i % self.n);
            for rr in r.saturating_sub(1)..(r + 2).min(n) {
                for cc in c.saturating_sub(1)..(c + 2).min(n) {
                    let j = rr * n + cc;
                    if j != i && !self.set(b, todo, j, EMPTY) {
                        return false;
                    }
                }
            }
        }
        true
    }

    /// Applies the unit rules to the changed units until none is left; false on a
    /// contradiction (and `todo` is left empty either way).
    fn propagate(&self, b: &mut [u16], todo: &mut Vec<usize>) -> bool {
        while let Some(u) = todo.pop() {
            let (stars, open) = self.at(u);
            if b[open] == 0 {
                continue;
            }
            let fill = if b[stars] == self.k {
                EMPTY
            } else if b[stars] + b[open] == self.k {
                STAR
            } else {
                continue;
            };
            for &i in &self.units[u] {
                if b[i] == OPEN && !self.set(b, todo, i, fill) {
                    todo.clear();
                    return false;
                }
            }
        }
        true
    }
}

impl Search {
    /// Searches below board `b` (propagated); false when the node budget ran out.
    fn branch(&mut self, b: Vec<u16>) -> bool {
        if self.found.len() >= self.cap {
            return true;
        }
        if self.nodes == 0 {
            return false;
        }
        self.nodes -= 1;
        let sh = &self.shape;
        let unit = (0..sh.units.len()).filter(|&u| b[sh.at(u).0] < sh.k).min_by_key(|&u| b[sh.at(u).1]);
        let Some(unit) = unit else {
            self.found.push((0..sh.n * sh.n).filter(|&i| b[i] == STAR).collect());
            return true;
        };
        let i = *sh.units[unit].iter().find(|&&i| b[i] == OPEN).expect("a unit short of stars has open cells");
        let mut star = b.clone();
        if self.shape.set(&mut star, &mut self.todo, i, STAR)
            && self.shape.propagate(&mut star, &mut self.todo)
            && !self.branch(star)
        {
            return false;
        }
        self.todo.clear();
        if self.found.len() >= self.cap {
            return true;
        }
        // The last branch takes this node's board rather than a copy.
        let mut empty = b;
        let ok =
            self.shape.set(&mut empty, &mut self.todo, i, EMPTY) && self.shape.propagate(&mut empty, &mut self.todo);
        self.todo.clear();
        !ok || self.branch(empty)
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
