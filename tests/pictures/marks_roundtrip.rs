//! Marks round trip: daily levels drawn by `render` with a player's marks in every
//! style the game uses (black crowns and X marks, dots, gold crowns, red clashing
//! crowns, the solver overlay's crowns), light and dark, PNG and JPEG, read back
//! exactly: every mark, no unsure cell. A board half hidden under a panel is refused
//! as covered. Solved boards saved as small JPEGs (cells of 40–60 px, quality
//! 60–80, black and gold crowns) read every crown as a crown.

use crate::common;

use common::{encode, Encoding};

use queens::output::render::{render_with, CrossStyle, CrownStyle, GameMarks, Marks as Drawn, Style};
use queens::pipeline::{solve_image, Config};
use queens::puzzle::marks::{Mark, Marks};
use queens::solve::{solve, SolveOptions};
use queens::{Cell, Placement};
use rayon::prelude::*;

struct Case {
    name: &'static str,
    style: Style,
    crown: CrownStyle,
    cross: CrossStyle,
    /// Add a crown that attacks another one (the game draws both red).
    clash: bool,
    /// Draw the crowns as the solver's overlay does (dark with a light halo).
    overlay_crowns: bool,
    encoding: Encoding,
}

fn case(name: &'static str, cell: u32, dark: bool, encoding: Encoding) -> Case {
    Case {
        name,
        style: Style { cell, margin: cell / 2, dark, ..Style::default() },
        crown: CrownStyle::Black,
        cross: CrossStyle::X,
        clash: false,
        overlay_crowns: false,
        encoding,
    }
}

fn cases() -> Vec<Case> {
    let mut out = Vec::new();
    for dark in [false, true] {
        out.push(case(
            if dark { "black crowns, X marks, dark" } else { "black crowns, X marks, light" },
            60,
            dark,
            Encoding::Png,
        ));
        out.push(Case {
            crown: CrownStyle::Gold,
            ..case(if dark { "gold crowns, dark" } else { "gold crowns, light" }, 48, dark, Encoding::Png)
        });
        out.push(Case {
            cross: CrossStyle::Dot,
            ..case(if dark { "dots, dark" } else { "dots, light" }, 56, dark, Encoding::Png)
        });
        out.push(Case {
            clash: true,
            ..case(
                if dark { "red clash crowns, dark, jpeg q80" } else { "red clash crowns, light, jpeg q80" },
                44,
                dark,
                Encoding::Jpeg(80),
            )
        });
        out.push(case(
            if dark { "small cells, dark, jpeg q70" } else { "small cells, light, jpeg q70" },
            36,
            dark,
            Encoding::Jpeg(70),
        ));
        out.push(Case {
            overlay_crowns: true,
            ..case(
                if dark { "solver overlay crowns, dark" } else { "solver overlay crowns, light" },
                52,
                dark,
                Encoding::Png,
            )
        });
    }
    out
}

/// A half-played board for level number `k`: some solution crowns, X marks on
/// some other cells, and with `clash` one more crown beside the first.
fn player_marks(n: usize, solution: &Placement, k: usize, clash: bool) -> Marks {
    let mut m = Marks::new(n);
    for r in 0..n {
        for c in 0..n {
            if !solution.contains(Cell::new(r, c)) && (r * 7 + c * 3 + k).is_multiple_of(4) {
                m.set(Cell::new(r, c), Mark::Cross);
            }
        }
    }
    for &q in solution.cells() {
        if !(q.row + k).is_multiple_of(3) {
            m.set(q, Mark::Queen);
        }
    }
    if clash {
        let q = solution.cells()[k % n];
        let beside = Cell::new(q.row, if q.col + 1 < n { q.col + 1 } else { q.col - 1 });
        m.set(q, Mark::Queen);
        m.set(beside, Mark::Queen);
    }
    m
}

#[test]
fn marks_drawn_in_every_style_read_back_exactly() {
    let Some(levels) = common::levels("levels.json") else { return };
    // Every fourth level keeps the test quick; sizes 7..11 all appear.
    let levels: Vec<_> = levels.into_iter().step_by(4).collect();
    let cases = cases();
    let failures: Vec<String> = levels
        .par_iter()
        .enumerate()
        .flat_map_iter(|(k, l)| cases.iter().map(move |c| (k, l, c)))
        .filter_map(|(k, level, case)| {
            let board = level.board();
            let solution = solve(&board, &SolveOptions::default()).expect("daily levels solve");
            let want = player_marks(board.n(), &solution, k, case.clash);
            let style = Style { colors: level.rgb(), ..case.style.clone() };
            let (drawn, game) = if case.overlay_crowns {
                let crosses = want.crosses();
                (Drawn { crowns: Some(Placement::new(want.queens())), crosses }, None)
            } else {
                (Drawn::default(), Some(GameMarks { marks: want.clone(), crown: case.crown, cross: case.cross }))
            };
            let (img, _) = render_with(&board, &style, &drawn, game.as_ref());
            let (outcome, picture) = solve_image(&encode(&img, case.encoding), &Config::default());
            let Some(reading) = picture.as_ref().and_then(|p| p.marks.as_ref()) else {
                return Some(format!("level {} [{}]: no marks read: {:?}", level.id, case.name, outcome.result.err()));
            };
            if reading.marks != want || !reading.unsure.is_empty() || !reading.covered.is_empty() {
                return Some(format!(
                    "level {} [{}]: drawn\n{}read\n{}unsure {:?} covered {:?}",
                    level.id,
                    case.name,
                    want.to_text(),
                    reading.marks.to_text(),
                    reading.unsure,
                    reading.covered
                ));
            }
            None
        })
        .collect();
    eprintln!("{} levels × {} styles, {} failures", levels.len(), cases.len(), failures.len());
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn a_board_half_hidden_under_a_panel_is_refused_never_guessed() {
    let Some(levels) = common::levels("levels.json") else { return };
    let mut covered = 0;
    for (i, level) in levels.iter().take(40).enumerate() {
        let board = level.board();
        // Light and dark pages, large and small cells, with and without page furniture.
        let cell = if i % 2 == 0 { 60 } else { 36 };
        let style = Style {
            cell,
            margin: 40,
            dark: i % 3 == 0,
            furniture: i % 5 == 0,
            colors: level.rgb(),
            ..Style::default()
        };
        let (mut img, grid) = render_with(&board, &style, &Drawn::default(), None);
        // A "You Win!"-like panel: a vertical gradient with rounded corners, over the
        // middle of the board, or over its lower right corner and past its edges.
        let side = grid.px * board.n() as f64;
        let (fx0, fy0, fx1, fy1) = if i % 4 == 3 { (0.45, 0.5, 1.1, 1.08) } else { (0.22, 0.2, 0.78, 0.75) };
        let (x0, y0) = ((grid.x0 + side * fx0) as u32, (grid.y0 + side * fy0) as u32);
        let (x1, y1) = ((grid.x0 + side * fx1) as u32, (grid.y0 + side * fy1) as u32);
        let radius = 12i64;
        for y in y0..y1.min(img.height()) {
            let t = f64::from(y - y0) / f64::from(y1 - y0);
            let shade = |a: f64, b: f64| (a + (b - a) * t).round() as u8;
            for x in x0..x1.min(img.width()) {
                // Outside a rounded corner: leave the board showing.
                let dx =
                    (i64::from(x0) + radius - i64::from(x)).max(i64::from(x) - (i64::from(x1) - 1 - radius)).max(0);
                let dy =
                    (i64::from(y0) + radius - i64::from(y)).max(i64::from(y) - (i64::from(y1) - 1 - radius)).max(0);
                if dx * dx + dy * dy <= radius * radius {
                    img.put_pixel(x, y, image::Rgb([shade(124.0, 72.0), shade(84.0, 36.0), shade(172.0, 112.0)]));
                }
            }
        }
        // Every other one as a JPEG: compression noise must not hide the panel.
        let encoding = if level.id.as_u64().unwrap_or(0) % 2 == 0 { Encoding::Png } else { Encoding::Jpeg(80) };
        let (outcome, picture) = solve_image(&encode(&img, encoding), &Config::default());
        match &outcome.result {
            Ok(_) => panic!("level {}: a half-hidden board was solved", level.id),
            Err(e) => {
                assert_eq!(e.kind(), "covered", "level {}: refused for another reason: {e}", level.id);
                assert!(e.to_string().contains("the board is partly covered"));
                assert!(outcome.regions.is_none(), "level {}: a map read off the panel is reported", level.id);
                covered += 1;
            }
        }
        let _ = picture;
    }
    assert_eq!(covered, 40);
}

/// A mouse pointer (an arrow, black outline, white fill) is never read as a mark and
/// does not break the map: beside the middle of a cell it is ignored, over the
/// middle the cell may be unsure.
#[test]
fn a_mouse_pointer_is_never_read_as_a_mark() {
    let Some(levels) = common::levels("levels.json") else { return };
    for (k, level) in levels.iter().take(30).enumerate() {
        let board = level.board();
        let style = Style { cell: 64, margin: 32, colors: level.rgb(), dark: k % 2 == 1, ..Style::default() };
        let (mut img, grid) = render_with(&board, &style, &Drawn::default(), None);
        let cell = Cell::new(k % board.n(), (k * 3) % board.n());
        let (cx, cy) = grid.center(cell);
        // Tip over the middle on even levels, near the cell's top-left corner on odd ones.
        let (tx, ty) = if k % 2 == 0 { (cx, cy) } else { (cx - 0.4 * grid.px, cy - 0.4 * grid.py) };
        draw_pointer(&mut img, tx, ty, grid.px * 0.4);
        // Every other one as a JPEG: compression noise must not hide the panel.
        let encoding = if level.id.as_u64().unwrap_or(0) % 2 == 0 { Encoding::Png } else { Encoding::Jpeg(80) };
        let (outcome, picture) = solve_image(&encode(&img, encoding), &Config::default());
        assert_eq!(outcome.regions.map(|r| r.rows()), Some(level.regions.clone()), "level {}: map", level.id);
        let reading = picture.and_then(|p| p.marks).expect("marks read");
        assert!(reading.marks.is_blank(), "level {}: pointer read as a mark:\n{}", level.id, reading.marks.to_text());
        assert!(reading.covered.is_empty(), "level {}: pointer taken for an overlay", level.id);
        if k % 2 == 1 {
            assert!(
                reading.unsure.is_empty(),
                "level {}: a pointer beside the middle made {:?} unsure",
                level.id,
                reading.unsure
            );
        }
    }
}

/// A classic arrow pointer of height `h` with its tip at (x, y).
fn draw_pointer(img: &mut image::RgbImage, x: f64, y: f64, h: f64) {
    for j in 0..h as i64 {
        // The arrow widens down to 0.6 h; the outline is a pixel and a half.
        let half = j as f64 * 0.45;
        for i in 0..=half as i64 {
            let (px, py) = ((x + i as f64) as u32, (y + j as f64) as u32);
            if px >= img.width() || py >= img.height() {
                continue;
            }
            let edge = i == 0 || i as f64 >= half - 1.5 || j as f64 >= h - 2.0;
            img.put_pixel(px, py, image::Rgb(if edge { [0, 0, 0] } else { [255, 255, 255] }));
        }
    }
}

/// Solved boards (every crown, no X) saved as small JPEGs, as people share them:
/// cells of 40–60 px, quality 60–80, black and gold crowns, light and dark pages,
/// drawn at that size or drawn large and shrunk (smooth edges, like a screenshot
/// scaled down by a chat app). Every crown is read as a crown: none unsure, none wrong.
#[test]
fn small_jpeg_crowns_of_a_solved_board_read_as_crowns() {
    use image::imageops::{resize, FilterType};
    let Some(levels) = common::levels("levels.json") else { return };
    let levels: Vec<_> = levels.into_iter().step_by(8).collect();
    let looks =
        [(CrownStyle::Black, false), (CrownStyle::Black, true), (CrownStyle::Gold, false), (CrownStyle::Gold, true)];
    let failures: Vec<String> = levels
        .par_iter()
        .enumerate()
        .flat_map_iter(|(k, l)| looks.iter().enumerate().map(move |(i, look)| (k + i, l, *look)))
        .filter_map(|(k, level, (crown, dark))| {
            let board = level.board();
            let solution = solve(&board, &SolveOptions::default()).expect("daily levels solve");
            let want = queens::output::render::game_board(board.n(), &solution, &[]);
            let cell = [40, 44, 48, 52, 56, 60][k % 6];
            let quality = [60, 70, 80][k % 3];
            // Every other one drawn at twice the size and shrunk, with one of two filters.
            let shrunk = k % 2 == 1;
            let drawn_cell = if shrunk { cell * 2 } else { cell };
            let style =
                Style { cell: drawn_cell, margin: drawn_cell / 2, dark, colors: level.rgb(), ..Style::default() };
            let game = GameMarks { marks: want.clone(), crown, cross: CrossStyle::X };
            let (mut img, _) = render_with(&board, &style, &Drawn::default(), Some(&game));
            if shrunk {
                let filter = if k % 4 == 1 { FilterType::Triangle } else { FilterType::Lanczos3 };
                img = resize(&img, img.width() / 2, img.height() / 2, filter);
            }
            let name = format!(
                "level {}, {crown:?} crowns, {}, {cell} px{}, q{quality}",
                level.id,
                if dark { "dark" } else { "light" },
                if shrunk { " (shrunk)" } else { "" }
            );
            let (outcome, picture) = solve_image(&encode(&img, Encoding::Jpeg(quality)), &Config::default());
            let Some(reading) = picture.as_ref().and_then(|p| p.marks.as_ref()) else {
                return Some(format!("{name}: no marks read: {:?}", outcome.result.err()));
            };
            (reading.marks != want || !reading.unsure.is_empty() || !reading.covered.is_empty()).then(|| {
                format!(
                    "{name}: read\n{}unsure {:?} covered {:?}",
                    reading.marks.to_text(),
                    reading.unsure,
                    reading.covered
                )
            })
        })
        .collect();
    eprintln!("{} levels × {} looks, {} failures", levels.len(), looks.len(), failures.len());
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
