//! The deduction engine over the whole corpus: every step of every path agrees with
//! the known solution (0 unsound steps), and the engine alone solves every
//! one-solution level (daily, bonus and community).

mod common;

use std::collections::BTreeMap;

use queens::solve::logic::{CellState, Engine, Names, Technique};
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
                unsound.push(format!("level {} step {}: {:?} {:?} — {}", level.id, k + 1, cell, mark, step.text));
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

/// One Star Battle puzzle of the corpus.
#[derive(serde::Deserialize)]
struct Star {
    file: String,
    stars: usize,
    regions: Vec<String>,
    solution: Vec<[usize; 2]>,
}

/// Star Battle with counts (K = 1…4): every step the engine takes is sound, and
/// 2★ puzzles get hints (the engine finds at least a first step on each).
#[test]
fn star_battle_steps_are_sound() {
    let Some(dir) = common::corpus_or_skip() else { return };
    let puzzles: Vec<Star> = common::manifest(&dir.join("starbattle"));
    assert_eq!(puzzles.len(), 60);
    let results: Vec<(String, usize, bool, Vec<String>)> = puzzles
        .par_iter()
        .map(|p| {
            let board = queens::Regions::from_rows(&p.regions).expect("square");
            let engine = Engine::new(&board, p.stars, Names::letters(board.region_count()));
            let path = engine.explain(queens::solve::logic::Board::new(board.n()));
            let star = |c: Cell| p.solution.contains(&[c.row, c.col]);
            let unsound = path
                .steps
                .iter()
                .flat_map(|s| s.decided.iter().map(move |d| (s, d)))
                .filter(|(_, &(cell, mark))| (mark == CellState::Queen) != star(cell))
                .map(|(s, d)| format!("{}: {:?} — {}", p.file, d, s.text))
                .collect();
            (p.file.clone(), p.stars, path.solved, unsound)
        })
        .collect();
    let unsound: Vec<&String> = results.iter().flat_map(|r| &r.3).collect();
    assert!(unsound.is_empty(), "unsound Star Battle steps:\n{unsound:#?}");
    let solved_1 = results.iter().filter(|r| r.1 == 1 && r.2).count();
    let total_1 = results.iter().filter(|r| r.1 == 1).count();
    assert_eq!(solved_1, total_1, "every 1-star puzzle is solved by logic");
    let solved: usize = results.iter().filter(|r| r.2).count();
    eprintln!("star battle: {solved} of {} solved by logic alone ({solved_1}/{total_1} one-star)", results.len());
}

/// The whole path's what-if budget: with none, the engine still takes every step of
/// techniques 1–5 and then stops (unsolved) where the full path needs its first
/// what-if, and the steps it took are exactly the full path's first steps.
#[test]
fn an_exhausted_path_budget_stops_the_explanation_at_the_first_what_if() {
    let files = ["levels.json", "levels-daily-617-842.json", "levels-bonus.json", "levels-community.json"];
    let Some(levels) = levels_of(&files, true) else { return };
    let mut tried = 0;
    for level in &levels {
        let board = level.board();
        let engine = Engine::new(&board, 1, Names::letters(board.region_count()));
        let full = engine.explain(queens::solve::logic::Board::new(board.n()));
        let Some(first) = full.steps.iter().position(|s| s.technique >= Technique::WhatIf) else { continue };
        let cut = engine.explain_within(queens::solve::logic::Board::new(board.n()), 0);
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
