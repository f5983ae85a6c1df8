//! The MILP model of a region puzzle, written with good_lp.
//!
//! One variable `x[r][c]` per cell. Every row, every column and every region sums
//! to K (1 for Queens, usually 2 for Star Battle). "No two stars touch" is one
//! constraint per 2×2 block, sum ≤ 1: every touching pair (sideways or diagonal)
//! lies in a common 2×2 block, and the block form is tighter than pairwise
//! constraints. The objective is constant: we want any feasible point.

use good_lp::{constraint, variable, Constraint, Expression, ProblemVariables, Variable};

use crate::puzzle::{Cell, Placement, Regions};

/// Whether the cell variables are binary (the puzzle) or continuous in [0, 1]
/// (the LP relaxation, for the bound report).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Integrality {
    /// x ∈ {0, 1}.
    Binary,
    /// 0 ≤ x ≤ 1.
    Relaxed,
}

/// A puzzle turned into variables and constraints, ready for a solver.
///
/// Cells fixed in advance are constants, not variables: every constraint carries
/// them on its right-hand side, and a constraint left with no variable is checked
/// here (a broken one makes the model infeasible before any solver runs).
#[derive(Clone)]
pub struct QueensModel {
    n: usize,
    pub(crate) vars: ProblemVariables,
    /// The variable of each cell, row-major; `None` for a fixed cell.
    pub(crate) cells: Vec<Option<Variable>>,
    /// The value of each fixed cell (0 for free cells).
    pub(crate) fixed: Vec<f64>,
    pub(crate) constraints: Vec<Constraint>,
    /// A constraint over fixed cells alone is broken: no solution exists.
    pub(crate) infeasible: bool,
}

/// Builds the model of `regions` with `stars` per row, column and region.
pub fn build(regions: &Regions, stars: usize, integrality: Integrality) -> QueensModel {
    build_fixed(regions, stars, integrality, &[])
}

/// [`build`] with some cells fixed in advance (`fixed[i]` for row-major cell `i`:
/// `Some(true)` a star, `Some(false)` none; a short slice leaves the rest free).
pub(crate) fn build_fixed(
    regions: &Regions,
    stars: usize,
    integrality: Integrality,
    fixed: &[Option<bool>],
) -> QueensModel {
    let n = regions.n();
    let mut vars = ProblemVariables::new();
    let mut values = vec![0.0; n * n];
    let cells: Vec<Option<Variable>> = (0..n * n)
        .map(|i| match fixed.get(i).copied().flatten() {
            Some(v) => {
                values[i] = f64::from(u8::from(v));
                None
            }
            None => {
                let v = variable().min(0).max(1);
                Some(vars.add(if integrality == Integrality::Binary { v.binary() } else { v }))
            }
        })
        .collect();
    let mut m = QueensModel { n, vars, cells, fixed: values, constraints: Vec::new(), infeasible: false };
    let k = stars as f64;
    let mut rows = vec![Vec::with_capacity(n); n];
    let mut cols = vec![Vec::with_capacity(n); n];
    let mut regs = vec![Vec::new(); regions.region_count()];
    for cell in regions.cells() {
        let i = cell.row * n + cell.col;
        rows[cell.row].push(i);
        cols[cell.col].push(i);
        regs[regions.label(cell)].push(i);
    }
    for unit in rows.iter().chain(&cols).chain(&regs) {
        m.add(unit, Sense::Equal, k);
    }
    for r in 0..n.saturating_sub(1) {
        for c in 0..n - 1 {
            let i = r * n + c;
            m.add(&[i, i + 1, i + n, i + n + 1], Sense::AtMost, 1.0);
        }
    }
    m
}

/// The sense of a constraint over a set of cells.
#[derive(Clone, Copy)]
enum Sense {
    Equal,
    AtMost,
}

impl QueensModel {
    /// Board side N.
    pub fn n(&self) -> usize {
        self.n
    }

    /// Adds Σ x over `cells` (= or ≤) `rhs`, with fixed cells moved to the right.
    fn add(&mut self, cells: &[usize], sense: Sense, rhs: f64) {
        let mut e = Expression::default();
        let mut free = 0;
        let mut constant = 0.0;
        for &i in cells {
            match self.cells[i] {
                Some(v) => {
                    e.add_mul(1.0, v);
                    free += 1;
                }
                None => constant += self.fixed[i],
            }
        }
        let rhs = rhs - constant;
        if free == 0 {
            let holds = match sense {
                Sense::Equal => rhs.abs() < 1e-9,
                Sense::AtMost => rhs > -1e-9,
            };
            self.infeasible |= !holds;
            return;
        }
        self.constraints.push(match sense {
            Sense::Equal => constraint!(e == rhs),
            Sense::AtMost => constraint!(e <= rhs),
        });
    }

    /// The free variables, row-major, for handing to a solver.
    pub(crate) fn free(&self) -> Vec<Variable> {
        self.cells.iter().flatten().copied().collect()
    }

    /// Every cell's value, row-major, from the free variables' `values` (in [`Self::free`] order).
    pub(crate) fn values(&self, values: &[f64]) -> Vec<f64> {
        cell_values(&self.cells, &self.fixed, values)
    }

    /// Adds the no-good cut that forbids `placement`: Σ x over its cells ≤ |cells| − 1.
    /// Any other solution differs in at least one of those cells.
    pub(crate) fn forbid(&mut self, placement: &Placement) {
        let cells: Vec<usize> = placement.cells().iter().map(|c: &Cell| c.row * self.n + c.col).collect();
        self.add(&cells, Sense::AtMost, cells.len() as f64 - 1.0);
    }
}

/// Every cell's value, row-major: a fixed cell's own, a free cell's from `values`
/// (the free variables' values, row-major).
pub(crate) fn cell_values(cells: &[Option<Variable>], fixed: &[f64], values: &[f64]) -> Vec<f64> {
    let mut free = values.iter();
    cells.iter().zip(fixed).map(|(v, &f)| if v.is_some() { *free.next().unwrap_or(&0.0) } else { f }).collect()
}
