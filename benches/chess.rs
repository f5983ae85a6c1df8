//! How the chess-queens solve time grows with the board: one full `chess::solve`
//! (heuristic, certificate, LP relaxation and MILP, all checked) per iteration.
//!
//! Needs `harness = false` in its `[[bench]]` entry; run with `cargo bench --bench chess`.

use std::time::Duration;

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use queens::solve::chess::{self, Piece};

/// Board sides measured; 30 is the largest the issue asks about.
const SIZES: [usize; 8] = [4, 8, 12, 16, 20, 24, 28, 30];

fn milp_by_n(c: &mut Criterion) {
    let mut group = c.benchmark_group("chess_queens_milp");
    // Few samples keep the whole run to a few minutes even if large boards get slow.
    group.sample_size(10);
    for n in SIZES {
        group.bench_with_input(BenchmarkId::from_parameter(n), &n, |b, &n| {
            b.iter(|| {
                let r = chess::solve(n, Piece::Queens, Duration::from_secs(120)).expect("solves");
                // A benchmark of a wrong answer measures nothing.
                assert_eq!(r.milp, n);
                r
            })
        });
    }
    group.finish();
}

criterion_group!(benches, milp_by_n);
criterion_main!(benches);
