//! The player's marks read from ../shared/corpus screenshots: every crown and X
//! mark exactly as labelled, 0 wrong. Unsure cells are allowed (never guessed),
//! counted and printed. Boards under the "You Win!" panel may be refused instead.

mod common;

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
    let (outcome, _) = solve_image(&bytes, &Config::default());
    let reading = match (&outcome.marks, &outcome.result) {
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
    let text = std::fs::read_to_string(dir.join("manifest.json")).expect("manifest");
    let shots: Vec<Labelled> = serde_json::from_str(&text).expect("manifest parses");
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

#[test]
fn real_screenshots_marks_read_exactly() {
    let Some(count) = check("real", |_| false) else { return };
    assert_eq!(count, 45);
}
