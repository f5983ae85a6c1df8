//! "Why?" about any cell: every chain is sound against the unique solution, ends
//! on the cell's true state, and is no longer than the engine's own path to that
//! cell; a wrong mark is answered as the mistake it is.

use crate::answers::Labelled;
use crate::common;
use crate::hints_corpus::assert_no_faults;

use std::path::Path;

use queens::puzzle::marks::{Mark, Marks};
use queens::solve::logic::why::{why, Why};
use queens::solve::logic::{Board, CellState, Engine, Names};
use queens::{Cell, Placement, Regions};
use rayon::prelude::*;

/// The truth of `cell`.
fn truth(solution: &Placement, cell: Cell) -> CellState {
    if solution.contains(cell) {
        CellState::Queen
    } else {
        CellState::Empty
    }
}

/// The board "why?" starts from for `cell`: the player's correct marks, the cell
/// blank, and what their crowns rule out (given, as for a hint).
fn start(engine: &Engine, solution: &Placement, marks: &Marks, cell: Cell) -> Board {
    let g = engine.geometry();
    let mut board = Board::new(g.n());
    for c in (0..g.n() * g.n()).map(|i| g.cell(i)).filter(|&c| c != cell) {
        match marks.get(c) {
            Mark::Queen if solution.contains(c) => board.set(g.at(c), CellState::Queen),
            Mark::Cross if !solution.contains(c) => board.set(g.at(c), CellState::Empty),
            _ => {}
        }
    }
    engine.take_reach(&mut board);
    board
}

/// How many of the engine's own next steps from `board` it takes to decide `cell`,
/// and the hardest level among them (`None` when it stops first).
fn engine_path(engine: &Engine, mut board: Board, cell: Cell) -> Option<(usize, u8)> {
    let g = engine.geometry();
    let (mut steps, mut level) = (0, 0);
    while board.get(g.at(cell)) == CellState::Unknown {
        let step = engine.next_step(&board)?;
        for &(c, s) in &step.decided {
            board.set(g.at(c), s);
        }
        steps += 1;
        level = level.max(step.level());
    }
    Some((steps, level))
}

/// What is wrong with the answer `w` about `cell`, if anything: a chain step
/// deciding a known cell or against the solution, a chain not ending on the
/// cell's truth, one longer than the engine's path, a nudge naming the cell's
/// state; a mistake not answered as one.
fn faults(what: &str, engine: &Engine, solution: &Placement, marks: &Marks, cell: Cell, w: &Why) -> Vec<String> {
    let g = engine.geometry();
    let mut out = Vec::new();
    let wrong = match marks.get(cell) {
        Mark::Queen => !solution.contains(cell),
        Mark::Cross => solution.contains(cell),
        Mark::Blank => false,
    };
    if wrong {
        if w.mistake.is_none() || !w.reveals.text.contains(&cell.name()) {
            out.push(format!("{what} {cell:?}: a wrong mark is not answered as a mistake: {}", w.reveals.text));
        }
        return out;
    }
    let board = start(engine, solution, marks, cell);
    let mut replay = board.clone();
    for (k, step) in w.steps.iter().enumerate() {
        for &(c, s) in &step.decided {
            if replay.get(g.at(c)) != CellState::Unknown || s != truth(solution, c) {
                out.push(format!("{what} {cell:?}: step {} is unsound: {}", k + 1, step.reveals.text));
            }
            replay.set(g.at(c), s);
        }
    }
    match w.state {
        Some(s) if s != truth(solution, cell) || replay.get(g.at(cell)) != s => {
            out.push(format!("{what} {cell:?}: the chain ends on the wrong state: {}", w.reveals.text))
        }
        Some(_) => match engine_path(engine, board, cell) {
            Some((len, _)) if w.steps.len() > len => {
                out.push(format!("{what} {cell:?}: {} steps where the engine takes {len}", w.steps.len()))
            }
            Some((_, level)) if w.steps.iter().any(|s| s.level() > level) => {
                out.push(format!("{what} {cell:?}: a step harder than the engine's hardest, level {level}"))
            }
            _ => {}
        },
        None => {}
    }
    if w.reveals.nudge.contains(&format!("{} holds", cell.name()))
        || w.reveals.nudge.contains(&format!("{} is empty", cell.name()))
    {
        out.push(format!("{what} {cell:?}: the nudge gives the answer: {}", w.reveals.nudge));
    }
    out
}

/// The marks of a position: the solution's queens and empty cells where
/// `(k · 37 + 11) mod 100 < known` for the cell's row-major index k.
fn position(regions: &Regions, solution: &Placement, known: usize) -> Marks {
    let mut marks = Marks::new(regions.n());
    for (k, cell) in regions.cells().enumerate() {
        if (k * 37 + 11) % 100 < known {
            marks.set(cell, if solution.contains(cell) { Mark::Queen } else { Mark::Cross });
        }
    }
    marks
}

#[test]
fn every_cell_of_200_levels_at_three_positions_gets_a_sound_chain_no_longer_than_the_engines() {
    let Some(levels) = common::levels("levels.json") else { return };
    let results: Vec<(Vec<String>, usize, usize)> = levels
        .par_iter()
        .take(200)
        .map(|level| {
            let regions = level.board();
            let solution = Placement::new(level.solution.iter().enumerate().map(|(r, &c)| Cell::new(r, c)).collect());
            let engine = Engine::new(&regions, 1, Names::letters(regions.region_count()));
            let (mut faults_all, mut answered, mut decided) = (Vec::new(), 0, 0);
            for known in [0, 25, 50] {
                let marks = position(&regions, &solution, known);
                for cell in regions.cells() {
                    let w = why(&engine, &regions, &solution, &marks, cell);
                    answered += 1;
                    decided += usize::from(w.state.is_some());
                    faults_all.extend(faults(&format!("level {}", level.id), &engine, &solution, &marks, cell, &w));
                }
            }
            (faults_all, answered, decided)
        })
        .collect();
    let faults: Vec<&String> = results.iter().flat_map(|r| &r.0).collect();
    let answered: usize = results.iter().map(|r| r.1).sum();
    let decided: usize = results.iter().map(|r| r.2).sum();
    assert!(
        faults.is_empty(),
        "{} faults:\n{}",
        faults.len(),
        faults.iter().take(20).map(|s| s.as_str()).collect::<Vec<_>>().join("\n")
    );
    assert!(answered > 40_000, "every cell of 200 levels at 3 positions: {answered}");
    assert!(decided * 100 >= answered * 99, "a chain decides nearly every cell: {decided} of {answered}");
}

#[derive(serde::Deserialize)]
struct Played {
    file: String,
    regions: Vec<String>,
    solution: Vec<usize>,
}

#[test]
fn every_cell_of_the_readable_played_screenshots_is_answered() {
    let Some(dir) = common::corpus_or_skip() else { return };
    let dir = dir.join("played");
    let shots: Vec<Played> = common::manifest(&dir);
    let readable: Vec<&Played> = shots.iter().filter(|s| !s.file.ends_with("-dialog.png")).collect();
    assert_eq!(readable.len(), 54, "the readable played screenshots");
    let config = queens::pipeline::Config::default();
    let faults: Vec<String> = readable
        .par_iter()
        .flat_map(|shot| {
            let bytes = std::fs::read(Path::new(&dir).join(&shot.file)).unwrap();
            let (outcome, _) = queens::pipeline::solve_bytes(&bytes, true, &config);
            let regions = Regions::from_rows(&shot.regions).unwrap();
            let solution = Placement::new(shot.solution.iter().enumerate().map(|(r, &c)| Cell::new(r, c)).collect());
            let marks = outcome.marks.clone().expect("marks read");
            let engine = queens::pipeline::engine(&regions, outcome.colors.as_deref(), 1, false);
            regions
                .cells()
                .flat_map(|cell| {
                    let w = why(&engine, &regions, &solution, &marks, cell);
                    let mut f = faults(&shot.file, &engine, &solution, &marks, cell, &w);
                    if w.state.is_none() {
                        f.push(format!("{} {cell:?}: no chain: {}", shot.file, w.reveals.text));
                    }
                    f
                })
                .collect::<Vec<_>>()
        })
        .collect();
    assert!(
        faults.is_empty(),
        "{} faults:\n{}",
        faults.len(),
        faults.iter().take(20).cloned().collect::<Vec<_>>().join("\n")
    );
}

#[derive(serde::Deserialize)]
struct Screenshot {
    file: String,
}

/// On every played screenshot of both played corpora, "why?" about each cell the
/// first hint decides takes no more steps than that hint (one) and no harder
/// technique: the player's correct crowns and their reach are given to both.
// See: issue 47, item 1 (played-214 r5c4 took 7 queen-reach steps and a last cell).
#[test]
fn why_about_a_cell_the_first_hint_decides_is_no_longer_and_no_harder_than_the_hint() {
    let Some(dir) = common::corpus_or_skip() else { return };
    let mut shots = Vec::new();
    for folder in ["played", "starbattle-played"] {
        for s in common::manifest::<Screenshot>(&dir.join(folder)) {
            if !s.file.ends_with("-dialog.png") {
                shots.push(dir.join(folder).join(s.file));
            }
        }
    }
    let config = queens::pipeline::Config::default();
    let results: Vec<(usize, Vec<String>)> = shots
        .par_iter()
        .map(|path| {
            let what = path.file_name().unwrap().to_string_lossy().into_owned();
            let (mut outcome, _) = queens::pipeline::solve_bytes(&std::fs::read(path).unwrap(), true, &config);
            let Some(step) = queens::pipeline::hint(&mut outcome, &config).and_then(|h| h.step) else {
                return (0, Vec::new());
            };
            let mut faults = Vec::new();
            for &(cell, _) in &step.decided {
                let w = queens::pipeline::why(&mut outcome, &config, cell).expect("an answer");
                let hardest = w.steps.iter().map(|s| s.level()).max().unwrap_or(0);
                if w.steps.len() > 1 || hardest > step.level() || w.state.is_none() {
                    faults.push(format!(
                        "{what} {}: {} steps up to level {hardest}, where the hint ({}, level {}) takes one",
                        cell.name(),
                        w.steps.len(),
                        step.technique.id(),
                        step.level()
                    ));
                }
            }
            (step.decided.len(), faults)
        })
        .collect();
    let cells: usize = results.iter().map(|r| r.0).sum();
    let faults: Vec<&String> = results.iter().flat_map(|r| &r.1).collect();
    assert!(
        faults.is_empty(),
        "{} faults:\n{}",
        faults.len(),
        faults.iter().take(30).map(|s| s.as_str()).collect::<Vec<_>>().join("\n")
    );
    assert!(cells > 200, "cells the first hints decide: {cells}");
    eprintln!("{} screenshots, {cells} cells the first hint decides", shots.len());
}

/// "Why?" about a wrong mark is that mark's fix, the same on every surface as the
/// hint's: on each Queens screenshot whose first hint fixes a mark, `why --json`
/// about that mark says the hint's words at each reveal, outlines what the hint
/// outlines, and dots the proof's cells at the answer only (the page draws its
/// record; the terminal and the picture draw the hint), never the proof's steps
/// as decided: they hold only with the wrong mark in place.
#[test]
fn why_about_a_wrong_mark_is_its_fix_with_the_hints_dots_at_the_answer_only() {
    let Some(dir) = common::corpus_or_skip() else { return };
    let dir = dir.join("played");
    let shots: Vec<Labelled> = common::manifest(&dir);
    let run = |args: &[&str], path: &std::path::Path| -> serde_json::Value {
        let out = common::queens().args(args).args(["--json", "--no-image"]).arg(path).output().unwrap();
        serde_json::from_slice(&out.stdout).unwrap_or_else(|e| panic!("{path:?}: {e}"))
    };
    let results: Vec<(usize, Vec<String>)> = shots
        .par_iter()
        .filter(|s| !s.mistakes.is_empty())
        .map(|shot| {
            let path = dir.join(&shot.file);
            let hint = run(&["hint", "--reveal", "answer"], &path);
            if hint["fixing"] != true {
                return (0, Vec::new());
            }
            // The mark the hint fixes: its answer begins with it.
            let text = hint["hint"]["text"].as_str().unwrap();
            let fixed = hint["mistakes"].as_array().unwrap().iter().find_map(|m| {
                let [r, c] = [0, 1].map(|k| m[k].as_u64().unwrap() as usize + 1);
                text.split(" is wrong").next()?.ends_with(&format!(" on row {r}, column {c}")).then_some((r, c))
            });
            let Some((r, c)) = fixed else {
                return (0, vec![format!("{}: the fix names no mistake: {text}", shot.file)]);
            };
            let cell = format!("r{r}c{c}");
            let mut faults = Vec::new();
            let mut dotted = 0;
            for (reveal, key) in [("nudge", "nudge"), ("reason", "reason"), ("answer", "text")] {
                let h = run(&["hint", "--reveal", reveal], &path);
                let w = run(&["why", &cell, "--reveal", reveal], &path);
                if w[key] != h["hint"][key] {
                    faults.push(format!(
                        "{} {cell} {reveal}: why says {}, the hint {}",
                        shot.file, w[key], h["hint"][key]
                    ));
                }
                let implied = w["implied"].as_array().unwrap();
                if reveal == "answer" {
                    dotted = implied.len();
                    if w["implied"] != h["implied"] || w["mistake"] != true {
                        faults.push(format!(
                            "{} {cell}: why dots {}, the hint {}",
                            shot.file, w["implied"], h["implied"]
                        ));
                    }
                    // The hint's step lists the mark too; the why record names it as its cell.
                    if ["rows", "cols", "regions"].iter().any(|&unit| w["look"][unit] != h["hint"]["uses"][unit]) {
                        faults.push(format!(
                            "{} {cell}: why outlines {}, the hint {}",
                            shot.file, w["look"], h["hint"]["uses"]
                        ));
                    }
                } else if !implied.is_empty() {
                    faults.push(format!("{} {cell} {reveal}: dots before the answer: {}", shot.file, w["implied"]));
                }
            }
            (dotted, faults)
        })
        .collect();
    let faults: Vec<&String> = results.iter().flat_map(|r| &r.1).collect();
    assert_no_faults(&faults);
    let dotted = results.iter().filter(|r| r.0 > 0).count();
    assert!(dotted >= 5, "only {dotted} wrong marks whose why has dots: the test checks little");
}
