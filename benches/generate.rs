//! `queens generate`'s speed: every puzzle timed on its own, medians and maxima.
//!
//! - 9×9 1★, each grade: 40 puzzles (seeds 0..40) per grade, then all grades together;
//! - 10×10 2★, hard and expert: 10 puzzles each;
//! - 14×14 3★ and 17×17 4★: 3 puzzles each, hard (the grade the engine reaches
//!   there most often: it finishes few expert boards of those sizes).
//!
//! One thread, one puzzle at a time, as `generate::one` makes them (no PNG).
//! Run: `cargo bench --bench generate` (`-- quick` for a third of the seeds).

use std::time::{Duration, Instant};

use queens::generate::{one, Spec, Target};
use queens::solve::logic::Grade;

fn case(name: &str, n: usize, stars: usize, grades: &[Grade], seeds: u64) -> Vec<f64> {
    let mut all = Vec::new();
    for &grade in grades {
        let spec = Spec { n, stars, target: Target::Grade(grade), time_limit: Duration::from_secs(600) };
        let mut ms: Vec<f64> = Vec::new();
        let mut failed = 0;
        for seed in 0..seeds {
            let t = Instant::now();
            match one(&spec, seed) {
                Ok(_) => ms.push(t.elapsed().as_secs_f64() * 1000.0),
                Err(_) => failed += 1,
            }
        }
        report(&format!("{name} {}", grade.name()), &ms, failed);
        all.extend(ms);
    }
    all
}

fn report(name: &str, ms: &[f64], failed: usize) {
    let mut sorted = ms.to_vec();
    sorted.sort_by(f64::total_cmp);
    let median = sorted.get(sorted.len() / 2).copied().unwrap_or(f64::NAN);
    let max = sorted.last().copied().unwrap_or(f64::NAN);
    println!("{name:<24} {:>4} puzzles  median {median:>9.1} ms  max {max:>9.1} ms  failed {failed}", ms.len());
}

fn main() {
    let quick = std::env::args().any(|a| a == "quick");
    let scale = |s: u64| if quick { s.div_ceil(3) } else { s };
    let all = case("9x9 1-star", 9, 1, &[Grade::Easy, Grade::Medium, Grade::Hard, Grade::Expert], scale(40));
    report("9x9 1-star any grade", &all, 0);
    case("10x10 2-star", 10, 2, &[Grade::Hard, Grade::Expert], scale(10));
    case("14x14 3-star", 14, 3, &[Grade::Hard], scale(3));
    case("17x17 4-star", 17, 4, &[Grade::Hard], scale(3));
}
