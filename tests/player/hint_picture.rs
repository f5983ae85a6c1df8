//! The hint picture, checked on real boards: every corpus half-played screenshot and
//! the bundled samples, the first three hints of each, at every reveal.
//!
//! - A cell of a region the step uses (the regions the sentence names by colour)
//!   keeps its own colour: CIEDE2000 ΔE ≤ 10 from the screenshot's cell.
//! - Cells outside the units are faded lightly: less colourful, same lightness.
//! - The nudge and the reason draw the same picture (no crown, no X); the answer
//!   draws on every decided cell.
//! - The picture is the board and the sentence right below it.

use crate::common;

use std::path::PathBuf;

use image::RgbImage;
use queens::output::hint::{self, Look};
use queens::pipeline::{self, Config};
use queens::solve::logic::hint::Hint;
use queens::solve::logic::Reveal;
use queens::vision::color::Lab;
use queens::vision::grid::Grid;
use queens::{Cell, Regions};
use rayon::prelude::*;

/// The largest colour change allowed in a region the sentence names.
const MAX_DELTA_E: f32 = 10.0;

/// The colour of `cell` as a player sees it: the median of four small patches
/// halfway between its middle and its sides, inside the outlines and clear of the
/// crown, X and letter drawn on it.
fn middle(img: &RgbImage, grid: &Grid, cell: Cell) -> Lab {
    let (cx, cy) = grid.center(cell);
    let (dx, dy, h) = (grid.px * 0.3, grid.py * 0.3, grid.px.min(grid.py) * 0.06);
    let mut px: Vec<[u8; 3]> = Vec::new();
    for (mx, my) in [(cx, cy - dy), (cx - dx, cy), (cx + dx, cy), (cx, cy + dy)] {
        for y in (my - h).round() as u32..=(my + h).round() as u32 {
            for x in (mx - h).round() as u32..=(mx + h).round() as u32 {
                px.push(img.get_pixel(x, y).0);
            }
        }
    }
    let mut channel = |i: usize| {
        px.sort_by_key(|p| p[i]);
        px[px.len() / 2][i]
    };
    Lab::from_rgb([channel(0), channel(1), channel(2)])
}

fn chroma(l: Lab) -> f32 {
    (l.a * l.a + l.b * l.b).sqrt()
}

/// Screenshots with half-played boards: the corpus's `played/` and the samples.
fn pictures() -> Vec<PathBuf> {
    let mut out: Vec<PathBuf> = ["issue-9x9-played.png", "phone-dark-played.png", "desktop-light-8x8.png"]
        .iter()
        .map(|f| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("samples").join(f))
        .collect();
    if let Some(corpus) = common::corpus_or_skip() {
        let mut played: Vec<PathBuf> = std::fs::read_dir(corpus.join("played"))
            .expect("corpus/played")
            .map(|e| e.expect("entry").path())
            .filter(|p| p.extension().is_some_and(|x| x == "png"))
            .collect();
        played.sort();
        out.extend(played);
    }
    out
}

/// What one picture's hints gave: cells checked, the largest ΔE, the steps drawn.
#[derive(Default)]
struct Tally {
    cells: usize,
    worst: f32,
    steps: usize,
    faded: usize,
    failures: Vec<String>,
}

fn check_step(name: &str, img: &RgbImage, grid: &Grid, regions: &Regions, h: &Hint, t: &mut Tally) {
    let step = h.step.as_ref().expect("a step");
    let draw = |reveal| {
        let mut out = img.clone();
        hint::draw_mut(&mut out, grid, regions, h, Look { reveal, letters: false, ..Default::default() });
        out
    };
    let pictures: Vec<(Reveal, RgbImage)> = Reveal::ALL.iter().map(|&r| (r, draw(r))).collect();
    t.steps += 1;
    let in_unit = |c: Cell| {
        step.uses.rows.contains(&c.row)
            || step.uses.cols.contains(&c.col)
            || step.uses.regions.contains(&regions.label(c))
            || step.uses.cells.contains(&c)
    };
    for (reveal, pic) in &pictures {
        for cell in regions.cells() {
            let (before, after) = (middle(img, grid, cell), middle(pic, grid, cell));
            if step.uses.regions.contains(&regions.label(cell)) {
                let de = before.ciede2000(after);
                t.cells += 1;
                t.worst = t.worst.max(de);
                if de > MAX_DELTA_E {
                    t.failures.push(format!(
                        "{name} {}: cell {cell:?} ΔE {de:.1} ({:?})",
                        reveal.name(),
                        step.reveals.text
                    ));
                }
            } else if !in_unit(cell) && *reveal == Reveal::Nudge {
                // Faded lightly: the lightness stays, the colour goes down.
                t.faded += 1;
                if (before.l - after.l).abs() > 4.0 || chroma(after) > chroma(before) + 1.0 {
                    t.failures.push(format!(
                        "{name}: cell {cell:?} outside the units is not faded lightly ({before:?} -> {after:?})"
                    ));
                }
            }
        }
    }
    let (nudge, reason, answer) = (&pictures[0].1, &pictures[1].1, &pictures[2].1);
    if nudge != reason {
        t.failures.push(format!("{name}: the nudge and the reason pictures differ"));
    }
    for &(cell, _) in &step.decided {
        // The answer draws a crown or an X there; the nudge draws nothing in the middle.
        let (x, y) = grid.center(cell);
        let r = (grid.px.min(grid.py) * 0.3) as u32;
        let changed = |a: &RgbImage, b: &RgbImage| {
            (y as u32 - r..y as u32 + r)
                .any(|y| (x as u32 - r..x as u32 + r).any(|x| a.get_pixel(x, y) != b.get_pixel(x, y)))
        };
        if !changed(nudge, answer) {
            t.failures.push(format!("{name}: the answer draws nothing on decided cell {cell:?}"));
        }
    }
}

#[test]
fn hint_pictures_keep_the_named_regions_colours_and_fade_the_rest_lightly() {
    let tallies: Vec<Tally> = pictures()
        .par_iter()
        .map(|path| {
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            let bytes = std::fs::read(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            let (mut outcome, picture) = pipeline::solve_bytes(&bytes, true, &Config::default());
            let mut t = Tally::default();
            let (Some(pic), Some(regions)) = (picture, outcome.regions.clone()) else { return t };
            let Some(grid) = pic.grid else { return t };
            // A board with an unsure mark gets no hint (the CLI and the server refuse it).
            if !outcome.unsure.is_empty() {
                return t;
            }
            for steps in 0..3 {
                let Some(h) = pipeline::hint_after(&mut outcome, &Config::default(), steps) else { break };
                if h.step.is_none() {
                    break;
                }
                check_step(&name, &pic.image, &grid, &regions, &h, &mut t);
            }
            t
        })
        .collect();
    let cells: usize = tallies.iter().map(|t| t.cells).sum();
    let steps: usize = tallies.iter().map(|t| t.steps).sum();
    let faded: usize = tallies.iter().map(|t| t.faded).sum();
    let worst = tallies.iter().map(|t| t.worst).fold(0.0, f32::max);
    let mut failures: Vec<&String> = tallies.iter().flat_map(|t| &t.failures).collect();
    // The colour checks first: they are what this test is about.
    failures.sort_by_key(|f| !f.contains("ΔE"));
    eprintln!("{steps} steps drawn, {cells} named-region cells checked (worst ΔE {worst:.2}), {faded} faded cells");
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.iter().take(20).map(|s| s.as_str()).collect::<Vec<_>>().join("\n")
    );
    assert!(steps >= 3, "only {steps} steps were drawn");
    if common::corpus().is_some() {
        assert!(steps >= 30 && cells >= 1000, "too little checked: {steps} steps, {cells} cells");
    }
}

#[test]
fn the_hint_picture_is_the_board_with_its_sentence_right_below() {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("samples/phone-dark-played.png");
    let bytes = std::fs::read(&path).unwrap();
    let (mut outcome, picture) = pipeline::solve_bytes(&bytes, true, &Config::default());
    let (pic, regions) = (picture.unwrap(), outcome.regions.clone().unwrap());
    let grid = pic.grid.unwrap();
    let h = pipeline::hint(&mut outcome, &Config::default()).expect("a hint");
    let (full_w, full_h) = pic.image.dimensions();
    let (_, _, bw, bh) = grid.bbox(full_w, full_h);
    let out = hint::picture(pic.image.clone(), &grid, &regions, &h, Look::default());
    assert!(out.width() <= bw + grid.px as u32, "cropped to the board: {} wide, board {bw}", out.width());
    assert!(out.height() < full_h, "not the whole {full_h}-px screenshot: {}", out.height());
    // The banner (white, with dark text) starts right after the board and its margins.
    let board_end = bh + 2 * (grid.px.min(grid.py) * 0.15) as u32;
    assert!(out.height() > board_end + 20, "a banner below the board");
    let banner_top = (0..out.height()).find(|&y| (0..out.width()).all(|x| out.get_pixel(x, y).0 == [255, 255, 255]));
    assert!(
        banner_top.is_some_and(|y| y <= board_end + 3),
        "banner starts at {banner_top:?}, board ends at {board_end}"
    );
}
