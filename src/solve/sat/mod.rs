//! The SAT engine: Star Battle (K ≥ 2) solved by a CDCL SAT solver, uniqueness by a blocking clause.
//!
//! [`cnf`] writes what clauses say best, that no two stars touch (binary pairs),
//! and [`units`] counts the rest inside the search, as a batsat theory: at most K
//! stars per row, column and region, and at least K by the 2×2 tiles the unit's
//! open cells meet (with the squeeze over pairs of lines), each deduction with its
//! reason; up to 3 stars, [`confine`] adds regions and lines that confine each
//! other. batsat finds a placement; the placement passes
//! [`crate::puzzle::check`]; then a clause "not all of these stars" is added and the
//! same solver runs again (incrementally, keeping what it learnt): UNSAT proves the
//! placement unique, SAT gives a second, checked placement for `several-solutions`.
//!
//! Why batsat (MiniSat in pure Rust): on the corpus's 2- to 6-star boards it is as
//! fast as CaDiCaL (the `cadical` crate, C++) with the same clauses, and faster than
//! `splr` (docs/benchmarks.md, "Star Battle"). batsat needs no C++ build (CaDiCaL's would also rebuild HiGHS, as
//! they share the `cc` crate), its `stop` callback, polled as it searches, is how
//! the deadline bounds a solve, and its `Theory` hook (propagations with lazily
//! asked reasons) is what lets [`units`] count inside the search.

pub(crate) mod cnf;
mod confine;
#[cfg(test)]
mod testing;
mod units;

use batsat::{lbool, Callbacks, Lit, SolverInterface, SolverOpts, Var};

use crate::error::{Error, Result};
use crate::puzzle::deadline::Deadline;
use crate::puzzle::{check, Cell, Placement, Regions};

/// Solves `regions` with `stars` per unit and proves the answer unique, all
/// before `deadline`.
///
/// Returns the checked unique placement, [`Error::SeveralSolutions`] with two
/// checked placements, [`Error::NoSolution`], or [`Error::Solver`] when the
/// deadline stopped it.
pub fn solve(regions: &Regions, stars: usize, deadline: Deadline) -> Result<Placement> {
    let n = regions.n();
    let formula = cnf::encode(n);
    let mut sat = batsat::Solver::new(options(), Stop(deadline));
    // Cells are decided as stars, always. A star decided rules out its neighbours
    // and fills a share of three units, so its consequences, or its conflict, come
    // at once; an empty cell decided says little. (Measured when the units were
    // counter clauses: on 4- and 6-star boards a fifth to a half fewer conflicts
    // than MiniSat's saved phase; deciding cells empty was slower everywhere.)
    let vars: Vec<Var> = (0..formula.vars).map(|_| sat.new_var(lbool::TRUE, true)).collect();
    let lit = |l: cnf::Lit| Lit::new(vars[l.unsigned_abs() as usize - 1], l > 0);
    let mut clause = Vec::new();
    for c in formula.clauses() {
        clause.clear();
        clause.extend(c.iter().map(|&l| lit(l)));
        // False: the clauses are already contradictory (the solve below says UNSAT).
        if !sat.add_clause_reuse(&mut clause) {
            break;
        }
    }
    let mut units = units::Units::new(n, regions.labels(), stars, &vars);
    if units.too_few_tiles() {
        return Err(Error::NoSolution);
    }
    let first = match run(&mut sat, &mut units, &vars, regions, stars)? {
        Some(p) => p,
        None => return Err(Error::NoSolution),
    };
    // A second solution differs in at least one star cell (every solution has N·K stars).
    let mut block: Vec<Lit> = first.cells().iter().map(|c| !lit(cnf::cell_var(c.row * n + c.col))).collect();
    sat.add_clause_reuse(&mut block);
    match run(&mut sat, &mut units, &vars, regions, stars)? {
        None => Ok(first),
        Some(second) if second == first => {
            Err(Error::Solver { status: "the SAT solver ignored the uniqueness clause".into() })
        }
        Some(second) => Err(Error::SeveralSolutions { first, second }),
    }
}

/// batsat's options, two of MiniSat's changed. MiniSat starts deleting learnt
/// clauses once they outnumber a third of the problem's clauses, here the
/// touching pairs (about 800 on a 15×15 board), while a long search on these
/// boards learns a few thousand: at four times, it keeps what it learns
/// (Glucose too keeps far more than MiniSat's third). Variable activities decay
/// faster (0.9, not 0.95), so the search follows its latest conflicts. Solve plus
/// proof, summed over the fixed order and four random starting activities: the
/// ungraded 15×15 3★ boards 28,678 conflicts against 35,208, every board of the
/// corpus, the packs and tests/data 64,396 against 72,055 (docs/benchmarks.md,
/// "Star Battle").
fn options() -> SolverOpts {
    SolverOpts { learntsize_factor: 4.0, var_decay: 0.9, ..SolverOpts::default() }
}

/// One SAT call: `Ok(None)` when unsatisfiable; a placement only once it passes the rule check.
fn run(
    sat: &mut batsat::Solver<Stop>,
    units: &mut units::Units,
    vars: &[Var],
    regions: &Regions,
    stars: usize,
) -> Result<Option<Placement>> {
    let answer = sat.solve_limited_th(units, &[]);
    if answer == lbool::FALSE {
        return Ok(None);
    }
    if answer != lbool::TRUE {
        return Err(Error::time_limit());
    }
    let n = regions.n();
    let placement = Placement::new(
        (0..n * n).filter(|&i| sat.value_var(vars[i]) == lbool::TRUE).map(|i| Cell::new(i / n, i % n)).collect(),
    );
    // The solver's word is not enough: every placement passes the rule check.
    check::check(regions, stars, &placement).map_err(|v| Error::Solver {
        status: format!("the SAT solver returned a placement that breaks the rules ({v})"),
    })?;
    Ok(Some(placement))
}

/// Stops the solver once the deadline has passed (batsat polls `stop` as it searches).
struct Stop(Deadline);

impl Callbacks for Stop {
    fn stop(&self) -> bool {
        self.0.passed()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::{Duration, Instant};

    fn soon() -> Deadline {
        Deadline::after(Duration::from_secs(60))
    }

    #[test]
    fn a_nine_by_nine_two_star_board_is_solved_and_proved_unique() {
        let url = "https://puzz.link/p?starbattle/9/9/2/00baj7b962qp668u8tc9jkcucc4i30";
        let board = crate::puzzle::puzzlink::parse(url).unwrap();
        let p = solve(&board.regions, 2, soon()).unwrap();
        check::check(&board.regions, 2, &p).unwrap();
        assert_eq!(p.cells().len(), 18);
    }

    #[test]
    fn two_solutions_are_both_reported_and_checked() {
        // Columns as regions: 4×4 Queens has exactly two placements.
        let r = Regions::from_rows(&["ABCD", "ABCD", "ABCD", "ABCD"]).unwrap();
        match solve(&r, 1, soon()) {
            Err(Error::SeveralSolutions { first, second }) => {
                assert_ne!(first, second);
                check::check(&r, 1, &first).unwrap();
                check::check(&r, 1, &second).unwrap();
            }
            other => panic!("expected several solutions, got {other:?}"),
        }
    }

    #[test]
    fn no_placement_is_no_solution_and_a_past_deadline_is_a_solver_error() {
        let r = Regions::from_rows(&["ABC", "ABC", "ABC"]).unwrap();
        assert!(matches!(solve(&r, 1, soon()), Err(Error::NoSolution)));
        let url = "https://puzz.link/p?starbattle/9/9/2/00baj7b962qp668u8tc9jkcucc4i30";
        let board = crate::puzzle::puzzlink::parse(url).unwrap();
        let past = Deadline::at(Instant::now() - Duration::from_millis(1));
        assert!(matches!(solve(&board.regions, 2, past), Err(Error::Solver { .. })));
        // A one-cell region cannot hold 2 stars: said before any search, so even
        // with no time left.
        let mut rows: Vec<String> = (b'A'..=b'I').map(|l| (l as char).to_string().repeat(10)).collect();
        rows.push("IIIIIIIIIJ".into());
        let one_cell = Regions::from_rows(&rows).unwrap();
        assert!(matches!(solve(&one_cell, 2, past), Err(Error::NoSolution)));
    }
}
