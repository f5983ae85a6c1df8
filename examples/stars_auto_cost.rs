//! What `--stars auto` costs on 1-star daily levels, measured interleaved: each
//! level is solved with K = 1 fixed and then under auto, five rounds, so machine
//! load hits both alike (criterion runs the two bench groups minutes apart).
//! Also counts how the K = 2 candidates are settled (2×2-block bound, search, solver).
//!
//! `cargo run --release --example stars_auto_cost` (needs ../shared/corpus).

use std::time::{Duration, Instant};

use queens::solve::stars::{blocked, search, solve_auto};
use queens::solve::{solve, SolveOptions};
use queens::Regions;

fn main() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/corpus/levels-daily-617-842.json");
    let Ok(text) = std::fs::read_to_string(path) else {
        eprintln!("SKIPPED: {path} is missing");
        return;
    };
    let levels: Vec<serde_json::Value> = serde_json::from_str(&text).expect("levels JSON");
    let boards: Vec<Regions> = levels
        .iter()
        .map(|l| {
            let rows: Vec<&str> = l["regions"].as_array().unwrap().iter().map(|r| r.as_str().unwrap()).collect();
            Regions::from_rows(&rows).unwrap()
        })
        .collect();
    let (mut fixed, mut auto) = (Duration::ZERO, Duration::ZERO);
    for _ in 0..5 {
        for b in &boards {
            let t = Instant::now();
            solve(b, &SolveOptions::default()).expect("daily levels are unique");
            fixed += t.elapsed();
            let t = Instant::now();
            let (k, result) = solve_auto(b, &SolveOptions::default());
            result.expect("daily levels are unique");
            assert_eq!(k, Some(1));
            auto += t.elapsed();
        }
    }
    let by_bound = boards.iter().filter(|b| blocked(b, 2)).count();
    let t = Instant::now();
    let by_search: Vec<_> = boards.iter().filter(|b| !blocked(b, 2)).map(|b| search(b, 2, 2_000)).collect();
    let search_time = t.elapsed();
    println!(
        "{} levels x 5 rounds: K = 1 fixed {fixed:.2?}, auto {auto:.2?}, ratio {:.3}",
        boards.len(),
        auto.as_secs_f64() / fixed.as_secs_f64()
    );
    println!(
        "K = 2: {by_bound} ruled out by the 2x2-block bound; the search settled {} ({:?}) in {search_time:.2?}",
        by_search.len(),
        by_search.iter().fold(std::collections::BTreeMap::new(), |mut m, s| {
            *m.entry(format!("{s:?}")).or_insert(0) += 1;
            m
        })
    );
}
