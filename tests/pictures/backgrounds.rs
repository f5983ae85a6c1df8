//! Round trip on pages whose colour moves: every daily level drawn by `render` on
//! the Bonus page's pastel gradient, a radial glow and a diagonal blend, light and
//! dark, with the page's header and buttons, and a square crop of a gradient page;
//! plus the weekly Bonus levels in the Bonus page's colours. Each must read back to
//! exactly the same map: a strip of moving page beside the board is margin, never
//! a row of cells.

use crate::common;

use common::{encode, Encoding};

use queens::output::background::Background;
use queens::output::render::{render, Marks, Style};
use queens::pipeline::{solve_image, Config};
use queens::puzzle::partition::{check, Pieces};
use queens::solve::{solve, SolveOptions};
use queens::{Cell, Placement};
use rayon::prelude::*;

struct Case {
    name: &'static str,
    style: Style,
    marks: fn(&Placement) -> Marks,
    encoding: Encoding,
    /// Crop to a square around the board, keeping this many pitches of page on each side.
    square_crop: Option<f64>,
}

fn none(_: &Placement) -> Marks {
    Marks::default()
}

fn solved(p: &Placement) -> Marks {
    Marks { crowns: Some(p.clone()), crosses: Vec::new() }
}

fn half_played(p: &Placement) -> Marks {
    let first = p.cells()[0];
    let n = p.cells().len();
    Marks {
        crowns: Some(Placement::new(vec![first])),
        crosses: (0..n).filter(|&c| c != first.col).map(|c| Cell::new(first.row, c)).collect(),
    }
}

fn page(background: Background, cell: u32, margin: u32, dark: bool) -> Style {
    Style { cell, margin, dark, furniture: true, background, ..Style::default() }
}

fn cases() -> Vec<Case> {
    use Background::{Diagonal, Gradient, Radial};
    let case = |name, style, marks, encoding| Case { name, style, marks, encoding, square_crop: None };
    vec![
        // A phone's Bonus page: the board nearly as wide as the screen, so the page
        // beside it is a strip narrower than a cell.
        case("gradient 96px light phone page png", page(Gradient, 96, 40, false), none, Encoding::Png),
        case("gradient 60px dark solved jpeg q80", page(Gradient, 60, 24, true), solved, Encoding::Jpeg(80)),
        Case {
            name: "gradient 72px light square crop, half played, jpeg q85",
            style: page(Gradient, 72, 150, false),
            marks: half_played,
            encoding: Encoding::Jpeg(85),
            square_crop: Some(0.6),
        },
        Case {
            name: "gradient 50px dark square crop",
            style: page(Gradient, 50, 100, true),
            marks: none,
            encoding: Encoding::Png,
            square_crop: Some(0.35),
        },
        case("radial 48px light jpeg q75", page(Radial, 48, 30, false), none, Encoding::Jpeg(75)),
        case("radial 40px dark solved png", page(Radial, 40, 16, true), solved, Encoding::Png),
        case("diagonal 64px light half played png", page(Diagonal, 64, 20, false), half_played, Encoding::Png),
        case("diagonal 30px dark jpeg q70", page(Diagonal, 30, 12, true), none, Encoding::Jpeg(70)),
    ]
}

/// Renders `level` in `case`, reads it back, and says what went wrong (None: exact,
/// or a published split level read exactly and refused by the rules). A wrong map
/// accepted panics.
fn round_trip(level: &common::Level, colors: Option<Vec<[u8; 3]>>, case: &Case) -> Option<String> {
    let board = level.board();
    let solution = solve(&board, &SolveOptions::default()).expect("levels solve");
    let style = Style { colors, ..case.style.clone() };
    let (img, grid) = render(&board, &style, &(case.marks)(&solution));
    let img = match case.square_crop {
        None => img,
        Some(k) => {
            let side = grid.n as f64 * grid.px + 2.0 * k * grid.px;
            let (x, y) = (grid.x0 - k * grid.px, grid.y0 - k * grid.py);
            image::imageops::crop_imm(&img, x as u32, y as u32, side as u32, side as u32).to_image()
        }
    };
    let (outcome, _) = solve_image(&encode(&img, case.encoding), &Config::default());
    let got = outcome.regions.as_ref().map(|r| r.rows());
    let split = check(&board, Pieces::Connected).is_err();
    match &outcome.result {
        Err(queens::Error::Partition(_)) if split && got.as_ref() == Some(&level.regions) => None,
        Ok(p) => {
            assert_eq!(got.as_ref(), Some(&level.regions), "level {} [{}]: WRONG map accepted", level.id, case.name);
            assert_eq!(p, &solution, "level {} [{}]: wrong solution", level.id, case.name);
            None
        }
        Err(e) => Some(format!("level {} [{}]: {e}", level.id, case.name)),
    }
}

#[test]
fn every_daily_level_reads_back_on_moving_pages() {
    let Some(levels) = common::levels("levels.json") else { return };
    let cases = cases();
    let results: Vec<(usize, Option<String>)> = levels
        .par_iter()
        .flat_map_iter(|l| cases.iter().enumerate().map(move |(k, c)| (l, k, c)))
        .map(|(level, k, case)| (k, round_trip(level, level.rgb(), case)))
        .collect();
    let mut failures = Vec::new();
    for (k, case) in cases.iter().enumerate() {
        let refused: Vec<&String> = results.iter().filter(|r| r.0 == k).filter_map(|r| r.1.as_ref()).collect();
        eprintln!("{}: {} of {} read exactly", case.name, levels.len() - refused.len(), levels.len());
        // The board is always found. Small JPEG cells may blur two similar region
        // colours into one: a rare honest refusal of the colours (level 77 at 30 px,
        // q70, refuses on a plain page too), never of the grid.
        let colors_only = matches!(case.encoding, Encoding::Jpeg(_))
            && refused.iter().all(|r| r.contains("cannot read the regions"))
            && refused.len() * 100 <= levels.len();
        if !colors_only {
            failures.extend(refused);
        }
    }
    assert!(failures.is_empty(), "refused:\n{failures:#?}");
}

/// The Bonus page's 11×11 palette: a bright cyan and a darker teal beside the
/// usual light teal. The weekly levels' own colours, with their cyan made the
/// Bonus page's brighter one and their khaki made light teal, so the two teals
/// meet on most boards.
fn bonus_colors(level: &common::Level) -> Option<Vec<[u8; 3]>> {
    let colors = level.rgb()?;
    Some(
        colors
            .into_iter()
            .map(|c| match c {
                [85, 235, 226] => [98, 239, 234],
                [185, 178, 158] => [163, 210, 216],
                other => other,
            })
            .collect(),
    )
}

#[test]
fn weekly_bonus_levels_read_back_on_the_bonus_page() {
    let Some(levels) = common::levels("levels-bonus.json") else { return };
    let cases = [
        Case {
            name: "bonus 96px light, solved",
            style: page(Background::Gradient, 96, 36, false),
            marks: solved,
            encoding: Encoding::Png,
            square_crop: None,
        },
        Case {
            name: "bonus 80px dark jpeg q85",
            style: page(Background::Gradient, 80, 30, true),
            marks: none,
            encoding: Encoding::Jpeg(85),
            square_crop: None,
        },
        Case {
            name: "bonus 64px light square crop, solved",
            style: page(Background::Gradient, 64, 120, false),
            marks: solved,
            encoding: Encoding::Png,
            square_crop: Some(0.4),
        },
    ];
    let failures: Vec<String> = levels
        .par_iter()
        .flat_map_iter(|l| cases.iter().map(move |c| (l, c)))
        .filter_map(|(level, case)| round_trip(level, bonus_colors(level), case))
        .collect();
    eprintln!("{} bonus pictures, {} refused", levels.len() * cases.len(), failures.len());
    assert!(failures.is_empty(), "refused:\n{failures:#?}");
}

/// `queens render --background`: every page kind, light and dark, solves back to
/// the text it was drawn from; an unknown kind is a usage error.
#[test]
fn render_background_option_draws_pages_the_solver_reads() {
    const PUZZLE: &str =
        "111111111\n112333999\n122439999\n124437799\n124666779\n124467799\n122467899\n122555889\n112258899\n";
    let dir = tempfile::tempdir().unwrap();
    let puzzle = dir.path().join("p.txt");
    std::fs::write(&puzzle, PUZZLE).unwrap();
    let expected = queens::puzzle::text::parse(PUZZLE).unwrap().rows();
    for background in ["plain", "gradient", "radial", "diagonal"] {
        for theme in ["light", "dark"] {
            let shot = dir.path().join(format!("{background}-{theme}.png"));
            let mut render = assert_cmd::Command::cargo_bin("queens").unwrap();
            render.arg("render").arg(&puzzle).arg("-o").arg(&shot);
            render.args(["--background", background, "--theme", theme, "--cell", "50", "--margin", "20"]);
            render.assert().success();
            let img = image::open(&shot).unwrap().to_rgb8();
            // The page moves in colour down the left edge unless it is plain.
            let (top, bottom) = (img.get_pixel(2, 2), img.get_pixel(2, img.height() - 3));
            assert_eq!(top != bottom, background != "plain", "{background} {theme}: {top:?} {bottom:?}");
            let out = assert_cmd::Command::cargo_bin("queens")
                .unwrap()
                .args(["solve", "--json", "--no-image"])
                .arg(&shot)
                .assert()
                .success()
                .get_output()
                .stdout
                .clone();
            let v: serde_json::Value = serde_json::from_slice(&out).unwrap();
            let got: Vec<String> =
                v["regions"].as_array().unwrap().iter().map(|r| r.as_str().unwrap().to_string()).collect();
            assert_eq!(got, expected, "{background} {theme}");
        }
    }
    let mut bad = assert_cmd::Command::cargo_bin("queens").unwrap();
    bad.arg("render").arg(&puzzle).arg("-o").arg(dir.path().join("x.png")).args(["--background", "stripes"]);
    bad.assert().code(2);
}
