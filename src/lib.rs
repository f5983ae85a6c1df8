//! `queens`: solve LinkedIn Queens and Star Battle puzzles from screenshots or text.
//!
//! The folders are the layers, lowest first; a layer imports only the ones below it
//! (`scripts/check-layers.sh` enforces it):
//!
//! ```text
//! puzzle/   the board model, text format, partition check, rule check   (+ error.rs)
//! vision/   screenshot → grid → cell colours → regions                   (knows puzzle)
//! solve/    MILP model, HiGHS runner, uniqueness proof, chess            (knows puzzle)
//! pipeline  one input start to finish: the only place stages meet
//! generate  new puzzles with one solution (beside pipeline; knows puzzle, solve)
//! output/   overlay, render, report (terminal/JSON/share), debug pictures
//! app/      the command line, batches (rayon), the web server
//! ```
//!
//! The pipeline, each stage a typed function of the previous stage's output:
//!
//! ```text
//! text ─────────────── puzzle::text::parse ───────────────────┐
//! screenshot → vision::grid → vision::cells → vision::regions ─┴→ Regions
//!   → puzzle::partition::check → solve (MILP + uniqueness proof) → puzzle::check → output
//! ```
#![warn(missing_docs)]

pub mod app;
pub mod error;
#[doc(hidden)]
pub mod fuzzing;
pub mod generate;
pub mod output;
pub mod pipeline;
pub mod puzzle;
pub mod solve;
pub mod vision;

pub use error::{Error, Result};
pub use puzzle::{Cell, Placement, Regions};
