//! Cells as people write them on the command line and in the page's questions
//! (`r3c5`), and named for people in error lines (the pipeline's
//! [`cells_for_people`], which its refusals use too).
//!
//! A file of its own, below the commands, the batch and the server that all use
//! it, so none reaches up into `app/mod.rs` for it.

pub(crate) use crate::pipeline::cells_for_people;
use crate::puzzle::Cell;

/// A cell as people write it on the board: `r3c5` (row 3, column 5, from 1).
pub(crate) fn cell_arg(text: &str) -> Result<Cell, String> {
    let bad = || format!("{} is not a cell: write r3c5 for row 3, column 5", crate::error::quote(text));
    let lower = text.trim().to_ascii_lowercase();
    let rest = lower.strip_prefix('r').ok_or_else(bad)?;
    let (row, col) = rest.split_once('c').ok_or_else(bad)?;
    let (row, col): (usize, usize) = (row.parse().map_err(|_| bad())?, col.parse().map_err(|_| bad())?);
    if row == 0 || col == 0 {
        return Err(format!("{}: rows and columns count from 1", crate::error::quote(text)));
    }
    Ok(Cell::new(row - 1, col - 1))
}
