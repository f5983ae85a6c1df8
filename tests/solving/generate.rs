//! `queens generate`: every puzzle it makes is unique (proved by the exact solver),
//! graded as asked by the explained path of the map read back from its own PNG
//! (as `queens explain` reads it), and its PNG reads back to the same map; a seed
//! gives the same bytes whatever the thread count; no two puzzles of a run share
//! a layout up to symmetry, and `--not-in` keeps the corpus layouts out.
//!
//! Layout equality is checked here by its own code (turning and mirroring rows of
//! letters), not by the generator's `canon` module.

use crate::common;

use std::collections::HashSet;
use std::path::Path;
use std::time::Duration;

use assert_cmd::Command;
use queens::generate::{self, canon::Seen, Puzzle, Spec, Target};
use queens::output::{overlay, render};
use queens::pipeline::{solve_image, Config};
use queens::solve::logic::Grade;
use queens::solve::stars::Stars;
use queens::solve::{solve, SolveOptions};
use queens::Regions;
use rayon::prelude::*;

const GRADES: [Grade; 4] = [Grade::Easy, Grade::Medium, Grade::Hard, Grade::Expert];

fn make(n: usize, stars: usize, target: Target, count: usize, seed: u64, avoid: &Seen) -> Vec<Puzzle> {
    let spec = Spec { n, stars, target, time_limit: Duration::from_secs(120) };
    let mut out = Vec::new();
    generate::run(&spec, seed, count, avoid, &|| {}, &mut |p| {
        out.push(p.unwrap_or_else(|e| panic!("{n}x{n} {stars}-star {target:?}: {e}")))
    });
    out
}

/// The layout's class by this test's own reckoning: the smallest of the 8 turned
/// and mirrored copies, each as canonical rows of letters.
fn class(r: &Regions) -> Vec<String> {
    let n = r.n();
    let rows: Vec<Vec<char>> = r.rows().iter().map(|s| s.chars().collect()).collect();
    let turn =
        |g: &Vec<Vec<char>>| -> Vec<Vec<char>> { (0..n).map(|i| (0..n).map(|j| g[n - 1 - j][i]).collect()).collect() };
    let mirror =
        |g: &Vec<Vec<char>>| -> Vec<Vec<char>> { g.iter().map(|row| row.iter().rev().copied().collect()).collect() };
    let mut copies = Vec::new();
    let mut g = rows;
    for _ in 0..4 {
        copies.push(g.clone());
        copies.push(mirror(&g));
        g = turn(&g);
    }
    copies
        .iter()
        .map(|c| {
            let strings: Vec<String> = c.iter().map(|row| row.iter().collect()).collect();
            Regions::from_rows(&strings).expect("square").rows()
        })
        .min()
        .expect("eight copies")
}

/// The checks of one puzzle: unique by the exact solver; its PNG reads back to the
/// same map, solved to the same stars, and explained with the grade asked for.
fn check(p: &Puzzle, grade: Grade) {
    let what = format!("{}x{} {}-star seed {}", p.regions.n(), p.regions.n(), p.stars, p.seed);
    let opts = SolveOptions { stars: p.stars, ..SolveOptions::default() };
    assert_eq!(solve(&p.regions, &opts).unwrap_or_else(|e| panic!("{what}: {e}")), p.solution, "{what}");
    let (img, _) = render::render(&p.regions, &render::Style::default(), &render::Marks::default());
    let config = Config { stars: Stars::Fixed(p.stars), explain: true, ..Config::default() };
    let (outcome, _) = solve_image(&overlay::encode_png(&img), &config);
    assert_eq!(outcome.regions.as_ref(), Some(&p.regions), "{what}: the PNG reads back to another map");
    assert_eq!(outcome.result.as_ref().ok(), Some(&p.solution), "{what}: {:?}", outcome.result.as_ref().err());
    let explained = outcome.explained.expect("explained");
    assert!(explained.solved_by_logic, "{what}: not solved by logic from its PNG");
    assert_eq!(explained.difficulty.grade, grade, "{what}: explain grades it {:?}", explained.difficulty);
}

#[test]
fn puzzles_of_every_size_and_grade_are_unique_graded_as_asked_and_read_back_from_their_png() {
    // Every grade on every size from 6 to 12, but what-if (expert) puzzles only up to
    // 9×9, where they take milliseconds rather than seconds; Star Battle 10×10 2★ at
    // the grade the engine gives such boards today (what-if: its counting techniques
    // for stars are few), 8 puzzles per case.
    let mut cases: Vec<(usize, usize, Grade)> =
        (6..=12).flat_map(|n| GRADES[..3].iter().map(move |&g| (n, 1, g))).collect();
    cases.extend((6..=9).map(|n| (n, 1, Grade::Expert)));
    cases.push((10, 2, Grade::Expert));
    let counts: Vec<usize> = cases
        .par_iter()
        .map(|&(n, k, grade)| {
            let puzzles = make(n, k, Target::Grade(grade), 8, 1000 + n as u64, &Seen::new());
            for p in &puzzles {
                assert_eq!(p.difficulty.grade, grade);
                check(p, grade);
            }
            puzzles.len()
        })
        .collect();
    let total: usize = counts.iter().sum();
    assert!(total >= 200, "{total} puzzles checked");
    eprintln!("{total} puzzles checked over {} cases", cases.len());
}

#[test]
fn no_two_of_a_thousand_nine_by_nine_puzzles_share_a_layout() {
    let puzzles = make(9, 1, Target::Grade(Grade::Hard), 1000, 19, &Seen::new());
    assert_eq!(puzzles.len(), 1000);
    let classes: HashSet<Vec<String>> = puzzles.iter().map(|p| class(&p.regions)).collect();
    assert_eq!(classes.len(), 1000, "{} duplicates up to symmetry", 1000 - classes.len());
}

const CORPUS: [&str; 3] = ["levels.json", "levels-daily-617-842.json", "levels-bonus.json"];

fn bin() -> Command {
    Command::cargo_bin("queens").expect("binary")
}

#[test]
fn not_in_the_corpus_keeps_every_corpus_layout_out() {
    let Some(dir) = common::corpus_or_skip() else { return };
    let files: Vec<String> = CORPUS.iter().map(|f| dir.join(f).display().to_string()).collect();
    let corpus: HashSet<Vec<String>> =
        CORPUS.iter().flat_map(|f| common::levels(f).expect("corpus")).map(|l| class(&l.board())).collect();
    for (size, grade) in [(7, "easy"), (8, "medium")] {
        let out = bin()
            .args(["generate", "--size", &size.to_string(), "--grade", grade, "--count", "30", "--seed", "3"])
            .args(["--format", "json", "--not-in"])
            .args(&files)
            .output()
            .unwrap();
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        let lines: Vec<serde_json::Value> =
            String::from_utf8(out.stdout).unwrap().lines().map(|l| serde_json::from_str(l).unwrap()).collect();
        assert_eq!(lines.len(), 30);
        for line in &lines {
            let rows: Vec<&str> = line["regions"].as_array().unwrap().iter().map(|r| r.as_str().unwrap()).collect();
            let regions = Regions::from_rows(&rows).unwrap();
            assert!(!corpus.contains(&class(&regions)), "a corpus layout was made: {rows:?}");
        }
    }
}

fn files_of(dir: &Path) -> Vec<(String, Vec<u8>)> {
    let mut files: Vec<(String, Vec<u8>)> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| {
            let p = e.unwrap().path();
            (p.file_name().unwrap().to_string_lossy().into_owned(), std::fs::read(&p).unwrap())
        })
        .collect();
    files.sort();
    files
}

#[test]
fn a_seed_gives_the_same_bytes_on_any_thread_count_and_explain_agrees_with_the_grade() {
    let tmp = tempfile::tempdir().unwrap();
    let run = |jobs: &str, out: &Path| {
        let o = bin()
            .args(["generate", "--size", "8", "--grade", "medium", "--count", "4", "--seed", "77", "-j", jobs])
            .args(["--format", "text,png,json", "--with-solution", "-o"])
            .arg(out)
            .output()
            .unwrap();
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        let lines: Vec<serde_json::Value> =
            String::from_utf8(o.stdout).unwrap().lines().map(|l| serde_json::from_str(l).unwrap()).collect();
        lines
    };
    let (a, b) = (tmp.path().join("a"), tmp.path().join("b"));
    let first = run("1", &a);
    let second = run("2", &b);
    assert_eq!(files_of(&a), files_of(&b), "the same seed gave different files");
    assert_eq!(files_of(&a).len(), 4 * 3, "txt, png and solution png per puzzle");
    let strip = |v: &serde_json::Value| {
        let mut v = v.clone();
        v.as_object_mut().unwrap().remove("ms");
        v.as_object_mut().unwrap().remove("files");
        v
    };
    assert_eq!(first.iter().map(strip).collect::<Vec<_>>(), second.iter().map(strip).collect::<Vec<_>>());
    for line in &first {
        assert_eq!(line["grade"], "medium");
        assert_eq!(line["solution"].as_array().unwrap().len(), 8);
        let png = line["files"]
            .as_array()
            .unwrap()
            .iter()
            .map(|f| f.as_str().unwrap())
            .find(|f| f.ends_with("0.png") || (f.ends_with(".png") && !f.ends_with(".solution.png")))
            .unwrap()
            .to_string();
        let out = bin().args(["explain", "--json", "--no-image", &png]).output().unwrap();
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        let explained: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(explained["difficulty"]["grade"], line["grade"], "{png}");
        assert_eq!(explained["solved_by_logic"], true);
    }
    // Any puzzle's own seed makes it again, alone.
    let seed = first[2]["seed"].as_u64().unwrap().to_string();
    let again = bin()
        .args(["generate", "--size", "8", "--grade", "medium", "--seed", &seed, "--format", "json"])
        .output()
        .unwrap();
    let again: serde_json::Value = serde_json::from_slice(&again.stdout).unwrap();
    assert_eq!(again["regions"], first[2]["regions"]);
}

#[test]
fn boards_that_cannot_be_made_are_refused_in_one_line() {
    let out = bin().args(["generate", "--size", "9", "--stars", "3", "--format", "json"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("a 9x9 board holds at most 2 stars per row, column and region"), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    let out = bin().args(["generate", "--hardest", "guessing"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("not a technique id: guessing"));
    let tmp = tempfile::tempdir().unwrap();
    let bad = tmp.path().join("bad.json");
    std::fs::write(&bad, "{\"regions\": 3}").unwrap();
    let out = bin().args(["generate", "--format", "json", "--not-in"]).arg(&bad).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("bad.json: expected a JSON list of levels"));
}
