//! `--help` and the manual agree: each "Options of `cmd`:" paragraph of README.md and
//! of the pages of `docs/` lists exactly the options the clap definition gives that
//! subcommand, with the same short forms and the same defaults (where the page
//! states one in backticks); every subcommand with options has such a paragraph on
//! its own page, `docs/<cmd>.md` (`why` shares `docs/hint.md`).

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use clap::CommandFactory;

/// What a page says about one option.
#[derive(Debug, Default)]
struct Documented {
    short: Option<char>,
    default: Option<String>,
}

/// What the pages say about one subcommand's options.
#[derive(Debug, Default)]
struct List {
    /// Long name → what is said.
    options: BTreeMap<String, Documented>,
    /// The pages with a paragraph for this subcommand.
    pages: BTreeSet<String>,
}

/// README.md and every Markdown page under `docs/`, as (name, text).
fn pages() -> Vec<(String, String)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut paths = vec![root.join("README.md")];
    let mut stack = vec![root.join("docs")];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).unwrap().flatten() {
            let path = entry.path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|e| e == "md") {
                paths.push(path);
            }
        }
    }
    paths.sort();
    paths
        .into_iter()
        .map(|p| (p.strip_prefix(root).unwrap().display().to_string(), std::fs::read_to_string(&p).unwrap()))
        .collect()
}

/// The page that documents a subcommand's options.
fn page_of(name: &str) -> String {
    match name {
        "why" => "docs/hint.md".to_string(),
        _ => format!("docs/{name}.md"),
    }
}

/// Subcommand name → its documented options, from every paragraph of every page
/// that starts with "Options of `a`" (or "Options of `a` and `b`").
fn documented_lists() -> BTreeMap<String, List> {
    let mut lists: BTreeMap<String, List> = BTreeMap::new();
    for (page, text) in pages() {
        for paragraph in text.split("\n\n") {
            let paragraph = paragraph.trim();
            let Some(rest) = paragraph.strip_prefix("Options of ") else { continue };
            let (head, body) = rest.split_once(':').expect("an options paragraph has a colon after its commands");
            // The commands named before any parenthesis ("Options of `a` and `b` (…):").
            let head = head.split('(').next().unwrap_or_default();
            let names: Vec<String> = head.split('`').skip(1).step_by(2).map(str::to_string).collect();
            assert!(!names.is_empty(), "{page}: no command named in `Options of {head}`");
            for name in names {
                let list = lists.entry(name).or_default();
                list.pages.insert(page.clone());
                for (long, said) in options_in(body) {
                    let entry = list.options.entry(long).or_default();
                    entry.short = entry.short.or(said.short);
                    entry.default = entry.default.take().or(said.default);
                }
            }
        }
    }
    lists
}

/// Every `--long` (or `-s/--long`) in backticks in `body`, with the default stated
/// after it ("(default `V`"), up to the next option.
fn options_in(body: &str) -> Vec<(String, Documented)> {
    let mut out: Vec<(String, Documented)> = Vec::new();
    // Code spans are the odd pieces between backticks.
    let pieces: Vec<&str> = body.split('`').collect();
    for (i, piece) in pieces.iter().enumerate() {
        if i % 2 == 1 {
            let first = piece.split_whitespace().next().unwrap_or_default();
            let (short, long) = match first.split_once('/') {
                Some((s, l)) if s.len() == 2 && s.starts_with('-') => (s.chars().nth(1), l),
                _ => (None, first),
            };
            if let Some(name) =
                long.strip_prefix("--").filter(|n| n.chars().all(|c| c.is_ascii_alphanumeric() || c == '-'))
            {
                out.push((name.to_string(), Documented { short, default: None }));
            }
        } else if let Some((_, last)) = out.last_mut() {
            // Plain text after an option: "(default `V`" states its default.
            if piece.trim_end().ends_with("(default") && last.default.is_none() {
                last.default = pieces.get(i + 1).map(|v| v.to_string());
            }
        }
    }
    out
}

#[test]
fn every_option_list_in_the_manual_matches_the_command_line_definition() {
    let cli = queens::app::cli::Cli::command();
    let lists = documented_lists();
    let mut problems = Vec::new();
    for name in lists.keys() {
        if cli.find_subcommand(name).is_none() {
            problems.push(format!("the manual lists options of `{name}`, which is not a subcommand"));
        }
    }
    for sub in cli.get_subcommands() {
        let name = sub.get_name().to_string();
        let options: Vec<&clap::Arg> = sub
            .get_arguments()
            .filter(|a| a.get_long().is_some() && !["help", "version"].contains(&a.get_id().as_str()))
            .collect();
        if options.is_empty() {
            continue;
        }
        let page = page_of(&name);
        let Some(List { options: documented, pages }) = lists.get(&name) else {
            problems.push(format!("{page} has no \"Options of `{name}`:\" paragraph; add one listing its options"));
            continue;
        };
        if !pages.contains(&page) {
            problems.push(format!("the options of `{name}` are listed on {pages:?}, not on its own page {page}"));
        }
        let in_help: BTreeSet<&str> = options.iter().filter_map(|a| a.get_long()).collect();
        for long in &in_help {
            if !documented.contains_key(*long) {
                problems.push(format!("`{name} --{long}` is in --help but not in {page}'s \"Options of `{name}`\""));
            }
        }
        for long in documented.keys() {
            if !in_help.contains(long.as_str()) {
                problems.push(format!("{page} lists `{name} --{long}`, which --help does not have"));
            }
        }
        for arg in &options {
            let long = arg.get_long().unwrap();
            let Some(said) = documented.get(long) else { continue };
            if said.short != arg.get_short() {
                let want = arg.get_short().map_or(format!("`--{long}`"), |s| format!("`-{s}/--{long}`"));
                problems.push(format!("{page}, options of `{name}`: write {want}"));
            }
            let default: Vec<String> =
                arg.get_default_values().iter().map(|v| v.to_string_lossy().into_owned()).collect();
            if let Some(readme) = &said.default {
                if default.join(",") != *readme {
                    problems
                        .push(format!("`{name} --{long}`: {page} says default `{readme}`, --help says {default:?}"));
                }
            }
        }
    }
    assert!(problems.is_empty(), "the manual and --help disagree:\n{}", problems.join("\n"));
}

#[test]
fn the_list_reader_finds_short_forms_and_defaults() {
    let said = options_in("`-o/--out-dir DIR` (default `solved`), `--no-image`, `--stars auto|K` (default `auto`).");
    let names: Vec<&str> = said.iter().map(|(n, _)| n.as_str()).collect();
    assert_eq!(names, ["out-dir", "no-image", "stars"]);
    assert_eq!(said[0].1.short, Some('o'));
    assert_eq!(said[0].1.default.as_deref(), Some("solved"));
    assert_eq!(said[1].1.default, None);
    assert_eq!(said[2].1.default.as_deref(), Some("auto"));
}
