//! `queens explain` and `queens hint` through the real binary: steps that agree
//! with the solution, mistakes and clashes first, a solved board said to be solved,
//! hint pictures only where there is something to draw on, and the JSON shapes.

use std::path::{Path, PathBuf};

use assert_cmd::Command;

const PUZZLE: &str =
    "111111111\n112333999\n122439999\n124437799\n124666779\n124467799\n122467899\n122555889\n112258899\n";
/// The unique solution's column in each row.
const SOLUTION: [usize; 9] = [0, 5, 8, 2, 7, 4, 1, 3, 6];

use crate::common;
use crate::common::queens_coloured as queens;
use crate::hints_corpus::names_cell;
use queens::Cell;

fn write(dir: &Path, name: &str, text: &str) -> PathBuf {
    let p = dir.join(name);
    std::fs::write(&p, text).unwrap();
    p
}

/// The puzzle with a marks block: `marks` lists (row, col, char) on a blank board.
fn with_marks(marks: &[(usize, usize, char)]) -> String {
    let mut grid = vec![vec!['.'; 9]; 9];
    for &(r, c, ch) in marks {
        grid[r][c] = ch;
    }
    let block: Vec<String> = grid.iter().map(|row| row.iter().collect()).collect();
    format!("{PUZZLE}\n{}\n", block.join("\n"))
}

fn json(cmd: &mut Command) -> (i32, serde_json::Value) {
    let out = cmd.output().unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    let value = serde_json::from_str(text.lines().next().expect("one JSON line")).expect("valid JSON");
    (out.status.code().unwrap(), value)
}

fn is_solution(cell: &serde_json::Value) -> bool {
    let (r, c) = (cell[0].as_u64().unwrap() as usize, cell[1].as_u64().unwrap() as usize);
    SOLUTION[r] == c
}

/// Every decided cell of `step` agrees with the solution.
fn assert_sound(step: &serde_json::Value) {
    let decided = step["decided"].as_array().expect("decided");
    assert!(!decided.is_empty(), "a step decides something: {step}");
    for d in decided {
        let queen = d["mark"] == "queen";
        assert_eq!(queen, is_solution(&d["cell"]), "unsound step {step}");
    }
}

#[test]
fn explain_gives_sound_numbered_steps_and_a_grade() {
    let dir = tempfile::tempdir().unwrap();
    let p = write(dir.path(), "p.txt", PUZZLE);
    let (code, v) = json(queens().args(["explain", "--json"]).arg(&p));
    assert_eq!(code, 0);
    assert_eq!(v["ok"], true);
    assert_eq!(v["solved_by_logic"], true);
    let steps = v["steps"].as_array().unwrap();
    assert!(steps.len() >= 9, "at least one step per queen");
    for s in steps {
        assert_sound(s);
        let level = s["level"].as_u64().unwrap();
        assert!((1..=7).contains(&level));
        assert!(s["text"].as_str().unwrap().ends_with('.'));
    }
    // Every queen of the solution is placed by some step.
    let placed: usize =
        steps.iter().flat_map(|s| s["decided"].as_array().unwrap()).filter(|d| d["mark"] == "queen").count();
    assert_eq!(placed, 9);
    assert!(["easy", "medium", "hard", "expert"].contains(&v["difficulty"]["grade"].as_str().unwrap()));
    assert!(v["hardest"].is_string());

    let out = queens().args(["explain", "--color", "never"]).arg(&p).output().unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("   1. ["), "{text}");
    assert!(text.contains("solved by logic in"), "{text}");
    assert!(text.contains("grade:"), "{text}");
}

#[test]
fn hint_on_a_fresh_board_is_one_sound_step() {
    let dir = tempfile::tempdir().unwrap();
    let p = write(dir.path(), "p.txt", PUZZLE);
    let (code, v) = json(queens().args(["hint", "--json", "--reveal", "answer", "--no-image"]).arg(&p));
    assert_eq!(code, 0);
    assert_eq!(v["mistakes"], serde_json::json!([]));
    assert_sound(&v["hint"]);
    assert!(v["hint"]["uses"].is_object());
    // No marks in the text: nothing to draw the hint on.
    assert!(v["output"].is_null());
}

#[test]
fn hint_starts_from_the_players_marks() {
    let dir = tempfile::tempdir().unwrap();
    // The player found the first queen and crossed out a few right cells.
    let p = write(dir.path(), "p.txt", &with_marks(&[(0, 0, 'Q'), (1, 1, 'x'), (8, 8, 'x')]));
    let out = dir.path().join("out");
    let (code, v) = json(queens().args(["hint", "--json", "--reveal", "answer", "-o"]).arg(&out).arg(&p));
    assert_eq!(code, 0);
    assert_eq!(v["marks"]["queens"], serde_json::json!([[0, 0]]));
    assert_eq!(v["marks"]["crosses"], serde_json::json!([[1, 1], [8, 8]]));
    assert_eq!(v["mistakes"], serde_json::json!([]));
    let hint = &v["hint"];
    assert_sound(hint);
    // The player's crown already rules out its row, column, region and the cells
    // around it (as the game's auto-X would): the hint is the next real step.
    assert_ne!(hint["technique"], "queen-reach");
    let region_a: Vec<(usize, usize)> = PUZZLE
        .lines()
        .enumerate()
        .flat_map(|(r, line)| line.char_indices().filter(|&(_, ch)| ch == '1').map(move |(c, _)| (r, c)))
        .collect();
    let implied = v["implied"].as_array().expect("the cells the crown implies");
    assert!(!implied.contains(&serde_json::json!([0, 0])) && !implied.contains(&serde_json::json!([1, 1])));
    // Region A holds all of row 1, column 1 and the cells around the crown: its
    // cells, less the crown and the X already on row 2, column 2.
    assert_eq!(implied.len(), region_a.len() - 2, "{implied:?}");
    for d in hint["decided"].as_array().unwrap() {
        let (r, c) = (d["cell"][0].as_u64().unwrap() as usize, d["cell"][1].as_u64().unwrap() as usize);
        assert!(r != 0 && c != 0 && !region_a.contains(&(r, c)), "{d} was implied by the crown");
        assert!((r, c) != (1, 1) && (r, c) != (8, 8), "already crossed out");
    }
    let picture = PathBuf::from(v["output"].as_str().expect("a hint picture"));
    // A text puzzle's picture keeps its extension, so a screenshot of the board never shares it.
    assert!(picture.ends_with("p.txt.hint.png"));
    let img = image::open(&picture).unwrap();
    assert!(img.width() > 200);
}

#[test]
fn mistakes_come_first_and_name_the_cell() {
    let dir = tempfile::tempdir().unwrap();
    // A queen off the solution (row 1, column 2) and an X on a solution cell (row 2, column 6).
    let p = write(dir.path(), "p.txt", &with_marks(&[(0, 1, 'Q'), (1, 5, 'x'), (2, 8, 'x')]));
    let (code, v) = json(queens().args(["hint", "--json", "--reveal", "answer", "--no-image"]).arg(&p));
    assert_eq!(code, 0, "mistakes are still a result");
    assert_eq!(v["mistakes"], serde_json::json!([[0, 1], [1, 5], [2, 8]]));
    assert_eq!(v["hint"]["technique"], "mistake");
    assert_eq!(v["hint"]["decided"], serde_json::json!([]));
    // The queen is fixed first (an X comes after), with why from the correct marks.
    let text = v["hint"]["text"].as_str().unwrap();
    assert!(text.contains("Remove the crown on row 1, column 2."), "{text}");
    assert!(text.contains("with it there, ") && !text.contains("not part of the solution"), "a reason: {text}");

    let out = queens().args(["hint", "--no-image", "--color", "never", "--reveal", "answer"]).arg(&p).output().unwrap();
    let human = String::from_utf8(out.stdout).unwrap();
    assert!(human.contains("3 mistakes"), "{human}");
    // Only the mark the answer is about is marked: another wrong X would show where a queen goes.
    let marked = human.matches("(!)").count() + human.matches(" ! ").count();
    assert_eq!(marked, 1, "the mistake to fix is marked on the board: {human}");
    assert!(human.contains("(! the mark to fix"), "the legend: {human}");
    assert!(human.lines().nth(2).is_some_and(|row| row.contains("(!)")), "on row 1: {human}");
}

#[test]
fn clashing_queens_are_named() {
    let dir = tempfile::tempdir().unwrap();
    // Two queens that touch diagonally, one of them right.
    let p = write(dir.path(), "p.txt", &with_marks(&[(0, 0, 'Q'), (1, 1, 'Q')]));
    let (_, v) = json(queens().args(["hint", "--json", "--reveal", "answer", "--no-image"]).arg(&p));
    assert_eq!(v["clashes"], serde_json::json!([{"cells": [[0, 0], [1, 1]], "how": "touch"}]));
    assert_eq!(v["mistakes"], serde_json::json!([[1, 1]]));
    let text = v["hint"]["text"].as_str().unwrap();
    assert!(text.contains("touch"), "{text}");
    // The proof leaves the other crown out, and says so.
    assert!(text.contains("is wrong: with it there, and without the crown on row 1, column 1, "), "{text}");
}

/// On a Star Battle board a "no star here" mark is drawn as a dot (pzprjs, the
/// page) or an X (penpa-edit): a wrong one is named for what it means.
#[test]
fn a_wrong_mark_on_a_star_battle_board_is_a_no_star_mark() {
    let dir = tempfile::tempdir().unwrap();
    let map = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/starbattle/10x10-2star-1.txt"))
        .unwrap();
    // Row 1, column 2 holds a star of the solution; the mark says it holds none.
    let marks: Vec<String> =
        (0..10).map(|r| (0..10).map(|c| if (r, c) == (0, 1) { 'x' } else { '.' }).collect()).collect();
    let p = write(dir.path(), "p.txt", &format!("{map}\n{}\n", marks.join("\n")));
    let (_, v) = json(queens().args(["hint", "--json", "--reveal", "answer", "--no-image"]).arg(&p));
    assert_eq!(v["mistakes"], serde_json::json!([[0, 1]]), "{v}");
    let text = v["hint"]["text"].as_str().unwrap();
    assert!(
        text.starts_with("The no-star mark on row 1, column 2 ") && text.ends_with("Remove the no-star mark."),
        "{text}"
    );
    assert!(!text.contains(" X"), "{text}");
    let (_, v) = json(queens().args(["hint", "--json", "--reveal", "reason", "--no-image"]).arg(&p));
    let reason = v["hint"]["reason"].as_str().unwrap();
    assert!(reason.starts_with("A no-star mark in ") && !reason.contains(" X"), "{reason}");
}

/// `solve` on a played screenshot with mistakes names them after its verdict and
/// rings the wrong crown on its picture (red, as a hint rings a mistake): else the
/// picture shows the wrong crown beside a solution crown, two crowns that touch.
/// A board without mistakes gets neither.
#[test]
fn solve_names_and_rings_the_players_mistakes() {
    let Some(corpus) = common::corpus_or_skip() else { return };
    let dir = tempfile::tempdir().unwrap();
    const RING: [u8; 3] = [220, 30, 30];
    for (shot, said) in [
        (
            "played-11-android412-mistake.png",
            Some("; your board has 2 mistakes: the X on row 9, column 6; the crown on row 9, column 7 -> "),
        ),
        ("played-145-phone390-partial.png", None),
    ] {
        let out = queens()
            .args(["solve", "--color", "never", "-o"])
            .arg(dir.path())
            .arg(corpus.join("played").join(shot))
            .output()
            .unwrap();
        assert!(out.status.success(), "{shot}");
        let stdout = String::from_utf8(out.stdout).unwrap();
        let first = stdout.lines().next().unwrap();
        let picture = dir.path().join(shot.replace(".png", ".solved.png"));
        let rings = ink_pixels(&picture, RING);
        match said {
            Some(said) => {
                assert!(first.contains(said), "{first}");
                assert!(rings > 100, "{shot}: the wrong crown is ringed ({rings} red pixels)");
            }
            None => {
                assert!(!first.contains("mistake"), "{first}");
                assert_eq!(rings, 0, "{shot}: nothing to ring");
            }
        }
    }
}

#[test]
fn a_finished_board_is_solved() {
    let dir = tempfile::tempdir().unwrap();
    let marks: Vec<(usize, usize, char)> = SOLUTION.iter().enumerate().map(|(r, &c)| (r, c, 'Q')).collect();
    let p = write(dir.path(), "p.txt", &with_marks(&marks));
    let (code, v) = json(queens().args(["hint", "--json", "--reveal", "answer", "--no-image"]).arg(&p));
    assert_eq!(code, 0);
    assert_eq!(v["solved"], true);
    assert!(v["hint"].is_null());
}

#[test]
fn bad_marks_are_a_parse_error_with_line_and_column() {
    let dir = tempfile::tempdir().unwrap();
    let mut text = with_marks(&[]);
    text = text.replacen(".........\n", "...?.....\n", 1);
    let p = write(dir.path(), "p.txt", &text);
    let (code, v) = json(queens().args(["hint", "--json", "--reveal", "answer", "--no-image"]).arg(&p));
    assert_eq!(code, 1);
    assert_eq!(v["error"]["kind"], "parse");
    assert_eq!(v["error"]["line"], 11);
    assert_eq!(v["error"]["column"], 4);
}

#[test]
fn solve_json_grades_only_under_grade_and_no_logic_gives_the_same_answer() {
    let dir = tempfile::tempdir().unwrap();
    let p = write(dir.path(), "p.txt", PUZZLE);
    let (_, graded) = json(queens().args(["solve", "--json", "--grade", "--no-image"]).arg(&p));
    let (_, plain) = json(queens().args(["solve", "--json", "--no-image"]).arg(&p));
    let (_, without) = json(queens().args(["solve", "--json", "--no-image", "--no-logic"]).arg(&p));
    assert_eq!(graded["queens"], plain["queens"]);
    assert_eq!(graded["queens"], without["queens"]);
    assert_eq!([&graded["unique"], &plain["unique"], &without["unique"]], [true, true, true]);
    assert!(graded["difficulty"]["grade"].is_string());
    assert!(graded["difficulty"]["score"].is_number());
    assert!(graded["ms"]["explain"].is_number(), "the graded path is timed: {}", graded["ms"]);
    // Without --grade the answer does not wait for the explained path: it never runs.
    assert!(plain["difficulty"].is_null(), "graded without --grade: {}", plain["difficulty"]);
    assert!(plain["ms"].get("explain").is_none(), "explained without --grade: {}", plain["ms"]);
    assert!(without["difficulty"].is_null());
    // --grade is about the JSON record: alone it is a usage error.
    queens().args(["solve", "--grade", "--no-image"]).arg(&p).assert().code(2);
}

#[test]
fn several_solutions_get_no_hint() {
    let dir = tempfile::tempdir().unwrap();
    let p = write(dir.path(), "p.txt", "ABCD\nABCD\nABCD\nABCD\n");
    let (code, v) = json(queens().args(["hint", "--json", "--reveal", "answer", "--no-image"]).arg(&p));
    assert_eq!(code, 1);
    assert_eq!(v["error"]["kind"], "several-solutions");
    assert!(v["hint"].is_null());
}

// ---------------------------------------------------------------------------
// Over the corpus: hints skip what the player's crowns imply, their nudges and
// reasons never name the cells they decide, and every step stays sound.

/// Pixels of exactly `ink` in the picture at `path`.
fn ink_pixels(path: &Path, ink: [u8; 3]) -> usize {
    image::open(path).unwrap().to_rgb8().pixels().filter(|p| p.0 == ink).count()
}

/// With no `--reveal`, a hint is the nudge everywhere: the terminal names no cell
/// it decides and no mistaken cell, and the JSON carries no later reveal.
#[test]
fn a_hint_without_reveal_is_the_nudge_and_names_no_decided_cell() {
    let dir = tempfile::tempdir().unwrap();
    for marks in [vec![(0, 0, 'Q'), (1, 1, 'x')], vec![(0, 1, 'Q'), (1, 5, 'x')]] {
        let p = write(dir.path(), "p.txt", &with_marks(&marks));
        let (_, full) = json(queens().args(["hint", "--json", "--reveal", "answer", "--no-image"]).arg(&p));
        let (_, v) = json(queens().args(["hint", "--json", "--no-image"]).arg(&p));
        assert_eq!(v["reveal"], "nudge");
        assert_eq!(v["hint"]["nudge"], full["hint"]["nudge"]);
        assert!(v["hint"]["reason"].is_null() && v["hint"]["text"].is_null(), "{v}");
        assert_eq!(v["hint"]["decided"], serde_json::json!([]));
        assert_eq!(v["mistakes"], serde_json::json!([]));
        // How many marks are wrong, and which technique the step is, are more than where to look.
        assert!(v["mistake_count"].is_null() && v["hint"]["technique"].is_null(), "{v}");
        assert_eq!(full["mistake_count"], full["mistakes"].as_array().unwrap().len());
        let out = queens().args(["hint", "--no-image", "--color", "never"]).arg(&p).output().unwrap();
        let text = String::from_utf8(out.stdout).unwrap();
        let named: Vec<Cell> = full["hint"]["decided"]
            .as_array()
            .unwrap()
            .iter()
            .map(|d| Cell::new(d["cell"][0].as_u64().unwrap() as usize, d["cell"][1].as_u64().unwrap() as usize))
            .chain(
                full["mistakes"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|m| Cell::new(m[0].as_u64().unwrap() as usize, m[1].as_u64().unwrap() as usize)),
            )
            .collect();
        assert!(!named.is_empty(), "the board decides or fixes something: {full}");
        for cell in named {
            assert!(!names_cell(&text, cell), "the nudge names {cell:?}: {text}");
        }
        assert!(text.contains("Next: --reveal reason"), "{text}");
    }
}

#[test]
fn reveal_picks_the_sentence_and_hides_the_answer_below_it() {
    let dir = tempfile::tempdir().unwrap();
    let p = write(dir.path(), "p.txt", &with_marks(&[(0, 0, 'Q'), (1, 1, 'x')]));
    let (_, v) = json(queens().args(["hint", "--json", "--reveal", "answer", "--no-image"]).arg(&p));
    let hint = &v["hint"];
    let mut pictures = Vec::new();
    for reveal in ["nudge", "reason", "answer"] {
        let out = dir.path().join(reveal);
        let run =
            queens().args(["hint", "--color", "never", "--reveal", reveal, "-o"]).arg(&out).arg(&p).output().unwrap();
        assert!(run.status.success());
        let text = String::from_utf8(run.stdout).unwrap();
        let sentence = hint[reveal.replace("answer", "text")].as_str().unwrap();
        assert!(text.contains(sentence), "{reveal}: {text}");
        // The board below the sentence: decided cells only with the answer.
        let board: String = text.lines().skip(2).filter(|l| !l.starts_with("  Next:")).collect::<Vec<_>>().join("\n");
        assert_eq!(text.contains("  Next: --reveal "), reveal != "answer", "{reveal}: how to see more: {text}");
        let shows_answer = board.contains('+') || board.contains('-');
        assert_eq!(shows_answer, reveal == "answer", "{reveal}: {board}");
        assert!(board.contains('('), "{reveal}: where to look is bracketed: {board}");
        pictures.push(out.join("p.txt.hint.png"));
    }
    // (Nudge and reason differ from the answer's sentence.)
    assert_ne!(hint["nudge"], hint["text"]);
    assert_ne!(hint["reason"], hint["text"]);
    // The answer's crowns and X's are drawn in the decided ink; the nudge and reason draw none.
    let decided = [10, 110, 60];
    assert_eq!(ink_pixels(&pictures[0], decided), 0);
    assert_eq!(ink_pixels(&pictures[1], decided), 0);
    assert!(ink_pixels(&pictures[2], decided) > 50);

    let bad = queens().args(["hint", "--reveal", "all", "--no-image"]).arg(&p).output().unwrap();
    assert_eq!(bad.status.code(), Some(2), "an unknown reveal is a usage error");
}

#[test]
fn a_mistake_is_revealed_in_three_steps_and_only_the_answer_names_the_cell() {
    let dir = tempfile::tempdir().unwrap();
    // An X on the solution's cell of row 2 (column 6).
    let p = write(dir.path(), "p.txt", &with_marks(&[(1, 5, 'x')]));
    let (_, v) = json(queens().args(["hint", "--json", "--reveal", "answer", "--no-image"]).arg(&p));
    let hint = &v["hint"];
    assert_eq!(hint["technique"], "mistake");
    let nudge = hint["nudge"].as_str().unwrap();
    assert!(nudge.starts_with("Something on the board is wrong: look at "), "{nudge}");
    for key in ["nudge", "reason"] {
        assert!(!names_cell(hint[key].as_str().unwrap(), Cell::new(1, 5)), "{hint}");
    }
    assert!(names_cell(hint["text"].as_str().unwrap(), Cell::new(1, 5)), "{hint}");
    let units = hint["uses"]["rows"].as_array().unwrap().len() + hint["uses"]["regions"].as_array().unwrap().len();
    assert_eq!(units, 1, "the nudge points at one row or region: {hint}");
    let out = queens().args(["hint", "--no-image", "--color", "never", "--reveal", "nudge"]).arg(&p).output().unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains(nudge) && !text.contains(" ! "), "the nudge does not mark the cell: {text}");
}

/// A hint whose deadline has passed says so, rather than that the board has no
/// explained step. Corpus board 059 (17×17, 4★): its first step is a pressured
/// exclusion, which stops at the deadline like every search that grows with N.
#[test]
fn a_hint_past_its_deadline_says_time_limit() {
    use queens::pipeline::{self, Config};
    use queens::puzzle::deadline::Deadline;
    let Some((_, boards)) = common::starbattle() else { return };
    let board = boards.iter().find(|b| b.file.starts_with("059_")).expect("corpus board 059");
    let text = board.regions.join("\n") + "\n";
    let mut config = Config::default();
    config.solve.stars = board.stars;
    let (mut outcome, _) = pipeline::solve_bytes(text.as_bytes(), false, &config);
    let fresh = pipeline::hint(&mut outcome, &config).expect("a hint");
    assert!(fresh.step.is_some(), "a step from the empty board: {}", fresh.reveals.text);
    config.solve.deadline = Deadline::at(std::time::Instant::now() - std::time::Duration::from_millis(1));
    let late = pipeline::hint(&mut outcome, &config).expect("a hint record");
    assert!(late.step.is_none(), "no step past the deadline: {}", late.reveals.text);
    assert!(late.reveals.text.contains("within the time limit"), "{}", late.reveals.text);
}

/// A position whose next step costs more than a hint searches says that the
/// search stopped, and where to find more, rather than that no step exists.
/// Corpus board 060 (17×17, 4★) is walked with a hint's work per step until a
/// step is not found; the hint from there, with the board as the player's marks.
#[test]
fn a_hint_past_its_search_points_to_the_full_explanation() {
    use queens::pipeline::{self, Config};
    let Some(text) = common::beyond_a_hint() else { return };
    let (mut outcome, _) = pipeline::solve_bytes(text.as_bytes(), false, &Config::default());
    let hint = pipeline::hint(&mut outcome, &Config::default()).expect("a hint record");
    assert!(hint.step.is_none(), "no step within a hint's search: {}", hint.reveals.text);
    assert_eq!(hint.stopped, Some(queens::solve::logic::hint::Stopped::Search), "{}", hint.reveals.text);
    assert!(hint.reveals.text.contains("within a hint's search"), "{}", hint.reveals.text);
    // The engine names no front end's command; the terminal adds its own.
    assert!(!hint.reveals.text.contains("queens explain"), "{}", hint.reveals.text);
    let dir = tempfile::tempdir().unwrap();
    let file = write(dir.path(), "060-part-way.txt", &text);
    let out = queens().args(["hint", "--no-image"]).arg(&file).output().expect("run queens hint");
    let printed = String::from_utf8_lossy(&out.stdout);
    assert!(printed.contains("within a hint's search") && printed.contains("queens explain"), "{printed}");
}

/// `explain` prints its steps first and the solved board last; `--boards` draws
/// the board after each step, its cells marked, and ends on the full solution.
#[test]
fn explain_puts_the_board_last_and_boards_draws_each_step() {
    let dir = tempfile::tempdir().unwrap();
    let p = write(dir.path(), "p.txt", PUZZLE);
    let out = queens().args(["explain", "--color", "never"]).arg(&p).output().unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    let first_step = text.find("   1. [").expect("numbered steps");
    let board = text.find("[A]").expect("the solved board, queens in brackets");
    assert!(first_step < board, "the steps come before the solved board: {text}");

    let out = queens().args(["explain", "--boards", "--color", "never"]).arg(&p).output().unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    let steps = text.lines().filter(|l| l.trim_start().starts_with(|c: char| c.is_ascii_digit())).count();
    let rows: Vec<&str> =
        text.lines().filter(|l| l.starts_with("      ") && l.trim().split(' ').count() == 9).collect();
    assert_eq!(rows.len(), 9 * steps, "a 9×9 board after each of {steps} steps: {text}");
    // After the last step every cell is decided: queens where the solution has them.
    let last = &rows[rows.len() - 9..];
    for (r, row) in last.iter().enumerate() {
        for (c, symbol) in row.split_whitespace().enumerate() {
            assert_eq!(matches!(symbol, "Q" | "+"), SOLUTION[r] == c, "row {r}: {row}");
            assert!(matches!(symbol, "Q" | "+" | "·" | "-"), "every cell decided at the end: {row}");
        }
    }
}

/// `queens why`: the steps that decide a cell, as far as `--reveal`, in text and
/// JSON; a cell is written r3c5; one off the board is that input's error.
#[test]
fn why_answers_a_cell_and_refuses_one_off_the_board() {
    let dir = tempfile::tempdir().unwrap();
    let p = write(dir.path(), "p.txt", &with_marks(&[(0, 0, 'Q')]));
    // Row 2, column 6 holds the solution's queen of row 2.
    let (code, v) = json(queens().args(["why", "r2c6", "--json", "--reveal", "answer", "--no-image"]).arg(&p));
    assert_eq!(code, 0, "{v}");
    assert_eq!((v["cell"].clone(), v["state"].clone()), (serde_json::json!([1, 5]), serde_json::json!("queen")));
    let steps = v["steps"].as_array().unwrap();
    assert!(!steps.is_empty(), "{v}");
    for s in steps {
        assert_sound(s);
    }
    let last = steps.last().unwrap();
    assert!(last["decided"].as_array().unwrap().iter().any(|d| d["cell"] == serde_json::json!([1, 5])), "{v}");
    // The nudge alone: no state, no steps, no text.
    let (_, nudge) = json(queens().args(["why", "r2c6", "--json", "--no-image"]).arg(&p));
    assert_eq!(nudge["reveal"], "nudge");
    assert!(nudge["state"].is_null() && nudge["text"].is_null() && nudge["steps"] == serde_json::json!([]));
    assert_eq!(nudge["nudge"], v["nudge"]);
    // In the terminal, the answer ends with what the cell is, said once: here the
    // last step's own sentence places the queen, so no "So …" repeats it.
    let out = queens().args(["why", "R2C6", "--reveal", "answer", "--no-image", "--color", "never"]).arg(&p).output();
    let text = String::from_utf8(out.unwrap().stdout).unwrap();
    let said = reveal_lines(&text);
    assert!(said.last().unwrap().contains("one cell left for its queen: row 2, column 6."), "{text}");
    assert!(!said.iter().any(|l| l.contains("So row 2, column 6")), "the conclusion said twice: {text}");
    // The cell asked about is in square brackets, as the legend says: row 2, column 6.
    let framed: Vec<(usize, usize)> = text
        .lines()
        .skip(said.len() + 1)
        .take(9)
        .enumerate()
        .flat_map(|(r, l)| l.match_indices('[').map(move |(at, _)| (r, (at - 2) / 3)).collect::<Vec<_>>())
        .collect();
    assert_eq!(framed, [(1, 5)], "{text}");
    assert!(text.contains("[ ] the cell asked about"), "{text}");
    // Not a cell: a usage error; off the board: that input fails.
    let bad = queens().args(["why", "x3", "--no-image"]).arg(&p).output().unwrap();
    assert_eq!(bad.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&bad.stderr).contains("write r3c5"), "{bad:?}");
    let (code, off) = json(queens().args(["why", "r10c1", "--json", "--no-image"]).arg(&p));
    assert_eq!(code, 1);
    assert_eq!(off["error"]["kind"], "no-such-cell", "{off}");
}

/// The lines of a terminal answer between its header and its board.
fn reveal_lines(text: &str) -> Vec<&str> {
    text.lines().skip(1).take_while(|l| !l.starts_with("   ")).collect()
}

/// A long chain is shown one step at a time: in the terminal a line for how many,
/// one numbered line a step and the conclusion on its own, and a board that shows
/// what the last step decides and what the steps before decided inside its units,
/// nothing else; the picture frames the cell asked about.
#[test]
fn a_long_why_chain_is_numbered_and_its_picture_frames_the_cell() {
    let dir = tempfile::tempdir().unwrap();
    let shot = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("samples/bordered-9x9.png");
    let (code, v) = json(queens().args(["why", "r6c2", "--json", "--reveal", "answer", "--no-image"]).arg(&shot));
    assert_eq!(code, 0, "{v}");
    let steps = v["steps"].as_array().unwrap();
    assert!(steps.len() >= 3, "a long chain: {v}");
    let out = queens()
        .args(["why", "r6c2", "--reveal", "answer", "--color", "never", "-o"])
        .arg(dir.path())
        .arg(&shot)
        .output();
    let text = String::from_utf8(out.unwrap().stdout).unwrap();
    let said = reveal_lines(&text);
    assert_eq!(said[0], format!("  It takes {} steps from your board.", steps.len()), "{text}");
    for (k, line) in said[1..=steps.len()].iter().enumerate() {
        assert!(line.starts_with(&format!("  {}. ", k + 1)), "step {} on its own line: {text}", k + 1);
    }
    assert_eq!(said[steps.len() + 1], "  So row 6, column 2 is empty.", "{text}");
    assert_eq!(said.len(), steps.len() + 2, "{text}");
    // The board: a decided cell only where the last step looks.
    let bytes = std::fs::read(&shot).unwrap();
    let (outcome, _) = queens::pipeline::solve_bytes(&bytes, true, &queens::pipeline::Config::default());
    let regions = outcome.regions.unwrap();
    let last = steps.last().unwrap();
    let uses = &last["uses"];
    let has = |key: &str, v: usize| uses[key].as_array().unwrap().iter().any(|x| x.as_u64() == Some(v as u64));
    let board: Vec<&str> = text.lines().skip(said.len() + 1).take(9).collect();
    let mut shown = 0;
    for (r, row) in board.iter().enumerate() {
        let cells: Vec<&str> = row.split([' ', '(', ')']).filter(|t| !t.is_empty()).collect();
        assert_eq!(cells.len(), 9, "{row}");
        for (c, symbol) in cells.iter().enumerate() {
            if matches!(*symbol, "+" | "-") {
                shown += 1;
                let letter = queens::puzzle::region_letter(regions.label(Cell::new(r, c))).to_string();
                let inside = has("rows", r)
                    || has("cols", c)
                    || uses["regions"].as_array().unwrap().iter().any(|x| x.as_str() == Some(letter.as_str()))
                    || uses["cells"].as_array().unwrap().iter().any(|x| *x == serde_json::json!([r, c]));
                assert!(inside, "r{}c{} outside the last step: {text}", r + 1, c + 1);
            }
        }
    }
    let decided_total: usize = steps.iter().map(|s| s["decided"].as_array().unwrap().len()).sum();
    assert!(shown > 0 && shown < decided_total, "only the last step's cells, {shown} of {decided_total}: {text}");
    // The picture frames the asked cell in orange, one cell's worth.
    let img = image::open(dir.path().join("bordered-9x9.why.png")).unwrap().to_rgb8();
    let orange: Vec<(u32, u32)> =
        img.enumerate_pixels().filter(|(_, _, p)| p.0 == [235, 120, 0]).map(|(x, y, _)| (x, y)).collect();
    assert!(!orange.is_empty(), "the asked cell is framed");
    let (xs, ys) = (orange.iter().map(|p| p.0), orange.iter().map(|p| p.1));
    let (w, h) = (xs.clone().max().unwrap() - xs.min().unwrap(), ys.clone().max().unwrap() - ys.min().unwrap());
    assert!(w < img.width() / 8 && h < img.width() / 8, "one cell framed: {w}×{h} of {}", img.width());
}
