//! The deduction engine: solving the way a person does, one explained step at a time.
//!
//! It works on a [`Board`] (each cell unknown, queen or empty) and finds the
//! cheapest, most visible deduction first ([`Technique`], levels 1–13). Each step
//! says what it decides, what it used, and three reveals in plain words. Every
//! technique follows from the rules alone, so a step holds in every solution; the
//! tests check every step of every corpus level against the known solution.
//!
//! The engine is separate from the exact solver, which stays the solver of record:
//! its cheap deductions fix cells before the exact solve ([`Engine::deduce`]), and
//! explanations are shown only when the engine's final board equals the exact
//! solution. It knows the puzzle layer only: no pictures, JSON, terminals or files.
//!
//! The rooms, lowest first (a file imports only rooms above it in this list):
//! - `board`: the board and the puzzle's geometry; `hasher`: a fast hasher;
//! - `step`: the vocabulary every room speaks ([`Technique`], [`Detail`],
//!   [`Step`], [`Reveal`]); `words`: the words sentences are made of ([`Names`]);
//! - `techniques/`: techniques 1–9, one file per family, each with its words;
//! - `trials/`: techniques 10–13 (case splits, what-ifs) and their work budget;
//! - `sentences`: a step's three reveals, from its family's words;
//! - `engine`: the next step, a whole path, the presolve ([`Engine`]);
//! - `grade`: how hard a path is ([`Grade`]); `hint`: a hint for a player's board.

pub mod board;
pub mod chain;
mod engine;
mod families;
mod family;
mod grade;
mod hasher;
pub mod hint;
mod mistakes;
mod sentences;
mod step;
mod techniques;
#[cfg(test)]
pub(crate) mod testing;
mod trials;
pub mod why;
mod words;

pub use board::{Board, CellState, Geometry, Unit};
pub use engine::{Engine, Path, Spend, EXPLAIN_BUDGET, GRADE_BUDGET};
pub use grade::{difficulty, grade_of, Difficulty};
pub use step::{Block, Detail, Grade, Reveal, Reveals, Step, Technique, Uses};
pub use words::Names;
