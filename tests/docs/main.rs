//! The map, the layers and the manual stay true: ARCHITECTURE.md against the folders, the import rules, every example of README.md and docs/, `--help` against the manual, the shell niceties.
//!
//! One test crate by concern (see ARCHITECTURE.md, "Tests"): each file below is a
//! module of it, sharing `tests/common/`.

#[path = "../common/mod.rs"]
mod common;

mod architecture;
mod layers;
mod layers_planted;
mod readme;
mod readme_links;
mod readme_options;
mod shell;
