//! Star Battle pictures from ../shared/corpus/starbattle (pzprjs and penpa-edit:
//! dashed thin lines, thick region borders, white, grey or pastel cells, JPEG,
//! partly played): every region map read exactly, and every puzzle solved to the
//! labelled stars with the labelled K.

mod common;

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
            // The 17x17 4-star puzzles take seconds; the limit is only a safety net.
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
