//! The architecture, checked: lower layers never import higher ones, and no circle
//! of modules exists. `scripts/check-layers.sh` runs this test alone.
//!
//! Layers, lowest first (see `src/lib.rs`): `puzzle` (with `error`), then `vision`
//! and `solve` side by side (neither may import the other), then `pipeline` and
//! `generate` side by side, then
//! `output`, then `app`. `fuzzing` sits on top. Test modules (`#[cfg(test)]` at the
//! end of a file) may use anything and are not read.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The rank of a top-level module; `None` for modules outside the layering.
fn rank(top: &str) -> Option<u32> {
    Some(match top {
        "error" | "puzzle" => 0,
        "vision" | "solve" => 1,
        // `generate` makes puzzles from the puzzle and solve layers, as the pipeline
        // reads them: peers, neither importing the other; output formats both.
        "pipeline" | "generate" => 2,
        "output" => 3,
        "app" => 4,
        "fuzzing" => 5,
        _ => return None,
    })
}

/// The layer a module belongs to (`error` shares the puzzle layer).
fn layer(module: &str) -> &str {
    let top = module.split("::").next().unwrap_or(module);
    if top == "error" {
        "puzzle"
    } else {
        top
    }
}

/// Module path of a source file: `src/vision/grid/mod.rs` → `vision::grid`.
fn module_of(rel: &Path) -> Option<String> {
    let mut parts: Vec<String> = rel.iter().map(|p| p.to_string_lossy().into_owned()).collect();
    let last = parts.pop()?;
    let stem = last.strip_suffix(".rs")?;
    if stem != "mod" && stem != "lib" && stem != "main" {
        parts.push(stem.to_string());
    }
    if stem == "main" {
        return None; // the binary is above everything
    }
    Some(parts.join("::"))
}

/// The `crate::…` paths a file names outside its test module and comments.
fn references(source: &str) -> Vec<String> {
    let mut out = Vec::new();
    for line in source.lines() {
        if line.starts_with("#[cfg(test)]") {
            break;
        }
        let code = line.trim_start();
        if code.starts_with("//") {
            continue;
        }
        let mut rest = code;
        while let Some(i) = rest.find("crate::") {
            // `crate::` inside a longer identifier (`my_crate::`) is not ours.
            let before = rest[..i].chars().last();
            rest = &rest[i + "crate::".len()..];
            if before.is_some_and(|c| c.is_alphanumeric() || c == '_') {
                continue;
            }
            if let Some(group) = rest.strip_prefix('{') {
                // `crate::{a, b::c}`: each first-level name.
                let end = group.find('}').unwrap_or(group.len());
                for item in group[..end].split(',') {
                    let path: String =
                        item.trim().chars().take_while(|c| c.is_alphanumeric() || *c == '_' || *c == ':').collect();
                    if !path.is_empty() {
                        out.push(path);
                    }
                }
                continue;
            }
            let path: String = rest.chars().take_while(|c| c.is_alphanumeric() || *c == '_' || *c == ':').collect();
            out.push(path.trim_end_matches(':').to_string());
        }
    }
    out
}

/// The longest known module that `path` starts with (`puzzle::text::parse` → `puzzle::text`).
fn resolve(path: &str, modules: &BTreeSet<String>) -> Option<String> {
    let parts: Vec<&str> = path.split("::").collect();
    (1..=parts.len()).rev().map(|k| parts[..k].join("::")).find(|m| modules.contains(m))
}

/// Every broken rule in a tree of `(relative path, source)` files, one line each.
fn violations(files: &[(PathBuf, String)]) -> Vec<String> {
    let modules: BTreeSet<String> = files.iter().filter_map(|(p, _)| module_of(p)).collect();
    let mut edges: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    let mut problems = Vec::new();
    for (path, source) in files {
        let Some(from) = module_of(path) else { continue };
        if from.is_empty() {
            continue; // lib.rs declares the layers; it may name them all
        }
        for reference in references(source) {
            let Some(to) = resolve(&reference, &modules) else { continue };
            if to == from || to.is_empty() {
                continue;
            }
            let (lf, lt) = (layer(&from), layer(&to));
            if lf != lt {
                match (rank(lf), rank(lt)) {
                    (Some(a), Some(b)) if b < a => {}
                    (Some(_), Some(_)) => problems.push(format!(
                        "{}: the {lf} layer imports crate::{reference} from the {lt} layer, which is not below it",
                        path.display()
                    )),
                    _ => problems.push(format!("{}: module {from} or {to} belongs to no layer", path.display())),
                }
            }
            edges.entry(from.clone()).or_default().insert(to);
        }
    }
    if let Some(cycle) = find_cycle(&edges) {
        problems.push(format!("import circle: {}", cycle.join(" → ")));
    }
    problems
}

/// A circle in the module graph, as the list of modules around it (first repeated last).
fn find_cycle(edges: &BTreeMap<String, BTreeSet<String>>) -> Option<Vec<String>> {
    #[derive(Clone, Copy, PartialEq)]
    enum Mark {
        Open,
        Done,
    }
    fn visit(
        node: &str,
        edges: &BTreeMap<String, BTreeSet<String>>,
        marks: &mut BTreeMap<String, Mark>,
        stack: &mut Vec<String>,
    ) -> Option<Vec<String>> {
        match marks.get(node) {
            Some(Mark::Done) => return None,
            Some(Mark::Open) => {
                let start = stack.iter().position(|m| m == node).expect("open nodes are on the stack");
                let mut cycle = stack[start..].to_vec();
                cycle.push(node.to_string());
                return Some(cycle);
            }
            None => {}
        }
        marks.insert(node.to_string(), Mark::Open);
        stack.push(node.to_string());
        for next in edges.get(node).into_iter().flatten() {
            if let Some(c) = visit(next, edges, marks, stack) {
                return Some(c);
            }
        }
        stack.pop();
        marks.insert(node.to_string(), Mark::Done);
        None
    }
    let mut marks = BTreeMap::new();
    for node in edges.keys() {
        if let Some(c) = visit(node, edges, &mut marks, &mut Vec::new()) {
            return Some(c);
        }
    }
    None
}

fn sources(root: &Path) -> Vec<(PathBuf, String)> {
    fn walk(dir: &Path, root: &Path, out: &mut Vec<(PathBuf, String)>) {
        let mut entries: Vec<_> = std::fs::read_dir(dir).expect("src is readable").flatten().collect();
        entries.sort_by_key(|e| e.path());
        for e in entries {
            let p = e.path();
            if p.is_dir() {
                walk(&p, root, out);
            } else if p.extension().is_some_and(|x| x == "rs") {
                let rel = p.strip_prefix(root).expect("under root").to_path_buf();
                out.push((rel, std::fs::read_to_string(&p).expect("source is UTF-8")));
            }
        }
    }
    let mut out = Vec::new();
    walk(root, root, &mut out);
    out
}

#[test]
fn lower_layers_never_import_higher_ones_and_no_module_circles() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let files = sources(&src);
    assert!(files.len() > 20, "expected the crate's sources under {}", src.display());
    let problems = violations(&files);
    assert!(problems.is_empty(), "layering broken:\n{}", problems.join("\n"));
}

#[test]
fn every_top_level_module_has_a_layer() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    for (path, _) in sources(&src) {
        let Some(m) = module_of(&path) else { continue };
        if m.is_empty() {
            continue;
        }
        assert!(rank(layer(&m)).is_some(), "{} ({m}) is in no layer: add it to tests/layers.rs", path.display());
    }
}

/// The check catches what it is for: a planted upward import and a planted circle.
#[test]
fn a_planted_violation_is_caught() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = sources(&src);
    let cells = files.iter_mut().find(|(p, _)| p.ends_with("vision/cells.rs")).expect("vision/cells.rs");
    cells.1.insert_str(0, "use crate::output::report::region_color;\n");
    let problems = violations(&files);
    assert!(
        problems.iter().any(|p| p.contains("the vision layer imports crate::output::report::region_color")),
        "{problems:?}"
    );

    // vision ↔ solve are peers: neither may import the other.
    let mut files = sources(&src);
    let regions = files.iter_mut().find(|(p, _)| p.ends_with("vision/regions.rs")).expect("vision/regions.rs");
    regions.1.insert_str(0, "use crate::{solve::SolveOptions, puzzle::Cell};\n");
    assert!(violations(&files).iter().any(|p| p.contains("crate::solve::SolveOptions")));

    // A circle inside one layer: text → partition → text.
    let mut files = sources(&src);
    for (p, s) in files.iter_mut() {
        if p.ends_with("puzzle/partition.rs") {
            s.insert_str(0, "use crate::puzzle::text::parse;\n");
        }
        if p.ends_with("puzzle/text.rs") {
            s.insert_str(0, "use crate::puzzle::partition::check;\n");
        }
    }
    let problems = violations(&files);
    assert!(problems.iter().any(|p| p.starts_with("import circle:") && p.contains("puzzle::text")), "{problems:?}");
}

#[test]
fn references_skip_comments_tests_and_other_crates() {
    let src =
        "// crate::app::x\nuse crate::{a::b, c};\nlet x = my_crate::d;\ncrate::e::f();\n#[cfg(test)]\nuse crate::z;\n";
    assert_eq!(references(src), vec!["a::b", "c", "e::f"]);
}
