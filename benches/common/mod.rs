//! Shared by the benches: where the corpus is, and its levels as region maps.
#![allow(dead_code)]

use std::path::PathBuf;

use queens::Regions;

/// `../shared/corpus` beside the project root, or `None` (saying so) when it is missing.
pub fn corpus() -> Option<PathBuf> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus");
    if dir.is_dir() {
        Some(dir)
    } else {
        eprintln!("SKIPPED: ../shared/corpus is missing");
        None
    }
}

/// The levels of some corpus files (`unique_only`: only those with one solution);
/// empty when the corpus is missing.
pub fn levels(files: &[&str], unique_only: bool) -> Vec<Regions> {
    let Some(dir) = corpus() else { return Vec::new() };
    let mut out = Vec::new();
    for f in files {
        let text = std::fs::read_to_string(dir.join(f)).expect("levels");
        let levels: Vec<serde_json::Value> = serde_json::from_str(&text).expect("json");
        for l in levels {
            if unique_only && l["solutions_found"].as_u64() != Some(1) {
                continue;
            }
            let rows: Vec<String> =
                l["regions"].as_array().unwrap().iter().map(|r| r.as_str().unwrap().to_string()).collect();
            out.push(Regions::from_rows(&rows).unwrap());
        }
    }
    out
}
