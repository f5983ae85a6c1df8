//! The manual's links and commands: every link between pages leads somewhere, commands
//! shown but not run still parse, help texts' examples parse and run on a page, and the
//! README says how to install.

use super::readme::*;
use clap::{CommandFactory, Parser};

/// GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens.
pub(crate) fn anchor(heading: &str) -> String {
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
pub(crate) fn anchors(text: &str) -> Vec<String> {
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
pub(crate) fn every_link_between_pages_leads_somewhere() {
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
pub(crate) fn shell_words(line: &str) -> Vec<String> {
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
pub(crate) fn queens_commands(line: &str) -> Vec<Vec<String>> {
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
pub(crate) fn commands_shown_but_not_run_still_parse() {
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
pub(crate) fn a_block_showing_queens_output_either_runs_or_says_why_not() {
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
pub(crate) fn the_matcher_is_strict_outside_its_wildcards() {
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
pub(crate) fn commands_in_help_texts_parse() {
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
pub(crate) fn help_examples(cmd: &clap::Command) -> Vec<String> {
    let text = cmd.get_after_help().map(|t| t.to_string()).unwrap_or_default();
    let Some((_, examples)) = text.split_once("Examples:") else { return Vec::new() };
    examples.lines().map(str::trim).filter(|l| l.starts_with("queens ")).map(str::to_string).collect()
}

/// Every command line a page shows: the `$ ` lines of its console blocks (run
/// above) and the lines of its sh blocks (parsed above), comments cut off.
pub(crate) fn commands_on_pages() -> Vec<String> {
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
pub(crate) fn every_help_ends_with_examples_that_parse_and_run_on_a_page() {
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
pub(crate) fn the_readme_says_how_to_install() {
    let text = std::fs::read_to_string(readme_path()).unwrap();
    let install = text.split("\n## ").find(|s| s.starts_with("Install")).expect("an ## Install section");
    for needed in ["cargo install --path .", "~/.cargo/bin", "scripts/demo.sh", "target/release/queens"] {
        assert!(install.contains(needed), "the Install section does not mention {needed}");
    }
}
