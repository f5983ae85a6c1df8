//! ARCHITECTURE.md stays true: every folder of `src/` is named in it, every `src/…`
//! path it names exists, its engine table names every file of `src/solve/logic/`
//! once and nothing else, no source file of the project is over 600 lines, and
//! every `pub` item is needed outside its crate.

use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Every folder and every file below `dir`, as paths relative to the crate root.
fn walk(dir: &Path, folders: &mut Vec<String>, files: &mut Vec<PathBuf>) {
    let mut entries: Vec<_> = std::fs::read_dir(dir).expect("src is readable").flatten().map(|e| e.path()).collect();
    entries.sort();
    for p in entries {
        let rel = p.strip_prefix(root()).expect("under the root").to_string_lossy().replace('\\', "/");
        if p.is_dir() {
            folders.push(format!("{rel}/"));
            walk(&p, folders, files);
        } else {
            files.push(p);
        }
    }
}

/// The `src/…` paths a text names inside backticks, as written (folders end in `/`).
fn named_paths(text: &str) -> Vec<String> {
    text.split('`')
        .skip(1)
        .step_by(2)
        .filter(|s| s.starts_with("src/") && !s.contains(' '))
        .map(str::to_string)
        .collect()
}

fn architecture() -> String {
    std::fs::read_to_string(root().join("ARCHITECTURE.md")).expect("ARCHITECTURE.md at the crate root")
}

#[test]
fn every_folder_of_src_is_on_the_map_and_every_path_on_it_exists() {
    let text = architecture();
    let (mut folders, mut files) = (Vec::new(), Vec::new());
    walk(&root().join("src"), &mut folders, &mut files);
    let named = named_paths(&text);
    let missing: Vec<&String> = folders.iter().filter(|f| !named.contains(f)).collect();
    assert!(missing.is_empty(), "ARCHITECTURE.md does not name these folders of src/ (as `src/…/`): {missing:?}");
    let stale: Vec<&String> = named.iter().filter(|p| !root().join(p.trim_end_matches('/')).exists()).collect();
    assert!(stale.is_empty(), "ARCHITECTURE.md names paths that do not exist: {stale:?}");
}

#[test]
fn no_source_file_is_over_600_lines() {
    let (mut folders, mut files) = (Vec::new(), Vec::new());
    // Every source the project writes: the crate, its tests (the browser checks
    // too), benchmarks, examples, scripts and fuzz targets.
    for dir in ["src", "tests", "benches", "examples", "scripts", "fuzz/fuzz_targets"] {
        walk(&root().join(dir), &mut folders, &mut files);
    }
    assert!(files.len() > 20, "expected the crate's sources");
    assert!(files.iter().any(|f| f.extension().is_some_and(|x| x == "js")), "expected the page's scripts");
    assert!(files.iter().any(|f| f.ends_with("tests/common/mod.rs")), "expected the tests");
    let code = ["rs", "js", "mjs", "html", "sh", "py"];
    let long: Vec<String> = files
        .iter()
        .filter(|f| !f.components().any(|c| c.as_os_str() == "node_modules" || c.as_os_str() == "data"))
        .filter(|f| f.extension().is_some_and(|x| code.iter().any(|c| x == *c)))
        .filter_map(|f| {
            let lines = std::fs::read_to_string(f).expect("UTF-8 source").lines().count();
            (lines > 600).then(|| format!("{} ({lines} lines)", f.display()))
        })
        .collect();
    assert!(long.is_empty(), "split these where their parts differ: {long:?}");
}

#[test]
fn the_path_reader_finds_folders_and_files_in_backticks() {
    let text = "a `src/puzzle/` b `src/main.rs` c `not/src` d `src/a b` e `Regions`";
    assert_eq!(named_paths(text), vec!["src/puzzle/", "src/main.rs"]);
}

/// The files the engine table of ARCHITECTURE.md names (the first cell of each row,
/// in backticks), as written, in the table's order.
fn engine_table(text: &str) -> Vec<String> {
    let start = text.find("## The deduction engine").expect("ARCHITECTURE.md has the engine's section");
    let section = &text[start..];
    let end = section[2..].find("\n## ").map_or(section.len(), |e| e + 2);
    section[..end]
        .lines()
        .filter_map(|line| line.strip_prefix("| `"))
        .filter_map(|rest| rest.split_once('`'))
        .map(|(name, _)| name.to_string())
        .collect()
}

#[test]
fn the_engine_table_names_every_file_of_the_engine_once() {
    let logic = root().join("src/solve/logic");
    let (mut folders, mut files) = (Vec::new(), Vec::new());
    walk(&logic, &mut folders, &mut files);
    let mut on_disk: Vec<String> = files
        .iter()
        .map(|f| f.strip_prefix(&logic).expect("under the engine").to_string_lossy().replace('\\', "/"))
        .collect();
    on_disk.sort();
    let table = engine_table(&architecture());
    let mut named = table.clone();
    named.sort();
    let twice: Vec<&String> = named.windows(2).filter(|w| w[0] == w[1]).map(|w| &w[0]).collect();
    assert!(twice.is_empty(), "the engine table names these files twice: {twice:?}");
    let missing: Vec<&String> = on_disk.iter().filter(|f| !named.contains(f)).collect();
    assert!(
        missing.is_empty(),
        "ARCHITECTURE.md's engine table does not name these files of src/solve/logic/: {missing:?}"
    );
    let stale: Vec<&String> = named.iter().filter(|f| !on_disk.contains(f)).collect();
    assert!(stale.is_empty(), "ARCHITECTURE.md's engine table names files src/solve/logic/ does not have: {stale:?}");
}

#[test]
fn the_engine_table_reader_takes_the_first_cell_of_each_row_of_that_section() {
    let text = "## Other\n| `a.rs` | x |\n## The deduction engine (`src/solve/logic/`)\n\n| file | what |\n|---|---|\n| `board.rs` | the board |\n| `trials/cases.rs` | 10 |\n\n## Next\n| `b.rs` | y |\n";
    assert_eq!(engine_table(text), vec!["board.rs", "trials/cases.rs"]);
}

/// The library without its `cli` feature is the pipeline alone: no async runtime,
/// HTTP stack or argument parser in its normal dependencies (programs that embed
/// it should not build them). Asked of `cargo tree` from the lock file, offline.
#[test]
fn the_library_alone_depends_on_no_runtime_http_or_argument_parser() {
    let cargo = option_env!("CARGO").unwrap_or("cargo");
    let tree = |features: &[&str]| {
        let out = std::process::Command::new(cargo)
            .current_dir(root())
            .args(["tree", "--offline", "--edges", "normal", "--prefix", "none", "--format", "{p}"])
            .args(features)
            .output()
            .expect("cargo runs");
        assert!(out.status.success(), "cargo tree failed: {}", String::from_utf8_lossy(&out.stderr));
        String::from_utf8(out.stdout)
            .expect("UTF-8")
            .lines()
            .map(|l| l.split(' ').next().unwrap_or("").to_string())
            .collect::<Vec<_>>()
    };
    let heavy = ["tokio", "axum", "hyper", "clap", "indicatif"];
    let alone = tree(&["--no-default-features"]);
    let found: Vec<&String> = alone.iter().filter(|p| heavy.contains(&p.as_str())).collect();
    assert!(found.is_empty(), "the library without `cli` still depends on {found:?}");
    // The check can fail: with the feature on, every one of them is there.
    let full = tree(&[]);
    for h in heavy {
        assert!(full.iter().any(|p| p == h), "{h} is no longer a dependency of the binary: update this test");
    }
}

/// The map of the tests names every test file and every test crate, so a newcomer
/// finds where a concern is tested: the backticked `.rs` names of its "Tests"
/// section against the files of `tests/`.
#[test]
fn the_tests_table_names_every_test_file() {
    let text = architecture();
    let start = text.find("\n## Tests").expect("a Tests section");
    let section = &text[start..];
    let section = &section[..section[1..].find("\n## ").map_or(section.len(), |i| i + 1)];
    let named: std::collections::BTreeSet<String> =
        section.split('`').skip(1).step_by(2).map(|s| s.rsplit('/').next().unwrap_or(s).to_string()).collect();
    let mut missing = Vec::new();
    for entry in std::fs::read_dir(root().join("tests")).expect("tests/").flatten() {
        let path = entry.path();
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        if path.is_dir() && path.join("main.rs").exists() {
            for file in std::fs::read_dir(&path).unwrap().flatten() {
                let f = file.file_name().to_string_lossy().into_owned();
                if f.ends_with(".rs") && f != "main.rs" && !named.contains(&f) {
                    missing.push(format!("tests/{name}/{f}"));
                }
            }
            if !section.contains(&format!("`tests/{name}/`")) {
                missing.push(format!("tests/{name}/"));
            }
        } else if name.ends_with(".rs") && !named.contains(&name) {
            missing.push(format!("tests/{name}"));
        }
    }
    assert!(missing.is_empty(), "ARCHITECTURE.md's Tests section does not name {missing:?}");
}

/// The library's surface is what something outside it needs: every `pub` item of
/// `src/` (a function, type, constant, trait or module, not a field or a
/// re-export) is named by the binary, a test, a benchmark, an example or a fuzz
/// target, or by another public line of `src/` (a signature, a field, a
/// re-export) that is. Anything else is `pub(crate)`.
#[test]
fn every_pub_item_is_needed_outside_its_layer_or_crate() {
    let rust_files = |dirs: &[&str]| -> Vec<PathBuf> {
        let (mut folders, mut files) = (Vec::new(), Vec::new());
        for dir in dirs {
            walk(&root().join(dir), &mut folders, &mut files);
        }
        files.retain(|f| f.extension().is_some_and(|e| e == "rs"));
        files
    };
    let words = |text: &str| -> std::collections::BTreeSet<String> {
        text.split(|c: char| !(c.is_alphanumeric() || c == '_')).filter(|w| !w.is_empty()).map(str::to_string).collect()
    };
    let mut outside = rust_files(&["tests", "benches", "examples", "fuzz/fuzz_targets"]);
    outside.push(root().join("src/main.rs"));
    let mut named = std::collections::BTreeSet::new();
    for f in &outside {
        named.extend(words(&std::fs::read_to_string(f).expect("readable")));
    }
    let mut inside = rust_files(&["src"]);
    inside.retain(|f| !f.ends_with("src/main.rs"));
    let kinds = ["fn ", "struct ", "enum ", "const ", "static ", "type ", "trait ", "mod "];
    let mut items = Vec::new();
    let mut public_words = std::collections::BTreeSet::new();
    for f in &inside {
        let text = std::fs::read_to_string(f).expect("readable");
        let rel = f.strip_prefix(root()).unwrap().display().to_string();
        for (at, _) in text.match_indices("pub ") {
            if at > 0 && !text[..at].ends_with(|c: char| c.is_whitespace()) {
                continue;
            }
            let rest = text[at + 4..].trim_start_matches("async ").trim_start_matches("unsafe ");
            // What the item shows: its signature up to its body, and an enum's variants.
            let end = match (rest.starts_with("enum "), rest.starts_with("use ")) {
                (true, _) => rest.find('}'),
                (_, true) => rest.find(';'),
                // The first `{` or `;` outside brackets (`[u8; 3]` is inside).
                _ => rest
                    .char_indices()
                    .scan(0i32, |depth, (i, c)| {
                        *depth += match c {
                            '(' | '[' => 1,
                            ')' | ']' => -1,
                            _ => 0,
                        };
                        Some((i, c, *depth))
                    })
                    .find(|&(_, c, depth)| depth == 0 && (c == '{' || c == ';'))
                    .map(|(i, _, _)| i),
            };
            let shown = &rest[..end.unwrap_or(rest.len())];
            let kind = kinds.iter().find(|k| rest.starts_with(*k) && !rest.starts_with("fn("));
            let name: String = kind.map_or(String::new(), |k| {
                rest[k.len()..].chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect()
            });
            public_words.extend(words(shown).into_iter().filter(|w| *w != name));
            if kind.is_some() {
                items.push((rel.clone(), name));
            }
        }
    }
    let unneeded: Vec<String> = items
        .iter()
        .filter(|(_, name)| !named.contains(name) && !public_words.contains(name))
        .map(|(file, name)| format!("{file}: {name}"))
        .collect();
    assert!(items.len() > 100, "found only {} pub items: is the scan broken?", items.len());
    assert!(
        unneeded.is_empty(),
        "pub items nothing outside the library names (make them pub(crate)):\n{}",
        unneeded.join("\n")
    );
}
