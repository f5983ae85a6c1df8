//! The HiGHS runner shared by the puzzle and chess models: one thread, quiet,
//! time-limited, and every status other than optimal turned into an error.

use std::time::{Duration, Instant};

use good_lp::solvers::highs::highs;
use good_lp::{Expression, ResolutionError, Solution, SolutionStatus, SolverModel};

use crate::error::{Error, Result};
use crate::solve::model::{cell_values, QueensModel};

/// Hands `model` to HiGHS (one thread, quiet, time-limited) and returns the value
/// of every cell variable, row-major. Infeasible → [`Error::NoSolution`]; any
/// status other than optimal → [`Error::Solver`].
///
/// A model whose fixed cells already break a constraint is infeasible, and one with
/// no free variable left is solved by its fixed values: both without calling HiGHS
/// (there is nothing left for it to decide).
pub(crate) fn run(model: QueensModel, limit: Duration) -> Result<Vec<f64>> {
    if model.infeasible {
        return Err(Error::NoSolution);
    }
    if model.cells.iter().all(Option::is_none) {
        return Ok(model.values(&[]));
    }
    let started = Instant::now();
    match run_with(model.clone(), limit, Presolve::On) {
        // HiGHS's presolve sometimes reports a bare "Error" on an infeasible MIP (seen on
        // uniqueness proofs of split-region puzzles); without presolve the same model
        // is correctly reported infeasible. Retry once rather than fail the puzzle.
        Err(Error::Solver { status }) if status.contains("HiGHS error while solving") => {
            run_with(model, limit.saturating_sub(started.elapsed()).max(Duration::from_millis(1)), Presolve::Off)
        }
        other => other,
    }
}

#[derive(Clone, Copy, PartialEq)]
enum Presolve {
    On,
    Off,
}

fn run_with(model: QueensModel, limit: Duration, presolve: Presolve) -> Result<Vec<f64>> {
    let free = model.free();
    let QueensModel { vars, cells, fixed, constraints, .. } = model;
    let values =
        highs_values(vars.minimise(Expression::from(0.0)), &free, constraints, limit, presolve == Presolve::Off)?;
    Ok(cell_values(&cells, &fixed, &values))
}

/// Hands a good_lp problem to HiGHS (one thread, quiet, time-limited, optionally
/// without presolve) and returns the values of `x`. Anything but an optimal status
/// is an error: a time limit makes good_lp return `Ok`, so the status is checked.
/// Infeasible → [`Error::NoSolution`]; every other failure → [`Error::Solver`].
pub(crate) fn highs_values(
    problem: good_lp::variable::UnsolvedProblem,
    x: &[good_lp::Variable],
    constraints: Vec<good_lp::Constraint>,
    limit: Duration,
    no_presolve: bool,
) -> Result<Vec<f64>> {
    let mut problem = highs(problem)
        .set_threads(1)
        .set_option("output_flag", false)
        .set_option("log_to_console", false)
        .set_time_limit(limit.as_secs_f64());
    if no_presolve {
        problem = problem.set_option("presolve", "off");
    }
    for c in constraints {
        problem.add_constraint(c);
    }
    match problem.solve() {
        Ok(sol) if matches!(sol.status(), SolutionStatus::Optimal) => Ok(x.iter().map(|&v| sol.value(v)).collect()),
        Ok(sol) => Err(Error::Solver {
            status: match sol.status() {
                SolutionStatus::TimeLimit => "time limit reached".to_string(),
                other => format!("{other:?}").to_lowercase(),
            },
        }),
        Err(ResolutionError::Infeasible) => Err(Error::NoSolution),
        Err(ResolutionError::Other("NoSolutionFound")) => {
            Err(Error::Solver { status: "no solution found within the time limit".into() })
        }
        Err(e) => Err(Error::Solver { status: e.to_string() }),
    }
}

/// The version of the HiGHS library linked into this program, like `1.16.0`
/// (asked of the library itself, so it is the one really used).
pub fn version() -> String {
    // SAFETY: these functions take no arguments, touch no state and only return a constant.
    let (major, minor, patch) =
        unsafe { (highs_sys::Highs_versionMajor(), highs_sys::Highs_versionMinor(), highs_sys::Highs_versionPatch()) };
    format!("{major}.{minor}.{patch}")
}
