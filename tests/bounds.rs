//! Every bound holds (issue 18): time limits that stop the work, reads that cannot
//! grow without end, temp files that cannot be hijacked, user-given counts bounded.
//! Each test runs the real binary on an input made here, in a temp dir.

mod common;

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use assert_cmd::Command;

fn queens() -> Command {
    let mut c = Command::cargo_bin("queens").unwrap();
    c.env("NO_COLOR", "1");
    c
}

fn write(dir: &Path, name: &str, bytes: &[u8]) -> PathBuf {
    let p = dir.join(name);
    std::fs::write(&p, bytes).unwrap();
    p
}

/// Runs `cmd`, returning its exit code, standard output and error, and wall time.
fn timed(cmd: &mut Command) -> (Option<i32>, String, String, Duration) {
    let t = Instant::now();
    let out = cmd.output().unwrap();
    let took = t.elapsed();
    (out.status.code(), String::from_utf8_lossy(&out.stdout).into(), String::from_utf8_lossy(&out.stderr).into(), took)
}

/// Item 1: on a 40×40 puzzle with a planted solution, `--time-limit 3` bounds the
/// whole run (presolve, every K of `--stars auto`, MILP, proof, explanation): it
/// ends within the limit plus 1 s, and whatever it says is true: the planted
/// solution is a solution, so "no solution" would be wrong, and a "unique" answer
/// must be the planted one.
#[test]
fn a_40x40_board_stops_within_the_time_limit() {
    let dir = tempfile::tempdir().unwrap();
    let (text, planted) = common::planted::puzzle(40, 18);
    let file = write(dir.path(), "big.txt", text.as_bytes());
    let planted_line: String = planted.iter().map(|c| c.to_string()).collect::<Vec<_>>().join(",");
    let runs: [&[&str]; 4] = [
        &["solve", "--no-image", "--json", "--stars", "1", "--time-limit", "3"],
        &["solve", "--no-image", "--json", "--time-limit", "3"],
        &["explain", "--no-image", "--json", "--stars", "1", "--time-limit", "3"],
        &["read", "--format", "puzzlink", "--time-limit", "3"],
    ];
    for args in runs {
        let (code, stdout, stderr, took) = timed(queens().args(args).arg(&file));
        let what = format!("queens {} big.txt: exit {code:?} in {took:?}\n{stdout}{stderr}", args.join(" "));
        assert!(took < Duration::from_secs(4), "over the limit + 1 s: {what}");
        let wrong = stdout.contains("\"kind\":\"no-solution\"") || stderr.contains("the puzzle has no solution");
        assert!(!wrong, "a wrong verdict: {what}");
        if code == Some(0) && args[0] != "read" {
            let record: serde_json::Value = serde_json::from_str(stdout.trim()).unwrap();
            let cols: Vec<String> = record["queens"].as_array().unwrap().iter().map(|q| q[1].to_string()).collect();
            assert_eq!(cols.join(","), planted_line, "a unique answer must be the planted one: {what}");
        } else if code != Some(0) {
            assert!(
                stdout.contains("several-solutions")
                    || stdout.contains("time limit")
                    || stderr.contains("several solutions")
                    || stderr.contains("time limit"),
                "{what}"
            );
        }
    }
}
