//! The vision layer: a screenshot becomes a region map.
//!
//! `screenshot` decodes bytes, `grid` finds the board's lattice, `cells` samples each
//! cell's colour and the lines between cells, `regions` groups the cells into N
//! regions; `color` holds the colour arithmetic they share; `read` runs them in
//! order, with the policy between them (the frame fallback, the covered check). It produces plain
//! [`crate::puzzle`] types and knows nothing of solving, JSON, terminals, files or HTTP.

pub mod borders;
pub mod cells;
pub mod color;
pub mod grid;
pub mod marks;
pub mod read;
pub mod regions;
pub mod screenshot;
pub mod stars;
