//! Fuzz regressions: every file saved under `fuzz/regressions/<target>/` (crash
//! inputs found by `cargo fuzz`, plus a few hand-made seeds) goes through both
//! public entry points the fuzz targets exercise, and must come back as `Ok` or
//! `Err`, never as a panic. A few seeds also have a known, sensible result.
//!
//! See `fuzz/README.md` for how the targets are run.

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::{Path, PathBuf};

use queens::pipeline::{self, Config};
use queens::puzzle::partition::{self, Pieces};
use queens::solve;

fn fuzz_config() -> Config {
    queens::fuzzing::config()
}

/// Settings for the checks with an expected answer: a generous time limit, so a
/// loaded machine cannot turn an answer into a solver time-out.
fn patient_config() -> Config {
    Config { max_side: 2048, ..Default::default() }
}

fn regressions_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("fuzz/regressions")
}

/// Every regular file in `fuzz/regressions/*/`, sorted.
fn saved_inputs() -> Vec<PathBuf> {
    let mut files = Vec::new();
    for target in std::fs::read_dir(regressions_dir()).expect("fuzz/regressions exists") {
        let target = target.unwrap().path();
        if !target.is_dir() {
            continue;
        }
        for entry in std::fs::read_dir(&target).unwrap() {
            let path = entry.unwrap().path();
            if path.is_file() {
                files.push(path);
            }
        }
    }
    files.sort();
    files
}

fn saved(target: &str, name: &str) -> Vec<u8> {
    let path = regressions_dir().join(target).join(name);
    std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// Exactly what the fuzz targets do with one input.
use queens::fuzzing::{
    image_path as image_target, penpa as penpa_target, puzzlink as puzzlink_target, text_parser as text_target,
};

fn panic_message(payload: &(dyn std::any::Any + Send)) -> String {
    if let Some(s) = payload.downcast_ref::<&str>() {
        (*s).to_string()
    } else if let Some(s) = payload.downcast_ref::<String>() {
        s.clone()
    } else {
        "(non-string panic payload)".to_string()
    }
}

fn short_name(path: &Path) -> String {
    path.strip_prefix(regressions_dir()).unwrap_or(path).display().to_string()
}

#[test]
fn every_saved_input_returns_without_panicking() {
    let files = saved_inputs();
    assert!(!files.is_empty(), "fuzz/regressions holds no inputs");
    let mut panics = Vec::new();
    for path in &files {
        let data = std::fs::read(path).unwrap();
        let name = short_name(path);
        if let Err(p) = catch_unwind(AssertUnwindSafe(|| text_target(&data))) {
            panics.push(format!("{name} [text_parser]: {}", panic_message(&*p)));
        }
        if let Err(p) = catch_unwind(AssertUnwindSafe(|| puzzlink_target(&data))) {
            panics.push(format!("{name} [puzzlink]: {}", panic_message(&*p)));
        }
        if let Err(p) = catch_unwind(AssertUnwindSafe(|| penpa_target(&data))) {
            panics.push(format!("{name} [penpa]: {}", panic_message(&*p)));
        }
        match catch_unwind(AssertUnwindSafe(|| image_target(&data))) {
            Err(p) => panics.push(format!("{name} [image_path]: {}", panic_message(&*p))),
            Ok(result) => {
                // Bytes that are not an image never get through the image path.
                if !queens::vision::screenshot::looks_like_image(&data) {
                    assert!(result.is_err(), "{name}: non-image bytes solved on the image path: {result:?}");
                }
            }
        }
        // The auto-detecting path (as for a file not named like an image) must not panic either.
        if let Err(p) = catch_unwind(AssertUnwindSafe(|| pipeline::solve_bytes(&data, false, &fuzz_config()))) {
            panics.push(format!("{name} [solve_bytes text]: {}", panic_message(&*p)));
        }
    }
    assert!(panics.is_empty(), "{} saved fuzz input(s) panic:\n{}", panics.len(), panics.join("\n"));
}

#[test]
fn no_solution_text_puzzle_is_reported_as_such() {
    let bytes = saved("text_parser", "no-solution-3x3.txt");
    assert_eq!(bytes, b"AAB\nACB\nCCB\n");
    let regions = queens::puzzle::text::parse(std::str::from_utf8(&bytes).unwrap()).expect("parses");
    assert_eq!(regions.n(), 3);
    partition::check(&regions, Pieces::Connected).expect("a valid partition");
    let err = solve::solve(&regions, &patient_config().solve).expect_err("3x3 Queens has no solution");
    assert_eq!(err.kind(), "no-solution");
    // Through the byte entry point, as text.
    let err = pipeline::solve_bytes(&bytes, false, &patient_config()).0.result.expect_err("no solution");
    assert_eq!(err.kind(), "no-solution");
    // Named as an image, text is a decode error.
    let err = pipeline::solve_bytes(&bytes, true, &patient_config()).0.result.expect_err("text is not an image");
    assert_eq!(err.kind(), "decode");
}

#[test]
fn issue_puzzle_solves_as_text_and_as_a_small_picture() {
    let text = saved("text_parser", "issue-9x9.txt");
    let placement = pipeline::solve_bytes(&text, false, &patient_config()).0.result.expect("the issue puzzle solves");
    assert_eq!(placement.cells().len(), 9);
    let png = saved("image_path", "issue-9x9-cell12.png");
    let (outcome, picture) = pipeline::solve_bytes(&png, true, &patient_config());
    assert!(picture.is_some(), "a decodable picture comes back");
    assert_eq!(outcome.result.expect("the 12 px render reads and solves"), placement);
    // The PNG bytes are not a text puzzle.
    assert_eq!(
        queens::puzzle::text::parse(&String::from_utf8_lossy(&png)).expect_err("png is not text").kind(),
        "parse"
    );
}

#[test]
fn unusable_images_and_non_images_are_errors() {
    let cases = [
        ("image_path", "not-an-image.txt", "decode"),
        ("image_path", "tiny-8x8.png", "no-grid"),
        ("image_path", "blank-64x64.png", "no-grid"),
    ];
    for (target, name, kind) in cases {
        let bytes = saved(target, name);
        let err = pipeline::solve_bytes(&bytes, true, &patient_config()).0.result.expect_err(name);
        assert_eq!(err.kind(), kind, "{name}: {err}");
    }
    let err = pipeline::solve_bytes(b"", true, &patient_config()).0.result.expect_err("empty input");
    assert_eq!(err.kind(), "decode");
    let ragged = saved("text_parser", "ragged.txt");
    assert_eq!(queens::puzzle::text::parse(std::str::from_utf8(&ragged).unwrap()).expect_err("ragged").kind(), "parse");
}
