//! The slowest Star Battle board of each (N, K) group, solved and explained: the
//! boards a user waits longest on, so that a change that slows them shows here.
//!
//! - First every board is timed (best of 3) on its own: the SAT solve with its
//!   uniqueness proof (`sat::solve`, what `queens solve` runs for K ≥ 2), and the
//!   graded explained path (the engine within `GRADE_BUDGET`, what `queens solve
//!   --json --grade` runs beside the solve). The slowest board of each group for
//!   each is printed by name, with its group's median.
//! - Then criterion: `slowest/solve/NxN-Kstar` and `slowest/explain/NxN-Kstar` on
//!   those boards (flat sampling, 10 samples).
//!
//! Boards: ../shared/corpus/starbattle and starbattle-packs (the 219 labelled maps
//! with K ≥ 2) and the generated boards of tests/data/starbattle. Without the
//! corpus it says so and benchmarks the generated boards only. The slowest board is
//! picked by time, so on a machine whose speed moves a near tie may swap; the names
//! printed say which ran.
//! Run: `cargo bench --bench slowest -- --noplot`.

use std::collections::BTreeMap;
use std::path::Path;
use std::time::{Duration, Instant};

mod common;

use criterion::{Criterion, SamplingMode};
use queens::puzzle::deadline::Deadline;
use queens::solve::logic::{Board, Engine, Names, GRADE_BUDGET};
use queens::solve::sat;
use queens::Regions;

#[derive(serde::Deserialize)]
struct Labelled {
    file: Option<String>,
    id: Option<String>,
    stars: usize,
    regions: Vec<String>,
    solution: Vec<[usize; 2]>,
}

/// One board: where it is from, its map, K and its known solution.
struct Board1 {
    name: String,
    regions: Regions,
    stars: usize,
    solution: Vec<[usize; 2]>,
}

fn boards() -> Vec<Board1> {
    let mut dirs = Vec::new();
    match common::corpus() {
        Some(dir) => dirs.extend([dir.join("starbattle"), dir.join("starbattle-packs")]),
        None => eprintln!("CORPUS MISSING: benchmarking only the generated boards of tests/data/starbattle"),
    }
    dirs.push(Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/starbattle"));
    let mut all = Vec::new();
    for dir in dirs {
        // The last two parts (corpus/starbattle, data/starbattle): the corpus and the tests hold one name each.
        let folder: Vec<String> = dir.iter().rev().take(2).map(|p| p.to_string_lossy().into_owned()).collect();
        let folder = format!("{}/{}", folder[1], folder[0]);
        for l in common::manifest::<Labelled>(&dir).into_iter().filter(|l| l.stars >= 2) {
            let name = format!("{folder}/{}", l.file.or(l.id).unwrap_or_default());
            let regions = Regions::from_rows(&l.regions).expect("square board");
            let mut solution = l.solution;
            solution.sort_unstable();
            all.push(Board1 { name, regions, stars: l.stars, solution });
        }
    }
    all
}

fn solve(b: &Board1) {
    let placement = sat::solve(&b.regions, b.stars, Deadline::after(Duration::from_secs(60))).expect("solved");
    let mut cells: Vec<[usize; 2]> = placement.cells().iter().map(|c| [c.row, c.col]).collect();
    cells.sort_unstable();
    assert_eq!(cells, b.solution, "{}: not the labelled solution", b.name);
}

fn explain(b: &Board1) -> bool {
    let engine = Engine::new(&b.regions, b.stars, Names::letters(b.regions.region_count()));
    engine.explain_within(Board::new(b.regions.n()), GRADE_BUDGET).solved
}

/// A board's time in ms, and the board (its index).
type Timed = (f64, usize);

/// Best of 3, in ms.
fn best_ms(f: impl Fn()) -> f64 {
    (0..3)
        .map(|_| {
            let t = Instant::now();
            f();
            t.elapsed().as_secs_f64() * 1000.0
        })
        .fold(f64::INFINITY, f64::min)
}

fn main() {
    let all = boards();
    // Per group: (ms, board index) for the solve and for the explanation.
    let mut groups: BTreeMap<(usize, usize), (Vec<Timed>, Vec<Timed>)> = BTreeMap::new();
    for (i, b) in all.iter().enumerate() {
        let g = groups.entry((b.regions.n(), b.stars)).or_default();
        g.0.push((best_ms(|| solve(b)), i));
        g.1.push((
            best_ms(|| {
                std::hint::black_box(explain(b));
            }),
            i,
        ));
    }
    let mut criterion = Criterion::default()
        .sample_size(10)
        .warm_up_time(Duration::from_millis(300))
        .measurement_time(Duration::from_secs(2))
        .configure_from_args();
    for ((n, k), (solves, explains)) in &mut groups {
        for (what, times) in [("solve", &mut *solves), ("explain", &mut *explains)] {
            times.sort_by(|a, b| a.0.total_cmp(&b.0));
            let (median, (slowest, i)) = (times[times.len() / 2].0, times[times.len() - 1]);
            let b = &all[i];
            println!(
                "{n}x{n} {k}★ {what}: slowest {} ({slowest:.2} ms; group median {median:.2} ms, {} boards)",
                b.name,
                times.len()
            );
            let mut group = criterion.benchmark_group(format!("slowest/{what}"));
            group.sampling_mode(SamplingMode::Flat);
            let id = format!("{n}x{n}-{k}star");
            if what == "solve" {
                group.bench_function(id, |x| x.iter(|| solve(b)));
            } else {
                group.bench_function(id, |x| x.iter(|| explain(b)));
            }
            group.finish();
        }
    }
    criterion.final_summary();
}
