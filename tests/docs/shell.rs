//! Shell niceties: `--version` names HiGHS, completion scripts parse in bash (and
//! zsh or fish when installed), and the man page renders with `man -l` and groff.

use std::path::Path;
use std::process::Command as Process;

use crate::common::queens;

fn stdout_of(args: &[&str]) -> String {
    let out = queens().args(args).output().unwrap();
    assert!(out.status.success(), "queens {args:?}: {}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout).unwrap()
}

/// True when `program` can be run (a missing tool skips its check, loudly).
fn have(program: &str) -> bool {
    let found =
        Process::new("sh").args(["-c", &format!("command -v {program}")]).output().is_ok_and(|o| o.status.success());
    if !found {
        eprintln!("SKIPPED: `{program}` is not installed, so that check did not run");
    }
    found
}

#[test]
fn version_names_the_highs_library() {
    let text = stdout_of(&["--version"]);
    let rest = text.trim().strip_prefix(&format!("queens {} (HiGHS ", env!("CARGO_PKG_VERSION"))).expect(&text);
    let highs = rest.strip_suffix(')').expect(&text);
    let parts: Vec<&str> = highs.split('.').collect();
    assert_eq!(parts.len(), 3, "{text}");
    assert!(parts.iter().all(|p| p.parse::<u32>().is_ok()), "{text}");
    assert!(stdout_of(&["solve", "--version"]).contains("(HiGHS "));
}

fn check_script(shell: &str, text: &str, dir: &Path) {
    assert!(text.contains("queens"), "{shell}: {text}");
    assert!(text.contains("max-pixels"), "{shell} completes --max-pixels");
    let file = dir.join(format!("queens.{shell}"));
    std::fs::write(&file, text).unwrap();
    let syntax = match shell {
        "bash" => Some(("bash", vec!["-n"])),
        "zsh" => Some(("zsh", vec!["-n"])),
        "fish" => Some(("fish", vec!["--no-execute"])),
        _ => None,
    };
    if let Some((program, flags)) = syntax {
        if shell == "bash" || have(program) {
            let out = Process::new(program).args(&flags).arg(&file).output().unwrap();
            assert!(out.status.success(), "{program} rejects the script: {}", String::from_utf8_lossy(&out.stderr));
        }
    }
}

#[test]
fn completion_scripts_parse() {
    let dir = tempfile::tempdir().unwrap();
    for shell in ["bash", "zsh", "fish", "powershell"] {
        check_script(shell, &stdout_of(&["completions", shell]), dir.path());
    }
    // Bash really completes the subcommands from the script.
    let script = dir.path().join("queens.bash");
    let probe = format!(
        "source {}; COMP_WORDS=(queens so); COMP_CWORD=1; COMP_LINE='queens so'; COMP_POINT=9; _queens queens so queens; echo \"${{COMPREPLY[@]}}\"",
        script.display()
    );
    let out = Process::new("bash").args(["-c", &probe]).output().unwrap();
    assert_eq!(String::from_utf8_lossy(&out.stdout).trim(), "solve", "{}", String::from_utf8_lossy(&out.stderr));
    queens().args(["completions", "tcsh"]).assert().code(2);
}

#[test]
fn man_page_renders() {
    let page = stdout_of(&["man"]);
    assert!(page.starts_with(".ie") || page.starts_with(".TH"), "roff expected: {}", &page[..80.min(page.len())]);
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("queens.1");
    std::fs::write(&file, &page).unwrap();
    if have("groff") {
        // -ww: every warning; -k: UTF-8 input through preconv, as man does.
        let out = Process::new("groff").args(["-k", "-man", "-Tutf8", "-ww", "-z"]).arg(&file).output().unwrap();
        assert!(out.status.success());
        let warnings = String::from_utf8_lossy(&out.stderr);
        assert!(warnings.trim().is_empty(), "groff warns about the man page:\n{warnings}");
    }
    if have("man") {
        let out =
            Process::new("man").arg("-l").arg(&file).env("MANPAGER", "cat").env("MANWIDTH", "100").output().unwrap();
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        let text = String::from_utf8_lossy(&out.stdout);
        for wanted in ["NAME", "QUEENS SOLVE", "QUEENS SERVE", "QUEENS COMPLETIONS", "--max-pixels", "HiGHS"] {
            assert!(text.contains(wanted), "the rendered page lacks {wanted}:\n{text}");
        }
    }
}
