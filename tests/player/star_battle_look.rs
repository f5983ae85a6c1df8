//! Star Battle boards show stars, never queens: the hint and "why?" pictures draw
//! a star outline where a star goes (and a star for the player's own stars on a
//! text board), the terminal board prints `*` with a legend for `+` and `-`,
//! while a Queens board keeps its crowns and its `Q`.

use crate::common;

use std::path::{Path, PathBuf};

use image::RgbImage;
use queens::output::overlay;
use queens::output::render::{self, Style};
use queens::pipeline::{self, Config};
use queens::solve::logic::CellState;
use queens::vision::grid::Grid;
use queens::Cell;

/// Ink of the cells a hint decides (the hint picture's `DECIDED`).
const DECIDED: [u8; 3] = [10, 110, 60];
/// Ink of a drawn glyph (the overlay's `INK`).
const INK: [u8; 3] = [24, 24, 28];

fn sample(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("samples").join(name)
}

/// Runs `queens <args> <input> -o <dir>` and returns its stdout and the picture it wrote.
fn run(args: &[&str], input: &Path, dir: &Path, kind: &str) -> (String, RgbImage) {
    let out = common::queens().args(args).arg(input).arg("-o").arg(dir).output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    // A picture keeps its stem; a text file its whole name.
    let name = input.file_name().unwrap().to_str().unwrap();
    let stem = name.strip_suffix(".png").unwrap_or(name);
    let img = image::open(dir.join(format!("{stem}.{kind}.png"))).unwrap().to_rgb8();
    (String::from_utf8(out.stdout).unwrap(), img)
}

/// The lattice of the board in the cropped picture, from the full picture's.
fn cropped(full: (u32, u32), grid: &Grid) -> Grid {
    let (x0, y0, _, _) = overlay::crop_box(full.0, full.1, grid);
    Grid { x0: grid.x0 - f64::from(x0), y0: grid.y0 - f64::from(y0), ..*grid }
}

/// Whether `ink` is within a pixel of `(x, y)`.
fn inked(img: &RgbImage, (x, y): (f64, f64), ink: [u8; 3]) -> bool {
    let close = |p: [u8; 3]| p.iter().zip(ink).all(|(&a, b)| a.abs_diff(b) <= 12);
    (-1..=1).any(|dy| {
        (-1..=1).any(|dx| {
            let (px, py) = (x.round() as i64 + dx, y.round() as i64 + dy);
            px >= 0
                && py >= 0
                && (px as u32) < img.width()
                && (py as u32) < img.height()
                && close(img.get_pixel(px as u32, py as u32).0)
        })
    })
}

/// What glyph of `size` pixels is drawn in `ink` on `cell`: a star's top point is
/// well above the crown's top, and a filled star has no ink where the crown's band is.
#[derive(Debug, PartialEq)]
enum Seen {
    Star,
    Crown,
    Other,
}

fn seen(img: &RgbImage, grid: &Grid, cell: Cell, size: f64, ink: [u8; 3], filled: bool) -> Seen {
    let (cx, cy) = grid.center(cell);
    let (tip_at, band_at) = if filled { (-0.38, 0.29) } else { (-0.47, 0.32) };
    let tip = inked(img, (cx, cy + tip_at * size), ink);
    let band = inked(img, (cx, cy + band_at * size), ink);
    match (tip, band) {
        // A star's outline crosses near the crown's band; its tip alone tells.
        (true, false) => Seen::Star,
        (true, true) if !filled => Seen::Star,
        (false, true) => Seen::Crown,
        _ => Seen::Other,
    }
}

/// The cell a hint's answer fills, from the library (the same hint the binary gives).
fn placed(outcome: &mut pipeline::Outcome) -> Cell {
    let h = pipeline::hint(outcome, &Config::default()).expect("a hint");
    let step = h.step.expect("a step");
    step.decided.iter().find(|d| d.1 == CellState::Queen).expect("the step places a star").0
}

#[test]
fn a_star_battle_hint_picture_draws_a_star_outline_and_a_queens_one_a_crown() {
    let dir = tempfile::tempdir().unwrap();
    for (name, want) in [("starbattle-played.png", Seen::Star), ("phone-dark-played.png", Seen::Crown)] {
        let path = sample(name);
        let (mut outcome, picture) = pipeline::solve_bytes(&std::fs::read(&path).unwrap(), true, &Config::default());
        let pic = picture.unwrap();
        let grid = cropped(pic.image.dimensions(), &pic.grid.unwrap());
        let h = pipeline::hint(&mut outcome, &Config::default()).expect("a hint");
        let Some(cell) = h.step.as_ref().and_then(|s| s.decided.iter().find(|d| d.1 == CellState::Queen)).map(|d| d.0)
        else {
            continue;
        };
        let (_, img) = run(&["hint", "--reveal", "answer"], &path, dir.path(), "hint");
        let size = grid.px.min(grid.py) * 0.66;
        assert_eq!(seen(&img, &grid, cell, size, DECIDED, false), want, "{name}: the glyph on {}", cell.name());
    }
}

#[test]
fn why_about_a_players_star_draws_a_star_on_it() {
    let dir = tempfile::tempdir().unwrap();
    let path = sample("starbattle-played.png");
    let (_, picture) = pipeline::solve_bytes(&std::fs::read(&path).unwrap(), true, &Config::default());
    let pic = picture.unwrap();
    let grid = cropped(pic.image.dimensions(), &pic.grid.unwrap());
    let (text, img) = run(&["why", "r1c6", "--reveal", "answer"], &path, dir.path(), "why");
    let size = grid.px.min(grid.py) * 0.66;
    assert_eq!(seen(&img, &grid, Cell::new(0, 5), size, DECIDED, false), Seen::Star);
    assert!(!board_lines(&text).any(|l| l.contains('Q')), "no queen on the board:\n{text}");
}

#[test]
fn a_star_battle_text_board_draws_the_players_stars_as_stars() {
    let dir = tempfile::tempdir().unwrap();
    let path = sample("starbattle-played.txt");
    let mut outcome = pipeline::solve_text(&std::fs::read_to_string(&path).unwrap(), &Config::default());
    let regions = outcome.regions.clone().unwrap();
    let (full, grid) = render::render(&regions, &Style::default(), &render::Marks::default());
    let grid = cropped(full.dimensions(), &grid);
    let (_, img) = run(&["hint", "--reveal", "answer"], &path, dir.path(), "hint");
    let size = grid.px.min(grid.py) * 0.62;
    let stars = outcome.marks.as_ref().unwrap().queens();
    assert!(!stars.is_empty());
    for cell in stars {
        assert_eq!(seen(&img, &grid, cell, size, INK, true), Seen::Star, "the player's star on {}", cell.name());
    }
    let cell = placed(&mut outcome);
    assert_eq!(seen(&img, &grid, cell, grid.px.min(grid.py) * 0.66, DECIDED, false), Seen::Star);
}

/// The board's lines of a hint's terminal output (after the sentence).
fn board_lines(text: &str) -> impl Iterator<Item = &str> {
    text.lines().skip(2)
}

#[test]
fn a_star_battle_terminal_hint_prints_stars_and_a_legend() {
    let dir = tempfile::tempdir().unwrap();
    let hint = |args: &[&str], name: &str| {
        let out = common::queens().args(args).arg(sample(name)).arg("-o").arg(dir.path()).output().unwrap();
        String::from_utf8(out.stdout).unwrap()
    };
    let text = hint(&["hint", "--reveal", "answer"], "starbattle-played.png");
    assert!(!board_lines(&text).any(|l| l.contains('Q')), "no queen on the board:\n{text}");
    assert!(board_lines(&text).any(|l| l.contains(" * ")), "the player's stars:\n{text}");
    assert!(text.contains("(+ a star to place, - no star here)"), "the legend:\n{text}");
    // Before the answer, no `+` or `-`, so no legend.
    let text = hint(&["hint"], "starbattle-played.png");
    assert!(!text.contains("a star to place"), "{text}");
    // Queens keeps its `Q`, and its legend says queen.
    let text = hint(&["hint", "--reveal", "answer"], "issue-9x9-played.txt");
    assert!(board_lines(&text).any(|l| l.contains(" Q ")), "{text}");
    assert!(text.contains("(- no queen here, · ruled out by your crowns)") && !text.contains("star"), "{text}");
}

#[test]
fn the_share_text_puts_a_star_emoji_on_star_battle_stars_and_a_crown_on_queens() {
    let dir = tempfile::tempdir().unwrap();
    let share = |name: &str| {
        let out =
            common::queens().args(["solve", "--share"]).arg(sample(name)).arg("-o").arg(dir.path()).output().unwrap();
        String::from_utf8(out.stdout).unwrap()
    };
    // 10 rows of 2 stars.
    let text = share("starbattle-played.txt");
    assert_eq!(text.matches('⭐').count(), 20, "{text}");
    assert!(!text.contains('👑'), "{text}");
    let text = share("issue-9x9.txt");
    assert_eq!(text.matches('👑').count(), 9, "{text}");
    assert!(!text.contains('⭐'), "{text}");
}
