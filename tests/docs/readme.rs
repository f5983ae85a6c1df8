//! The manual is executable: every ```` ```console ```` block of README.md and of every
//! page of `docs/` runs here against the built binary, and its output must match the
//! text shown, so the docs cannot drift.
//!
//! Each page runs in a fresh folder of its own, holding a copy of `samples/` and
//! nothing else (no `../shared`), the way a reader runs it from a fresh clone; its
//! blocks run in order, so a file an example names is in `samples/` or made by an
//! earlier example of the same page.
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
//! `TRYCMD=overwrite cargo test --release --test docs readme::`. It rewrites each page
//! whose examples differ, keeping every `[..]` and `...` whose lines still match;
//! review the diff.
//!
//! ```` ```sh ```` blocks are commands that are not run (they start a server, write
//! to your home folder, or name your own screenshots); each of their `queens`
//! command lines must still parse with the real command line definition. The
//! examples at the end of `queens --help` and of each subcommand's help must parse
//! too, and appear on a page, where they run.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// A command's longest run; the pages' examples take well under a second each.
pub(crate) const COMMAND_TIMEOUT: Duration = Duration::from_secs(120);

/// One `$ ` command of a console block and what it should print.
#[derive(Debug, Clone)]
pub(crate) struct Example {
    /// 1-based page line of the `$ ` line.
    pub(crate) line: usize,
    pub(crate) command: String,
    pub(crate) status: i32,
    /// Expected output lines (with `[..]` / `...`).
    pub(crate) expected: Vec<String>,
    /// Page line indices (0-based) this example's `? N` and output lines occupy.
    pub(crate) span: std::ops::Range<usize>,
}

/// A fenced block of a page.
#[derive(Debug)]
pub(crate) struct Block {
    pub(crate) info: String,
    /// 0-based index of the first line inside the fence.
    pub(crate) start: usize,
    /// The lines inside the fence, with the fence's indentation removed.
    pub(crate) lines: Vec<String>,
    pub(crate) indent: String,
}

pub(crate) fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

pub(crate) fn readme_path() -> PathBuf {
    root().join("README.md")
}

/// README.md, then every Markdown page under `docs/` (sorted, subfolders included).
pub(crate) fn pages() -> Vec<PathBuf> {
    fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
        let mut entries: Vec<PathBuf> = std::fs::read_dir(dir).unwrap().flatten().map(|e| e.path()).collect();
        entries.sort();
        for path in entries {
            if path.is_dir() {
                walk(&path, out);
            } else if path.extension().is_some_and(|e| e == "md") {
                out.push(path);
            }
        }
    }
    let mut out = vec![readme_path()];
    walk(&root().join("docs"), &mut out);
    out
}

/// A page's name as the messages give it (`README.md`, `docs/solve.md`).
pub(crate) fn page_name(path: &Path) -> String {
    path.strip_prefix(root()).unwrap_or(path).display().to_string()
}

/// Every fenced block, with its info string (the text after the opening fence).
pub(crate) fn blocks(page: &str, text: &str) -> Vec<Block> {
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
    assert!(open.is_none(), "{page}: a code fence is never closed");
    out
}

/// The examples of a console block.
pub(crate) fn examples(page: &str, block: &Block) -> Vec<Example> {
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
            panic!("{page} line {}: a console block must start with a `$ ` command", at + 1);
        };
        match line.strip_prefix("? ") {
            Some(status) if e.expected.is_empty() && e.span.is_empty() => {
                e.status = status.trim().parse().unwrap_or_else(|_| panic!("{page} line {}: bad status", at + 1));
            }
            _ => e.expected.push(line.clone()),
        }
        e.span.end = at + 1;
    }
    out
}

/// `pattern` against `text`, where `[..]` in the pattern matches any characters.
pub(crate) fn line_matches(pattern: &str, text: &str) -> bool {
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
pub(crate) fn lines_match(expected: &[String], actual: &[&str]) -> bool {
    match expected.split_first() {
        None => actual.is_empty(),
        Some((e, rest)) if e == "..." => (0..=actual.len()).any(|skip| lines_match(rest, &actual[skip..])),
        Some((e, rest)) => actual.split_first().is_some_and(|(a, more)| line_matches(e, a) && lines_match(rest, more)),
    }
}

/// New expected lines for `actual`: the old lines (with their `[..]`) wherever they
/// still match, `...` where the old text elided lines, the actual text elsewhere.
pub(crate) fn merge(expected: &[String], actual: &[&str]) -> Vec<String> {
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
    // Actual lines written since the last kept line: a changed line that stood
    // before a `...` is written out, not swallowed by the elision after it.
    let mut written = 0;
    let gap_has_dots =
        |from: Option<usize>, to: usize| expected[from.map_or(0, |f| f + 1)..to].iter().any(|e| e == "...");
    while j < m {
        if i < n && line_matches(old[i].1, actual[j]) && lcs[i][j] == lcs[i + 1][j + 1] + 1 {
            out.push(old[i].1.clone());
            last_kept = Some(old[i].0);
            elided = false;
            written = 0;
            i += 1;
            j += 1;
        } else if i < n && lcs[i + 1][j] >= lcs[i][j + 1] {
            i += 1;
        } else {
            let next_old = if i < n { old[i].0 } else { expected.len() };
            // Only after a kept line: a block whose old text no longer fits at all
            // is written out in full, never left as a bare `...` that matches anything.
            let before_dots = last_kept.map_or(0, |k| expected[k + 1..].iter().take_while(|e| *e != "...").count());
            if last_kept.is_some() && gap_has_dots(last_kept, next_old) && written >= before_dots {
                if !elided {
                    out.push("...".to_string());
                    elided = true;
                }
            } else {
                out.push(actual[j].to_string());
                written += 1;
            }
            j += 1;
        }
    }
    out
}

/// Runs `command` in `dir` with the built binary first on `PATH`.
pub(crate) fn run(command: &str, dir: &Path) -> (i32, String) {
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
pub(crate) fn fresh_clone() -> tempfile::TempDir {
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

/// What running one page's console blocks found.
pub(crate) struct PageRun {
    /// Examples run.
    pub(crate) ran: usize,
    /// One message per example that differs.
    pub(crate) failures: Vec<String>,
    /// The page's text with every differing example refreshed.
    pub(crate) refreshed: String,
}

/// Runs every console block of `text` (the page `page`) in order, in `dir`.
pub(crate) fn run_page(page: &str, text: &str, dir: &Path) -> PageRun {
    let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
    // Replacements (page line range → new lines), applied from the bottom up.
    let mut edits: Vec<(std::ops::Range<usize>, Vec<String>, String)> = Vec::new();
    let mut failures = Vec::new();
    let mut ran = 0;
    for block in blocks(page, text).iter().filter(|b| b.info == "console") {
        for e in examples(page, block) {
            ran += 1;
            if !e.expected.is_empty() && e.expected.iter().all(|l| l == "...") {
                failures.push(format!("{page} line {}: `$ {}` shows no line of its output", e.line, e.command));
            }
            let (status, output) = run(&e.command, dir);
            let actual: Vec<&str> = output.lines().collect();
            if status == e.status && lines_match(&e.expected, &actual) {
                continue;
            }
            failures.push(format!(
                "{page} line {}: `$ {}`\n--- expected (exit {}):\n{}\n--- got (exit {status}):\n{}",
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
    edits.sort_by_key(|(span, _, _)| std::cmp::Reverse(span.start));
    for (span, new, indent) in edits {
        let indented = new.into_iter().map(|l| if l.is_empty() { l } else { format!("{indent}{l}") });
        lines.splice(span, indented);
    }
    PageRun { ran, failures, refreshed: lines.join("\n") + "\n" }
}

#[test]
pub(crate) fn every_console_block_of_every_page_prints_what_it_shows() {
    let overwrite = std::env::var("TRYCMD").is_ok_and(|v| v == "overwrite");
    let mut failures = Vec::new();
    let mut ran = 0;
    for path in pages() {
        let page = page_name(&path);
        let text = std::fs::read_to_string(&path).unwrap();
        // A fresh folder per page: a page's examples never lean on another page's files.
        let dir = fresh_clone();
        let run = run_page(&page, &text, dir.path());
        ran += run.ran;
        if run.failures.is_empty() {
            continue;
        }
        if overwrite {
            std::fs::write(&path, &run.refreshed).unwrap();
            eprintln!("{page} rewritten: {} example(s) refreshed; review the diff", run.failures.len());
        } else {
            failures.extend(run.failures);
        }
    }
    assert!(ran >= 60, "only {ran} examples found: are the blocks still marked console?");
    assert!(
        failures.is_empty(),
        "{} example(s) differ (refresh with `TRYCMD=overwrite cargo test --release --test docs readme::`):\n\n{}",
        failures.len(),
        failures.join("\n\n")
    );
}

#[test]
pub(crate) fn every_page_of_the_manual_is_run() {
    let names: Vec<String> = pages().iter().map(|p| page_name(p)).collect();
    for needed in ["README.md", "docs/solve.md", "docs/hint.md", "docs/benchmarks.md", "docs/faq.md"] {
        assert!(names.iter().any(|n| n == needed), "{needed} is not among the pages run: {names:?}");
    }
    // A page run in a folder of its own sees no file another page made.
    let dir = fresh_clone();
    let page = "$ ls\nsamples\n";
    let text = format!("```console\n{page}```\n");
    assert!(run_page("a.md", &text, dir.path()).failures.is_empty(), "a fresh folder holds samples/ only");
}

#[test]
pub(crate) fn one_character_changed_in_an_expected_output_fails() {
    let dir = fresh_clone();
    let good = "text\n\n```console\n$ queens solve -q --no-image samples/issue-9x9.txt | head -1\nsamples/issue-9x9.txt: 9x9, queen per row, column and region: unique solution\n```\n";
    let run = run_page("good.md", good, dir.path());
    assert_eq!((run.ran, run.failures.len()), (1, 0), "{:?}", run.failures);
    let bad = good.replace("9x9, queen", "9x9, qveen");
    let run = run_page("bad.md", &bad, dir.path());
    assert_eq!(run.failures.len(), 1, "a changed character went unnoticed");
    // The refresh writes the actual output back, and then the page passes.
    assert_eq!(run.refreshed, good);
    let status = good.replace("head -1\n", "head -1\n? 1\n");
    assert_eq!(run_page("status.md", &status, dir.path()).failures.len(), 1, "a wrong exit status went unnoticed");
}
