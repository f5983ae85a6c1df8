//! Generates the unique Star Battle boards of `tests/data/starbattle/`.
//!
//! ```text
//! cargo run --release --example gen_starbattle -- tests/data/starbattle [N]
//! ```
//!
//! Each board is [`queens::generate::unique`] of its size and a fixed seed (so
//! running it again writes the same files): a random valid star placement, regions
//! grown around it, and the repair that moves cells until that placement is the
//! only solution, proved by the exact solver. Here the SAT engine proves it once
//! more and the rule check passes, before the board is written as a text puzzle
//! with its `# stars: K` line (which states K, as a link does: `queens solve FILE`
//! needs no `--stars`); `manifest.json` lists every board with its K and solution.
//! The engine need not finish these boards by logic (they are for the exact
//! solvers' tests and benches). With N, only that size is remade (its entries in
//! the manifest are replaced, the others kept).

use std::fmt::Write as _;
use std::time::{Duration, Instant};

use queens::generate::{self, Spec, Target};
use queens::puzzle::check;
use queens::puzzle::deadline::Deadline;
use queens::solve::logic::Grade;
use queens::solve::sat;

/// The sizes: side N, stars K, boards.
const SIZES: [(usize, usize, usize); 5] = [(10, 2, 6), (14, 3, 6), (17, 4, 6), (20, 5, 6), (25, 6, 6)];

fn main() {
    let out = std::path::PathBuf::from(std::env::args().nth(1).unwrap_or_else(|| "tests/data/starbattle".into()));
    std::fs::create_dir_all(&out).expect("output folder");
    let only: Option<usize> = std::env::args().nth(2).map(|a| a.parse().expect("a board side"));
    let sizes: Vec<_> = SIZES.into_iter().filter(|s| only.is_none_or(|n| n == s.0)).collect();
    let manifest_path = out.join("manifest.json");
    let mut manifest: Vec<serde_json::Value> =
        std::fs::read_to_string(&manifest_path).ok().and_then(|t| serde_json::from_str(&t).ok()).unwrap_or_default();
    manifest.retain(|e| !sizes.iter().any(|s| e["n"] == s.0));
    for (n, k, count) in sizes {
        let spec = Spec { n, stars: k, target: Target::Grade(Grade::Expert), time_limit: Duration::from_secs(600) };
        for made in 1..=count {
            // One seed per board, so remaking one size gives the same boards as remaking all.
            let seed = (n * 100 + made) as u64;
            let started = Instant::now();
            let (regions, solution) = generate::unique(&spec, seed).unwrap_or_else(|e| panic!("{n}x{n}: {e}"));
            let ms = started.elapsed().as_secs_f64() * 1000.0;
            let proved = sat::solve(&regions, k, Deadline::after(Duration::from_secs(600)));
            assert_eq!(proved.as_ref().ok(), Some(&solution), "{n}x{n} seed {seed}: the SAT engine disagrees");
            check::check(&regions, k, &solution).expect("the solution follows the rules");
            let file = format!("{n}x{n}-{k}star-{made}.txt");
            let mut text = format!(
                "# {n}x{n} Star Battle, {k} stars per row, column and region (made by gen_starbattle, seed {seed})\n"
            );
            writeln!(text, "# stars: {k}").unwrap();
            for row in regions.rows() {
                writeln!(text, "{row}").unwrap();
            }
            std::fs::write(out.join(&file), text).expect("write board");
            let stars: Vec<[usize; 2]> = solution.cells().iter().map(|c| [c.row, c.col]).collect();
            manifest.push(serde_json::json!({
                "file": file, "n": n, "stars": k, "regions": regions.rows(), "solution": stars,
            }));
            eprintln!("{file}: unique, made in {ms:.0} ms");
        }
    }
    manifest.sort_by_key(|e| (e["n"].as_u64(), e["file"].as_str().map(str::to_owned)));
    // One board a line: the list stays small and its diffs readable.
    let lines: Vec<String> = manifest.iter().map(|e| serde_json::to_string(e).expect("json")).collect();
    std::fs::write(manifest_path, format!("[\n{}\n]\n", lines.join(",\n"))).expect("write manifest");
}
