//! The deduction engine over the whole corpus: every step of every path agrees with
//! the known solution (0 unsound steps), and the engine alone solves every
//! one-solution level (daily, bonus and community).

use crate::common;

use std::collections::BTreeMap;

use queens::solve::logic::{CellState, Engine, Names, Spend, Technique, EXPLAIN_BUDGET};
use queens::Cell;
use rayon::prelude::*;

/// What one level's path looked like.
struct Outcome {
    id: String,
    unsound: Vec<String>,
    solved: bool,
    hardest: Option<Technique>,
}

fn run(level: &common::Level) -> Outcome {
    let board = level.board();
    let engine = Engine::new(&board, 1, Names::letters(board.region_count()));
    let path = engine.explain(queens::solve::logic::Board::new(board.n()));
    let queen = |c: Cell| level.solution[c.row] == c.col;
    let mut unsound = Vec::new();
    for (k, step) in path.steps.iter().enumerate() {
        for &(cell, mark) in &step.decided {
            if (mark == CellState::Queen) != queen(cell) {
                unsound.push(format!(
                    "level {} step {}: {:?} {:?} — {}",
                    level.id,
                    k + 1,
                    cell,
                    mark,
                    step.reveals.text
                ));
            }
        }
    }
    Outcome {
        id: level.id.to_string(),
        unsound,
        solved: path.solved,
        hardest: path.steps.iter().map(|s| s.technique).max(),
    }
}

/// The levels of `files` (`only_unique`: those with one solution), or None when the corpus is missing.
fn levels_of(files: &[&str], only_unique: bool) -> Option<Vec<common::Level>> {
    let mut levels = Vec::new();
    for f in files {
        levels.extend(common::levels(f)?.into_iter().filter(|l| !only_unique || l.solutions_found == 1));
    }
    Some(levels)
}

fn check(files: &[&str], only_unique: bool, expected: usize) -> BTreeMap<Option<Technique>, usize> {
    let Some(levels) = levels_of(files, only_unique) else { return BTreeMap::new() };
    assert_eq!(levels.len(), expected, "{files:?}: level count");
    let outcomes: Vec<Outcome> = levels.par_iter().map(run).collect();
    let unsound: Vec<&String> = outcomes.iter().flat_map(|o| &o.unsound).collect();
    assert!(
        unsound.is_empty(),
        "{} unsound steps:\n{}",
        unsound.len(),
        unsound.iter().take(20).map(|s| s.as_str()).collect::<Vec<_>>().join("\n")
    );
    let unsolved: Vec<&str> = outcomes.iter().filter(|o| !o.solved).map(|o| o.id.as_str()).collect();
    assert!(unsolved.is_empty(), "{} levels not solved by logic: {unsolved:?}", unsolved.len());
    let mut table = BTreeMap::new();
    for o in &outcomes {
        *table.entry(o.hardest).or_insert(0) += 1;
    }
    eprintln!("{files:?}: hardest technique per level: {table:?}");
    table
}

#[test]
fn daily_and_bonus_levels_are_solved_soundly_by_logic_with_few_what_ifs() {
    let table = check(&["levels.json", "levels-daily-617-842.json", "levels-bonus.json"], false, 870);
    if table.is_empty() {
        return;
    }
    let what_if: usize = table.iter().filter(|(t, _)| t.is_some_and(|t| t >= Technique::WhatIf)).map(|(_, n)| n).sum();
    assert!(what_if * 50 <= 870, "what-if needed on {what_if} of 870 levels (more than 2%)");
}

#[test]
fn one_solution_community_levels_are_solved_soundly_by_logic() {
    check(&["levels-community.json"], true, 653);
}

/// One Star Battle puzzle of the corpus (the screenshots' manifest, or the packs').
#[derive(serde::Deserialize)]
struct Star {
    #[serde(alias = "id")]
    file: String,
    stars: usize,
    regions: Vec<String>,
    solution: Vec<[usize; 2]>,
}

/// What the engine did on one Star Battle board.
struct StarOutcome {
    file: String,
    n: usize,
    stars: usize,
    solved: bool,
    /// Finished within the grading budget too (looked at up to 14×14 only).
    graded: bool,
    what_if: bool,
    unsound: Vec<String>,
}

fn explain_star(p: &Star) -> StarOutcome {
    let board = queens::Regions::from_rows(&p.regions).expect("square");
    let engine = Engine::new(&board, p.stars, Names::letters(board.region_count()));
    // The budget of `queens explain`, whose path this is.
    let path = engine.explain_within(queens::solve::logic::Board::new(board.n()), EXPLAIN_BUDGET);
    let star = |c: Cell| p.solution.contains(&[c.row, c.col]);
    let unsound = path
        .steps
        .iter()
        .flat_map(|s| s.decided.iter().map(move |d| (s, d)))
        .filter(|(_, &(cell, mark))| (mark == CellState::Queen) != star(cell))
        .map(|(s, d)| format!("{}: {:?} — {}", p.file, d, s.reveals.text))
        .chain(
            path.steps
                .iter()
                .flat_map(|s| [&s.reveals.nudge, &s.reveals.reason, &s.reveals.text])
                .filter(|t| t.contains("?.") || t.contains("..") || !t.ends_with(['.', '?']))
                .map(|t| format!("{}: badly ended: {t}", p.file)),
        )
        .collect();
    StarOutcome {
        file: p.file.clone(),
        n: board.n(),
        stars: p.stars,
        solved: path.solved,
        graded: board.n() <= 14 && engine.explain(queens::solve::logic::Board::new(board.n())).solved,
        what_if: path.steps.iter().any(|s| s.technique >= Technique::WhatIf),
        unsound,
    }
}

fn explain_stars(dir: &str, count: usize) -> Option<Vec<StarOutcome>> {
    let dir = common::corpus_or_skip()?.join(dir);
    let puzzles: Vec<Star> = common::manifest(&dir);
    assert_eq!(puzzles.len(), count, "{}: board count", dir.display());
    let results: Vec<StarOutcome> = puzzles.par_iter().map(explain_star).collect();
    let unsound: Vec<&String> = results.iter().flat_map(|r| &r.unsound).collect();
    assert!(unsound.is_empty(), "unsound Star Battle steps:\n{unsound:#?}");
    Some(results)
}

/// Star Battle with counts (K = 1…4): every step the engine takes is sound; the
/// engine, with `queens explain`'s budget, finishes every board by logic, and needs
/// a what-if (techniques 11–13) on at most a tenth of the 14×14 and 17×17 boards;
/// the grading budget finishes every board up to 14×14.
#[test]
fn corpus_star_battle_boards_are_explained_soundly() {
    let Some(results) = explain_stars("starbattle", 60) else { return };
    let unsolved: Vec<&str> = results.iter().filter(|r| !r.solved).map(|r| r.file.as_str()).collect();
    assert!(unsolved.is_empty(), "{} boards not finished by logic: {unsolved:?}", unsolved.len());
    let ungraded: Vec<&str> = results.iter().filter(|r| !r.graded && r.n <= 14).map(|r| r.file.as_str()).collect();
    assert!(ungraded.is_empty(), "boards up to 14×14 the grading budget does not finish: {ungraded:?}");
    let big: Vec<&StarOutcome> = results.iter().filter(|r| r.n >= 14).collect();
    assert_eq!(big.len(), 12, "the corpus has 8 14×14 and 4 17×17 boards");
    let what_if: Vec<&str> = big.iter().filter(|r| r.what_if).map(|r| r.file.as_str()).collect();
    assert!(
        what_if.len() * 10 <= big.len(),
        "{} of {} big boards need a what-if: {what_if:?}",
        what_if.len(),
        big.len()
    );
    let small_what_if: Vec<&str> = results.iter().filter(|r| r.what_if && r.n < 14).map(|r| r.file.as_str()).collect();
    assert!(small_what_if.is_empty(), "boards under 14×14 that need a what-if: {small_what_if:?}");
    eprintln!("star battle: all {} finished by logic; with a what-if: {what_if:?}", results.len());
}

/// The public packs (up to 25×25 with 6 stars): every step is sound, and the
/// engine finishes every board by logic.
#[test]
fn star_battle_pack_steps_are_sound() {
    let Some(results) = explain_stars("starbattle-packs", 159) else { return };
    let mut table: BTreeMap<(usize, usize), [usize; 2]> = BTreeMap::new();
    for r in &results {
        let e = table.entry((r.n, r.stars)).or_default();
        e[0] += usize::from(r.solved);
        e[1] += 1;
    }
    eprintln!("star battle packs, (N, K) → [solved by logic, boards]: {table:?}");
    let unsolved: Vec<&str> = results.iter().filter(|r| !r.solved).map(|r| r.file.as_str()).collect();
    assert!(unsolved.is_empty(), "pack boards not finished by logic: {unsolved:?}");
}

/// The whole path's what-if budget: with none, the engine still takes every step of
/// techniques 1–9 and then stops (unsolved) where the full path needs its first
/// case split or what-if, and the steps it took are exactly the full path's first steps.
#[test]
fn an_exhausted_path_budget_stops_the_explanation_at_the_first_what_if() {
    let files = ["levels.json", "levels-daily-617-842.json", "levels-bonus.json", "levels-community.json"];
    let Some(levels) = levels_of(&files, true) else { return };
    let mut tried = 0;
    for level in &levels {
        let board = level.board();
        let engine = Engine::new(&board, 1, Names::letters(board.region_count()));
        let full = engine.explain(queens::solve::logic::Board::new(board.n()));
        let Some(first) = full.steps.iter().position(|s| s.technique >= Technique::LineCases) else { continue };
        let cut = engine.explain_within(queens::solve::logic::Board::new(board.n()), Spend::NONE);
        assert!(full.solved, "level {}", level.id);
        assert!(!cut.solved, "level {}: solved without the what-if budget", level.id);
        assert_eq!(
            cut.steps,
            full.steps[..first],
            "level {}: the budget changed the steps before it ran out",
            level.id
        );
        tried += 1;
    }
    assert!(tried > 0, "no corpus level needs a what-if: the test proves nothing");
    eprintln!("{tried} levels stopped at their first what-if");
}

/// A case split on a rayon worker takes units two at a time, the second beside
/// the first when another worker is idle: the path must be the one a lone thread
/// takes, step for step, on the boards whose grading is mostly case splits
/// (10×10 042, 14×14 049, 050 and 052).
#[test]
fn case_splits_on_two_threads_take_the_same_path_as_on_one() {
    let Some(dir) = common::corpus_or_skip() else { return };
    let puzzles: Vec<Star> = common::manifest(&dir.join("starbattle"));
    let pool = rayon::ThreadPoolBuilder::new().num_threads(2).build().expect("a pool of two threads");
    let mut compared = 0;
    for p in puzzles.iter().filter(|p| ["042_", "049_", "050_", "052_"].iter().any(|f| p.file.starts_with(f))) {
        let board = queens::Regions::from_rows(&p.regions).expect("square");
        let engine = Engine::new(&board, p.stars, Names::letters(board.region_count()));
        let empty = || queens::solve::logic::Board::new(board.n());
        let alone = engine.explain(empty());
        let paired = pool.install(|| engine.explain(empty()));
        let words = |path: &queens::solve::logic::Path| -> Vec<String> {
            path.steps.iter().map(|s| format!("{:?} {}", s.technique, s.reveals.text)).collect()
        };
        assert!(alone.steps.iter().any(|s| s.technique == Technique::LineCases), "{}: no case split", p.file);
        assert_eq!(words(&alone), words(&paired), "{}: the paths differ", p.file);
        assert_eq!(alone.solved, paired.solved, "{}", p.file);
        compared += 1;
    }
    assert_eq!(compared, 4, "the four boards are in the corpus");
}
