//! `queens`: solve LinkedIn Queens and Star Battle puzzles from screenshots, text,
//! puzz.link or penpa-edit links, and explain them one step at a time.
//!
//! The map of the code (the layers, what each folder owns and must not know, the
//! entry points, the cross-cutting concerns, where to add things) is
//! `ARCHITECTURE.md` at the crate root; `tests/docs/architecture.rs` and
//! `tests/docs/layers.rs` keep it true.
#![warn(missing_docs)]
// The doc comments are written for the people who work on this code and link
// the private items that do the work; `cargo doc --document-private-items`
// renders them (ARCHITECTURE.md), where plain `cargo doc` would warn at each.
#![allow(rustdoc::private_intra_doc_links)]
// Items reached only from `app` (the command line's and the server's answers, of
// `pipeline` and `output`) are crate-private, so without the `cli` feature nothing
// calls them; the build with it, which clippy checks, still finds dead code.
#![cfg_attr(not(feature = "cli"), allow(dead_code))]

#[cfg(feature = "cli")]
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
