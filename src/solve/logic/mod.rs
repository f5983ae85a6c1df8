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
//! Each technique is a file of `techniques/` (1–9, reading the board as it
//! stands) or `trials/` (10–13, trying something within a work budget) and one
//! entry in the ordered list of `families.rs`, which the engine, the sweeps, the
//! words and the grade all go through. ARCHITECTURE.md's engine table names every
//! file here, lowest first, with what it owns.

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
