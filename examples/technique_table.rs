//! Prints the technique and grade tables of docs/benchmarks.md: for every one-solution level of
//! the shared corpus, the hardest technique its explained path needs and its grade;
//! and the same for the Star Battle boards (`starbattle/` and `starbattle-packs/`
//! together), one column per K, with the boards the engine does not finish.
//!
//! Run: `cargo run --release --example technique_table` (reads ../shared/corpus).

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use queens::solve::logic::{self, Board, Engine, Grade, Names, Technique};
use queens::Regions;
use rayon::prelude::*;

/// One column of the tables: its heading and its boards with their K.
struct Column {
    title: String,
    boards: Vec<(Regions, usize)>,
}

fn read(path: &Path) -> Vec<serde_json::Value> {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn regions(l: &serde_json::Value) -> Regions {
    let rows: Vec<String> = l["regions"].as_array().unwrap().iter().map(|r| r.as_str().unwrap().to_string()).collect();
    Regions::from_rows(&rows).expect("square")
}

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
    let mut columns: Vec<Column> = sets
        .iter()
        .map(|(title, files)| Column {
            title: title.to_string(),
            boards: files
                .iter()
                .flat_map(|f| read(&dir.join(f)))
                .filter(|l| l["solutions_found"].as_u64() == Some(1))
                .map(|l| (regions(&l), 1))
                .collect(),
        })
        .collect();
    let mut stars: BTreeMap<usize, Vec<(Regions, usize)>> = BTreeMap::new();
    for set in ["starbattle", "starbattle-packs"] {
        for p in read(&dir.join(set).join("manifest.json")) {
            let k = p["stars"].as_u64().expect("stars") as usize;
            stars.entry(k).or_default().push((regions(&p), k));
        }
    }
    columns.extend(stars.into_iter().map(|(k, boards)| Column { title: format!("{k}★"), boards }));

    let mut hardest: BTreeMap<Technique, Vec<usize>> = BTreeMap::new();
    let mut grades: BTreeMap<Grade, Vec<usize>> = BTreeMap::new();
    let mut unfinished = vec![0; columns.len()];
    for (c, col) in columns.iter().enumerate() {
        let paths: Vec<logic::Path> = col
            .boards
            .par_iter()
            .map(|(r, k)| Engine::new(r, *k, Names::letters(r.region_count())).explain(Board::new(r.n())))
            .collect();
        for p in &paths {
            if !p.solved {
                unfinished[c] += 1;
                continue;
            }
            let d = logic::difficulty(&p.steps);
            if let Some(t) = d.hardest {
                hardest.entry(t).or_insert_with(|| vec![0; columns.len()])[c] += 1;
            }
            grades.entry(d.grade).or_insert_with(|| vec![0; columns.len()])[c] += 1;
        }
    }
    let heads: Vec<String> = columns.iter().map(|c| format!("{} ({})", c.title, c.boards.len())).collect();
    let rule = "|---".repeat(columns.len());
    let row = |counts: &[usize]| counts.iter().map(|n| n.to_string()).collect::<Vec<_>>().join(" | ");
    let none = vec![0; columns.len()];
    println!("| hardest step | level | {} |", heads.join(" | "));
    println!("|---|---{rule}|");
    for t in Technique::ALL {
        println!("| {} (`{}`) | {} | {} |", t.name(), t.id(), t.level(), row(hardest.get(&t).unwrap_or(&none)));
    }
    println!("| not finished by logic | | {} |", row(&unfinished));
    println!();
    let titles: Vec<&str> = columns.iter().map(|c| c.title.as_str()).collect();
    println!("| grade | {} |", titles.join(" | "));
    println!("|---{rule}|");
    for (g, counts) in &grades {
        println!("| {} | {} |", g.name(), row(counts));
    }
}
