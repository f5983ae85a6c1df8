//! The deduction engine's benchmarks.
//!
//! - `logic-solve/{logic,no-logic}`: solve + uniqueness proof per daily/bonus level,
//!   with the engine's presolve and without it (criterion, same run).
//! - `explain/9x9`: a full explained path of a 9×9 daily level.
//! - `why/9x9`: "why?" about one cell of a 9×9 daily level's empty board (every
//!   cell in turn).
//! - After criterion: every level timed on its own (best of 3) with and without the
//!   presolve, median and max per level set, and their ratios, measured in one run.
//!
//! Needs ../shared/corpus; without it, says so and does nothing.
//! Run: `cargo bench --bench logic`.

use std::time::Instant;

mod common;

use common::levels;
use criterion::Criterion;
use queens::puzzle::marks::Marks;
use queens::solve::logic::why::why;
use queens::solve::logic::{Board, Engine, Names};
use queens::solve::{solve, SolveOptions};
use queens::Regions;

const DAILY: [&str; 3] = ["levels.json", "levels-daily-617-842.json", "levels-bonus.json"];

fn options(logic: bool) -> SolveOptions {
    SolveOptions { logic, ..SolveOptions::default() }
}

fn bench(c: &mut Criterion, daily: &[Regions]) {
    let mut group = c.benchmark_group("logic-solve");
    for logic in [true, false] {
        let mut i = 0;
        let opts = options(logic);
        group.bench_function(if logic { "logic" } else { "no-logic" }, |b| {
            b.iter(|| {
                let p = &daily[i % daily.len()];
                i += 1;
                solve(p, &opts).expect("daily levels are unique")
            })
        });
    }
    group.finish();
    let nines: Vec<&Regions> = daily.iter().filter(|r| r.n() == 9).collect();
    let mut i = 0;
    c.bench_function("explain/9x9", |b| {
        b.iter(|| {
            let r = nines[i % nines.len()];
            i += 1;
            let path = Engine::new(r, 1, Names::letters(r.n())).explain(Board::new(r.n()));
            assert!(path.solved);
            path.steps.len()
        })
    });
    let solved: Vec<_> = nines
        .iter()
        .map(|r| (*r, Engine::new(r, 1, Names::letters(r.n())), solve(r, &options(true)).expect("unique")))
        .collect();
    let mut k = 0;
    c.bench_function("why/9x9", |b| {
        b.iter(|| {
            let (r, engine, solution) = &solved[(k / 81) % solved.len()];
            let cell = queens::Cell::new(k % 81 / 9, k % 9);
            k += 1;
            why(engine, r, solution, &Marks::new(9), cell).steps.len()
        })
    });
}

/// Milliseconds of the best of three solves of each level.
fn per_level(levels: &[Regions], logic: bool) -> Vec<f64> {
    let opts = options(logic);
    levels
        .iter()
        .map(|r| {
            (0..3)
                .map(|_| {
                    let t = Instant::now();
                    solve(r, &opts).expect("unique");
                    t.elapsed().as_secs_f64() * 1000.0
                })
                .fold(f64::INFINITY, f64::min)
        })
        .collect()
}

fn median_max(mut v: Vec<f64>) -> (f64, f64) {
    v.sort_by(f64::total_cmp);
    (v[v.len() / 2], v[v.len() - 1])
}

fn table(name: &str, levels: &[Regions]) {
    let (lm, lx) = median_max(per_level(levels, true));
    let (nm, nx) = median_max(per_level(levels, false));
    println!(
        "{name} ({} levels): with logic median {lm:.3} ms, max {lx:.3} ms; --no-logic median {nm:.3} ms, max {nx:.3} ms; ratio median {:.2}, max {:.2}",
        levels.len(),
        lm / nm,
        lx / nx
    );
}

fn main() {
    let daily = levels(&DAILY, false);
    if daily.is_empty() {
        return;
    }
    let mut c = Criterion::default().configure_from_args();
    bench(&mut c, &daily);
    c.final_summary();
    table("daily and bonus", &daily);
    table("community, one solution", &levels(&["levels-community.json"], true));
    let nines: Vec<Regions> = daily.iter().filter(|r| r.n() == 9).cloned().collect();
    let mut times: Vec<f64> = nines
        .iter()
        .map(|r| {
            let t = Instant::now();
            let _ = Engine::new(r, 1, Names::letters(r.n())).explain(Board::new(r.n()));
            t.elapsed().as_secs_f64() * 1000.0
        })
        .collect();
    times.sort_by(f64::total_cmp);
    println!("explained path, 9x9 ({} levels): median {:.3} ms", times.len(), times[times.len() / 2]);
}
