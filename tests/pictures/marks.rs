//! The player's marks read from ../shared/corpus screenshots: every crown and X
//! mark exactly as labelled, 0 wrong. Unsure cells are allowed (never guessed),
//! counted and printed. Boards under the "You Win!" panel may be refused instead.

use crate::common;

use std::path::Path;

use queens::pipeline::{solve_image, Config};
use queens::puzzle::marks::{Mark, Marks};
use queens::Cell;
use rayon::prelude::*;

/// A labelled picture: its marks as `[row, col]` lists.
#[derive(Debug, serde::Deserialize)]
struct Labelled {
    file: String,
    n: usize,
    #[serde(default)]
    marks: Option<LabelMarks>,
    #[serde(default)]
    win_screen: bool,
}

#[derive(Debug, Default, serde::Deserialize)]
struct LabelMarks {
    #[serde(default)]
    queens: Vec<[usize; 2]>,
    #[serde(default)]
    crosses: Vec<[usize; 2]>,
    /// Dots (some versions mark blocked cells with them) count as X marks.
    #[serde(default)]
    dots: Vec<[usize; 2]>,
}

impl Labelled {
    fn expected(&self) -> Marks {
        let mut m = Marks::new(self.n);
        let l = self.marks.as_ref().expect("labelled");
        for (list, mark) in [(&l.crosses, Mark::Cross), (&l.dots, Mark::Cross), (&l.queens, Mark::Queen)] {
            for &[r, c] in list {
                m.set(Cell::new(r, c), mark);
            }
        }
        m
    }
}

/// What happened to one picture.
#[derive(Debug)]
enum Seen {
    /// Marks compared: the unsure cells, and the wrong ones (cell, expected, read).
    Read { unsure: Vec<Cell>, wrong: Vec<(Cell, Mark, Mark)> },
    /// The board was refused (no marks read), with the error kind.
    Refused(&'static str),
}

fn read(dir: &Path, shot: &Labelled) -> Seen {
    let bytes = std::fs::read(dir.join(&shot.file)).expect("corpus file");
    let (outcome, picture) = solve_image(&bytes, &Config::default());
    let reading = match (picture.as_ref().and_then(|p| p.marks.as_ref()), &outcome.result) {
        (Some(r), _) if r.covered.is_empty() => r,
        (_, Err(e)) => return Seen::Refused(e.kind()),
        (_, Ok(_)) => panic!("{}: a covered board was solved", shot.file),
    };
    let want = shot.expected();
    assert_eq!(reading.marks.n(), shot.n, "{}: board side", shot.file);
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
    Seen::Read { unsure: reading.unsure.clone(), wrong }
}

fn check(folder: &str, may_refuse: impl Fn(&Labelled) -> bool) -> Option<usize> {
    let (dir, _) = common::shots(folder)?;
    let shots: Vec<Labelled> = common::manifest(&dir);
    let shots: Vec<Labelled> = shots.into_iter().filter(|s| s.marks.is_some()).collect();
    let seen: Vec<(String, Seen)> = shots.par_iter().map(|s| (s.file.clone(), read(&dir, s))).collect();
    let (mut unsure, mut wrong, mut marks) = (0, 0, 0);
    for ((file, seen), shot) in seen.iter().zip(&shots) {
        match seen {
            Seen::Read { unsure: u, wrong: w } => {
                marks += shot.expected().queens().len() + shot.expected().crosses().len();
                for (cell, want, got) in w {
                    eprintln!("{file}: WRONG mark at {cell:?}: labelled {want:?}, read {got:?}");
                }
                if !u.is_empty() {
                    eprintln!("{file}: unsure at {u:?}");
                }
                unsure += u.len();
                wrong += w.len();
            }
            Seen::Refused(kind) => {
                eprintln!("{file}: refused ({kind})");
                assert!(may_refuse(shot), "{file}: refused ({kind}), but its board is in plain view");
                // A board under a panel is refused for that reason, not as "no board".
                assert_eq!(*kind, "covered", "{file}: a board under a panel refused for another reason");
            }
        }
    }
    eprintln!("{folder}: {} pictures, {marks} marks labelled, {wrong} wrong, {unsure} unsure", shots.len());
    assert_eq!(wrong, 0, "{folder}: marks read wrong");
    Some(shots.len())
}

#[test]
fn played_screenshots_marks_read_exactly() {
    // Only the boards under the "You Win!" panel may be refused.
    let Some(count) = check("played", |s| s.win_screen) else { return };
    assert_eq!(count, 60);
}

/// The six boards under the "You Win!" panel (light and dark; phone, Android and
/// desktop, where the panel hides from a third of the board to nearly all of it)
/// are refused because they are covered, and say so.
#[test]
fn boards_under_the_win_panel_are_refused_as_covered() {
    let Some((dir, _)) = common::shots("played") else { return };
    let shots: Vec<Labelled> = common::manifest(&dir);
    let covered: Vec<&Labelled> = shots.iter().filter(|s| s.win_screen).collect();
    assert_eq!(covered.len(), 6);
    for shot in covered {
        let bytes = std::fs::read(dir.join(&shot.file)).expect("corpus file");
        let (outcome, _) = solve_image(&bytes, &Config::default());
        match &outcome.result {
            Err(e) => {
                assert_eq!(e.kind(), "covered", "{}: {e}", shot.file);
                assert!(e.to_string().starts_with("the board is partly covered"), "{}: {e}", shot.file);
            }
            Ok(_) => panic!("{}: a board under the win panel was solved", shot.file),
        }
    }
}

#[test]
fn real_screenshots_marks_read_exactly() {
    let Some(count) = check("real", |_| false) else { return };
    assert_eq!(count, 45);
}

/// `queens read` prints the marks block under the map, and the text reads back to the same board.
#[test]
fn read_prints_the_marks_block_and_round_trips() {
    let Some((dir, _)) = common::shots("played") else { return };
    let shots: Vec<Labelled> = common::manifest(&dir);
    let shot = shots.iter().find(|s| s.file.contains("clash")).expect("a clash picture");
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_queens"))
        .arg("read")
        .arg(dir.join(&shot.file))
        .output()
        .expect("runs");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let printed = String::from_utf8(out.stdout).unwrap();
    let (_, marks) = queens::puzzle::text::parse_board(&printed).expect("the printed board parses");
    assert_eq!(marks.as_ref(), Some(&shot.expected()), "{printed}");
    let tmp = std::env::temp_dir().join(format!("queens-marks-read-{}.txt", std::process::id()));
    std::fs::write(&tmp, &printed).unwrap();
    let again = std::process::Command::new(env!("CARGO_BIN_EXE_queens")).arg("read").arg(&tmp).output().unwrap();
    std::fs::remove_file(&tmp).ok();
    assert_eq!(String::from_utf8(again.stdout).unwrap(), printed);
}

/// A blob that is no mark the reader knows: the board and marks are printed, the
/// cell is named on stderr, and the exit status says the read is incomplete.
#[test]
fn read_names_unsure_cells_and_fails() {
    use queens::output::render::{render, Marks as Drawn, Style};
    let Some(levels) = common::levels("levels.json") else { return };
    let level = &levels[0];
    let style = Style { cell: 60, ..Style::default() };
    let (mut img, grid) = render(&level.board(), &style, &Drawn::default());
    // A solid square a third of the cell wide in row 2, column 3.
    let (cx, cy) = grid.center(Cell::new(1, 2));
    for y in (cy - 10.0) as u32..(cy + 10.0) as u32 {
        for x in (cx - 10.0) as u32..(cx + 10.0) as u32 {
            img.put_pixel(x, y, image::Rgb([30, 30, 30]));
        }
    }
    let tmp = std::env::temp_dir().join(format!("queens-marks-unsure-{}.png", std::process::id()));
    img.save(&tmp).unwrap();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_queens")).arg("read").arg(&tmp).output().unwrap();
    std::fs::remove_file(&tmp).ok();
    assert_eq!(out.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("not sure what is drawn on row 2, column 3"), "{stderr}");
    let (regions, marks) = queens::puzzle::text::parse_board(&String::from_utf8(out.stdout).unwrap()).unwrap();
    assert_eq!(regions.rows(), level.regions);
    assert!(marks.is_none(), "the unsure cell is printed as empty");
}

/// A played screenshot's labelled mistakes (manifest fields the mistake tests use).
#[derive(serde::Deserialize)]
struct WithMistakes {
    file: String,
    mistakes: Vec<[usize; 2]>,
    win_screen: bool,
}

/// `solve --json` on half-played screenshots lists exactly the labelled mistakes.
#[test]
fn solve_json_lists_the_labelled_mistakes() {
    let Some((dir, _)) = common::shots("played") else { return };
    let shots = common::manifest::<WithMistakes>(&dir);
    shots.par_iter().filter(|s| !s.win_screen).for_each(|shot| {
        let bytes = std::fs::read(dir.join(&shot.file)).expect("corpus file");
        let (outcome, _) = solve_image(&bytes, &Config::default());
        let record: serde_json::Value =
            serde_json::from_str(&queens::output::report::Record::new(&shot.file, &outcome).to_json()).unwrap();
        let mut want = shot.mistakes.clone();
        want.sort();
        let got: Vec<[usize; 2]> = serde_json::from_value(record["mistakes"].clone()).expect("mistakes listed");
        assert_eq!(got, want, "{}", shot.file);
        assert!(record["marks"]["unsure"].is_array(), "{}", shot.file);
    });
}

/// `queens hint --json` on every played screenshot lists exactly the labelled
/// mistakes, read from the screenshot's own marks.
#[test]
fn hint_on_played_screenshots_lists_the_labelled_mistakes() {
    let Some((dir, _)) = common::shots("played") else { return };
    let shots = common::manifest::<WithMistakes>(&dir);
    let files: Vec<_> = shots.iter().filter(|s| !s.win_screen).map(|s| dir.join(&s.file)).collect();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_queens"))
        .args(["hint", "--json", "--reveal", "answer", "--no-image", "-q", "-j", "2"])
        .args(&files)
        .output()
        .expect("runs");
    let stdout = String::from_utf8(out.stdout).unwrap();
    let mut seen = 0;
    for line in stdout.lines() {
        let record: serde_json::Value = serde_json::from_str(line).unwrap();
        let input = record["input"].as_str().unwrap();
        let shot = shots.iter().find(|s| input.ends_with(&s.file)).expect("a corpus file");
        assert_eq!(record["ok"], true, "{input}: {record}");
        let mut got: Vec<[usize; 2]> = serde_json::from_value(record["mistakes"].clone()).unwrap();
        got.sort();
        let mut want = shot.mistakes.clone();
        want.sort();
        assert_eq!(got, want, "{input}");
        seen += 1;
    }
    assert_eq!(seen, files.len());
}

/// The solved overlay of a half-played screenshot leaves the player's own crowns
/// untouched and draws the rest of the solution.
#[test]
fn overlay_draws_solution_crowns_only_where_the_player_has_none() {
    let Some((dir, _)) = common::shots("played") else { return };
    let file = dir.join("played-29-android412-partial.png");
    let out_dir = std::env::temp_dir().join(format!("queens-marks-overlay-{}", std::process::id()));
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_queens"))
        .args(["solve", "--json", "-q", "-o"])
        .arg(&out_dir)
        .arg(&file)
        .output()
        .expect("runs");
    let record: serde_json::Value = serde_json::from_slice(&out.stdout).expect("one record");
    let written = image::open(record["output"].as_str().expect("overlay written")).unwrap().to_rgb8();
    std::fs::remove_dir_all(&out_dir).ok();
    let original = image::open(&file).unwrap().to_rgb8();
    let grid = &record["grid"];
    let (x0, y0, n) = (grid["x"].as_f64().unwrap(), grid["y"].as_f64().unwrap(), grid["n"].as_u64().unwrap() as usize);
    let pitch = grid["width"].as_f64().unwrap() / n as f64;
    let player: Vec<[usize; 2]> = serde_json::from_value(record["marks"]["queens"].clone()).unwrap();
    let solution: Vec<[usize; 2]> = serde_json::from_value(record["queens"].clone()).unwrap();
    assert!(!player.is_empty() && player.len() < solution.len());
    // Pixels changed inside a cell's middle square.
    let changed = |[r, c]: [usize; 2]| {
        let (cx, cy) = (x0 + (c as f64 + 0.5) * pitch, y0 + (r as f64 + 0.5) * pitch);
        let h = (pitch * 0.35) as i64;
        (-h..=h)
            .flat_map(|dy| (-h..=h).map(move |dx| (dx, dy)))
            .filter(|&(dx, dy)| {
                let (x, y) = ((cx as i64 + dx) as u32, (cy as i64 + dy) as u32);
                written.get_pixel(x, y) != original.get_pixel(x, y)
            })
            .count()
    };
    for cell in &solution {
        if player.contains(cell) {
            assert_eq!(changed(*cell), 0, "the player's crown at {cell:?} was drawn over");
        } else {
            assert!(changed(*cell) > 0, "no solution crown drawn at {cell:?}");
        }
    }
}

/// The played screenshots shrunk until their cells are 40, 48 or 60 px and saved as
/// JPEGs of quality 60, 70 or 75, as a chat app passes them on: 0 marks wrong, and
/// every crown read as a crown (the X marks, 8 to 13 px wide by then, may be unsure).
#[test]
fn played_screenshots_shrunk_to_small_jpegs_read_every_crown() {
    use image::imageops::{resize, FilterType};
    #[derive(serde::Deserialize)]
    struct Board {
        file: String,
        win_screen: bool,
        board_bbox_px: [f64; 4],
    }
    let Some((dir, _)) = common::shots("played") else { return };
    let boards: Vec<Board> = common::manifest(&dir);
    let labels: Vec<Labelled> = common::manifest(&dir);
    let runs: Vec<(String, usize, usize, usize)> = boards
        .par_iter()
        .zip(&labels)
        .filter(|(b, l)| !b.win_screen && l.marks.is_some())
        .flat_map_iter(|(b, l)| [(40, 60), (48, 70), (60, 75)].map(|(cell, q)| (b, l, cell, q)))
        .map(|(board, shot, cell, quality)| {
            let img = image::open(dir.join(&board.file)).expect("corpus file").to_rgb8();
            let scale = (cell * shot.n) as f64 / board.board_bbox_px[2];
            let (w, h) = ((f64::from(img.width()) * scale) as u32, (f64::from(img.height()) * scale) as u32);
            let filter = if cell == 40 { FilterType::Triangle } else { FilterType::Lanczos3 };
            let small = common::encode(&resize(&img, w, h, filter), common::Encoding::Jpeg(quality as u8));
            let (outcome, picture) = solve_image(&small, &Config::default());
            let name = format!("{} at {cell} px, q{quality}", board.file);
            let reading = picture.and_then(|p| p.marks).unwrap_or_else(|| panic!("{name}: {:?}", outcome.result.err()));
            let want = shot.expected();
            let wrong = (0..shot.n * shot.n)
                .map(|i| Cell::new(i / shot.n, i % shot.n))
                .filter(|c| !reading.unsure.contains(c) && reading.marks.get(*c) != want.get(*c))
                .count();
            let crowns = reading.unsure.iter().filter(|&&c| want.get(c) == Mark::Queen).count();
            (name, wrong, crowns, reading.unsure.len() - crowns)
        })
        .collect();
    let sum = |f: fn(&(String, usize, usize, usize)) -> usize| runs.iter().map(f).sum::<usize>();
    for (name, wrong, crowns, _) in &runs {
        if wrong + crowns > 0 {
            eprintln!("{name}: {wrong} wrong, {crowns} crowns unsure");
        }
    }
    eprintln!(
        "{} small JPEGs: {} wrong, {} crowns unsure, {} other cells unsure",
        runs.len(),
        sum(|r| r.1),
        sum(|r| r.2),
        sum(|r| r.3)
    );
    assert_eq!(runs.len(), 3 * 54);
    assert_eq!(sum(|r| r.1), 0, "marks read wrong");
    assert_eq!(sum(|r| r.2), 0, "clear crowns reported unsure");
}
