//! `queens`: solve LinkedIn Queens and Star Battle puzzles from screenshots or text.
//!
//! The pipeline, one module per stage, each a typed function of the previous
//! stage's output:
//!
//! ```text
//! text ─────────────── text::parse ───────────────┐
//! screenshot → grid → cells → regions (k-means) ──┴→ Regions → partition::check
//!   → model::build → solve::solve (+ uniqueness proof) → check::check → report
//! ```
#![warn(missing_docs)]

pub mod batch;
pub mod cells;
pub mod check;
pub mod chess;
pub mod color;
pub mod debug;
pub mod error;
#[doc(hidden)]
pub mod fuzzing;
pub mod grid;
pub mod model;
pub mod overlay;
pub mod partition;
pub mod pipeline;
pub mod puzzle;
pub mod regions;
pub mod render;
pub mod report;
pub mod screenshot;
pub mod serve;
pub mod solve;
pub mod text;

pub use error::{Error, Result};
pub use puzzle::{Cell, Placement, Regions};
