//! Links and text: puzz.link and penpa-edit against the corpus, the share text, and the link fuzz targets' seeds and saved finds without libFuzzer.
//!
//! One test crate by concern (see ARCHITECTURE.md, "Tests"): each file below is a
//! module of it, sharing `tests/common/`.

#[path = "../common/mod.rs"]
mod common;

mod fuzz_penpa;
mod fuzz_puzzlink;
mod fuzz_regressions;
mod penpa;
mod puzzlink;
mod share;
