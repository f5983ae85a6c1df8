//! Star Battle exact solve + uniqueness proof, per (N, K), SAT against MILP in one run.
//!
//! - `starbattle/{sat,milp}/NxN-Kstar`: criterion, one iteration = one board of the
//!   group in turn (flat sampling, 10 samples, so the slow MILP boards stay few).
//! - After criterion: every board solved once by each engine, median and max ms per
//!   group and the MILP ÷ SAT ratio of the medians (docs/benchmarks.md).
//!
//! Boards: ../shared/corpus/starbattle (the 60 labelled pictures' region maps) and the
//! generated boards of tests/data/starbattle. Without the corpus it says so and
//! benchmarks the generated boards only.
//!
//! Both engines run with `logic: false` (`--no-logic`; SAT never uses the presolve).
//! MILP is skipped on 17×17 4★: HiGHS needs seconds to over 20 s per board there
//! (docs/benchmarks.md), which would make the bench run for many minutes.
//! Run: `cargo bench --bench starbattle -- --noplot`.

use std::collections::BTreeMap;
use std::path::Path;
use std::time::{Duration, Instant};

mod common;

use criterion::{Criterion, SamplingMode};
use queens::solve::{solve_by, EngineChoice, SolveOptions};
use queens::Regions;

/// One board: its map, K and its known solution ([row, col], sorted).
struct Board {
    regions: Regions,
    stars: usize,
    solution: Vec<[usize; 2]>,
}

#[derive(serde::Deserialize)]
struct Labelled {
    n: usize,
    stars: usize,
    regions: Vec<String>,
    solution: Vec<[usize; 2]>,
}

/// Boards grouped by (N, K): the corpus ones (when present) and the generated ones.
fn groups() -> BTreeMap<(usize, usize), Vec<Board>> {
    let mut labelled: Vec<Labelled> = Vec::new();
    match common::corpus() {
        Some(dir) => labelled.extend(common::manifest::<Labelled>(&dir.join("starbattle"))),
        None => eprintln!(
            "CORPUS MISSING: ../shared/corpus/starbattle not found; benchmarking only the generated boards of tests/data/starbattle"
        ),
    }
    let generated = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/starbattle");
    labelled.extend(common::manifest::<Labelled>(&generated));
    let mut groups: BTreeMap<(usize, usize), Vec<Board>> = BTreeMap::new();
    for l in labelled {
        let regions = Regions::from_rows(&l.regions).expect("square board");
        assert_eq!(regions.n(), l.n);
        groups.entry((l.n, l.stars)).or_default().push(Board { regions, stars: l.stars, solution: l.solution });
    }
    groups
}

/// MILP only where HiGHS is fast enough for a bench: not on 17×17 (see the header).
fn milp_fits(n: usize) -> bool {
    n < 17
}

fn options(stars: usize, engine: EngineChoice) -> SolveOptions {
    SolveOptions { stars, engine, logic: false, time_limit: Duration::from_secs(60), ..SolveOptions::default() }
}

fn engines(n: usize) -> Vec<(&'static str, EngineChoice)> {
    let mut v = vec![("sat", EngineChoice::Sat)];
    if milp_fits(n) {
        v.push(("milp", EngineChoice::Milp));
    }
    v
}

/// Solves one board with the proof, checks the solution, and returns its ms.
fn solve_ms(b: &Board, engine: EngineChoice) -> f64 {
    let t = Instant::now();
    let solved = solve_by(&b.regions, &options(b.stars, engine));
    let ms = t.elapsed().as_secs_f64() * 1000.0;
    let got: Vec<[usize; 2]> = solved.result.expect("unique board").cells().iter().map(|c| [c.row, c.col]).collect();
    assert_eq!(got, b.solution, "wrong solution with {engine:?}");
    ms
}

fn bench(c: &mut Criterion, groups: &BTreeMap<(usize, usize), Vec<Board>>) {
    let mut group = c.benchmark_group("starbattle");
    group
        .sample_size(10)
        .sampling_mode(SamplingMode::Flat)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(2));
    for (&(n, k), boards) in groups {
        for (name, engine) in engines(n) {
            let mut i = 0;
            group.bench_function(format!("{name}/{n}x{n}-{k}star"), |b| {
                b.iter(|| {
                    let board = &boards[i % boards.len()];
                    i += 1;
                    let solved = solve_by(&board.regions, &options(board.stars, engine));
                    solved.result.expect("unique board")
                })
            });
        }
    }
    group.finish();
}

fn median_max(mut v: Vec<f64>) -> (f64, f64) {
    v.sort_by(f64::total_cmp);
    (v[v.len() / 2], v[v.len() - 1])
}

fn table(groups: &BTreeMap<(usize, usize), Vec<Board>>) {
    println!("\nEvery board solved once per engine (solve + uniqueness proof, ms):");
    println!("| N | K | boards | sat median / max ms | milp median / max ms | milp ÷ sat (medians) |");
    println!("|---|---|---|---|---|---|");
    for (&(n, k), boards) in groups {
        let (sm, sx) = median_max(boards.iter().map(|b| solve_ms(b, EngineChoice::Sat)).collect());
        let (milp, ratio) = if milp_fits(n) {
            let (mm, mx) = median_max(boards.iter().map(|b| solve_ms(b, EngineChoice::Milp)).collect());
            (format!("{mm:.1} / {mx:.1}"), format!("{:.1}", mm / sm))
        } else {
            ("skipped (too slow)".to_string(), "–".to_string())
        };
        println!("| {n} | {k} | {} | {sm:.1} / {sx:.1} | {milp} | {ratio} |", boards.len());
    }
}

fn main() {
    let groups = groups();
    let mut c = Criterion::default().configure_from_args();
    bench(&mut c, &groups);
    c.final_summary();
    table(&groups);
}
