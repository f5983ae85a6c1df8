//! `queens serve`: the page, the API, its bounds, LAN mode, origins and the answers about the player's board.
//!
//! One test crate by concern (see ARCHITECTURE.md, "Tests"): each file below is a
//! module of it, sharing `tests/common/`.

#[path = "../common/mod.rs"]
mod common;

mod serve;
mod serve_bounds;
mod serve_lan;
mod serve_load;
mod serve_origin;
mod serve_player;
