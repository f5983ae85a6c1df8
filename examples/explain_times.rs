//! Times the deduction engine's full explanation of every corpus board, one
//! thread, per group (the level files, and the Star Battle boards per N and K),
//! and writes every step's technique and texts to a file, so that two builds can
//! be compared for speed and for identical steps:
//!
//! ```text
//! cargo run --release --example explain_times -- /tmp/steps-new.txt
//! cmp /tmp/steps-old.txt /tmp/steps-new.txt
//! ```
//!
//! `ONLY=sb` keeps the groups whose name contains `sb`. `THREADS=2` explains each
//! board on a rayon pool of two threads, where case splits go two units at a time
//! (the steps written must be the same as with one). Reads ../shared/corpus.

use std::collections::BTreeMap;
use std::io::Write;
use std::time::Instant;

use queens::solve::logic::{Board, Engine, Names};
use queens::Regions;

fn read(path: &str) -> Vec<serde_json::Value> {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{path}: {e}"))
}

fn regions(l: &serde_json::Value) -> Option<Regions> {
    let rows: Vec<String> =
        l["regions"].as_array()?.iter().map(|r| r.as_str().map(str::to_string)).collect::<Option<_>>()?;
    Regions::from_rows(&rows)
}

fn main() {
    let out = std::env::args().nth(1).unwrap_or_else(|| "/tmp/steps.txt".into());
    let only = std::env::var("ONLY").unwrap_or_default();
    let threads: usize = std::env::var("THREADS").ok().and_then(|t| t.parse().ok()).unwrap_or(1);
    let pool = (threads > 1).then(|| rayon::ThreadPoolBuilder::new().num_threads(threads).build().expect("pool"));
    let corpus = "../shared/corpus";
    let mut groups: Vec<(String, Vec<(Regions, usize)>)> = Vec::new();
    for f in ["levels.json", "levels-daily-617-842.json", "levels-bonus.json", "levels-community.json"] {
        let boards = read(&format!("{corpus}/{f}")).iter().filter_map(regions).map(|r| (r, 1)).collect();
        groups.push((f.to_string(), boards));
    }
    for dir in ["starbattle", "starbattle-packs"] {
        let mut by: BTreeMap<(u64, u64), Vec<(Regions, usize)>> = BTreeMap::new();
        for e in read(&format!("{corpus}/{dir}/manifest.json")) {
            let (n, k) = (e["n"].as_u64().unwrap_or(0), e["stars"].as_u64().unwrap_or(1));
            if let Some(r) = regions(&e) {
                by.entry((n, k)).or_default().push((r, k as usize));
            }
        }
        groups.extend(by.into_iter().map(|((n, k), b)| (format!("sb {dir} {n}x{n} {k}*"), b)));
    }
    let mut steps = std::io::BufWriter::new(std::fs::File::create(&out).unwrap_or_else(|e| panic!("{out}: {e}")));
    println!("| group | boards | solved | median ms | max ms | total ms |");
    println!("|---|---|---|---|---|---|");
    for (name, boards) in groups.iter().filter(|(name, _)| name.contains(&only)) {
        let (mut times, mut solved) = (Vec::new(), 0);
        for (r, k) in boards {
            let engine = Engine::new(r, *k, Names::letters(r.region_count()));
            let t = Instant::now();
            let path = match &pool {
                Some(pool) => pool.install(|| engine.explain(Board::new(r.n()))),
                None => engine.explain(Board::new(r.n())),
            };
            times.push(t.elapsed().as_secs_f64() * 1000.0);
            solved += usize::from(path.solved);
            for s in &path.steps {
                writeln!(
                    steps,
                    "{} | {} | {} | {}",
                    s.technique.id(),
                    s.reveals.nudge,
                    s.reveals.reason,
                    s.reveals.text
                )
                .expect("write");
            }
            writeln!(steps, "-- solved {}", path.solved).expect("write");
        }
        times.sort_by(f64::total_cmp);
        let total: f64 = times.iter().sum();
        let (median, max) = (times[times.len() / 2], times[times.len() - 1]);
        println!("| {name} | {} | {solved} | {median:.2} | {max:.1} | {total:.0} |", boards.len());
    }
}
