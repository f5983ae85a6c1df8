//! The player's marks on played Star Battle screenshots (../shared/corpus:
//! `starbattle-played/`, 60 pictures by pzprjs and penpa-edit, and the 21 `*_played*`
//! pictures of `starbattle/`): every star, dot and X read exactly as labelled (a dot
//! and an X are both the X mark), 0 wrong; a cell the reader is unsure of is allowed
//! (never guessed) on at most 1 picture in 20, a picture refused counting as unsure.
//! Then `queens hint` on each: a sound next step, or the labelled mistake named.

use crate::common;

use std::path::{Path, PathBuf};

use queens::pipeline::{read_picture, Timings};
use queens::puzzle::marks::{Mark, Marks};
use queens::Cell;
use rayon::prelude::*;

/// A marked picture, from either folder's manifest.
#[derive(Debug, serde::Deserialize)]
struct Shot {
    file: String,
    n: usize,
    stars: usize,
    solution: Vec<[usize; 2]>,
    #[serde(default)]
    marks: Option<common::StarLabels>,
    /// The marks that contradict the solution (`starbattle-played/` only; the
    /// marks of `starbattle/` never do).
    #[serde(default)]
    mistakes: Vec<[usize; 2]>,
    /// `[x, y, w, h]` of the cell grid in image pixels.
    board_bbox_px: [f64; 4],
}

impl Shot {
    fn expected(&self) -> Marks {
        self.marks.as_ref().expect("labelled").marks(self.n)
    }

    fn marked(&self) -> bool {
        self.marks.as_ref().is_some_and(common::StarLabels::any)
    }
}

/// Every marked picture of both folders, with its path; `None` (said loudly) when
/// the corpus is missing.
fn marked_shots() -> Option<Vec<(PathBuf, Shot)>> {
    let corpus = common::corpus_or_skip()?;
    let mut all = Vec::new();
    for folder in ["starbattle-played", "starbattle"] {
        let dir = corpus.join(folder);
        let shots: Vec<Shot> = common::manifest(&dir);
        all.extend(shots.into_iter().filter(Shot::marked).map(|s| (dir.join(&s.file), s)));
    }
    assert_eq!(all.len(), 81, "60 played pictures and 21 played ones among the 60 Star Battle pictures");
    Some(all)
}

/// What the reader made of one picture.
enum Seen {
    /// Marks compared: the unsure cells, and the wrong ones (cell, labelled, read).
    Read { unsure: Vec<Cell>, wrong: Vec<(Cell, Mark, Mark)> },
    /// No marks read: the board was not found (or found at another size).
    Refused(String),
}

fn read(path: &Path, shot: &Shot) -> Seen {
    read_image(image::open(path).expect("corpus picture").to_rgb8(), shot)
}

/// `image` shrunk by `scale` and saved as a JPEG of `quality`, as a phone's share
/// sheet might send it.
fn shrunk(image: &image::RgbImage, scale: f64, quality: u8) -> image::RgbImage {
    let (w, h) = ((f64::from(image.width()) * scale) as u32, (f64::from(image.height()) * scale) as u32);
    let small = image::imageops::resize(image, w, h, image::imageops::FilterType::Triangle);
    let mut jpeg = Vec::new();
    image::codecs::jpeg::JpegEncoder::new_with_quality(&mut jpeg, quality).encode_image(&small).expect("JPEG");
    image::load_from_memory(&jpeg).expect("decodes").to_rgb8()
}

fn read_image(image: image::RgbImage, shot: &Shot) -> Seen {
    let (picture, map) = read_picture(image, &mut Timings::default());
    let Some(reading) = picture.marks.filter(|m| m.marks.n() == shot.n) else {
        return Seen::Refused(match map {
            Err(e) => e.to_string(),
            Ok(_) => format!("a {}x{} board found", picture.grid.map_or(0, |g| g.n), picture.grid.map_or(0, |g| g.n)),
        });
    };
    assert!(reading.covered.is_empty(), "{}: nothing covers these boards", shot.file);
    let want = shot.expected();
    let mut wrong = Vec::new();
    for r in 0..shot.n {
        for c in 0..shot.n {
            let cell = Cell::new(r, c);
            let got = reading.marks.get(cell);
            if !reading.unsure.contains(&cell) && got != want.get(cell) {
                wrong.push((cell, want.get(cell), got));
            }
        }
    }
    Seen::Read { unsure: reading.unsure, wrong }
}

#[test]
fn every_marked_star_battle_picture_is_read_exactly_or_said_unsure() {
    let Some(shots) = marked_shots() else { return };
    let seen: Vec<Seen> = shots.par_iter().map(|(path, shot)| read(path, shot)).collect();
    let (mut marks, mut wrong, mut unsure_cells, mut not_exact) = (0, 0, 0, Vec::new());
    eprintln!("{:<58} {:>6} {:>6} {:>6}", "picture", "marks", "wrong", "unsure");
    for ((_, shot), seen) in shots.iter().zip(&seen) {
        let labelled = shot.expected().queens().len() + shot.expected().crosses().len();
        marks += labelled;
        match seen {
            Seen::Read { unsure, wrong: w } => {
                if !w.is_empty() || !unsure.is_empty() {
                    eprintln!("{:<58} {labelled:>6} {:>6} {:>6}", shot.file, w.len(), unsure.len());
                }
                for (cell, want, got) in w {
                    eprintln!("    WRONG at {cell:?}: labelled {want:?}, read {got:?}");
                }
                if !unsure.is_empty() {
                    eprintln!("    unsure at {unsure:?}");
                    not_exact.push(shot.file.as_str());
                }
                wrong += w.len();
                unsure_cells += unsure.len();
            }
            Seen::Refused(why) => {
                eprintln!("{:<58} {labelled:>6}      - refused: {why}", shot.file);
                not_exact.push(shot.file.as_str());
                // A board found is the whole board: never a block of it, read as a board.
                assert!(why.starts_with("no puzzle grid found"), "{}: {why}", shot.file);
            }
        }
    }
    eprintln!(
        "{} pictures, {marks} marks labelled: {wrong} read wrong, {unsure_cells} cells unsure, {} pictures unsure or refused",
        shots.len(),
        not_exact.len()
    );
    assert_eq!(wrong, 0, "marks read wrong");
    assert!(not_exact.len() * 20 <= shots.len(), "unsure or refused on more than 1 picture in 20: {not_exact:?}");
}

/// `queens hint --json --reveal answer` on a picture, with its K.
fn hint(path: &Path, stars: usize) -> serde_json::Value {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_queens"))
        .args(["hint", "--json", "--no-image", "--reveal", "answer", "--stars", &stars.to_string()])
        .arg(path)
        .output()
        .expect("queens runs");
    let text = String::from_utf8(out.stdout).expect("UTF-8");
    serde_json::from_str(text.lines().next().expect("one JSON line")).expect("JSON")
}

fn cells(v: &serde_json::Value) -> Vec<[usize; 2]> {
    serde_json::from_value(v.clone()).expect("a list of cells")
}

/// The hint on each marked picture starts from the marks on it: the labelled
/// mistake first when there is one, else a step whose every decided cell agrees
/// with the solution. A picture whose marks are not all read is said so.
#[test]
fn hint_on_every_played_star_battle_picture_is_sound_or_names_the_mistake() {
    let Some(shots) = marked_shots() else { return };
    let answers: Vec<serde_json::Value> = shots.par_iter().map(|(path, shot)| hint(path, shot.stars)).collect();
    let mut refused = Vec::new();
    for ((_, shot), v) in shots.iter().zip(&answers) {
        if v["ok"] != true {
            eprintln!("{}: refused: {}", shot.file, v["error"]["message"]);
            refused.push(shot.file.as_str());
            continue;
        }
        let want = shot.expected();
        assert_eq!(cells(&v["marks"]["queens"]), want.queens().iter().map(|c| [c.row, c.col]).collect::<Vec<_>>());
        assert_eq!(v["mistakes"], serde_json::json!(shot.mistakes), "{}: the labelled mistakes", shot.file);
        let hint = &v["hint"];
        if shot.mistakes.is_empty() {
            assert_ne!(hint["technique"], "mistake", "{}: {hint}", shot.file);
            let decided = hint["decided"].as_array().unwrap_or_else(|| panic!("{}: a step: {v}", shot.file));
            assert!(!decided.is_empty(), "{}: the step decides a cell: {hint}", shot.file);
            for d in decided {
                let cell = cells(&serde_json::json!([d["cell"]]))[0];
                let star = d["mark"] == "queen";
                assert_eq!(star, shot.solution.contains(&cell), "{}: unsound step {hint}", shot.file);
            }
        } else {
            assert_eq!(hint["technique"], "mistake", "{}: {hint}", shot.file);
            // The mistake's cell, and where its proof breaks (two stars that would touch).
            let used = cells(&hint["uses"]["cells"]);
            assert!(shot.mistakes.iter().all(|m| used.contains(m)), "{}: the mistake's cell: {hint}", shot.file);
            let mut once = used.clone();
            once.dedup();
            assert_eq!(once, used, "{}: each cell once: {hint}", shot.file);
        }
    }
    assert!(refused.len() * 20 <= shots.len(), "refused on more than 1 picture in 20: {refused:?}");
}

/// pzprjs lets a player put auxiliary dots on the borders between cells and on the
/// corners where they meet (a dot a third of a cell wide, in the marks' colour).
/// They belong to no cell: drawn on a third of the borders and corners of three
/// pzprjs pictures (phone, desktop, JPEG), every cell still reads as labelled.
#[test]
fn auxiliary_dots_on_borders_and_corners_are_ignored() {
    let Some(shots) = marked_shots() else { return };
    let picked = ["004_played", "032_played", "050_played"];
    let chosen: Vec<&(PathBuf, Shot)> =
        shots.iter().filter(|(_, s)| picked.iter().any(|p| s.file.starts_with(p))).collect();
    assert_eq!(chosen.len(), 3);
    for (path, shot) in chosen {
        let mut image = image::open(path).expect("corpus picture").to_rgb8();
        let [x0, y0, w, _] = shot.board_bbox_px;
        let pitch = w / shot.n as f64;
        let want = shot.expected();
        // The marks' own colour: the middle of a star the player placed.
        let star = want.queens()[0];
        let ink = *image
            .get_pixel((x0 + (star.col as f64 + 0.5) * pitch) as u32, (y0 + (star.row as f64 + 0.5) * pitch) as u32);
        // Border middles and corners, in half-cells: (2r + 1, 2c) is the border left
        // of cell (r, c), (2r, 2c + 1) the one above it, (2r, 2c) its top-left corner.
        let n2 = 2 * shot.n;
        let near_star = |hr: usize, hc: usize| {
            want.queens().iter().any(|q| (2 * q.row + 1).abs_diff(hr) <= 2 && (2 * q.col + 1).abs_diff(hc) <= 2)
        };
        let mut dots = 0;
        for hr in 0..=n2 {
            for hc in 0..=n2 {
                let on_cell = hr % 2 == 1 && hc % 2 == 1;
                if on_cell || (hr + 2 * hc) % 3 != 0 || near_star(hr, hc) {
                    continue;
                }
                let (cx, cy) = (x0 + hc as f64 * pitch / 2.0, y0 + hr as f64 * pitch / 2.0);
                let r = 0.15 * pitch;
                for y in (cy - r).floor() as u32..=(cy + r).ceil() as u32 {
                    for x in (cx - r).floor() as u32..=(cx + r).ceil() as u32 {
                        if (f64::from(x) - cx).hypot(f64::from(y) - cy) <= r {
                            image.put_pixel(x, y, ink);
                        }
                    }
                }
                dots += 1;
            }
        }
        assert!(dots > 20, "{}: {dots} dots drawn", shot.file);
        let (picture, _) = read_picture(image, &mut Timings::default());
        let reading = picture.marks.unwrap_or_else(|| panic!("{}: the board is found", shot.file));
        assert_eq!(reading.marks, want, "{}: marks with auxiliary dots", shot.file);
        assert!(reading.unsure.is_empty(), "{}: unsure at {:?}", shot.file, reading.unsure);
    }
}

/// The same pictures shrunk to 0.7 of their size and saved as JPEG (cells of 18 to
/// 70 px), and one board whose lattice the search by cells fits a fifth of a pitch
/// off at that size (032, cells of 33 px): never a mark wrong, rarely unsure.
#[test]
fn shrunk_recompressed_pictures_are_read_exactly_or_said_unsure() {
    let Some(shots) = marked_shots() else { return };
    let seen: Vec<Seen> = shots
        .par_iter()
        .map(|(path, shot)| read_image(shrunk(&image::open(path).expect("picture").to_rgb8(), 0.7, 75), shot))
        .collect();
    let mut not_exact = Vec::new();
    for ((_, shot), seen) in shots.iter().zip(&seen) {
        match seen {
            Seen::Read { unsure, wrong } => {
                assert!(wrong.is_empty(), "{} at 0.7: WRONG {wrong:?}", shot.file);
                if !unsure.is_empty() {
                    eprintln!("{} at 0.7: unsure at {unsure:?}", shot.file);
                    not_exact.push(shot.file.as_str());
                }
            }
            Seen::Refused(why) => {
                eprintln!("{} at 0.7: refused: {why}", shot.file);
                not_exact.push(shot.file.as_str());
            }
        }
    }
    eprintln!("{} pictures at 0.7: {} unsure or refused", shots.len(), not_exact.len());
    assert!(not_exact.len() * 10 <= shots.len(), "unsure or refused on more than 1 picture in 10: {not_exact:?}");
    let (path, shot) = shots.iter().find(|(_, s)| s.file.starts_with("032_played")).expect("032");
    let scale = 33.0 / (shot.board_bbox_px[2] / shot.n as f64);
    match read_image(shrunk(&image::open(path).expect("picture").to_rgb8(), scale, 85), shot) {
        Seen::Read { unsure, wrong } => assert!(unsure.is_empty() && wrong.is_empty(), "{unsure:?} {wrong:?}"),
        Seen::Refused(why) => panic!("032 at 33 px cells: refused: {why}"),
    }
}
