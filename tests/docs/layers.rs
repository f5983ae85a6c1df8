//! The architecture, checked: lower layers never import higher ones, and no circle
//! of modules exists. `scripts/check-layers.sh` runs this test alone.
//!
//! Layers, lowest first (see `src/lib.rs`): `puzzle` (with `error`), then `vision`
//! and `solve` side by side (neither may import the other), then `pipeline` and
//! `generate` side by side, then
//! `output`, then `app`. `fuzzing` sits on top. Test modules (`#[cfg(test)] mod …`)
//! may use anything and are not read.
//!
//! Circles are checked file by file: a file's `crate::…`, `super::…`, `self::…` and
//! `child::…` paths are edges to the files (modules) they name, and no set of files
//! may import each other round — siblings through `super::` neither, nor a `mod.rs`
//! and a child that takes something of it back.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The rank of a top-level module; `None` for modules outside the layering.
pub(crate) fn rank(top: &str) -> Option<u32> {
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
pub(crate) fn layer(module: &str) -> &str {
    let top = module.split("::").next().unwrap_or(module);
    if top == "error" {
        "puzzle"
    } else {
        top
    }
}

/// Module path of a source file: `src/vision/grid/mod.rs` → `vision::grid`.
pub(crate) fn module_of(rel: &Path) -> Option<String> {
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

/// `source` with comments, string and character literals blanked out (newlines kept,
/// so nothing inside them reads as a path), and every `#[cfg(test)]` module blanked
/// too: its attributes, its `mod` line and its body. Other `#[cfg(test)]` items (a
/// helper fn, a `use`) stay: only a `mod` after the attribute (other attributes may
/// stand between them) is a test module.
pub(crate) fn code_only(source: &str) -> Vec<char> {
    let src: Vec<char> = source.chars().collect();
    let mut code = src.clone();
    let n = src.len();
    let is_ident = |c: char| c.is_alphanumeric() || c == '_';
    let at = |i: usize, s: &str| s.chars().enumerate().all(|(k, c)| src.get(i + k) == Some(&c));
    let mut i = 0;
    while i < n {
        let start = i;
        let prev_ident = i > 0 && is_ident(src[i - 1]);
        if at(i, "//") {
            i = (i..n).find(|&j| src[j] == '\n').unwrap_or(n);
        } else if at(i, "/*") {
            let mut depth = 0;
            while i < n {
                if at(i, "/*") {
                    depth += 1;
                    i += 2;
                } else if at(i, "*/") {
                    depth -= 1;
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    i += 1;
                }
            }
        } else if !prev_ident && (at(i, "r") || at(i, "br")) && {
            let r = if src[i] == 'b' { i + 1 } else { i };
            let hashes = (r + 1..n).take_while(|&j| src[j] == '#').count();
            src.get(r + 1 + hashes) == Some(&'"')
        } {
            // A raw string: r"…", r#"…"#, br"…".
            let r = if src[i] == 'b' { i + 1 } else { i };
            let hashes = (r + 1..n).take_while(|&j| src[j] == '#').count();
            let close = format!("\"{}", "#".repeat(hashes));
            i = r + 2 + hashes;
            while i < n && !at(i, &close) {
                i += 1;
            }
            i = (i + close.chars().count()).min(n);
        } else if src[i] == '"' {
            i += 1;
            while i < n && src[i] != '"' {
                i += if src[i] == '\\' { 2 } else { 1 };
            }
            i = (i + 1).min(n);
        } else if src[i] == '\'' && src.get(i + 1) == Some(&'\\') {
            // '\n', '\'', '\u{…}'
            i += 3;
            while i < n && src[i] != '\'' {
                i += 1;
            }
            i = (i + 1).min(n);
        } else if src[i] == '\'' && src.get(i + 2) == Some(&'\'') {
            i += 3; // 'x' (a lifetime 'a has no closing quote)
        } else {
            i += 1;
            continue;
        }
        blank(&mut code, start, i);
    }
    // Test modules, on the text without comments and literals.
    let text = code.clone();
    let at = |i: usize, s: &str| s.chars().enumerate().all(|(k, c)| text.get(i + k) == Some(&c));
    let skip_ws = |mut i: usize| {
        while i < n && text[i].is_whitespace() {
            i += 1;
        }
        i
    };
    // The index just past the bracket matching the one at `i`.
    let matching = |mut i: usize, open: char, close: char| {
        let mut depth = 0;
        while i < n {
            if text[i] == open {
                depth += 1;
            } else if text[i] == close {
                depth -= 1;
                if depth == 0 {
                    return i + 1;
                }
            }
            i += 1;
        }
        n
    };
    let mut i = 0;
    while i < n {
        if !at(i, "#[cfg(test)]") {
            i += 1;
            continue;
        }
        let mut j = skip_ws(i + "#[cfg(test)]".len());
        while at(j, "#[") {
            j = skip_ws(matching(j + 1, '[', ']'));
        }
        if at(j, "pub") && !text.get(j + 3).is_some_and(|&c| is_ident(c)) {
            j = skip_ws(j + 3);
            if at(j, "(") {
                j = skip_ws(matching(j, '(', ')'));
            }
        }
        if at(j, "mod") && text.get(j + 3).is_some_and(|c| c.is_whitespace()) {
            let end = (j..n).find(|&k| text[k] == '{' || text[k] == ';').unwrap_or(n);
            let end = if end < n && text[end] == '{' { matching(end, '{', '}') } else { (end + 1).min(n) };
            blank(&mut code, i, end);
            i = end;
        } else {
            i += 1;
        }
    }
    code
}

/// Blanks `code[from..to]`, keeping its line breaks.
pub(crate) fn blank(code: &mut [char], from: usize, to: usize) {
    for c in &mut code[from..to] {
        if *c != '\n' {
            *c = ' ';
        }
    }
}

/// The paths a file names outside its test modules, comments and literals, each
/// spelled from the crate root (`puzzle::text::parse`): `crate::…` paths, and paths
/// relative to the file's `module` — `super::…` (`super::super::…`), `self::…`, and
/// `child::…` where `child` is a module of `modules` directly under `module`.
/// `{…}` groups (nested too) give one path per leaf, `*` the path before it. A
/// `super::` past the crate root names nothing; `mod child;` is no reference.
pub(crate) fn references(source: &str, module: &str, modules: &BTreeSet<String>) -> Vec<String> {
    let code = code_only(source);
    let here: Vec<String> = if module.is_empty() { Vec::new() } else { module.split("::").map(String::from).collect() };
    let children: BTreeSet<&str> = modules
        .iter()
        .filter_map(|m| if module.is_empty() { Some(m.as_str()) } else { m.strip_prefix(module)?.strip_prefix("::") })
        .filter(|rest| !rest.is_empty() && !rest.contains("::"))
        .collect();
    let is_ident = |c: char| c.is_alphanumeric() || c == '_';
    let n = code.len();
    let mut out = Vec::new();
    let mut i = 0;
    while i < n {
        if !is_ident(code[i]) {
            i += 1;
            continue;
        }
        let end = (i..n).find(|&k| !is_ident(code[k])).unwrap_or(n);
        let word: String = code[i..end].iter().collect();
        // The last non-blank characters before the word, backwards: after `::`
        // (`std::fmt::…`) it starts no path of ours, after `(in` it is a visibility
        // (`pub(in crate::vision)`), no import. `name::<T>` is a turbofish (a method
        // or function named like a child module), not a path into a module.
        let before: String = code[..i].iter().rev().filter(|c| !c.is_whitespace()).take(3).collect();
        let starts = code.get(end) == Some(&':')
            && code.get(end + 1) == Some(&':')
            && code.get(end + 2) != Some(&'<')
            && !before.starts_with("::")
            && before != "ni("
            && (matches!(word.as_str(), "crate" | "super" | "self") || children.contains(word.as_str()));
        i = if starts { path_tree(&code, i, Some(here.clone()), &mut out) } else { end };
    }
    out
}

/// Reads the path (tree) at `code[i..]` under `prefix` (module segments; `None` once a
/// `super` went past the root), pushes each leaf to `out`, returns the index after it.
pub(crate) fn path_tree(code: &[char], i: usize, prefix: Option<Vec<String>>, out: &mut Vec<String>) -> usize {
    let n = code.len();
    let is_ident = |c: char| c.is_alphanumeric() || c == '_';
    let skip_ws = |mut i: usize| {
        while i < n && code[i].is_whitespace() {
            i += 1;
        }
        i
    };
    let leaf = |prefix: &Option<Vec<String>>, out: &mut Vec<String>| {
        if let Some(p) = prefix {
            out.push(p.join("::"));
        }
    };
    let mut i = skip_ws(i);
    match code.get(i) {
        Some('{') => {
            i += 1;
            loop {
                i = skip_ws(i);
                match code.get(i) {
                    None => return n,
                    Some('}') => return i + 1,
                    _ => {}
                }
                i = path_tree(code, i, prefix.clone(), out);
                // Past `as alias` to the `,` or `}` ending the item.
                while i < n && !matches!(code[i], ',' | '}' | ';') {
                    i += 1;
                }
                match code.get(i) {
                    Some(',') => i += 1,
                    Some('}') => return i + 1,
                    _ => return i,
                }
            }
        }
        Some('*') => {
            leaf(&prefix, out);
            i + 1
        }
        Some(&c) if is_ident(c) => {
            let end = (i..n).find(|&k| !is_ident(code[k])).unwrap_or(n);
            let word: String = code[i..end].iter().collect();
            let prefix = prefix.and_then(|mut p| {
                match word.as_str() {
                    "crate" => p.clear(),
                    "self" => {}
                    "super" => {
                        p.pop()?;
                    }
                    _ => p.push(word),
                }
                Some(p)
            });
            let j = skip_ws(end);
            if code.get(j) == Some(&':') && code.get(j + 1) == Some(&':') && code.get(skip_ws(j + 2)) != Some(&'<') {
                path_tree(code, j + 2, prefix, out)
            } else {
                leaf(&prefix, out);
                end
            }
        }
        _ => {
            leaf(&prefix, out);
            i
        }
    }
}

/// The longest known module that `path` starts with (`puzzle::text::parse` → `puzzle::text`).
pub(crate) fn resolve(path: &str, modules: &BTreeSet<String>) -> Option<String> {
    let parts: Vec<&str> = path.split("::").collect();
    (1..=parts.len()).rev().map(|k| parts[..k].join("::")).find(|m| modules.contains(m))
}

/// Every broken rule in a tree of `(relative path, source)` files, one entry each: an
/// import from a layer not below, and every import circle — each strongly connected
/// set of more than one file (module), with one circle through it, its files, and the
/// imports between them.
pub(crate) fn violations(files: &[(PathBuf, String)]) -> Vec<String> {
    let modules: BTreeSet<String> = files.iter().filter_map(|(p, _)| module_of(p)).collect();
    let file_of: BTreeMap<String, &Path> =
        files.iter().filter_map(|(p, _)| Some((module_of(p)?, p.as_path()))).collect();
    // from → to → the paths of `from` that named `to`, each once, in the file's order.
    let mut edges: BTreeMap<String, BTreeMap<String, Vec<String>>> = BTreeMap::new();
    let mut problems = Vec::new();
    for (path, source) in files {
        let Some(from) = module_of(path) else { continue };
        if from.is_empty() {
            continue; // lib.rs declares the layers; it may name them all
        }
        for reference in references(source, &from, &modules) {
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
            let named = edges.entry(from.clone()).or_default().entry(to).or_default();
            if !named.contains(&reference) {
                named.push(reference);
            }
        }
    }
    let graph: BTreeMap<String, BTreeSet<String>> =
        edges.iter().map(|(from, tos)| (from.clone(), tos.keys().cloned().collect())).collect();
    for component in strongly_connected(&graph).into_iter().filter(|c| c.len() > 1) {
        let inside: BTreeMap<String, BTreeSet<String>> = component
            .iter()
            .map(|m| {
                (m.clone(), graph.get(m).into_iter().flatten().filter(|t| component.contains(*t)).cloned().collect())
            })
            .collect();
        let cycle = find_cycle(&inside).expect("a strongly connected set of two or more modules has a circle");
        let mut text = format!("import circle: {}\n  among {} files:", cycle.join(" → "), component.len());
        for m in &component {
            text += &format!(" src/{}", file_of[m].display());
        }
        text += "\n  imports inside it:";
        for (from, tos) in &inside {
            for to in tos {
                let named = &edges[from][to];
                let more = match named.len() {
                    0..=3 => String::new(),
                    n => format!(" and {} more", n - 3),
                };
                text += &format!("\n    {from} → {to} (names {}{more})", named[..named.len().min(3)].join(", "));
            }
        }
        problems.push(text);
    }
    problems
}

/// The strongly connected components of a graph (Tarjan), each sorted, in order of
/// their smallest module.
pub(crate) fn strongly_connected(edges: &BTreeMap<String, BTreeSet<String>>) -> Vec<BTreeSet<String>> {
    struct Walk<'a> {
        edges: &'a BTreeMap<String, BTreeSet<String>>,
        index: BTreeMap<&'a str, usize>,
        low: BTreeMap<&'a str, usize>,
        stack: Vec<&'a str>,
        on_stack: BTreeSet<&'a str>,
        out: Vec<BTreeSet<String>>,
    }
    impl<'a> Walk<'a> {
        fn visit(&mut self, node: &'a str) {
            let i = self.index.len();
            self.index.insert(node, i);
            self.low.insert(node, i);
            self.stack.push(node);
            self.on_stack.insert(node);
            let edges = self.edges;
            for next in edges.get(node).into_iter().flatten() {
                let next = next.as_str();
                if !self.index.contains_key(next) {
                    self.visit(next);
                    let low = self.low[node].min(self.low[next]);
                    self.low.insert(node, low);
                } else if self.on_stack.contains(next) {
                    let low = self.low[node].min(self.index[next]);
                    self.low.insert(node, low);
                }
            }
            if self.low[node] == self.index[node] {
                let mut component = BTreeSet::new();
                while let Some(m) = self.stack.pop() {
                    self.on_stack.remove(m);
                    component.insert(m.to_string());
                    if m == node {
                        break;
                    }
                }
                self.out.push(component);
            }
        }
    }
    let mut walk = Walk {
        edges,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        on_stack: BTreeSet::new(),
        out: Vec::new(),
    };
    for node in edges.keys() {
        if !walk.index.contains_key(node.as_str()) {
            walk.visit(node);
        }
    }
    walk.out.sort();
    walk.out
}

/// A circle in the module graph, as the list of modules around it (first repeated last).
pub(crate) fn find_cycle(edges: &BTreeMap<String, BTreeSet<String>>) -> Option<Vec<String>> {
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

pub(crate) fn sources(root: &Path) -> Vec<(PathBuf, String)> {
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
pub(crate) fn lower_layers_never_import_higher_ones_and_no_module_circles() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let files = sources(&src);
    assert!(files.len() > 20, "expected the crate's sources under {}", src.display());
    let problems = violations(&files);
    assert!(problems.is_empty(), "layering broken:\n{}", problems.join("\n"));
}

#[test]
pub(crate) fn every_top_level_module_has_a_layer() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    for (path, _) in sources(&src) {
        let Some(m) = module_of(&path) else { continue };
        if m.is_empty() {
            continue;
        }
        assert!(rank(layer(&m)).is_some(), "{} ({m}) is in no layer: add it to tests/docs/layers.rs", path.display());
    }
}
