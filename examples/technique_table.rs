//! Prints the README's technique and grade tables: for every one-solution level of
//! the shared corpus, the hardest technique its explained path needs and its grade.
//!
//! Run: `cargo run --release --example technique_table` (reads ../shared/corpus).

use std::collections::BTreeMap;
use std::path::PathBuf;

use queens::solve::logic::{self, Board, Engine, Grade, Names, Technique};
use queens::Regions;
use rayon::prelude::*;

fn main() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus");
    if !dir.is_dir() {
        eprintln!("the shared corpus is missing at {}", dir.display());
        std::process::exit(1);
    }
    let sets: [(&str, &[&str]); 2] = [
        ("daily + bonus", &["levels.json", "levels-daily-617-842.json", "levels-bonus.json"]),
        ("community", &["levels-community.json"]),
    ];
    let mut hardest: BTreeMap<Technique, [usize; 2]> = BTreeMap::new();
    let mut grades: BTreeMap<Grade, [usize; 2]> = BTreeMap::new();
    let mut totals = [0usize; 2];
    for (k, (_, files)) in sets.iter().enumerate() {
        let mut boards = Vec::new();
        for f in *files {
            let text = std::fs::read_to_string(dir.join(f)).expect("level file");
            let levels: Vec<serde_json::Value> = serde_json::from_str(&text).expect("json");
            for l in levels.into_iter().filter(|l| l["solutions_found"].as_u64() == Some(1)) {
                let rows: Vec<String> =
                    l["regions"].as_array().unwrap().iter().map(|r| r.as_str().unwrap().to_string()).collect();
                boards.push(Regions::from_rows(&rows).expect("square"));
            }
        }
        let paths: Vec<logic::Path> = boards
            .par_iter()
            .map(|r| Engine::new(r, 1, Names::letters(r.region_count())).explain(Board::new(r.n())))
            .collect();
        totals[k] = paths.len();
        for p in &paths {
            let d = logic::difficulty(&p.steps);
            if let Some(t) = d.hardest {
                hardest.entry(t).or_default()[k] += 1;
            }
            grades.entry(d.grade).or_default()[k] += 1;
        }
    }
    println!("| hardest step | level | {} ({}) | {} ({}) |", sets[0].0, totals[0], sets[1].0, totals[1]);
    println!("|---|---|---|---|");
    for t in Technique::ALL {
        let [a, b] = hardest.get(&t).copied().unwrap_or_default();
        println!("| {} (`{}`) | {} | {a} | {b} |", t.name(), t.id(), t.level());
    }
    println!();
    println!("| grade | {} | {} |", sets[0].0, sets[1].0);
    println!("|---|---|---|");
    for (g, [a, b]) in &grades {
        println!("| {} | {a} | {b} |", g.name());
    }
}
