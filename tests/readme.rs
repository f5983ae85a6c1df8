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
//! `TRYCMD=overwrite cargo test --release --test readme`. It rewrites each page
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

use clap::{CommandFactory, Parser};

/// A command's longest run; the pages' examples take well under a second each.
const COMMAND_TIMEOUT: Duration = Duration::from_secs(120);

/// One `$ ` command of a console block and what it should print.
#[derive(Debug, Clone)]
struct Example {
    /// 1-based page line of the `$ ` line.
    line: usize,
    command: String,
    status: i32,
    /// Expected output lines (with `[..]` / `...`).
    expected: Vec<String>,
    /// Page line indices (0-based) this example's `? N` and output lines occupy.
    span: std::ops::Range<usize>,
}

/// A fenced block of a page.
#[derive(Debug)]
struct Block {
    info: String,
    /// 0-based index of the first line inside the fence.
    start: usize,
    /// The lines inside the fence, with the fence's indentation removed.
    lines: Vec<String>,
    indent: String,
}

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn readme_path() -> PathBuf {
    root().join("README.md")
}

/// README.md, then every Markdown page under `docs/` (sorted, subfolders included).
fn pages() -> Vec<PathBuf> {
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
fn page_name(path: &Path) -> String {
    path.strip_prefix(root()).unwrap_or(path).display().to_string()
}

/// Every fenced block, with its info string (the text after the opening fence).
fn blocks(page: &str, text: &str) -> Vec<Block> {
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
fn examples(page: &str, block: &Block) -> Vec<Example> {
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

/// What running one page's console blocks found.
struct PageRun {
    /// Examples run.
    ran: usize,
    /// One message per example that differs.
    failures: Vec<String>,
    /// The page's text with every differing example refreshed.
    refreshed: String,
}

/// Runs every console block of `text` (the page `page`) in order, in `dir`.
fn run_page(page: &str, text: &str, dir: &Path) -> PageRun {
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
fn every_console_block_of_every_page_prints_what_it_shows() {
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
        "{} example(s) differ (refresh with `TRYCMD=overwrite cargo test --release --test readme`):\n\n{}",
        failures.len(),
        failures.join("\n\n")
    );
}

#[test]
fn every_page_of_the_manual_is_run() {
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
fn one_character_changed_in_an_expected_output_fails() {
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

/// GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens.
fn anchor(heading: &str) -> String {
    heading
        .trim()
        .to_lowercase()
        .chars()
        .filter_map(|c| match c {
            ' ' => Some('-'),
            c if c.is_alphanumeric() || c == '-' || c == '_' => Some(c),
            _ => None,
        })
        .collect()
}

/// The anchors of a page's headings (outside code blocks).
fn anchors(text: &str) -> Vec<String> {
    let mut fenced = false;
    let mut out = Vec::new();
    for line in text.lines() {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
        } else if !fenced && line.starts_with('#') {
            out.push(anchor(line.trim_start_matches('#')));
        }
    }
    out
}

#[test]
fn every_link_between_pages_leads_somewhere() {
    let mut problems = Vec::new();
    let mut checked = 0;
    for path in pages() {
        let page = page_name(&path);
        let text = std::fs::read_to_string(&path).unwrap();
        for (k, line) in text.lines().enumerate() {
            for piece in line.split("](").skip(1) {
                let Some(target) = piece.split(')').next() else { continue };
                if target.contains("://") || target.starts_with("mailto:") {
                    continue;
                }
                checked += 1;
                let (file, fragment) = target.split_once('#').unwrap_or((target, ""));
                let file_path = if file.is_empty() { path.clone() } else { path.parent().unwrap().join(file) };
                if !file_path.exists() {
                    problems.push(format!("{page} line {}: `{target}`: no such file", k + 1));
                    continue;
                }
                if !fragment.is_empty() {
                    let target_text = std::fs::read_to_string(&file_path).unwrap_or_default();
                    if !anchors(&target_text).iter().any(|a| a == fragment) {
                        problems.push(format!("{page} line {}: `{target}`: no heading with that anchor", k + 1));
                    }
                }
            }
        }
    }
    assert!(checked >= 30, "only {checked} links found");
    assert!(problems.is_empty(), "{}", problems.join("\n"));
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
    let mut failures = Vec::new();
    let mut checked = 0;
    for path in pages() {
        let page = page_name(&path);
        let text = std::fs::read_to_string(&path).unwrap();
        for block in blocks(&page, &text).iter().filter(|b| b.info == "sh") {
            for (k, line) in block.lines.iter().enumerate() {
                for words in queens_commands(line) {
                    checked += 1;
                    if let Err(e) = queens::app::cli::Cli::try_parse_from(&words) {
                        let first = e.to_string().lines().next().unwrap_or_default().to_string();
                        failures.push(format!("{page} line {}: `{line}`: {first}", block.start + k + 1));
                    }
                }
            }
        }
    }
    assert!(checked >= 10, "only {checked} shell commands found");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn a_block_showing_queens_output_either_runs_or_says_why_not() {
    for path in pages() {
        let page = page_name(&path);
        let text = std::fs::read_to_string(&path).unwrap();
        let all: Vec<&str> = text.lines().collect();
        for block in blocks(&page, &text) {
            if block.info == "console" || !block.lines.iter().any(|l| l.starts_with("$ queens")) {
                continue;
            }
            let before = all[..block.start - 1].iter().rev().find(|l| !l.trim().is_empty()).unwrap_or(&"");
            assert!(
                block.info == "text" && before.contains("not run"),
                "{page} line {}: a block with `$ queens` must be ```console (it runs in tests/readme.rs), or \
                 ```text right after a sentence saying why it is not run",
                block.start
            );
        }
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
    // A changed line before a `...` is written out, the rest still elided.
    assert_eq!(merge(&s(&["h", "old", "..."]), &["h", "new", "b1", "b2"]), s(&["h", "new", "..."]));
    assert_eq!(
        queens_commands("queens read x.png > map.txt && queens solve map.txt # then"),
        vec![s(&["queens", "read", "x.png"]), s(&["queens", "solve", "map.txt"])]
    );
    assert_eq!(queens_commands("queens man > q.1; man -l q.1"), vec![s(&["queens", "man"])]);
    assert_eq!(queens_commands("queens solve a.txt 2>&1 | head"), vec![s(&["queens", "solve", "a.txt"])]);
}

#[test]
fn commands_in_help_texts_parse() {
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

/// The command lines under "Examples:" at the end of a help text.
fn help_examples(cmd: &clap::Command) -> Vec<String> {
    let text = cmd.get_after_help().map(|t| t.to_string()).unwrap_or_default();
    let Some((_, examples)) = text.split_once("Examples:") else { return Vec::new() };
    examples.lines().map(str::trim).filter(|l| l.starts_with("queens ")).map(str::to_string).collect()
}

/// Every command line a page shows: the `$ ` lines of its console blocks (run
/// above) and the lines of its sh blocks (parsed above), comments cut off.
fn commands_on_pages() -> Vec<String> {
    let mut out = Vec::new();
    for path in pages() {
        let page = page_name(&path);
        let text = std::fs::read_to_string(&path).unwrap();
        for block in blocks(&page, &text) {
            for line in &block.lines {
                let command = match block.info.as_str() {
                    "console" => line.strip_prefix("$ "),
                    "sh" => Some(line.split(" #").next().unwrap_or_default()),
                    _ => None,
                };
                out.extend(command.map(|c| c.trim().to_string()));
            }
        }
    }
    out
}

#[test]
fn every_help_ends_with_examples_that_parse_and_run_on_a_page() {
    let cli = queens::app::cli::Cli::command();
    let shown = commands_on_pages();
    let mut problems = Vec::new();
    let mut checked = 0;
    for cmd in std::iter::once(&cli).chain(cli.get_subcommands()) {
        let name = if cmd.get_name() == "queens" { "queens".to_string() } else { format!("queens {}", cmd.get_name()) };
        let examples = help_examples(cmd);
        if !(1..=2).contains(&examples.len()) {
            problems.push(format!("`{name} --help` should end with one or two examples, found {}", examples.len()));
        }
        for example in examples {
            checked += 1;
            for words in queens_commands(&example) {
                if let Err(e) = queens::app::cli::Cli::try_parse_from(&words) {
                    let first = e.to_string().lines().next().unwrap_or_default().to_string();
                    problems.push(format!("`{name} --help` shows `{example}`, which does not parse: {first}"));
                }
            }
            if !shown.contains(&example) {
                problems.push(format!(
                    "`{name} --help` shows `{example}`, which no page shows (put it in a console block, where it runs)"
                ));
            }
        }
    }
    assert!(checked >= 10, "only {checked} examples found in the help texts");
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn the_readme_says_how_to_install() {
    let text = std::fs::read_to_string(readme_path()).unwrap();
    let install = text.split("\n## ").find(|s| s.starts_with("Install")).expect("an ## Install section");
    for needed in ["cargo install --path .", "~/.cargo/bin", "scripts/demo.sh", "target/release/queens"] {
        assert!(install.contains(needed), "the Install section does not mention {needed}");
    }
}
