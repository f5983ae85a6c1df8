//! Writes many Star Battle boards with exactly one solution, ungraded, as text puzzles:
//! bench and timing data in bulk, where `queens generate` (which steers every board
//! toward a grade) takes minutes per 15×15 3★ board.
//!
//! ```text
//! cargo run --release --example unique_boards -- DIR N K COUNT [FIRST_SEED]
//! ```
//!
//! Board `i` is [`queens::generate::unique`] of seed `FIRST_SEED + i` (default 1):
//! a random valid star placement, regions grown around it, and the repair that
//! moves cells until that placement is the only solution, proved by the exact
//! solver; so running it again writes the same files. Each file says its K in a
//! `# stars: K` line, as `scripts/pysat-anchor.py --also DIR` reads it.

use std::fmt::Write as _;
use std::time::Duration;

use queens::generate::{self, Spec, Target};
use queens::solve::logic::Grade;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let usage = "usage: unique_boards DIR N K COUNT [FIRST_SEED]";
    let number = |i: usize| -> u64 { args.get(i).and_then(|a| a.parse().ok()).unwrap_or_else(|| panic!("{usage}")) };
    let out = std::path::PathBuf::from(args.first().unwrap_or_else(|| panic!("{usage}")));
    let (n, k, count) = (number(1) as usize, number(2) as usize, number(3));
    let first = if args.len() > 4 { number(4) } else { 1 };
    std::fs::create_dir_all(&out).expect("output folder");
    // The target is ignored by `unique`; the time limit is the safety net per board.
    let spec = Spec { n, stars: k, target: Target::Grade(Grade::Hard), time_limit: Duration::from_secs(60) };
    for seed in first..first + count {
        match generate::unique(&spec, seed) {
            Ok((regions, _)) => {
                let mut text = format!("# {n}x{n} Star Battle, {k} stars (unique_boards, seed {seed})\n# stars: {k}\n");
                for row in regions.rows() {
                    writeln!(text, "{row}").unwrap();
                }
                std::fs::write(out.join(format!("{n}x{n}-{k}star-{seed}.txt")), text).expect("write board");
            }
            Err(e) => eprintln!("seed {seed}: {e}"),
        }
    }
}
