//! The player's side: hints, explanations, "why?", their pictures and their words, on the played corpus.
//!
//! One test crate by concern (see ARCHITECTURE.md, "Tests"): each file below is a
//! module of it, sharing `tests/common/`.

#[path = "../common/mod.rs"]
mod common;

mod answers;
mod hint_picture;
mod hints;
mod hints_corpus;
mod star_battle_look;
mod why;
