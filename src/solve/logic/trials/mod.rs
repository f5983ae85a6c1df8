//! Techniques 10–13, the ones that try something and follow it through: a case
//! split on one unit's ways (10, and 12 with what-ifs inside), and a what-if on
//! one cell (11, and 13 nested), within a work budget.
//!
//! | file | what |
//! |---|---|
//! | `budget.rs` | the work budget, in propagation rounds |
//! | `memo.rs` | what the case splits of one path remember, and the what-ifs of one case |
//! | `propagate.rs` | following a board through techniques 1–9, and probing every cell |
//! | `ways.rs` | how many ways a unit's stars can go |
//! | `split.rs` | one unit's case split: its ways followed, the memo used, what they agree on |
//! | `cases.rs` | 10 case split, 12 case split with what-ifs: which units, in what order, and the words |
//! | `what_if.rs` | 11 what-if, 13 deeper what-if |

pub(crate) mod budget;
pub(crate) mod cases;
pub(crate) mod memo;
pub(crate) mod propagate;
pub(crate) mod split;
pub(crate) mod ways;
pub(crate) mod what_if;

use super::family::Family;

/// Techniques 10–13, in the order of their levels: the second part of the one
/// list of techniques (`families.rs`). A new trial is a file here and one line in
/// this list.
pub(crate) const TRIALS: [&dyn Family; 4] =
    [&cases::LineCases, &what_if::WhatIf, &cases::DeepCases, &what_if::DeepWhatIf];
