//! Every published level solves to its known solution, proven unique; community
//! levels with two solutions are reported as such, with a valid second one.

use crate::common;

use queens::puzzle::check;
use queens::puzzle::partition::{self, Pieces};
use queens::solve::stars::solve_auto;
use queens::solve::{solve, SolveOptions};
use queens::{Error, Placement};
use rayon::prelude::*;

fn columns(p: &Placement) -> Vec<usize> {
    p.cells().iter().map(|c| c.col).collect()
}

fn assert_unique_and_known(file: &str, expected_count: usize) {
    let Some(levels) = common::levels(file) else { return };
    assert_eq!(levels.len(), expected_count, "{file}: level count");
    let failures: Vec<String> = levels
        .par_iter()
        .filter_map(|l| {
            let board = l.board();
            partition::check(&board, Pieces::Connected).ok()?;
            // Under `--stars auto` (the default): K = 1 must be the only K with one solution.
            match solve_auto(&board, &SolveOptions::default()) {
                (Some(1), Ok(p)) if columns(&p) == l.solution => {
                    check::check(&board, 1, &p).expect("rule-checked");
                    None
                }
                (k, Ok(p)) => {
                    Some(format!("level {}: got {:?} with K {k:?}, expected {:?}", l.id, columns(&p), l.solution))
                }
                (_, Err(e)) => Some(format!("level {}: {e}", l.id)),
            }
        })
        .collect();
    assert!(failures.is_empty(), "{file}: {} failures:\n{}", failures.len(), failures.join("\n"));
}

#[test]
fn daily_levels_1_to_616() {
    assert_unique_and_known("levels.json", 608);
}

#[test]
fn daily_levels_617_to_842() {
    assert_unique_and_known("levels-daily-617-842.json", 226);
}

#[test]
fn bonus_levels() {
    assert_unique_and_known("levels-bonus.json", 36);
}

#[test]
fn community_levels_with_two_solutions_are_not_unique() {
    let Some(levels) = common::levels("levels-community.json") else { return };
    let several: Vec<_> = levels.iter().filter(|l| l.solutions_found == 2).collect();
    assert_eq!(several.len(), 85);
    let failures: Vec<String> = several
        .par_iter()
        .filter_map(|l| {
            let board = l.board();
            match solve(&board, &SolveOptions::default()) {
                Err(Error::SeveralSolutions { first, second }) => {
                    assert_ne!(first, second);
                    check::check(&board, 1, &first).expect("first is valid");
                    check::check(&board, 1, &second).expect("second is valid");
                    None
                }
                other => Some(format!("level {}: {:?}", l.id, other.map(|p| columns(&p)))),
            }
        })
        .collect();
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn community_levels_with_one_solution_are_unique() {
    let Some(levels) = common::levels("levels-community.json") else { return };
    let failures: Vec<String> = levels
        .par_iter()
        .filter(|l| l.solutions_found == 1)
        .filter_map(|l| {
            let board = l.board();
            if partition::check(&board, Pieces::Connected).is_err() {
                // Hand-made levels with split regions are solved with the relaxation flag.
                partition::check(&board, Pieces::AllowSplit).ok()?;
            }
            match solve(&board, &SolveOptions::default()) {
                Ok(p) => {
                    check::check(&board, 1, &p).expect("rule-checked");
                    (columns(&p) != l.solution).then(|| format!("level {}: other solution", l.id))
                }
                Err(e) => Some(format!("level {}: {e}", l.id)),
            }
        })
        .collect();
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
