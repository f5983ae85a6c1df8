//! Star Battle marks on boards nobody here has seen: the generated boards of
//! `tests/data/starbattle/` (10×10 2★ to 25×25 6★), each half played at random
//! (a share of its solution's stars, X marks around them) and drawn by the
//! project's own renderer in both players' looks (penpa-edit's black stars and thin
//! X's, half of them on its grey map colouring; the puzz.link player's green stars
//! and dashes), at cells of 22 to 80 px, as PNG and as JPEG. The reader must give every mark exactly or say it is unsure: 0
//! wrong, and unsure or refused on at most 1 picture in 20. No corpus needed.

use crate::common;

use queens::output::render::{self, GameMarks, GridLines, Style};
use queens::pipeline::{self, Timings};
use queens::puzzle::marks::{Mark, Marks};
use queens::{Cell, Regions};

/// The boards of `tests/data/starbattle/`: regions, K and the solution.
fn boards() -> Vec<(String, Regions, usize, Vec<Cell>)> {
    #[derive(serde::Deserialize)]
    struct Board {
        file: String,
        stars: usize,
        regions: Vec<String>,
        solution: Vec<[usize; 2]>,
    }
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/starbattle");
    common::manifest::<Board>(&dir)
        .into_iter()
        .map(|b| {
            let cells = b.solution.iter().map(|&[r, c]| Cell::new(r, c)).collect();
            (b.file, Regions::from_rows(&b.regions).unwrap(), b.stars, cells)
        })
        .collect()
}

#[test]
fn rendered_played_star_battle_boards_read_exactly_or_unsure() {
    let mut rng = common::planted::Rng::new(40);
    let (mut exact, mut doubtful, mut wrong) = (0, Vec::new(), Vec::new());
    for (file, regions, _, solution) in boards() {
        let n = regions.n();
        for look in [render::StarMarks::Penpa, render::StarMarks::Pzprjs] {
            // A share of the solution's stars, and X marks on most of their neighbours.
            let mut marks = Marks::new(n);
            let placed: Vec<Cell> = solution.iter().copied().filter(|_| rng.below(10) < 4).collect();
            for &s in &placed {
                for r in s.row.saturating_sub(1)..=(s.row + 1).min(n - 1) {
                    for c in s.col.saturating_sub(1)..=(s.col + 1).min(n - 1) {
                        if rng.below(10) < 7 {
                            marks.set(Cell::new(r, c), Mark::Cross);
                        }
                    }
                }
            }
            for &s in &placed {
                marks.set(s, Mark::Queen);
            }
            let cell = [22, 26, 30, 36, 44, 60, 80][rng.below(7)];
            // Half of penpa-edit's boards in its grey map colouring (1 px lines up to 39 px cells).
            let shaded = look == render::StarMarks::Penpa && rng.below(2) == 0;
            let style = Style {
                cell,
                margin: 4 + rng.below(50) as u32,
                bordered: Some(GridLines::Dotted),
                star_marks: look,
                shaded,
                ..Style::default()
            };
            let game =
                GameMarks { marks: marks.clone(), crown: render::CrownStyle::Black, cross: render::CrossStyle::X };
            let (img, _) = render::render_with(&regions, &style, &render::Marks::default(), Some(&game));
            let jpeg = rng.below(2) == 0;
            let img = if jpeg {
                let bytes = common::encode(&img, common::Encoding::Jpeg(70 + rng.below(25) as u8));
                image::load_from_memory(&bytes).unwrap().to_rgb8()
            } else {
                img
            };
            let name = format!(
                "{file} {look:?}{} {cell}px{}",
                if shaded { " grey" } else { "" },
                if jpeg { " jpeg" } else { "" }
            );
            let (picture, map) = pipeline::read_picture(img, &mut Timings::default());
            let Some(reading) = picture.marks.filter(|_| map.is_ok()) else {
                doubtful.push(format!("{name}: refused ({:?})", map.err()));
                continue;
            };
            let misread: Vec<Cell> = regions
                .cells()
                .filter(|&c| !reading.unsure.contains(&c) && reading.marks.get(c) != marks.get(c))
                .collect();
            if !misread.is_empty() {
                wrong.push(format!("{name}: {misread:?}"));
            } else if !reading.unsure.is_empty() {
                doubtful.push(format!("{name}: unsure on {:?}", reading.unsure));
            } else {
                exact += 1;
            }
        }
    }
    let total = exact + doubtful.len() + wrong.len();
    eprintln!("{exact} of {total} exact; unsure or refused: {doubtful:#?}");
    assert!(wrong.is_empty(), "marks read wrong: {wrong:#?}");
    assert!(doubtful.len() * 20 <= total, "unsure or refused on {} of {total}: {doubtful:#?}", doubtful.len());
}
