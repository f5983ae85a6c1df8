//! The solve layer: a region map becomes a checked, proved-unique placement.
//!
//! Two exact engines: `model` writes the MILP with good_lp, `highs` runs it (one
//! thread, quiet, time-limited), and this module chains the first solve and the
//! uniqueness proof; `sat` is the SAT engine for Star Battle ([`solve_by`] picks);
//! `stars` finds the star count K when it is not given (`--stars auto`);
//! `chess` is the chess-queens model with its bounds. It knows the puzzle layer only:
//! no pictures, JSON, terminals, files or HTTP. Results are plain types
//! ([`LpBounds`], [`chess::ChessReport`]) that the output layer formats.
//!
//! HiGHS runs single-threaded and quiet (rayon owns parallelism across files) with
//! a time limit. Anything but an optimal status is an error, never "solved": a
//! limit makes good_lp return `Ok` with a `TimeLimit` status, which we check.
//! After a first solution we add a no-good cut and solve again: infeasible means
//! the solution is unique. Every placement returned has passed [`crate::puzzle::check`].

use std::time::Duration;

pub mod chess;
mod highs;
pub use highs::version as highs_version;
pub mod logic;
pub mod model;
pub mod sat;
pub mod stars;
pub(crate) mod tiles;

use crate::error::{Error, Result};
use crate::puzzle::check;
use crate::puzzle::deadline::Deadline;
use crate::puzzle::{Placement, Regions};
use highs::run;
use model::Integrality;

/// Settings of a solve.
#[derive(Debug, Clone, Copy)]
pub struct SolveOptions {
    /// Stars per row, column and region (1 = Queens).
    pub stars: usize,
    /// Wall-clock budget for the whole solve, proof included.
    pub time_limit: Duration,
    /// Fix the deduction engine's cheap deductions before the exact engine runs (`--no-logic` turns it off).
    pub logic: bool,
    /// Which exact engine answers (`--engine`).
    pub engine: EngineChoice,
    /// The puzzle's own deadline, when a caller set one for all its stages (the
    /// pipeline does, so the explanation spends from the same clock); the solve
    /// stops at the earlier of it and `time_limit` from its start.
    pub deadline: Deadline,
}

impl Default for SolveOptions {
    fn default() -> Self {
        SolveOptions {
            stars: 1,
            time_limit: Duration::from_secs(60),
            logic: true,
            engine: EngineChoice::Auto,
            deadline: Deadline::NONE,
        }
    }
}

/// The exact engine that answered a puzzle (JSON `engine`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Exact {
    /// The deduction engine's presolve decided every cell; the rule check passed.
    Logic,
    /// HiGHS, the MILP (first solve, then a no-good cut for the proof).
    Milp,
    /// The SAT solver, batsat (first solve, then a blocking clause for the proof).
    Sat,
}

/// Which exact engine to use (`--engine`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum EngineChoice {
    /// The presolve, then HiGHS for Queens (K = 1) and SAT for Star Battle (K ≥ 2).
    #[default]
    Auto,
    /// The presolve alone: an answer only when it decides every cell.
    Logic,
    /// The presolve, then HiGHS whatever K.
    Milp,
    /// The presolve, then SAT whatever K.
    Sat,
}

/// A solve's result and the exact engine that gave it.
#[derive(Debug)]
pub struct Solved {
    /// As [`solve`] returns it.
    pub result: Result<Placement>,
    /// Who answered.
    pub engine: Exact,
}

/// Solves `regions` and proves the solution unique.
///
/// Returns the checked unique placement; [`Error::SeveralSolutions`] (with two
/// checked placements), [`Error::NoSolution`] or [`Error::Solver`] otherwise.
///
/// With `opts.logic`, the deduction engine's cheap, sound deductions (techniques
/// 1–5) fix their cells first; the MILP and its uniqueness proof then run on the
/// reduced model. Sound deductions hold in every solution, so the reduced model has
/// exactly the solutions of the full one. Should the reduced model ever be
/// infeasible, the full model decides, so a deduction bug can never turn into a
/// wrong "no solution".
pub fn solve(regions: &Regions, opts: &SolveOptions) -> Result<Placement> {
    solve_by(regions, opts).result
}

/// [`solve`], saying which exact engine answered.
///
/// With `--engine auto`, K = 1 goes to the presolve and HiGHS, K ≥ 2 to SAT: over
/// the corpus, the presolve decides most Queens boards outright and HiGHS finishes
/// the rest in about a millisecond, while on 2- to 6-star boards SAT is 10× and
/// more faster than HiGHS (docs/benchmarks.md). When the presolve decides every cell
/// and the rule check passes, no exact solver runs (`engine` is `logic`): the
/// deductions hold in every solution, so that placement is the only one.
pub fn solve_by(regions: &Regions, opts: &SolveOptions) -> Solved {
    let deadline = opts.deadline.earliest(Deadline::after(opts.time_limit));
    let engine = match opts.engine {
        EngineChoice::Logic => Exact::Logic,
        EngineChoice::Milp => Exact::Milp,
        EngineChoice::Sat => Exact::Sat,
        EngineChoice::Auto if opts.stars == 1 => Exact::Milp,
        EngineChoice::Auto => Exact::Sat,
    };
    // SAT runs without the presolve: its theory makes the engine's counting
    // deductions (K per unit, 2×2 tiles, the squeeze) inside the search, each for a
    // few additions, which costs far less than the presolve's sweeps over every unit
    // before the first decision (docs/benchmarks.md, "Star Battle").
    if engine == Exact::Sat {
        return Solved { result: sat::solve(regions, opts.stars, deadline), engine };
    }
    let fixed = if engine == Exact::Logic || opts.logic { presolve(regions, opts.stars, deadline) } else { Vec::new() };
    let decided = fixed.iter().filter(|f| f.is_some()).count();
    if decided == fixed.len() && !fixed.is_empty() {
        let stars =
            Placement::new(regions.cells().filter(|c| fixed[c.row * regions.n() + c.col] == Some(true)).collect());
        if check::check(regions, opts.stars, &stars).is_ok() {
            return Solved { result: Ok(stars), engine: Exact::Logic };
        }
    }
    if engine == Exact::Logic {
        return Solved { result: Err(Error::Unfinished { decided, cells: regions.n() * regions.n() }), engine };
    }
    let result = match solve_fixed(regions, opts, &fixed, deadline) {
        Err(Error::NoSolution) if decided > 0 => solve_fixed(regions, opts, &[], deadline),
        other => other,
    };
    Solved { result, engine }
}

/// The engine's deductions from an empty board, what-if probing included, per
/// cell, until `deadline`.
fn presolve(regions: &Regions, stars: usize, deadline: Deadline) -> Vec<Option<bool>> {
    let engine =
        logic::Engine::new(regions, stars, logic::Names::letters(regions.region_count())).with_deadline(deadline);
    let start = logic::Board::new(regions.n());
    let board = engine.deduce(start);
    (0..regions.n() * regions.n())
        .map(|i| match board.get(i) {
            logic::CellState::Queen => Some(true),
            logic::CellState::Empty => Some(false),
            logic::CellState::Unknown => None,
        })
        .collect()
}

fn solve_fixed(
    regions: &Regions,
    opts: &SolveOptions,
    fixed: &[Option<bool>],
    deadline: Deadline,
) -> Result<Placement> {
    let first = match solve_once(regions, opts, fixed, None, time_left(deadline, opts.time_limit)?)? {
        Some(p) => p,
        None => return Err(Error::NoSolution),
    };
    match solve_once(regions, opts, fixed, Some(&first), time_left(deadline, opts.time_limit)?)? {
        None => Ok(first),
        Some(second) => Err(Error::SeveralSolutions { first, second }),
    }
}

/// What is left of `deadline` (at most `limit`) for the next solver run, or the
/// time-limit error once it has passed: a run is never started without time.
pub(crate) fn time_left(deadline: Deadline, limit: Duration) -> Result<Duration> {
    match deadline.left_within(limit) {
        left if left.is_zero() => Err(Error::time_limit()),
        left => Ok(left),
    }
}

/// One MILP solve, optionally excluding `forbid`. `Ok(None)` means infeasible.
fn solve_once(
    regions: &Regions,
    opts: &SolveOptions,
    fixed: &[Option<bool>],
    forbid: Option<&Placement>,
    limit: Duration,
) -> Result<Option<Placement>> {
    let mut m = model::build_fixed(regions, opts.stars, Integrality::Binary, fixed);
    if let Some(p) = forbid {
        m.forbid(p);
    }
    let placement = match run(m, limit) {
        Ok(values) => Placement::new(regions.cells().filter(|c| values[c.row * regions.n() + c.col] > 0.5).collect()),
        Err(Error::NoSolution) => return Ok(None),
        Err(e) => return Err(e),
    };
    // The solver's word is not enough: every placement passes the rule check.
    check::check(regions, opts.stars, &placement).map_err(|v| Error::Solver {
        status: format!("the solver returned a placement that breaks the rules ({v})"),
    })?;
    if forbid == Some(&placement) {
        return Err(Error::Solver { status: "the solver ignored the uniqueness cut".into() });
    }
    Ok(Some(placement))
}

/// What the LP relaxation says about a puzzle.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LpBounds {
    /// True when the LP optimum found is already a 0/1 point.
    pub integral: bool,
    /// Cells whose LP value is strictly between 0 and 1.
    pub fractional_cells: usize,
}

/// The LP relaxation of the puzzle: is the LP optimum found already a 0/1 point,
/// and how many cells are fractional. A rough signal of how much search the
/// puzzle needs (constant objective, so this is the vertex HiGHS lands on).
pub(crate) fn lp_report(regions: &Regions, opts: &SolveOptions) -> Result<LpBounds> {
    let m = model::build(regions, opts.stars, Integrality::Relaxed);
    let values = run(m, opts.time_limit)?;
    let fractional_cells = values.iter().filter(|&&v| v > 1e-6 && v < 1.0 - 1e-6).count();
    Ok(LpBounds { integral: fractional_cells == 0, fractional_cells })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::text;
    use crate::puzzle::Cell;

    const ISSUE_PUZZLE: &str =
        "111111111\n112333999\n122439999\n124437799\n124666779\n124467799\n122467899\n122555889\n112258899\n";

    fn columns(p: &Placement) -> Vec<usize> {
        p.cells().iter().map(|c| c.col).collect()
    }

    #[test]
    fn solves_the_issue_puzzle_uniquely() {
        let r = text::parse(ISSUE_PUZZLE).unwrap();
        let p = solve(&r, &SolveOptions::default()).unwrap();
        assert_eq!(columns(&p), vec![0, 5, 8, 2, 7, 4, 1, 3, 6]);
    }

    #[test]
    fn reports_several_solutions_with_two_checked_placements() {
        // Columns as regions: any 4x4 non-touching permutation works, and there are two.
        let r = Regions::from_rows(&["ABCD", "ABCD", "ABCD", "ABCD"]).unwrap();
        match solve(&r, &SolveOptions::default()) {
            Err(Error::SeveralSolutions { first, second }) => {
                assert_ne!(first, second);
                check::check(&r, 1, &first).unwrap();
                check::check(&r, 1, &second).unwrap();
                let mut both = vec![columns(&first), columns(&second)];
                both.sort();
                assert_eq!(both, vec![vec![1, 3, 0, 2], vec![2, 0, 3, 1]]);
            }
            other => panic!("expected several solutions, got {other:?}"),
        }
    }

    #[test]
    fn infeasible_puzzle_is_no_solution() {
        // No 3x3 board has a solution: three non-touching queens cannot fit in three rows.
        let r = Regions::from_rows(&["ABC", "ABC", "ABC"]).unwrap();
        assert!(matches!(solve(&r, &SolveOptions::default()), Err(Error::NoSolution)));
    }

    #[test]
    fn star_battle_two_stars_on_ten_by_ten() {
        // A known 2-star placement: each row's two star columns, no two stars touching.
        let stars: [[usize; 2]; 10] = [[0, 4], [2, 7], [5, 9], [1, 3], [6, 8], [0, 4], [2, 7], [5, 9], [1, 3], [6, 8]];
        let known = Placement::new(
            stars.iter().enumerate().flat_map(|(r, cs)| cs.iter().map(move |&c| Cell::new(r, c))).collect(),
        );
        // Regions: each pair of columns, split into a top and a bottom half; each holds two stars.
        let labels: Vec<usize> = (0..100).map(|i| (i % 10 / 2) * 2 + usize::from(i / 10 >= 5)).collect();
        let regions = Regions::from_labels(10, &labels).unwrap();
        assert_eq!(regions.region_count(), 10);
        check::check(&regions, 2, &known).expect("the construction is a valid 2-star solution");
        assert!(check::check(&regions, 1, &known).is_err(), "K matters to the checker");
        let opts = SolveOptions { stars: 2, ..SolveOptions::default() };
        let found = match solve(&regions, &opts) {
            Ok(p) | Err(Error::SeveralSolutions { first: p, .. }) => p,
            Err(e) => panic!("{e}"),
        };
        check::check(&regions, 2, &found).unwrap();
        assert_eq!(found.cells().len(), 20);
    }

    #[test]
    fn presolve_error_on_the_uniqueness_proof_is_retried() {
        // See: community level 670 (split regions). HiGHS's presolve answered a bare
        // "Error" on the infeasible proof model; the retry without presolve proves uniqueness.
        let board = "AAAAAAAAAAA\nAAAABAAACCC\nAADABEEEACA\nAADBBBEAACA\nFDDDAAEAAAA\nFFFAGHAAAAA\n\
                     FAGGGHHHAAA\nAAAIGHAAAJI\nAIIIKAAJJJA\nAAAIKAAAAJA\nAAAKKKIAAAA\n";
        let r = text::parse(board).unwrap();
        let p = solve(&r, &SolveOptions::default()).unwrap();
        assert_eq!(columns(&p), vec![8, 10, 7, 5, 2, 0, 6, 4, 1, 9, 3]);
    }
}
