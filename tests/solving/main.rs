//! Solving: every published level, the chess model, the deduction engine sound on the whole corpus, and the generator.
//!
//! One test crate by concern (see ARCHITECTURE.md, "Tests"): each file below is a
//! module of it, sharing `tests/common/`.

#[path = "../common/mod.rs"]
mod common;

mod chess;
mod generate;
mod levels;
mod logic;
