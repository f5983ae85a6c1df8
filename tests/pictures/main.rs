//! Reading screenshots: the corpus, pages with moving backgrounds, bordered Star Battle grids, rendered round trips, phone orientations, colour names and the player's marks.
//!
//! One test crate by concern (see ARCHITECTURE.md, "Tests"): each file below is a
//! module of it, sharing `tests/common/`.

#[path = "../common/mod.rs"]
mod common;

mod backgrounds;
mod bordered;
mod colour_names;
mod corpus;
mod marks;
mod marks_roundtrip;
mod orientation;
mod roundtrip;
mod starbattle;
mod starbattle_marks;
mod starbattle_rendered;
