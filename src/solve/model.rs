//! The MILP model of a region puzzle, written with good_lp.
//!
//! One variable x[r][c] per cell. Every row, every column and every region sums
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
#[derive(Clone)]
pub struct QueensModel {
    n: usize,
    pub(crate) vars: ProblemVariables,
    pub(crate) x: Vec<Variable>,
    pub(crate) constraints: Vec<Constraint>,
}

/// Builds the model of `regions` with `stars` per row, column and region.
pub fn build(regions: &Regions, stars: usize, integrality: Integrality) -> QueensModel {
    build_fixed(regions, stars, integrality, &[])
}

/// [`build`] with some cells fixed in advance (`fixed[i]` for row-major cell `i`:
/// `Some(true)` a star, `Some(false)` none; a short slice leaves the rest free).
/// Fixed cells become variables with equal bounds, which HiGHS's presolve removes.
pub fn build_fixed(regions: &Regions, stars: usize, integrality: Integrality, fixed: &[Option<bool>]) -> QueensModel {
    let n = regions.n();
    let mut vars = ProblemVariables::new();
    let x: Vec<Variable> = (0..n * n)
        .map(|i| {
            let v = match fixed.get(i).copied().flatten() {
                Some(true) => variable().min(1).max(1),
                Some(false) => variable().min(0).max(0),
                None => variable().min(0).max(1),
            };
            vars.add(if integrality == Integrality::Binary { v.binary() } else { v })
        })
        .collect();
    let k = stars as f64;
    let mut constraints = Vec::with_capacity(3 * n + (n - 1) * (n - 1));
    let mut rows = vec![Expression::default(); n];
    let mut cols = vec![Expression::default(); n];
    let mut regs = vec![Expression::default(); regions.region_count()];
    for cell in regions.cells() {
        let v = x[cell.row * n + cell.col];
        rows[cell.row].add_mul(1.0, v);
        cols[cell.col].add_mul(1.0, v);
        regs[regions.label(cell)].add_mul(1.0, v);
    }
    for e in rows.into_iter().chain(cols).chain(regs) {
        constraints.push(constraint!(e == k));
    }
    for r in 0..n.saturating_sub(1) {
        for c in 0..n - 1 {
            let i = r * n + c;
            constraints.push(constraint!(x[i] + x[i + 1] + x[i + n] + x[i + n + 1] <= 1));
        }
    }
    QueensModel { n, vars, x, constraints }
}

impl QueensModel {
    /// Board side N.
    pub fn n(&self) -> usize {
        self.n
    }

    /// The variable of `cell`.
    pub fn var(&self, cell: Cell) -> Variable {
        self.x[cell.row * self.n + cell.col]
    }

    /// The variables and constraints, for handing to a solver by hand.
    pub fn into_parts(self) -> (ProblemVariables, Vec<Constraint>) {
        (self.vars, self.constraints)
    }

    /// Adds the no-good cut that forbids `placement`: Σ x over its cells ≤ |cells| − 1.
    /// Any other solution differs in at least one of those cells.
    pub fn forbid(&mut self, placement: &Placement) {
        let sum: Expression = placement.cells().iter().map(|&c| self.var(c)).sum();
        let bound = placement.cells().len() as f64 - 1.0;
        self.constraints.push(constraint!(sum <= bound));
    }
}
