//! `--help` and the README agree: each "Options of `cmd`:" paragraph of README.md
//! lists exactly the options the clap definition gives that subcommand, with the
//! same short forms and the same defaults (where the README states one in
//! backticks), and every subcommand with options has such a paragraph.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use clap::CommandFactory;

/// What a README paragraph says about one option.
#[derive(Debug, Default)]
struct Documented {
    short: Option<char>,
    default: Option<String>,
}

/// Subcommand name → its documented options (long name → what is said), from every
/// paragraph that starts with "Options of `a`" (or "Options of `a` and `b`").
fn readme_lists() -> BTreeMap<String, BTreeMap<String, Documented>> {
    let text = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("README.md")).unwrap();
    let mut lists = BTreeMap::new();
    for paragraph in text.split("\n\n") {
        let paragraph = paragraph.trim();
        let Some(rest) = paragraph.strip_prefix("Options of ") else { continue };
        let (head, body) = rest.split_once(':').expect("an options paragraph has a colon after its commands");
        // The commands named before any parenthesis ("Options of `a` and `b` (…):").
        let head = head.split('(').next().unwrap_or_default();
        let names: Vec<String> = head.split('`').skip(1).step_by(2).map(str::to_string).collect();
        assert!(!names.is_empty(), "README: no command named in `Options of {head}`");
        for name in names {
            let list: &mut BTreeMap<String, Documented> = lists.entry(name).or_default();
            for (long, said) in options_in(body) {
                let entry = list.entry(long).or_default();
                entry.short = entry.short.or(said.short);
                entry.default = entry.default.take().or(said.default);
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
fn every_option_list_in_the_readme_matches_the_command_line_definition() {
    let cli = queens::app::cli::Cli::command();
    let lists = readme_lists();
    let mut problems = Vec::new();
    for name in lists.keys() {
        if cli.find_subcommand(name).is_none() {
            problems.push(format!("README lists options of `{name}`, which is not a subcommand"));
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
        let Some(documented) = lists.get(&name) else {
            problems.push(format!("README has no \"Options of `{name}`:\" paragraph; add one listing its options"));
            continue;
        };
        let in_help: BTreeSet<&str> = options.iter().filter_map(|a| a.get_long()).collect();
        for long in &in_help {
            if !documented.contains_key(*long) {
                problems
                    .push(format!("`{name} --{long}` is in --help but not in the README's \"Options of `{name}`\""));
            }
        }
        for long in documented.keys() {
            if !in_help.contains(long.as_str()) {
                problems.push(format!("the README lists `{name} --{long}`, which --help does not have"));
            }
        }
        for arg in &options {
            let long = arg.get_long().unwrap();
            let Some(said) = documented.get(long) else { continue };
            if said.short != arg.get_short() {
                let want = arg.get_short().map_or(format!("`--{long}`"), |s| format!("`-{s}/--{long}`"));
                problems.push(format!("README, options of `{name}`: write {want}"));
            }
            let default: Vec<String> =
                arg.get_default_values().iter().map(|v| v.to_string_lossy().into_owned()).collect();
            if let Some(readme) = &said.default {
                if default.join(",") != *readme {
                    problems.push(format!(
                        "`{name} --{long}`: the README says default `{readme}`, --help says {default:?}"
                    ));
                }
            }
        }
    }
    assert!(problems.is_empty(), "README and --help disagree:\n{}", problems.join("\n"));
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
