//! Shared by the benches: the tests' corpus helpers (one corpus finder for both),
//! and the levels of some corpus files as region maps.
#![allow(dead_code)]

#[path = "../../tests/common/mod.rs"]
mod tests_common;

use queens::Regions;

// Not every bench looks into the corpus by itself.
#[allow(unused_imports)]
pub use tests_common::corpus;
// The Star Battle corpus and the generated boards' manifest (benches/starbattle.rs).
#[allow(unused_imports)]
pub use tests_common::{manifest, starbattle};

/// The levels of some corpus files (`unique_only`: only those with one solution);
/// empty when the corpus is missing.
pub fn levels(files: &[&str], unique_only: bool) -> Vec<Regions> {
    files
        .iter()
        .filter_map(|f| tests_common::levels(f))
        .flatten()
        .filter(|l| !unique_only || l.solutions_found == 1)
        .map(|l| l.board())
        .collect()
}
