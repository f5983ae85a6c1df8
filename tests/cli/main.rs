//! The real binary: exit codes, JSON, human output, links as arguments, file names, and every bound on time and memory.
//!
//! One test crate by concern (see ARCHITECTURE.md, "Tests"): each file below is a
//! module of it, sharing `tests/common/`.

#[path = "../common/mod.rs"]
mod common;

mod bounds;
mod bounds2;
mod bounds3;
mod cli;
mod cli_pictures;
mod cli_puzzlink;
mod names;
