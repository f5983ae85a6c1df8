//! The README is executable: every ```` ```console ```` block runs here against the
//! built binary, and its output must match the text shown, so the docs cannot drift.
//!
//! The blocks run in order, in one fresh folder holding a copy of `samples/` and
//! nothing else (no `../shared`), the way a reader runs them from a fresh clone:
//! a file an example names is in `samples/` or made by an earlier example.
//!
//! Block syntax (the one `trycmd` uses): `$ ` starts a command (run by `bash -o
//! pipefail -c`, with the built `queens` first on `PATH`, standard error merged
//! into standard output); an optional `? N` line right after it is the expected
//! exit status (default 0); the lines up to the next command are the expected
//! output. In the expected text `[..]` matches any run of characters within a line
//! and a line `...` matches any number of lines: they mark what must vary (times,
//! paths of temporary folders) and elisions. Everything else is compared exactly.
//!
//! To refresh the expected outputs after a change (new JSON fields, new steps):
//! `TRYCMD=overwrite cargo test --release --test readme`. It rewrites README.md,
//! keeping every `[..]` and `...` whose lines still match; review the diff.
//!
//! ```` ```sh ```` blocks are commands that are not run (they start a server, write
//! to your home folder, or name your own screenshots); each of their `queens`
//! command lines must still parse with the real command line definition.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use clap::Parser;

/// A command's longest run; the README's examples take well under a second each.
const COMMAND_TIMEOUT: Duration = Duration::from_secs(120);

/// One `$ ` command of a console block and what it should print.
#[derive(Debug, Clone)]
struct Example {
    /// 1-based README line of the `$ ` line.
    line: usize,
    command: String,
    status: i32,
    /// Expected output lines (with `[..]` / `...`).
    expected: Vec<String>,
    /// README line indices (0-based) this example's `? N` and output lines occupy.
    span: std::ops::Range<usize>,
}

/// A fenced block of the README.
#[derive(Debug)]
struct Block {
    info: String,
    /// 0-based index of the first line inside the fence.
    start: usize,
    /// The lines inside the fence, with the fence's indentation removed.
    lines: Vec<String>,
    indent: String,
}

fn readme_path() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("README.md")
}

/// Every fenced block, with its info string (the text after the opening fence).
fn blocks(text: &str) -> Vec<Block> {
    let mut out = Vec::new();
    let mut open: Option<Block> = None;
    for (i, raw) in text.lines().enumerate() {
        let trimmed = raw.trim_start();
        let indent = &raw[..raw.len() - trimmed.len()];
        if let Some(rest) = trimmed.strip_prefix("```") {
            match open.take() {
                Some(b) => out.push(b),
                None => {
                    open = Some(Block {
                        info: rest.trim().to_string(),
                        start: i + 1,
                        lines: Vec::new(),
                        indent: indent.to_string(),
                    })
                }
            }
            continue;
        }
        if let Some(b) = &mut open {
            b.lines.push(raw.strip_prefix(b.indent.as_str()).unwrap_or(raw).to_string());
        }
    }
    assert!(open.is_none(), "README.md: a code fence is never closed");
    out
}

/// The examples of a console block.
fn examples(block: &Block) -> Vec<Example> {
    let mut out: Vec<Example> = Vec::new();
    for (k, line) in block.lines.iter().enumerate() {
        let at = block.start + k;
        if let Some(command) = line.strip_prefix("$ ") {
            out.push(Example {
                line: at + 1,
                command: command.to_string(),
                status: 0,
                expected: Vec::new(),
                span: at + 1..at + 1,
            });
            continue;
        }
        let Some(e) = out.last_mut() else {
            panic!("README.md line {}: a console block must start with a `$ ` command", at + 1);
        };
        match line.strip_prefix("? ") {
            Some(status) if e.expected.is_empty() && e.span.is_empty() => {
                e.status = status.trim().parse().unwrap_or_else(|_| panic!("README.md line {}: bad status", at + 1));
            }
            _ => e.expected.push(line.clone()),
        }
        e.span.end = at + 1;
    }
    out
}

/// `pattern` against `text`, where `[..]` in the pattern matches any characters.
fn line_matches(pattern: &str, text: &str) -> bool {
    let parts: Vec<&str> = pattern.split("[..]").collect();
    if parts.len() == 1 {
        return pattern == text;
    }
    let (first, last) = (parts[0], parts[parts.len() - 1]);
    if !text.starts_with(first) || text.len() < first.len() + last.len() || !text.ends_with(last) {
        return false;
    }
    let mut rest = &text[first.len()..text.len() - last.len()];
    for part in &parts[1..parts.len() - 1] {
        match rest.find(part) {
            Some(i) => rest = &rest[i + part.len()..],
            None => return false,
        }
    }
    true
}

/// The expected lines against the actual ones; a line `...` matches any number of lines.
fn lines_match(expected: &[String], actual: &[&str]) -> bool {
    match expected.split_first() {
        None => actual.is_empty(),
        Some((e, rest)) if e == "..." => (0..=actual.len()).any(|skip| lines_match(rest, &actual[skip..])),
        Some((e, rest)) => actual.split_first().is_some_and(|(a, more)| line_matches(e, a) && lines_match(rest, more)),
    }
}

/// New expected lines for `actual`: the old lines (with their `[..]`) wherever they
/// still match, `...` where the old text elided lines, the actual text elsewhere.
fn merge(expected: &[String], actual: &[&str]) -> Vec<String> {
    // Longest common subsequence of matching lines, `...` lines left out.
    let old: Vec<(usize, &String)> = expected.iter().enumerate().filter(|(_, e)| *e != "...").collect();
    let (n, m) = (old.len(), actual.len());
    let mut lcs = vec![vec![0usize; m + 1]; n + 1];
    for i in (0..n).rev() {
        for j in (0..m).rev() {
            lcs[i][j] =
                if line_matches(old[i].1, actual[j]) { lcs[i + 1][j + 1] + 1 } else { lcs[i + 1][j].max(lcs[i][j + 1]) }
        }
    }
    let mut out = Vec::new();
    let (mut i, mut j) = (0, 0);
    // Index in `expected` of the last old line kept (the gap after it may hold a `...`).
    let mut last_kept: Option<usize> = None;
    let mut elided = false;
    let gap_has_dots =
        |from: Option<usize>, to: usize| expected[from.map_or(0, |f| f + 1)..to].iter().any(|e| e == "...");
    while j < m {
        if i < n && line_matches(old[i].1, actual[j]) && lcs[i][j] == lcs[i + 1][j + 1] + 1 {
            out.push(old[i].1.clone());
            last_kept = Some(old[i].0);
            elided = false;
            i += 1;
            j += 1;
        } else if i < n && lcs[i + 1][j] >= lcs[i][j + 1] {
            i += 1;
        } else {
            let next_old = if i < n { old[i].0 } else { expected.len() };
            // Only after a kept line: a block whose old text no longer fits at all
            // is written out in full, never left as a bare `...` that matches anything.
            if last_kept.is_some() && gap_has_dots(last_kept, next_old) {
                if !elided {
                    out.push("...".to_string());
                    elided = true;
                }
            } else {
                out.push(actual[j].to_string());
            }
            j += 1;
        }
    }
    out
}

/// Runs `command` in `dir` with the built binary first on `PATH`.
fn run(command: &str, dir: &Path) -> (i32, String) {
    let bin = PathBuf::from(env!("CARGO_BIN_EXE_queens"));
    let path = std::env::join_paths(
        std::iter::once(bin.parent().unwrap().to_path_buf())
            .chain(std::env::split_paths(&std::env::var_os("PATH").unwrap_or_default())),
    )
    .unwrap();
    let out = tempfile::NamedTempFile::new().unwrap();
    let mut child = Command::new("bash")
        .args(["-o", "pipefail", "-c", &format!("exec 2>&1; {command}")])
        .current_dir(dir)
        .env("PATH", path)
        .env_remove("NO_COLOR")
        .env_remove("CLICOLOR_FORCE")
        .stdin(Stdio::null())
        .stdout(out.reopen().unwrap())
        .spawn()
        .expect("bash runs");
    let started = Instant::now();
    let status = loop {
        if let Some(s) = child.try_wait().unwrap() {
            break s.code().unwrap_or(-1);
        }
        if started.elapsed() > COMMAND_TIMEOUT {
            let _ = child.kill();
            let _ = child.wait();
            break -1;
        }
        std::thread::sleep(Duration::from_millis(5));
    };
    (status, std::fs::read_to_string(out.path()).unwrap_or_default())
}

/// A fresh folder with a copy of `samples/`, like a fresh clone.
fn fresh_clone() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let samples = Path::new(env!("CARGO_MANIFEST_DIR")).join("samples");
    std::fs::create_dir(dir.path().join("samples")).unwrap();
    for entry in std::fs::read_dir(&samples).unwrap().flatten() {
        if entry.file_type().unwrap().is_file() {
            std::fs::copy(entry.path(), dir.path().join("samples").join(entry.file_name())).unwrap();
        }
    }
    dir
}

#[test]
fn every_console_block_of_the_readme_prints_what_it_shows() {
    let path = readme_path();
    let text = std::fs::read_to_string(&path).unwrap();
    let overwrite = std::env::var("TRYCMD").is_ok_and(|v| v == "overwrite");
    let dir = fresh_clone();
    let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
    // Replacements (README line range → new lines), applied from the bottom up.
    let mut edits: Vec<(std::ops::Range<usize>, Vec<String>, String)> = Vec::new();
    let mut failures = Vec::new();
    let mut ran = 0;
    for block in blocks(&text).iter().filter(|b| b.info == "console") {
        for e in examples(block) {
            ran += 1;
            if !e.expected.is_empty() && e.expected.iter().all(|l| l == "...") {
                failures.push(format!("README.md line {}: `$ {}` shows no line of its output", e.line, e.command));
            }
            let (status, output) = run(&e.command, dir.path());
            let actual: Vec<&str> = output.lines().collect();
            if status == e.status && lines_match(&e.expected, &actual) {
                continue;
            }
            failures.push(format!(
                "README.md line {}: `$ {}`\n--- expected (exit {}):\n{}\n--- got (exit {status}):\n{}",
                e.line,
                e.command,
                e.status,
                e.expected.join("\n"),
                output.trim_end()
            ));
            let mut new = Vec::new();
            if status != 0 {
                new.push(format!("? {status}"));
            }
            new.extend(merge(&e.expected, &actual));
            edits.push((e.span.clone(), new, block.indent.clone()));
        }
    }
    assert!(ran >= 20, "only {ran} README examples found: are the blocks still marked console?");
    if overwrite && !edits.is_empty() {
        edits.sort_by_key(|(span, _, _)| std::cmp::Reverse(span.start));
        for (span, new, indent) in edits {
            let indented = new.into_iter().map(|l| if l.is_empty() { l } else { format!("{indent}{l}") });
            lines.splice(span, indented);
        }
        std::fs::write(&path, lines.join("\n") + "\n").unwrap();
        eprintln!("README.md rewritten: {} example(s) refreshed; review the diff", failures.len());
        return;
    }
    assert!(
        failures.is_empty(),
        "{} README example(s) differ (refresh with `TRYCMD=overwrite cargo test --release --test readme`):\n\n{}",
        failures.len(),
        failures.join("\n\n")
    );
}

/// Words of a shell command line, quotes removed; stops at a comment.
fn shell_words(line: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut word: Option<String> = None;
    let mut quote: Option<char> = None;
    for ch in line.chars() {
        match (quote, ch) {
            (Some(q), c) if c == q => quote = None,
            (Some(_), c) => word.get_or_insert_with(String::new).push(c),
            (None, '\'' | '"') => {
                quote = Some(ch);
                word.get_or_insert_with(String::new);
            }
            (None, '#') if word.is_none() => break,
            // `;`, `|` and `&` end a word even when attached (`queens.1;`), but not in `2>&1`.
            (None, ';' | '|' | '&') if !word.as_deref().is_some_and(|w| w.ends_with('>')) => {
                words.extend(word.take());
                words.push(ch.to_string());
            }
            (None, c) if c.is_whitespace() => words.extend(word.take()),
            (None, c) => word.get_or_insert_with(String::new).push(c),
        }
    }
    words.extend(word);
    words
}

/// The `queens …` commands of a shell line (split at pipes, `&&`, `;` and redirections).
fn queens_commands(line: &str) -> Vec<Vec<String>> {
    let mut out = Vec::new();
    let mut current: Vec<String> = Vec::new();
    let mut redirected = false;
    for w in shell_words(line) {
        if ["|", "&", ";"].contains(&w.as_str()) {
            out.push(std::mem::take(&mut current));
            redirected = false;
        } else if w.starts_with('>') || w.starts_with('<') || w == "2>&1" {
            // The next word (or the rest of this one) is the redirection's target.
            redirected = w.len() == 1 || w == ">>";
        } else if redirected {
            redirected = false;
        } else {
            current.push(w);
        }
    }
    out.push(current);
    out.into_iter().filter(|c| c.first().is_some_and(|w| w == "queens")).collect()
}

#[test]
fn commands_shown_but_not_run_still_parse() {
    let text = std::fs::read_to_string(readme_path()).unwrap();
    let mut failures = Vec::new();
    let mut checked = 0;
    for block in blocks(&text).iter().filter(|b| b.info == "sh") {
        for (k, line) in block.lines.iter().enumerate() {
            for words in queens_commands(line) {
                checked += 1;
                if let Err(e) = queens::app::cli::Cli::try_parse_from(&words) {
                    let first = e.to_string().lines().next().unwrap_or_default().to_string();
                    failures.push(format!("README.md line {}: `{line}`: {first}", block.start + k + 1));
                }
            }
        }
    }
    assert!(checked >= 10, "only {checked} shell commands found");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn a_block_showing_queens_output_either_runs_or_says_why_not() {
    let text = std::fs::read_to_string(readme_path()).unwrap();
    let all: Vec<&str> = text.lines().collect();
    for block in blocks(&text) {
        if block.info == "console" || !block.lines.iter().any(|l| l.starts_with("$ queens")) {
            continue;
        }
        let before = all[..block.start - 1].iter().rev().find(|l| !l.trim().is_empty()).unwrap_or(&"");
        assert!(
            block.info == "text" && before.contains("not run"),
            "README.md line {}: a block with `$ queens` must be ```console (it runs in tests/readme.rs), or \
             ```text right after a sentence saying why it is not run",
            block.start
        );
    }
}

#[test]
fn the_matcher_is_strict_outside_its_wildcards() {
    let s = |v: &[&str]| v.iter().map(|x| x.to_string()).collect::<Vec<_>>();
    assert!(lines_match(&s(&["a [..] c"]), &["a bbb c"]));
    assert!(!lines_match(&s(&["a [..] c"]), &["a bbb d"]));
    assert!(!lines_match(&s(&["abc"]), &["abd"]));
    assert!(!lines_match(&s(&["abc"]), &["abc", "more"]));
    assert!(lines_match(&s(&["a", "...", "z"]), &["a", "b", "c", "z"]));
    assert!(lines_match(&s(&["a", "...", "z"]), &["a", "z"]));
    assert!(!lines_match(&s(&["a", "...", "z"]), &["a", "b"]));
    // A refresh keeps the wildcards and elisions that still fit.
    let old = s(&["head [..] ms", "1", "...", "9", "tail"]);
    assert_eq!(
        merge(&old, &["head 3 ms", "1", "2", "3", "9", "tail!"]),
        s(&["head [..] ms", "1", "...", "9", "tail!"])
    );
    assert_eq!(
        queens_commands("queens read x.png > map.txt && queens solve map.txt # then"),
        vec![s(&["queens", "read", "x.png"]), s(&["queens", "solve", "map.txt"])]
    );
    assert_eq!(queens_commands("queens man > q.1; man -l q.1"), vec![s(&["queens", "man"])]);
    assert_eq!(queens_commands("queens solve a.txt 2>&1 | head"), vec![s(&["queens", "solve", "a.txt"])]);
}

#[test]
fn commands_in_help_texts_parse() {
    use clap::CommandFactory;
    let cli = queens::app::cli::Cli::command();
    let mut texts: Vec<String> = Vec::new();
    for sub in cli.get_subcommands() {
        texts.extend(sub.get_about().map(|t| t.to_string()));
        texts.extend(sub.get_long_about().map(|t| t.to_string()));
        for arg in sub.get_arguments() {
            texts.extend(arg.get_help().map(|t| t.to_string()));
            texts.extend(arg.get_long_help().map(|t| t.to_string()));
        }
    }
    let mut checked = 0;
    for text in &texts {
        for span in text.split('`').skip(1).step_by(2).filter(|s| s.starts_with("queens ")) {
            for words in queens_commands(span) {
                checked += 1;
                if let Err(e) = queens::app::cli::Cli::try_parse_from(&words) {
                    panic!("--help shows `{span}`, which does not parse: {e}");
                }
            }
        }
    }
    assert!(checked >= 2, "only {checked} commands found in the help texts");
}

#[test]
fn the_readme_says_how_to_install() {
    let text = std::fs::read_to_string(readme_path()).unwrap();
    let install = text.split("\n## ").find(|s| s.starts_with("Install\n")).expect("an ## Install section");
    for needed in ["cargo install --path .", "~/.cargo/bin", "scripts/demo.sh", "target/release/queens"] {
        assert!(install.contains(needed), "the Install section does not mention {needed}");
    }
}
