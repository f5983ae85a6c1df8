//! Times `why` on every cell of corpus levels at three positions (an empty board,
//! and the solution's queens and empty cells a quarter and half known), and
//! prints the median and maximum per answer and the longest chain:
//!
//! ```text
//! cargo run --release --example why_times -- 200
//! ```
//!
//! The argument is how many levels of `../shared/corpus/levels.json` to take.

use std::time::Instant;

use queens::puzzle::marks::{Mark, Marks};
use queens::solve::logic::why::why;
use queens::solve::logic::{Engine, Names};
use queens::{Cell, Placement, Regions};

fn main() {
    let take: usize = std::env::args().nth(1).and_then(|a| a.parse().ok()).unwrap_or(200);
    let text = std::fs::read_to_string("../shared/corpus/levels.json").expect("../shared/corpus/levels.json");
    let levels: Vec<serde_json::Value> = serde_json::from_str(&text).expect("JSON");
    let (mut times, mut longest) = (Vec::new(), 0);
    for level in levels.iter().take(take) {
        let rows: Vec<String> =
            level["regions"].as_array().unwrap().iter().map(|r| r.as_str().unwrap().to_string()).collect();
        let regions = Regions::from_rows(&rows).unwrap();
        let n = regions.n();
        let cols: Vec<usize> =
            level["solution"].as_array().unwrap().iter().map(|c| c.as_u64().unwrap() as usize).collect();
        let solution = Placement::new(cols.iter().enumerate().map(|(r, &c)| Cell::new(r, c)).collect());
        let engine = Engine::new(&regions, 1, Names::letters(regions.region_count()));
        for known in [0, 25, 50] {
            let mut marks = Marks::new(n);
            for (k, cell) in regions.cells().enumerate() {
                if (k * 37 + 11) % 100 < known {
                    marks.set(cell, if solution.contains(cell) { Mark::Queen } else { Mark::Cross });
                }
            }
            for cell in regions.cells() {
                let t = Instant::now();
                let w = why(&engine, &regions, &solution, &marks, cell);
                times.push(t.elapsed().as_secs_f64() * 1000.0);
                longest = longest.max(w.steps.len());
            }
        }
    }
    times.sort_by(f64::total_cmp);
    let median = times[times.len() / 2];
    println!(
        "{} answers: median {median:.2} ms, max {:.1} ms, longest chain {longest} steps",
        times.len(),
        times[times.len() - 1]
    );
}
