//! The layer checker itself, checked: planted violations and circles are caught, every
//! circle is reported, and references are read from the paths that matter only.

use super::layers::*;
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

/// The check catches what it is for: a planted upward import and a planted circle.
#[test]
pub(crate) fn a_planted_violation_is_caught() {
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

/// The circles in `files` that name every one of `modules`.
pub(crate) fn circles_naming(files: &[(PathBuf, String)], modules: &[&str]) -> Vec<String> {
    violations(files)
        .into_iter()
        .filter(|p| p.starts_with("import circle:"))
        .filter(|p| modules.iter().all(|m| p.lines().next().unwrap_or("").contains(&format!("{m} "))))
        .collect()
}

/// File-level circles are caught, not only `crate::` ones: two siblings importing each
/// other through `super::`, and a child taking an item of its parent `mod.rs` that uses
/// the child.
#[test]
pub(crate) fn planted_file_circles_are_caught() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");

    let siblings = ["puzzle::text", "puzzle::partition"];
    assert_eq!(circles_naming(&sources(&src), &siblings), Vec::<String>::new(), "no circle before planting");
    let mut files = sources(&src);
    for (p, s) in files.iter_mut() {
        if p.ends_with("puzzle/text.rs") {
            s.insert_str(0, "use super::partition::check;\n");
        }
        if p.ends_with("puzzle/partition.rs") {
            s.insert_str(0, "use super::text::parse;\n");
        }
    }
    let circles = circles_naming(&files, &siblings);
    assert_eq!(circles.len(), 1, "{circles:#?}");
    assert!(circles[0].contains("puzzle::text → puzzle::partition (names puzzle::partition::check)"), "{}", circles[0]);
    assert!(circles[0].contains("src/puzzle/partition.rs") && circles[0].contains("src/puzzle/text.rs"));

    // puzzle/mod.rs calls marks::…, marks.rs takes super::Planted back.
    let family = ["puzzle", "puzzle::marks"];
    assert_eq!(circles_naming(&sources(&src), &family), Vec::<String>::new(), "no circle before planting");
    let mut files = sources(&src);
    for (p, s) in files.iter_mut() {
        if p.ends_with("puzzle/mod.rs") {
            s.push_str("\npub struct Planted;\n\npub fn planted() -> usize {\n    marks::planted()\n}\n");
        }
        if p.ends_with("puzzle/marks.rs") {
            s.insert_str(0, "use super::Planted;\n");
        }
    }
    let circles = circles_naming(&files, &family);
    assert_eq!(circles.len(), 1, "{circles:#?}");
    assert!(circles[0].contains("puzzle → puzzle::marks (names puzzle::marks::planted)"), "{}", circles[0]);
    assert!(circles[0].contains("puzzle::marks → puzzle (names puzzle::Planted"), "{}", circles[0]);
}

/// Every strongly connected set is reported, each once, not only the first circle.
#[test]
pub(crate) fn every_circle_is_reported() {
    let file = |p: &str, s: &str| (PathBuf::from(p), s.to_string());
    let files = vec![
        file("lib.rs", "pub mod puzzle;\n"),
        file("puzzle/mod.rs", "pub mod a;\npub mod b;\npub mod c;\npub mod d;\npub mod e;\npub use a::A;\n"),
        file("puzzle/a.rs", "use super::b::B;\n"),
        file("puzzle/b.rs", "use super::c::C;\n"),
        file("puzzle/c.rs", "use super::a::A;\nuse super::d::D;\n"),
        file("puzzle/d.rs", "use super::e::E;\n"),
        file("puzzle/e.rs", "use crate::puzzle::d::D;\n"),
    ];
    let problems = violations(&files);
    assert_eq!(problems.len(), 2, "{problems:#?}");
    assert!(
        problems[0].starts_with("import circle: puzzle::a → puzzle::b → puzzle::c → puzzle::a\n"),
        "{}",
        problems[0]
    );
    assert!(
        problems[0].contains("among 3 files: src/puzzle/a.rs src/puzzle/b.rs src/puzzle/c.rs\n"),
        "{}",
        problems[0]
    );
    assert!(problems[1].starts_with("import circle: puzzle::d → puzzle::e → puzzle::d\n"), "{}", problems[1]);
}

#[test]
pub(crate) fn references_skip_comments_tests_and_other_crates() {
    let modules = BTreeSet::new();
    let src = concat!(
        "// crate::app::x\n",
        "use crate::{a::b, c};\n",
        "let x = my_crate::d;\n",
        "crate::e::f(); // crate::g\n",
        "let s = \"crate::h \\\" crate::i\"; let r = r#\"crate::j\"#; let q = '\"'; /* crate::k */\n",
        "#[cfg(test)]\n",
        "use crate::y;\n",
        "#[cfg(test)]\n",
        "#[allow(dead_code)]\n",
        "pub(crate) mod tests {\n",
        "    use crate::z;\n",
        "    fn f() { if true { crate::z2(); } }\n",
        "}\n",
        "fn after() -> crate::l::M { todo!() }\n",
    );
    assert_eq!(references(src, "m", &modules), vec!["a::b", "c", "e::f", "y", "l::M"]);
}

#[test]
pub(crate) fn references_read_super_self_and_child_paths() {
    let modules: BTreeSet<String> =
        ["solve", "solve::logic", "solve::logic::board", "solve::logic::counting", "solve::logic::words"]
            .map(String::from)
            .into();
    // A file of its own: solve/logic/counting.rs, a helper fn under #[cfg(test)] early.
    let counting = concat!(
        "use super::board::{Board, Unit};\n",
        "use super::super::Solver;\n",
        "use self::inner::X;\n",
        "#[cfg(test)]\n",
        "fn cover() -> Vec<Block> { Vec::new() }\n",
        "use super::{words::{sentence, units}, Engine as E, *};\n",
        "fn f(b: board::Board) {}\n", // `board` is not a child of counting
        "#[cfg(test)]\n",
        "mod tests {\n",
        "    use super::super::hint;\n",
        "}\n",
    );
    assert_eq!(
        references(counting, "solve::logic::counting", &modules),
        vec![
            "solve::logic::board::Board",
            "solve::logic::board::Unit",
            "solve::Solver",
            "solve::logic::counting::inner::X",
            "solve::logic::words::sentence",
            "solve::logic::words::units",
            "solve::logic::Engine",
            "solve::logic",
        ]
    );
    // A mod.rs: solve/logic/mod.rs, whose children are board, counting and words.
    let logic = concat!(
        "mod board;\n",
        "pub mod counting;\n",
        "pub use board::Board;\n",
        "use super::Solver;\n",
        "fn g() -> usize { counting::cases(1, words::n()) + x.counting::<u8>() + std::board::x() }\n",
        "fn h() { my_board::x(); board_x::y(); }\n",
        "fn k() { for _ in 0..words::MAX {} }\n",
    );
    assert_eq!(
        references(logic, "solve::logic", &modules),
        vec![
            "solve::logic::board::Board",
            "solve::Solver",
            "solve::logic::counting::cases",
            "solve::logic::words::n",
            "solve::logic::words::MAX",
        ]
    );
    // `super` past the root names nothing; a visibility names no import.
    let src = "use super::super::x;\nuse super::y;\npub(in crate::solve) fn f() { for a in crate::z() {} }\n";
    assert_eq!(references(src, "solve", &modules), vec!["y", "z"]);
}
