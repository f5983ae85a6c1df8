//! `queens explain` and `queens hint` through the real binary: steps that agree
//! with the solution, mistakes and clashes first, a solved board said to be solved,
//! hint pictures only where there is something to draw on, and the JSON shapes.

use std::path::{Path, PathBuf};

use assert_cmd::Command;

const PUZZLE: &str =
    "111111111\n112333999\n122439999\n124437799\n124666779\n124467799\n122467899\n122555889\n112258899\n";
/// The unique solution's column in each row.
const SOLUTION: [usize; 9] = [0, 5, 8, 2, 7, 4, 1, 3, 6];

fn queens() -> Command {
    let mut c = Command::cargo_bin("queens").unwrap();
    c.env_remove("NO_COLOR");
    c
}

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
    let (code, v) = json(queens().args(["hint", "--json", "--no-image"]).arg(&p));
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
    let (code, v) = json(queens().args(["hint", "--json", "-o"]).arg(&out).arg(&p));
    assert_eq!(code, 0);
    assert_eq!(v["marks"]["queens"], serde_json::json!([[0, 0]]));
    assert_eq!(v["marks"]["crosses"], serde_json::json!([[1, 1], [8, 8]]));
    assert_eq!(v["mistakes"], serde_json::json!([]));
    let hint = &v["hint"];
    assert_sound(hint);
    // The player's queen comes first: its reach is the cheapest step.
    assert_eq!(hint["technique"], "queen-reach");
    for d in hint["decided"].as_array().unwrap() {
        assert_ne!(d["cell"], serde_json::json!([1, 1]), "already crossed out");
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
    let (code, v) = json(queens().args(["hint", "--json", "--no-image"]).arg(&p));
    assert_eq!(code, 0, "mistakes are still a result");
    assert_eq!(v["mistakes"], serde_json::json!([[0, 1], [1, 5], [2, 8]]));
    assert_eq!(v["hint"]["technique"], "mistake");
    assert_eq!(v["hint"]["decided"], serde_json::json!([]));
    let text = v["hint"]["text"].as_str().unwrap();
    assert!(text.contains("row 1, column 2") && text.contains("not part of the solution"), "{text}");

    let out = queens().args(["hint", "--no-image", "--color", "never"]).arg(&p).output().unwrap();
    let human = String::from_utf8(out.stdout).unwrap();
    assert!(human.contains("3 mistakes"), "{human}");
    assert!(human.contains(" ! "), "mistakes are marked on the board: {human}");
}

#[test]
fn clashing_queens_are_named() {
    let dir = tempfile::tempdir().unwrap();
    // Two queens that touch diagonally, one of them right.
    let p = write(dir.path(), "p.txt", &with_marks(&[(0, 0, 'Q'), (1, 1, 'Q')]));
    let (_, v) = json(queens().args(["hint", "--json", "--no-image"]).arg(&p));
    assert_eq!(v["clashes"], serde_json::json!([{"cells": [[0, 0], [1, 1]], "how": "touch"}]));
    assert_eq!(v["mistakes"], serde_json::json!([[1, 1]]));
    assert!(v["hint"]["text"].as_str().unwrap().contains("touch"));
}

#[test]
fn a_finished_board_is_solved() {
    let dir = tempfile::tempdir().unwrap();
    let marks: Vec<(usize, usize, char)> = SOLUTION.iter().enumerate().map(|(r, &c)| (r, c, 'Q')).collect();
    let p = write(dir.path(), "p.txt", &with_marks(&marks));
    let (code, v) = json(queens().args(["hint", "--json", "--no-image"]).arg(&p));
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
    let (code, v) = json(queens().args(["hint", "--json", "--no-image"]).arg(&p));
    assert_eq!(code, 1);
    assert_eq!(v["error"]["kind"], "parse");
    assert_eq!(v["error"]["line"], 11);
    assert_eq!(v["error"]["column"], 4);
}

#[test]
fn solve_json_has_difficulty_and_no_logic_gives_the_same_answer() {
    let dir = tempfile::tempdir().unwrap();
    let p = write(dir.path(), "p.txt", PUZZLE);
    let (_, with) = json(queens().args(["solve", "--json", "--no-image"]).arg(&p));
    let (_, without) = json(queens().args(["solve", "--json", "--no-image", "--no-logic"]).arg(&p));
    assert_eq!(with["queens"], without["queens"]);
    assert_eq!(with["unique"], true);
    assert_eq!(without["unique"], true);
    assert!(with["difficulty"]["grade"].is_string());
    assert!(with["difficulty"]["score"].is_number());
    assert!(without["difficulty"].is_null(), "--no-logic runs no engine");
}

#[test]
fn several_solutions_get_no_hint() {
    let dir = tempfile::tempdir().unwrap();
    let p = write(dir.path(), "p.txt", "ABCD\nABCD\nABCD\nABCD\n");
    let (code, v) = json(queens().args(["hint", "--json", "--no-image"]).arg(&p));
    assert_eq!(code, 1);
    assert_eq!(v["error"]["kind"], "several-solutions");
    assert!(v["hint"].is_null());
}
