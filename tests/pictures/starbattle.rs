//! Star Battle pictures from ../shared/corpus/starbattle (pzprjs and penpa-edit:
//! dashed thin lines, thick region borders, white, grey or pastel cells, JPEG,
//! partly played): every region map read exactly, and every puzzle solved to the
//! labelled stars with the labelled K.

use crate::common;

use std::time::Duration;

use queens::pipeline::{solve_image, Config};
use queens::solve::SolveOptions;
use rayon::prelude::*;

#[test]
fn every_starbattle_picture_reads_and_solves_exactly() {
    let Some((dir, shots)) = common::starbattle() else { return };
    assert_eq!(shots.len(), 60);
    let failures: Vec<String> = shots
        .par_iter()
        .filter_map(|shot| {
            let bytes = std::fs::read(dir.join(&shot.file)).expect("corpus file");
            // The 17x17 4-star puzzles take up to a few seconds; the limit is only a safety net.
            let config = Config {
                solve: SolveOptions {
                    stars: shot.stars,
                    time_limit: Duration::from_secs(600),
                    ..SolveOptions::default()
                },
                ..Config::default()
            };
            let (outcome, _) = solve_image(&bytes, &config);
            let rows = outcome.regions.as_ref().map(|r| r.rows());
            if let Some(rows) = &rows {
                // Never a wrong map: whatever was read must be the labelled one.
                assert_eq!(rows, &shot.regions, "{}: WRONG region map", shot.file);
            }
            match &outcome.result {
                Ok(p) => {
                    let stars: Vec<[usize; 2]> = p.cells().iter().map(|c| [c.row, c.col]).collect();
                    assert_eq!(stars, shot.solution, "{}: WRONG solution", shot.file);
                    assert_eq!(outcome.regions.as_ref().map(|r| r.n()), Some(shot.n));
                    None
                }
                Err(e) => Some(format!("{}: {e}", shot.file)),
            }
        })
        .collect();
    assert!(failures.is_empty(), "{} of 60 not read and solved:\n{}", failures.len(), failures.join("\n"));
}

#[test]
fn black_and_white_grids_are_marked_as_read_from_borders() {
    let Some((dir, shots)) = common::starbattle() else { return };
    for shot in shots.iter().filter(|s| s.file.contains("pzprjs")).take(3) {
        let bytes = std::fs::read(dir.join(&shot.file)).expect("corpus file");
        let config = Config { solve: SolveOptions { stars: shot.stars, ..Default::default() }, ..Config::default() };
        let (outcome, _) = solve_image(&bytes, &config);
        assert!(outcome.from_borders, "{}: white cells, so the borders drew the regions", shot.file);
    }
}

/// The generated boards of tests/data/starbattle: the SAT engine and `--engine milp`
/// both find the manifest's solution and prove it unique (the MILP up to 20×20:
/// one 25×25 6★ board takes it about 30 s).
#[test]
fn generated_boards_solve_to_their_solution_with_both_engines() {
    use queens::solve::{solve_by, EngineChoice, Exact};
    #[derive(serde::Deserialize)]
    struct Generated {
        file: String,
        n: usize,
        stars: usize,
        regions: Vec<String>,
        solution: Vec<[usize; 2]>,
    }
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/starbattle");
    let boards: Vec<Generated> = common::manifest(&dir);
    let mut sizes: Vec<(usize, usize)> = boards.iter().map(|b| (b.n, b.stars)).collect();
    sizes.dedup();
    assert_eq!(sizes, [(10, 2), (14, 3), (17, 4), (20, 5), (25, 6)], "the manifest's sizes");
    boards.par_iter().for_each(|b| {
        let regions = queens::Regions::from_rows(&b.regions).expect("square board");
        let text = std::fs::read_to_string(dir.join(&b.file)).expect("board file");
        assert_eq!(queens::puzzle::text::parse(&text).expect("parses").rows(), regions.rows(), "{}", b.file);
        let engines = [(EngineChoice::Sat, Exact::Sat), (EngineChoice::Milp, Exact::Milp)];
        for (choice, engine) in engines.into_iter().filter(|&(c, _)| b.n <= 20 || c != EngineChoice::Milp) {
            let opts = SolveOptions { stars: b.stars, engine: choice, ..SolveOptions::default() };
            let solved = solve_by(&regions, &opts);
            let got: Vec<[usize; 2]> = solved.result.expect("unique").cells().iter().map(|c| [c.row, c.col]).collect();
            assert_eq!(got, b.solution, "{} with {engine:?}", b.file);
            assert!(solved.engine == engine || solved.engine == Exact::Logic, "{}", b.file);
        }
    });
}

#[test]
fn the_explanation_beside_the_solve_is_the_one_after_it() {
    // On a rayon pool (the command line's) the engine explains beside the exact
    // solve; on the server's plain threads, after it. Both must say the same.
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/starbattle/14x14-3star-2.txt");
    let text = std::fs::read_to_string(path).expect("test data");
    let config = Config { explain: true, stars: queens::solve::stars::Stars::Fixed(3), ..Config::default() };
    let after = queens::pipeline::solve_text(&text, &config);
    let pool = rayon::ThreadPoolBuilder::new().num_threads(2).build().expect("pool");
    let beside = pool.install(|| queens::pipeline::solve_text(&text, &config));
    assert_eq!(after.result.as_ref().ok(), beside.result.as_ref().ok());
    assert!(after.result.is_ok());
    let (a, b) = (after.explained.expect("explained after"), beside.explained.expect("explained beside"));
    assert_eq!(a.unavailable, b.unavailable);
    assert_eq!(
        (a.solved_by_logic, a.difficulty.grade, a.difficulty.score),
        (b.solved_by_logic, b.difficulty.grade, b.difficulty.score)
    );
    let texts = |e: &queens::pipeline::Explanation| e.steps.iter().map(|s| s.reveals.text.clone()).collect::<Vec<_>>();
    assert!(!a.steps.is_empty());
    assert_eq!(texts(&a), texts(&b));
    assert!(after.ms.explain.is_some() && beside.ms.explain.is_some());
}

/// `queens explain` may spend more on its path than the grading behind `solve
/// --json --grade`'s difficulty: a 17×17 4★ board (corpus 058) that grading gives up on is
/// explained to the end, every step agreeing with the solution.
#[test]
fn explain_finishes_a_board_that_grading_gives_up_on() {
    let Some((_, shots)) = common::starbattle() else { return };
    let shot = shots.iter().find(|s| s.file.starts_with("058_")).expect("corpus board 058");
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("058.txt");
    std::fs::write(&file, shot.regions.join("\n") + "\n").unwrap();
    let run = |args: &[&str]| {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_queens"))
            .args(args)
            .args(["--json", "-q", "--no-image", "--stars", "4"])
            .arg(&file)
            .output()
            .unwrap();
        assert!(out.status.success(), "{args:?}: {}", String::from_utf8_lossy(&out.stderr));
        serde_json::from_slice::<serde_json::Value>(&out.stdout).unwrap()
    };
    let solved = run(&["solve", "--grade"]);
    assert!(solved["difficulty"].is_null(), "grading is expected to give up on 058: {}", solved["difficulty"]);
    let explained = run(&["explain"]);
    assert_eq!(explained["solved_by_logic"], true, "058 not explained to the end");
    let star = |cell: &serde_json::Value| shot.solution.iter().any(|s| cell == &serde_json::json!(s));
    let steps = explained["steps"].as_array().unwrap();
    assert!(steps.len() > 20, "{} steps", steps.len());
    let mut decided = 0;
    for step in steps {
        for d in step["decided"].as_array().unwrap() {
            let queen = d["mark"] == "queen";
            assert_eq!(star(&d["cell"]), queen, "a step against the solution: {}", step["text"]);
            decided += 1;
        }
    }
    assert_eq!(decided, 17 * 17, "every cell is decided once");
}
