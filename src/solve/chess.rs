//! The chess-queens model, a second model beside the region puzzles: place as many
//! non-attacking queens (or rooks) as possible on an n×n board.
//!
//! This module owns the whole story of one board size: the constraint families
//! (rows, columns, both diagonals), the MILP and its LP relaxation solved with
//! HiGHS, the greedy lower bound, the hand-built dual certificate for the upper
//! bound, and the independent attack check every placement passes (its JSON and
//! table live in `output::chess`). Cells are 0-based `(row, col)` everywhere.

use std::time::{Duration, Instant};

use good_lp::{variable, Expression, ProblemVariables, Variable};

use crate::error::{Error, Result};

/// Queens (rows, columns, both diagonals) or rooks (rows and columns only).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Piece {
    /// Attacks along its row, its column and both diagonals.
    Queens,
    /// Attacks along its row and its column only.
    Rooks,
}

/// Everything [`solve`] learned about one board size: both bounds, both optima,
/// and the two placements behind them.
#[derive(Debug, Clone, PartialEq)]
pub struct ChessReport {
    /// Board side.
    pub n: usize,
    /// Lower bound: the size of the greedy [`heuristic`] placement.
    pub lb: usize,
    /// Upper bound: the value of the [`dual_certificate`].
    pub ub: usize,
    /// Optimum of the LP relaxation, z(LP).
    pub lp: f64,
    /// Optimum of the MILP, z(MILP): the most pieces that fit.
    pub milp: usize,
    /// The greedy placement, 0-based `(row, col)`, sorted.
    pub heuristic: Vec<(usize, usize)>,
    /// An optimal placement, 0-based `(row, col)`, sorted.
    pub queens: Vec<(usize, usize)>,
}

/// The constraint families of the model. Each family's lines partition the board,
/// which is what makes a one-family dual certificate possible.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Family {
    Row,
    Column,
    /// `row - col` constant (top-left to bottom-right).
    Diagonal,
    /// `row + col` constant (bottom-left to top-right).
    AntiDiagonal,
}

/// One "at most one piece here" constraint: its family and its squares.
#[derive(Debug, Clone)]
struct Line {
    family: Family,
    cells: Vec<(usize, usize)>,
}

/// Every `≤ 1` constraint of the model, shared by the MILP, the LP relaxation and
/// the dual certificate so that the three can never disagree about the model.
///
/// Diagonals of a single square are left out: on them the constraint would only
/// say `x ≤ 1`, which the variable bounds already say.
fn lines(n: usize, piece: Piece) -> Vec<Line> {
    let mut out = Vec::new();
    for i in 0..n {
        out.push(Line { family: Family::Row, cells: (0..n).map(|j| (i, j)).collect() });
    }
    for j in 0..n {
        out.push(Line { family: Family::Column, cells: (0..n).map(|i| (i, j)).collect() });
    }
    if piece == Piece::Queens && n >= 2 {
        // Index diagonals by d = row - col + (n - 1) and anti-diagonals by s = row + col,
        // both in 0..2n-1; the two corner diagonals of each kind have one square.
        for d in 0..2 * n - 1 {
            let cells: Vec<_> =
                (0..n).filter_map(|i| (i + n - 1).checked_sub(d).filter(|&j| j < n).map(|j| (i, j))).collect();
            if cells.len() >= 2 {
                out.push(Line { family: Family::Diagonal, cells });
            }
        }
        for s in 0..2 * n - 1 {
            let cells: Vec<_> = (0..n).filter_map(|i| s.checked_sub(i).filter(|&j| j < n).map(|j| (i, j))).collect();
            if cells.len() >= 2 {
                out.push(Line { family: Family::AntiDiagonal, cells });
            }
        }
    }
    out
}

/// True when a piece on `a` attacks a piece on `b`.
///
/// Blocking is ignored on purpose: in a placement where no pair attacks, nothing
/// stands between two pieces on a line either (the blocker would itself attack
/// both), so the pairwise check is exact for checking placements.
pub fn attacks(a: (usize, usize), b: (usize, usize), piece: Piece) -> bool {
    let same_line = a.0 == b.0 || a.1 == b.1;
    match piece {
        Piece::Rooks => same_line,
        Piece::Queens => same_line || a.0.abs_diff(b.0) == a.1.abs_diff(b.1),
    }
}

/// The independent check every placement passes before we report it: squares on
/// the board, and no two pieces attacking each other. Uses only [`attacks`], not
/// the model, so a bug in the constraints cannot hide here.
fn check_placement(n: usize, cells: &[(usize, usize)], piece: Piece) -> std::result::Result<(), String> {
    if let Some(c) = cells.iter().find(|c| c.0 >= n || c.1 >= n) {
        return Err(format!("square {c:?} is off the {n}x{n} board"));
    }
    for (k, &a) in cells.iter().enumerate() {
        if let Some(&b) = cells[k + 1..].iter().find(|&&b| attacks(a, b, piece)) {
            return Err(format!("{a:?} and {b:?} attack each other"));
        }
    }
    Ok(())
}

/// The greedy lower bound: row by row, put a piece on the first column not
/// attacked by the pieces already placed, or leave the row empty. No backtracking,
/// so it is fast and simple but not always optimal (3 queens on 4×4).
///
/// Returns 0-based `(row, col)` cells, sorted.
pub fn heuristic(n: usize, piece: Piece) -> Vec<(usize, usize)> {
    let mut placed: Vec<(usize, usize)> = Vec::new();
    for i in 0..n {
        if let Some(j) = (0..n).find(|&j| placed.iter().all(|&p| !attacks(p, (i, j), piece))) {
            placed.push((i, j));
        }
    }
    placed
}

/// The upper bound: the one-family dual certificate of the LP relaxation, built by hand.
///
/// The dual of `max Σx s.t. Σ_{x∈line} x ≤ 1, x ≥ 0` is `min Σα s.t. for every
/// square, Σ α over the lines through it ≥ 1, α ≥ 0`. Taking α = 1 on every row
/// constraint and 0 elsewhere is a candidate; this function checks its feasibility
/// square by square over all constraint families (not by assuming rows cover the
/// board) and returns its value, n. By weak duality it bounds z(LP) and z(MILP).
///
/// Errors when some square is left uncovered.
pub fn dual_certificate(n: usize, piece: Piece) -> std::result::Result<usize, String> {
    let lines = lines(n, piece);
    let duals: Vec<usize> = lines.iter().map(|l| usize::from(l.family == Family::Row)).collect();
    let mut cover = vec![0usize; n * n];
    for (line, &alpha) in lines.iter().zip(&duals) {
        for &(i, j) in &line.cells {
            cover[i * n + j] += alpha;
        }
    }
    if let Some(k) = cover.iter().position(|&c| c < 1) {
        return Err(format!(
            "the row certificate is not dual feasible: square ({}, {}) is covered {} times",
            k / n,
            k % n,
            cover[k]
        ));
    }
    Ok(duals.iter().sum())
}

/// The model's variables, objective and constraints, ready for HiGHS.
struct Model {
    vars: ProblemVariables,
    x: Vec<Variable>,
    objective: Expression,
    constraints: Vec<good_lp::Constraint>,
}

/// Builds the model: binary variables for the MILP, `[0, 1]` continuous ones for
/// the LP relaxation; the same constraints either way.
fn build(n: usize, piece: Piece, binary: bool) -> Model {
    let mut vars = ProblemVariables::new();
    let x: Vec<Variable> =
        (0..n * n).map(|_| vars.add(if binary { variable().binary() } else { variable().min(0).max(1) })).collect();
    let objective: Expression = x.iter().sum();
    let constraints = lines(n, piece)
        .iter()
        .map(|l| {
            let sum: Expression = l.cells.iter().map(|&(i, j)| x[i * n + j]).sum();
            sum.leq(1)
        })
        .collect();
    Model { vars, x, objective, constraints }
}

/// Solves `model` with HiGHS (the settings and status checks shared with the
/// puzzle solver) and returns the value of every square's variable, row-major.
/// x = 0 is always feasible, so "no solution" here would be a bug, not an answer.
fn run(model: Model, limit: Duration) -> Result<Vec<f64>> {
    let Model { vars, x, objective, constraints } = model;
    super::highs::highs_values(vars.maximise(objective), &x, constraints, limit, false)
}

/// Rounds away the solver's floating-point noise (HiGHS works to ~1e-9), so that
/// an LP optimum of 4 is reported as 4.0 and not 3.9999999999999996.
fn clean(v: f64) -> f64 {
    (v * 1e9).round() / 1e9
}

/// A model bug or solver misbehaviour found by one of our own checks.
fn bug(what: String) -> Error {
    Error::Solver { status: what }
}

/// Solves the board: greedy lower bound, dual-certificate upper bound, LP
/// relaxation and MILP, with every placement checked and every bound compared.
///
/// `time_limit` is the budget for both solves together. Errors:
/// [`Error::Solver`] when HiGHS stops early (time limit) or any of our checks
/// fails (a placement that attacks itself, bounds out of order).
pub fn solve(n: usize, piece: Piece, time_limit: Duration) -> Result<ChessReport> {
    let started = Instant::now();
    let heuristic = heuristic(n, piece);
    check_placement(n, &heuristic, piece).map_err(|e| bug(format!("the heuristic placement is invalid: {e}")))?;
    let ub = dual_certificate(n, piece).map_err(bug)?;

    // An empty board has nothing to solve, and HiGHS is not needed to say so.
    let (lp, queens) = if n == 0 {
        (0.0, Vec::new())
    } else {
        let lp_values = run(build(n, piece, false), time_limit)?;
        let lp = clean(lp_values.iter().sum());
        let left = time_limit.saturating_sub(started.elapsed()).max(Duration::from_millis(1));
        let values = run(build(n, piece, true), left)?;
        let queens: Vec<(usize, usize)> = (0..n * n).filter(|&k| values[k] > 0.5).map(|k| (k / n, k % n)).collect();
        // Rounding must not change the objective: the values must really be 0/1.
        let total: f64 = values.iter().sum();
        if (total - queens.len() as f64).abs() > 1e-6 {
            return Err(bug(format!("the MILP solution is fractional (sum {total}, {} squares > 0.5)", queens.len())));
        }
        (lp, queens)
    };
    check_placement(n, &queens, piece)
        .map_err(|e| bug(format!("the solver returned a placement that breaks the rules: {e}")))?;

    let (lb, milp) = (heuristic.len(), queens.len());
    // Weak duality and relaxation order: lb ≤ z(MILP) ≤ z(LP) ≤ ub. Any violation
    // is a bug in the model, the certificate or the solver, never a result.
    if lb > milp {
        return Err(bug(format!("lower bound {lb} exceeds the MILP optimum {milp}")));
    }
    if milp as f64 > lp + 1e-6 {
        return Err(bug(format!("MILP optimum {milp} exceeds the LP optimum {lp}")));
    }
    if milp > ub {
        return Err(bug(format!("MILP optimum {milp} exceeds the dual bound {ub}")));
    }
    if lp > ub as f64 + 1e-6 {
        return Err(bug(format!("LP optimum {lp} exceeds the dual bound {ub}")));
    }
    Ok(ChessReport { n, lb, ub, lp, milp, heuristic, queens })
}
