//! The generate stage: new puzzles with exactly one solution, at the difficulty
//! asked for (`queens generate`).
//!
//! How one puzzle is made, from one seed ([`one`]):
//! 1. a random placement of K stars per row and column, none touching
//!    ([`layout::place`]): it will be the solution;
//! 2. regions grown around it, K stars each, toward region sizes drawn from the
//!    game's own spread of sizes ([`layout::grow`]);
//! 3. repair toward uniqueness: while a small search ([`count`]) lists other
//!    solutions, the cell holding a star in most of them (and none of ours)
//!    moves to a neighbouring region, which breaks them and keeps ours; regions
//!    down to a cell or two rarely give one up (`repair::may_shrink`), as in the game;
//! 4. grading by the deduction engine's cheap techniques (`grading`); while the
//!    grade is not the one asked for, a cell moves (ours stays a solution; toward
//!    a harder grade, half the moves grow a region the easy path starts from),
//!    uniqueness is repaired again, and the change is kept when the hardest step
//!    came no further from the target. Toward a what-if grade, the size of the
//!    repair's last proof steers instead, and only boards that take many nodes
//!    are graded: most boards are far too easy, and grading costs far more.
//!
//! What it promises, checked on every puzzle before it is returned: the partition
//! check passes, the exact solver proves the solution unique, and the engine's
//! full path solves it with the grade (or hardest technique) asked for. A batch
//! ([`run`]) adds that no two puzzles share a layout up to the 8 symmetries and
//! relabelling ([`canon`]), nor any layout given to avoid.
//!
//! Every choice comes from a fixed-algorithm generator ([`rng`]) and every search
//! is bounded by counted work, so a seed gives the same puzzles on every machine,
//! whatever the number of threads. The time limit is a safety net only: reaching
//! it is an error, never a different puzzle.
//!
//! This stage sits beside the pipeline (it uses the puzzle and solve layers, never
//! pictures, JSON, terminals or files); the output layer formats its puzzles and
//! the app layer writes them.
//!
//! The files follow that flow: `spec` is what is asked for and what comes out,
//! [`layout`] places the stars and grows the regions, `repair` makes the planted
//! solution the only one, `grading` grades a layout to steer by, `make` puts one
//! puzzle together and verifies it, and `batch` makes many from one seed; the
//! search ([`count`]), the symmetries ([`canon`]) and the generator ([`rng`]) serve
//! them. This file only names them and re-exports the stage's face.

mod batch;
pub mod canon;
pub mod count;
mod grading;
pub mod layout;
mod make;
mod repair;
pub mod rng;
mod spec;
pub mod stats;

pub use batch::{puzzle_seed, run, MAX_SEED};
pub use make::{one, unique};
pub use spec::{Puzzle, Spec, Target, SIZES};
