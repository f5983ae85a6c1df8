//! The puzzle layer, the lowest: what a puzzle is, independent of where it came from.
//!
//! `board` holds the model ([`Cell`], [`Regions`], [`Placement`]); `text` reads and
//! writes the text format; `partition` checks that labels form N connected regions;
//! `check` is the independent rule check every printed solution passes; `marks`
//! holds the player's crowns and X marks; `puzzlink` and `penpa` read and write
//! puzz.link and penpa-edit Star Battle links (`penpa_json` reads a penpa link's
//! JSON in one pass, keeping only what a board needs); `deadline` is the one clock of a
//! puzzle (`--time-limit`), which reading a picture and solving both check. This
//! layer imports nothing else of the crate except the error type: no pictures, no
//! solver, no JSON output, terminals, files or HTTP.

pub mod board;
pub mod check;
pub mod deadline;
pub mod marks;
pub mod partition;
pub mod penpa;
mod penpa_json;
pub mod puzzlink;
pub mod text;

pub use board::{region_letter, Cell, Placement, Regions};
