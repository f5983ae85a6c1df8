//! File names never act on the terminal (issue 35, item 11): a name holding an
//! escape sequence (`\e[31m`), a title sequence (`\e]0;…\a`) or a newline is printed
//! escaped (`\e`, `\n`, `\u{..}`) by every command, on standard output and error,
//! while JSON keeps the exact name, and the bytes of a name that is not UTF-8.

use crate::common;

use assert_cmd::Command;
use common::{queens, write};

/// Colours the terminal red, retitles it, and forges a line of output.
const EVIL: &str = "red\x1b[31m\x1b]0;owned\x07\nqueens: forged";
/// How [`EVIL`] is printed.
const SHOWN: &str = "red\\e[31m\\e]0;owned\\u{7}\\nqueens: forged";

const SOLVABLE: &str = "1112\n1222\n3334\n3444\n";

/// Runs `queens ARGS`; returns standard output and error, checked free of raw
/// control characters (only newlines end lines).
fn run(cmd: &mut Command) -> (String, String) {
    let out = cmd.output().unwrap();
    let (stdout, stderr) = (String::from_utf8_lossy(&out.stdout).into_owned(), String::from_utf8_lossy(&out.stderr));
    for (what, text) in [("stdout", &stdout[..]), ("stderr", &stderr[..])] {
        let raw = text.chars().find(|&c| c.is_control() && c != '\n');
        assert!(raw.is_none(), "{what} holds a raw {raw:?}: {text:?}");
        assert!(!text.contains("\nqueens: forged"), "{what} has a forged line: {text:?}");
    }
    (stdout, stderr.into_owned())
}

#[test]
fn names_are_escaped_on_the_terminal_and_exact_in_json() {
    let dir = tempfile::tempdir().unwrap();
    let good = write(dir.path(), &format!("{EVIL}.txt"), SOLVABLE.as_bytes());
    let bad = write(dir.path(), &format!("{EVIL}-bad.txt"), b"not a puzzle\n");

    let (stdout, _) = run(queens().args(["solve", "--no-image"]).arg(&good));
    assert!(stdout.starts_with(&format!("{}/{SHOWN}.txt: 4x4", dir.path().display())), "{stdout}");
    let (_, stderr) = run(queens().args(["solve", "--no-image"]).arg(&bad));
    assert!(stderr.contains(&format!("{SHOWN}-bad.txt: ")), "{stderr}");
    // A folder of them: the summary lines too.
    let (stdout, stderr) = run(queens().args(["solve", "--no-image"]).arg(dir.path()));
    assert!(stdout.contains(SHOWN) && stderr.contains(SHOWN), "{stdout}{stderr}");
    for sub in ["read", "hint", "explain"] {
        let (stdout, stderr) = run(queens().arg(sub).arg(&bad));
        assert!(stderr.contains(&format!("{SHOWN}-bad.txt")), "queens {sub}: {stdout}{stderr}");
    }
    let (_, stderr) = run(queens().args(["render", "-o", "out.png"]).arg(&bad).current_dir(dir.path()));
    assert!(stderr.contains(&format!("{SHOWN}-bad.txt")), "queens render: {stderr}");

    // JSON keeps the exact name (JSON escapes it itself).
    let out = queens().args(["solve", "--json"]).arg(&good).output().unwrap();
    let record: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(record["input"].as_str(), Some(good.to_str().unwrap()));
    assert!(record.get("input_bytes").is_none(), "a UTF-8 name needs no bytes: {record}");
}

/// An overlay written under a name with control characters (from the input's name,
/// or the output folder's) is printed escaped too; `generate` likewise.
#[test]
fn written_pictures_are_named_escaped() {
    let dir = tempfile::tempdir().unwrap();
    let r = queens::puzzle::text::parse(SOLVABLE).unwrap();
    let img = queens::output::render::render(&r, &Default::default(), &Default::default()).0;
    let shot = write(dir.path(), &format!("{EVIL}.png"), &queens::output::overlay::encode_png(&img));
    let out = dir.path().join(EVIL);
    let (stdout, _) = run(queens().args(["solve", "-o"]).arg(&out).arg(&shot));
    assert!(stdout.contains(&format!(" -> {}/{SHOWN}/{SHOWN}.solved.png", dir.path().display())), "{stdout}");
    let json = queens().args(["solve", "--json", "-o"]).arg(&out).arg(&shot).output().unwrap();
    let record: serde_json::Value = serde_json::from_slice(&json.stdout).unwrap();
    let written = out.join(format!("{EVIL}.solved.png"));
    assert_eq!(record["output"].as_str(), Some(written.to_str().unwrap()), "{record}");

    let (stdout, _) = run(queens().args(["generate", "--size", "6", "--seed", "1", "-o"]).arg(&out));
    assert!(stdout.contains(&format!("-> {}/{SHOWN}/6x6-", dir.path().display())), "{stdout}");
}

/// A name that is not UTF-8: `\x..` on the terminal, its bytes in JSON.
#[cfg(target_os = "linux")]
#[test]
fn a_name_that_is_not_utf8_is_kept_losslessly() {
    use std::os::unix::ffi::OsStrExt as _;
    let dir = tempfile::tempdir().unwrap();
    let name = std::ffi::OsStr::from_bytes(b"odd\xff\x1b.txt");
    let file = dir.path().join(name);
    std::fs::write(&file, SOLVABLE).unwrap();
    let (stdout, _) = run(queens().args(["solve", "--no-image"]).arg(&file));
    assert!(stdout.contains("odd\\xff\\e.txt: 4x4"), "{stdout}");
    let out = queens().args(["solve", "--json"]).arg(&file).output().unwrap();
    let record: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let bytes: Vec<u8> = record["input_bytes"].as_array().unwrap().iter().map(|b| b.as_u64().unwrap() as u8).collect();
    assert_eq!(bytes, file.as_os_str().as_bytes(), "{record}");
    assert!(record["input"].as_str().unwrap().ends_with("odd\u{fffd}\x1b.txt"), "{record}");
}
