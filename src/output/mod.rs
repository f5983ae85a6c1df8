//! The output layer: results turned into what people see.
//!
//! Overlays drawn on screenshots, game-like renders of text puzzles, the terminal
//! board, JSON Lines records, the emoji share text and debug pictures. It reads the
//! pipeline's plain result types and converts them; it never solves or reads
//! pictures itself, and it knows nothing of the command line or HTTP.

pub mod background;
pub mod banner;
pub mod chess;
pub mod debug;
pub mod explain;
pub mod files;
pub mod generated;
pub mod hint;
pub mod letters;
pub mod names;
pub mod overlay;
pub mod palette;
pub mod render;
pub mod report;
pub mod share;
pub mod why;
pub(crate) mod wrap;
