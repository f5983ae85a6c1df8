//! Every bound holds, round three (issue 48): inputs and error messages cost what
//! they weigh, no text from an input or an argument reaches a terminal raw, and the
//! time limit holds in every stage; each on the real binary with inputs made here.

mod common;

use assert_cmd::Command;
use common::{queens, write};

/// Exit code, standard output and standard error of `cmd`.
fn run(cmd: &mut Command) -> (Option<i32>, String, String) {
    let out = cmd.output().unwrap();
    (out.status.code(), String::from_utf8_lossy(&out.stdout).into(), String::from_utf8_lossy(&out.stderr).into())
}

/// What acts on a terminal instead of printing: ESC, BEL, C1 controls, and a line
/// break anywhere but at the end of a line of output.
fn acting(text: &str) -> Option<char> {
    text.chars().find(|&c| c != '\n' && (c.is_control() || ('\u{202a}'..='\u{202e}').contains(&c)))
}

const PUZZLE: &str = "1112\n1222\n3334\n3444\n";

/// Item 2: an error quotes at most about 80 characters of a bad value, escaped,
/// with its length. A `# stars:` line, a puzz.link host and a puzz.link type of
/// 1 MiB of ESC each printed the whole value, 6 characters a byte.
#[test]
fn an_error_quotes_a_bad_value_in_brief() {
    let dir = tempfile::tempdir().unwrap();
    let esc = "\x1b".repeat(1 << 20);
    let inputs = [
        ("stars.txt", format!("# stars: {esc}\n{PUZZLE}"), "star count of 1 or more"),
        ("host.txt", format!("https://{esc}/p?starbattle/4/4/1/abc"), "unknown host"),
        ("type.txt", format!("https://puzz.link/p?{esc}/4/4/1/abc"), "wrong puzzle type"),
    ];
    for (name, text, why) in inputs {
        let path = write(dir.path(), name, text.as_bytes());
        let (code, _, stderr) = run(queens().args(["solve", "--no-image"]).arg(&path));
        assert_eq!(code, Some(1), "{name}: {stderr}");
        assert!(stderr.contains(why), "{name}: {stderr}");
        assert!(stderr.contains(&format!("\"{}…\" (1,048,576 characters)", "\\e".repeat(80))), "{name}: {stderr}");
        assert!(stderr.len() < 1000, "{name}: an error of {} bytes", stderr.len());
        assert_eq!(acting(&stderr), None, "{name}: {stderr:?}");
    }
}

/// A penpa-edit link of [`PUZZLE`] whose genre tags are `tags` (a JSON list).
fn penpa_tagged(tags: &str) -> String {
    let regions = queens::puzzle::text::parse(PUZZLE).unwrap();
    let link = queens::puzzle::penpa::encode(&regions, 1, None).unwrap();
    let text = queens::puzzle::penpa::text(&link).unwrap();
    assert!(text.contains("[\"starbattle\"]"), "test is broken: no genre tags");
    queens::puzzle::penpa::pack(&text.replace("[\"starbattle\"]", tags))
}

/// Item 3: no text from an input reaches a terminal raw. A penpa-edit link's genre
/// tags were printed as they were by every command: an OSC 52 sequence wrote the
/// clipboard, OSC 0 retitled the window, a newline forged a `queens:` line.
#[test]
fn penpa_tags_are_printed_escaped_by_every_command() {
    let dir = tempfile::tempdir().unwrap();
    let link = penpa_tagged(r#"["\u001b]52;c;aGk=\u0007","\u001b]0;T\u0007\nqueens: forged","\u009b31m"]"#);
    let file = write(dir.path(), "tags.txt", link.as_bytes());
    let commands: [&[&str]; 6] =
        [&["solve", "--no-image"], &["hint"], &["why", "r1c1"], &["explain"], &["read"], &["render", "-o", "out.png"]];
    for args in commands {
        for input in [file.as_os_str(), std::ffi::OsStr::new(&link)] {
            let (code, stdout, stderr) = run(queens().current_dir(dir.path()).args(args).arg(input));
            assert_ne!(code, Some(0), "{args:?}: {stderr}");
            assert!(stderr.contains("puzzle, not Star Battle"), "{args:?}: {stderr}");
            assert!(stderr.contains(r"a \e]52;c;aGk=\u{7}, \e]0;T\u{7}\nqueens: forged, \u{9b}31m puzzle"), "{stderr}");
            assert_eq!(stderr.lines().count(), 1, "{args:?}: {stderr}");
            assert_eq!(acting(&stderr), None, "{args:?}: {stderr:?}");
            assert_eq!(acting(&stdout), None, "{args:?}: {stdout:?}");
        }
    }
}

/// Item 3: clap's own error quotes an invalid argument; it printed the argument's
/// escapes raw (`why $'r1\e]0;T\a c1' x.png` retitled the window), and a newline in
/// a `--flag=value` forged a line.
#[test]
fn an_invalid_argument_is_echoed_escaped() {
    let cases: [&[&str]; 3] = [
        &["why", "r1\x1b]0;T\x07 c1", "x.png"],
        &["solve", "--time-limit=\x1b]0;T\x07\nqueens: forged", "x.png"],
        &["hint", "--stars", "\u{9b}2J", "x.png"],
    ];
    for args in cases {
        let (code, stdout, stderr) = run(queens().args(args));
        assert_eq!(code, Some(2), "{args:?}: {stderr}");
        assert!(stderr.starts_with("error: invalid value"), "{args:?}: {stderr}");
        assert_eq!(acting(&stderr), None, "{args:?}: {stderr:?}");
        assert!(!stderr.contains("\nqueens: forged"), "{args:?}: {stderr}");
        assert_eq!(stdout, "");
    }
    // Without anything to escape, clap's error is as it always was.
    let (code, _, stderr) = run(queens().args(["why", "r0c1", "x.png"]));
    assert_eq!(code, Some(2));
    assert!(stderr.contains("invalid value 'r0c1' for '<CELL>'"), "{stderr}");
}
