//! Criterion benchmarks of the pipeline stages.
//!
//! - `solve/N`: MILP solve + uniqueness proof per daily level, grouped by N.
//! - `solve_auto/N`: the same levels under `--stars auto` (the default): K = 1 and
//!   every larger K the board could hold, to compare with `solve/N` in one run.
//! - `phone/decode` vs `phone/vision` (grid + cells + cluster) on the 1170×2532
//!   phone PNGs of the browser corpus: the vision stages must cost less than decoding.
//! - `phone/overlay`: drawing and PNG-encoding the overlay, against the same decode.
//! - `marks/decode` vs `marks/read` on the half-played phone pictures: reading the
//!   player's marks must cost less than a quarter of the decode.
//!
//! Needs ../shared/corpus; benches that cannot find it say so and do nothing.

use std::collections::BTreeMap;
use std::path::PathBuf;

mod common;

use common::corpus;
use criterion::{criterion_group, criterion_main, Criterion};
use queens::pipeline::{read_picture, read_regions, Timings};
use queens::solve::stars::solve_auto;
use queens::solve::{solve, SolveOptions};
use queens::Regions;

fn daily_by_n() -> BTreeMap<usize, Vec<Regions>> {
    let mut by_n: BTreeMap<usize, Vec<Regions>> = BTreeMap::new();
    for r in common::levels(&["levels-daily-617-842.json"], false) {
        by_n.entry(r.n()).or_default().push(r);
    }
    by_n
}

/// One benchmark per board size in group `name`: `solve_one` on the daily levels
/// of that size in turn.
fn bench_by_n<T>(c: &mut Criterion, name: &str, solve_one: impl Fn(&Regions) -> T) {
    let mut group = c.benchmark_group(name);
    for (n, puzzles) in daily_by_n() {
        let mut i = 0;
        group.bench_function(format!("N={n} ({} levels)", puzzles.len()), |b| {
            b.iter(|| {
                let p = &puzzles[i % puzzles.len()];
                i += 1;
                solve_one(p)
            })
        });
    }
    group.finish();
}

fn bench_solve(c: &mut Criterion) {
    bench_by_n(c, "solve", |p| solve(p, &SolveOptions::default()).expect("daily levels are unique"));
    bench_by_n(c, "solve_auto", |p| {
        let (k, result) = solve_auto(p, &SolveOptions::default());
        assert_eq!(k, Some(1), "daily levels are 1-star");
        result.expect("daily levels are unique")
    });
}

fn bench_phone(c: &mut Criterion) {
    let Some(dir) = corpus() else { return };
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir.join("browser"))
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.to_string_lossy().contains("phone390") && p.extension().is_some_and(|e| e == "png"))
        .collect();
    files.sort();
    files.truncate(6);
    let bytes: Vec<Vec<u8>> = files.iter().map(|f| std::fs::read(f).unwrap()).collect();
    let images: Vec<image::RgbImage> =
        bytes.iter().map(|b| queens::vision::screenshot::decode(b, 16_384).unwrap()).collect();
    let mut group = c.benchmark_group("phone");
    group.sample_size(20);
    group.bench_function("decode", |b| {
        b.iter(|| bytes.iter().map(|x| queens::vision::screenshot::decode(x, 16_384).unwrap().width()).sum::<u32>())
    });
    group.bench_function("vision", |b| {
        b.iter(|| {
            images
                .iter()
                .map(|img| read_regions(img, &mut Timings::default()).2.expect("reads").regions.n())
                .sum::<usize>()
        })
    });
    let solved: Vec<_> = images
        .iter()
        .map(|img| {
            let (pic, map) = read_picture(img.clone(), &mut Timings::default());
            let p = solve(&map.unwrap().regions, &SolveOptions::default()).unwrap();
            (pic, p)
        })
        .collect();
    group.bench_function("overlay", |b| {
        b.iter(|| {
            solved
                .iter()
                .map(|(pic, p)| {
                    queens::output::overlay::encode_png(&queens::output::overlay::draw(
                        &pic.image,
                        &pic.grid.unwrap(),
                        p,
                    ))
                    .len()
                })
                .sum::<usize>()
        })
    });
    group.finish();
}

/// `marks/decode` vs `marks/read` on the half-played phone pictures (1170×2532,
/// crowns and X marks, auto-X boards included): reading the marks must cost less
/// than a quarter of decoding the PNG.
fn bench_marks(c: &mut Criterion) {
    let Some(dir) = corpus() else { return };
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir.join("played"))
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .filter(|p| {
            let name = p.to_string_lossy();
            name.contains("phone390") && !name.contains("dialog") && p.extension().is_some_and(|e| e == "png")
        })
        .collect();
    files.sort();
    let bytes: Vec<Vec<u8>> = files.iter().map(|f| std::fs::read(f).unwrap()).collect();
    let read: Vec<_> = bytes
        .iter()
        .map(|b| {
            let img = queens::vision::screenshot::decode(b, 16_384).unwrap();
            let (grid, cells, _) = read_regions(&img, &mut Timings::default());
            (grid.unwrap(), cells.unwrap(), img)
        })
        .collect();
    let mut group = c.benchmark_group("marks");
    group.sample_size(10);
    group.bench_function(format!("decode ({} phone pictures)", bytes.len()), |b| {
        b.iter(|| bytes.iter().map(|x| queens::vision::screenshot::decode(x, 16_384).unwrap().width()).sum::<u32>())
    });
    group.bench_function(format!("read ({} phone pictures)", bytes.len()), |b| {
        b.iter(|| {
            read.iter()
                .map(|(grid, cells, img)| queens::vision::marks::read(img, grid, cells).marks.queens().len())
                .sum::<usize>()
        })
    });
    group.finish();
}

criterion_group!(benches, bench_solve, bench_phone, bench_marks);
criterion_main!(benches);
