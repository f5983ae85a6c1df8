//! Round trip: every daily level drawn by `render` in several styles (sizes,
//! themes, page furniture, marks, JPEG, crops into the outer cells, a hovered
//! cell, blur, downscaling) reads back to exactly the same map.

use crate::common;

use common::{encode, Encoding};

use queens::output::render::{render, Marks, Style};
use queens::pipeline::{solve_image, Config};
use queens::solve::{solve, SolveOptions};
use queens::{Cell, Placement};
use rayon::prelude::*;

/// Refusals we accept today beyond each style's expectation (never wrong maps).
const KNOWN_REFUSALS: [&str; 0] = [];

/// A change to the rendered picture, like the ones real screenshots have.
#[derive(Debug, Clone, Copy)]
enum Edit {
    None,
    /// Crop into the outer cells: this fraction of each outer row and column is cut off.
    CutEdges(f64),
    /// Darken one cell by this factor, as a hover does.
    Hover(f64),
    /// Gaussian blur with this sigma (a soft screenshot, lines fade).
    Blur(f32),
    /// Scale to this fraction with a Lanczos filter (a downscaled screenshot).
    Scale(f64),
}

struct Case {
    name: &'static str,
    style: Style,
    marks: fn(&Placement) -> Marks,
    encoding: Encoding,
    edit: Edit,
}

fn apply(edit: Edit, img: image::RgbImage, grid: &queens::vision::grid::Grid, level_id: usize) -> image::RgbImage {
    match edit {
        Edit::None => img,
        Edit::CutEdges(f) => {
            let cut = (grid.x0 + f * grid.px) as u32;
            let side = (grid.n as f64 * grid.px - 2.0 * f * grid.px) as u32;
            image::imageops::crop_imm(&img, cut, cut, side, side).to_image()
        }
        Edit::Hover(k) => {
            let mut img = img;
            let cell = Cell::new(level_id % grid.n, (level_id / grid.n) % grid.n);
            let (x0, y0) = (grid.x0 + cell.col as f64 * grid.px, grid.y0 + cell.row as f64 * grid.py);
            // The whole cell, lines included, as a hover shade covers it.
            for y in y0 as u32..(y0 + grid.py) as u32 {
                for x in x0 as u32..(x0 + grid.px) as u32 {
                    let p = img.get_pixel_mut(x, y);
                    *p = image::Rgb(p.0.map(|v| (f64::from(v) * k) as u8));
                }
            }
            img
        }
        Edit::Blur(sigma) => image::imageops::blur(&img, sigma),
        Edit::Scale(f) => {
            let (w, h) = ((f64::from(img.width()) * f).round() as u32, (f64::from(img.height()) * f).round() as u32);
            image::imageops::resize(&img, w, h, image::imageops::FilterType::Lanczos3)
        }
    }
}

fn cases() -> Vec<Case> {
    vec![
        Case {
            name: "60px light png",
            style: Style::default(),
            marks: |_| Marks::default(),
            encoding: Encoding::Png,
            edit: Edit::None,
        },
        Case {
            name: "22px dark jpeg q70",
            style: Style { cell: 22, margin: 12, dark: true, ..Style::default() },
            marks: |_| Marks::default(),
            encoding: Encoding::Jpeg(70),
            edit: Edit::None,
        },
        Case {
            name: "96px light full page, half played",
            style: Style { cell: 96, margin: 200, furniture: true, ..Style::default() },
            marks: |p| {
                let first = p.cells()[0];
                Marks {
                    crowns: Some(Placement::new(vec![first])),
                    crosses: (0..3).map(|k| Cell::new((first.row + 2 + k) % 7, (first.col + 3) % 7)).collect(),
                }
            },
            encoding: Encoding::Png,
            edit: Edit::None,
        },
        Case {
            name: "40px dark solved jpeg q60",
            style: Style { cell: 40, margin: 30, dark: true, ..Style::default() },
            marks: |p| Marks { crowns: Some(p.clone()), crosses: Vec::new() },
            encoding: Encoding::Jpeg(60),
            edit: Edit::None,
        },
        Case {
            name: "50px crop cutting 30% off the outer cells",
            style: Style { cell: 50, margin: 20, ..Style::default() },
            marks: |_| Marks::default(),
            encoding: Encoding::Png,
            edit: Edit::CutEdges(0.3),
        },
        Case {
            name: "40px jpeg q75 crop cutting 60% off the outer cells",
            style: Style { cell: 40, margin: 20, ..Style::default() },
            marks: |_| Marks::default(),
            encoding: Encoding::Jpeg(75),
            edit: Edit::CutEdges(0.6),
        },
        Case {
            name: "64px with one hover-darkened cell",
            style: Style { cell: 64, ..Style::default() },
            marks: |_| Marks::default(),
            encoding: Encoding::Png,
            edit: Edit::Hover(0.85),
        },
        Case {
            name: "48px blurred (sigma 1.2)",
            style: Style { cell: 48, margin: 30, ..Style::default() },
            marks: |_| Marks::default(),
            encoding: Encoding::Png,
            edit: Edit::Blur(1.2),
        },
        Case {
            name: "48px downscaled to 35% (17 px cells)",
            style: Style { cell: 48, margin: 30, ..Style::default() },
            marks: |_| Marks::default(),
            encoding: Encoding::Png,
            edit: Edit::Scale(0.35),
        },
    ]
}

/// How one style must do: the share of levels read exactly, and which refusals are fine.
fn expectation(case: &Case) -> (f64, fn(&str) -> bool) {
    match case.edit {
        // A crop into the outer cells is read when the strip shows it is part of the
        // board; a strip of one color is ambiguous and refused as cut off.
        // Partly visible cells can also give an unreliable color.
        Edit::CutEdges(_) => (0.98, |e| e.contains("no puzzle grid found") || e.contains("cannot read the regions")),
        Edit::Hover(_) => (0.99, |e| e.contains("cannot read the regions")),
        // Blur fades thin lines and mixes colors at cell edges: rare refusals.
        Edit::Blur(_) => (0.98, |e| e.contains("cannot read the regions") || e.contains("pieces")),
        Edit::None | Edit::Scale(_) => (1.0, |_| false),
    }
}

#[test]
fn every_daily_level_reads_back_in_nine_styles() {
    let Some(levels) = common::levels("levels.json") else { return };
    let cases = cases();
    let results: Vec<(usize, Option<String>)> = levels
        .par_iter()
        .flat_map_iter(|l| cases.iter().enumerate().map(move |(k, c)| (l, k, c)))
        .map(|(level, k, case)| {
            let board = level.board();
            let solution = solve(&board, &SolveOptions::default()).expect("daily levels solve");
            let style = Style { colors: level.rgb(), ..case.style.clone() };
            let (img, grid) = render(&board, &style, &(case.marks)(&solution));
            let img = apply(case.edit, img, &grid, level.id.as_u64().unwrap_or(0) as usize);
            let bytes = encode(&img, case.encoding);
            let (outcome, _) = solve_image(&bytes, &Config::default());
            let got = outcome.regions.as_ref().map(|r| r.rows());
            // Some published levels have split regions themselves: the map must still be
            // read exactly, and the default rules then refuse it.
            let split = queens::puzzle::partition::check(&board, queens::puzzle::partition::Pieces::Connected).is_err();
            let refusal = match &outcome.result {
                Err(queens::Error::Partition(_)) if split && got.as_ref() == Some(&level.regions) => None,
                Ok(p) => {
                    // Never a wrong answer, in any style.
                    assert_eq!(
                        got.as_ref(),
                        Some(&level.regions),
                        "level {} {}: WRONG map accepted",
                        level.id,
                        case.name
                    );
                    assert_eq!(p, &solution);
                    None
                }
                Err(e) => Some(format!("level {} [{}]: {e}", level.id, case.name)),
            };
            (k, refusal)
        })
        .collect();
    for (k, case) in cases.iter().enumerate() {
        let mine: Vec<&Option<String>> = results.iter().filter(|r| r.0 == k).map(|r| &r.1).collect();
        let refused: Vec<&String> = mine.iter().filter_map(|r| r.as_ref()).collect();
        let (min_exact, acceptable) = expectation(case);
        let known: Vec<&&String> = refused.iter().filter(|r| KNOWN_REFUSALS.iter().any(|k| r.starts_with(k))).collect();
        let unexpected: Vec<&&String> =
            refused.iter().filter(|r| !acceptable(r) && !KNOWN_REFUSALS.iter().any(|k| r.starts_with(k))).collect();
        assert!(unexpected.is_empty(), "{}: unexpected refusals:\n{unexpected:#?}", case.name);
        let exact = 1.0 - (refused.len() - known.len()) as f64 / mine.len() as f64;
        eprintln!("{}: {} of {} read exactly", case.name, mine.len() - refused.len(), mine.len());
        assert!(exact >= min_exact, "{}: only {:.1}% read exactly", case.name, 100.0 * exact);
    }
    let known_seen =
        results.iter().filter_map(|r| r.1.as_ref()).filter(|r| KNOWN_REFUSALS.iter().any(|k| r.starts_with(k))).count();
    assert_eq!(known_seen, KNOWN_REFUSALS.len(), "a known refusal was fixed: update KNOWN_REFUSALS");
}
