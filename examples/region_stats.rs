//! Region-size statistics of the game's levels against generated boards, printed as
//! the Markdown table of docs/benchmarks.md:
//!
//! ```text
//! cargo run --release --example region_stats -- /work/shared/corpus 50 1
//! ```
//!
//! Arguments: the folder holding `levels.json`, `levels-daily-617-842.json` and
//! `levels-bonus.json` (default `../shared/corpus`), how many boards to generate per
//! N (default 50) and the seed (default 1). The boards are generated at the default
//! grade (hard), 1 star, with [`queens::generate::run`] (the same puzzles as
//! `queens generate --size N --count M --seed S`), for N = 7 to 11.
//!
//! Per N and per set: the share of 1-cell and of 2-cell regions, the mean size of
//! the largest region, and the earth mover's distance between the two sets'
//! region-size distributions ([`SizeStats::distance`]: how many cells, on average,
//! a region's size must move to turn one distribution into the other).
//!
//! Then the same for Star Battle: the corpus boards (`starbattle/` and
//! `starbattle-packs/`) of 10×10 2★, 14×14 3★ and 17×17 4★ against as many
//! generated ones: 10×10 at the default grade, the larger as `generate::unique`
//! makes them (the same growth and repair, without the steering toward a grade,
//! which at those sizes takes seconds a board), with the mean smallest and largest
//! region instead of the 1- and 2-cell shares (a region holds at least 2K − 1 cells).

use std::path::PathBuf;
use std::time::Duration;

use queens::generate::{self, canon::Seen, stats::SizeStats, Spec, Target};
use queens::solve::logic::Grade;
use queens::Regions;

/// The boards of a JSON list (level files and corpus manifests alike) that `keep` accepts.
fn boards(path: &std::path::Path, keep: impl Fn(&serde_json::Value) -> bool) -> Vec<Regions> {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let list: Vec<serde_json::Value> = serde_json::from_str(&text).expect("a JSON list of boards");
    list.iter()
        .filter(|e| keep(e))
        .filter_map(|e| {
            let rows: Vec<&str> = e.get("regions")?.as_array()?.iter().filter_map(|r| r.as_str()).collect();
            Regions::from_rows(&rows)
        })
        .collect()
}

/// The corpus Star Battle boards of side `n` with `k` stars.
fn star_boards(dir: &std::path::Path, n: usize, k: usize) -> Vec<Regions> {
    let of = |e: &serde_json::Value| e["n"].as_u64() == Some(n as u64) && e["stars"].as_u64() == Some(k as u64);
    ["starbattle/manifest.json", "starbattle-packs/manifest.json"]
        .iter()
        .flat_map(|f| boards(&dir.join(f), of))
        .collect()
}

fn main() {
    let mut args = std::env::args().skip(1);
    let dir = PathBuf::from(args.next().unwrap_or_else(|| "../shared/corpus".into()));
    let count: usize = args.next().map_or(50, |a| a.parse().expect("a count"));
    let seed: u64 = args.next().map_or(1, |a| a.parse().expect("a seed"));
    let corpus: Vec<Regions> = ["levels.json", "levels-daily-617-842.json", "levels-bonus.json"]
        .iter()
        .flat_map(|f| boards(&dir.join(f), |_| true))
        .collect();
    println!("| N | levels | 1-cell | 2-cell | largest | generated | 1-cell | 2-cell | largest | distance |");
    println!("|---|---|---|---|---|---|---|---|---|---|");
    for n in 7..=11 {
        let game = SizeStats::of(n, &corpus);
        let spec = Spec { n, stars: 1, target: Target::Grade(Grade::Hard), time_limit: Duration::from_secs(60) };
        let mut made = Vec::new();
        generate::run(&spec, seed, count, &Seen::new(), &|| {}, &mut |p| {
            if let Ok(p) = p {
                made.push(p.regions);
            }
        });
        let ours = SizeStats::of(n, &made);
        let pct = |x: f64| format!("{:.1}%", 100.0 * x);
        let largest = |s: &SizeStats| format!("{:.1}", s.sorted.last().copied().unwrap_or(0.0));
        println!(
            "| {n} | {} | {} | {} | {} | {} | {} | {} | {} | {:.2} |",
            game.boards,
            pct(game.ones),
            pct(game.twos),
            largest(&game),
            ours.boards,
            pct(ours.ones),
            pct(ours.twos),
            largest(&ours),
            game.distance(&ours),
        );
    }
    println!();
    println!("| N | K | corpus | smallest | largest | generated | smallest | largest | distance |");
    println!("|---|---|---|---|---|---|---|---|---|");
    for (n, k) in [(10, 2), (14, 3), (17, 4)] {
        let game = SizeStats::of(n, &star_boards(&dir, n, k));
        let spec = Spec { n, stars: k, target: Target::Grade(Grade::Hard), time_limit: Duration::from_secs(120) };
        let mut made = Vec::new();
        if n == 10 {
            generate::run(&spec, seed, game.boards, &Seen::new(), &|| {}, &mut |p| {
                made.extend(p.ok().map(|p| p.regions))
            });
        } else {
            made.extend((0..game.boards as u64).filter_map(|i| generate::unique(&spec, seed + i).ok().map(|(r, _)| r)));
        }
        let ours = SizeStats::of(n, &made);
        let end = |s: &SizeStats, last: bool| {
            format!("{:.1}", if last { s.sorted.last() } else { s.sorted.first() }.copied().unwrap_or(0.0))
        };
        println!(
            "| {n} | {k} | {} | {} | {} | {} | {} | {} | {:.2} |",
            game.boards,
            end(&game, false),
            end(&game, true),
            ours.boards,
            end(&ours, false),
            end(&ours, true),
            game.distance(&ours),
        );
    }
}
