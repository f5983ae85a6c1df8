//! Cells named for people, in error lines: "row 2, column 3; row 4, column 1";
//! cells as people write them (`r3c5`); and the refusals about cells that the
//! terminal and the web page share, so one picture gets one answer on both.
//!
//! A file of its own, below the commands, the batch and the server that all use
//! it, so none reaches up into `app/mod.rs` for it.

use crate::error::Error;
use crate::pipeline::Outcome;
use crate::puzzle::Cell;

/// Most cells an error line names one by one; past that it says how many more.
const CELLS_NAMED: usize = 6;

/// Cells for an error line people read: "row 2, column 3; row 4, column 1". Past
/// [`CELLS_NAMED`] it leads with the count and names the first few ("178 cells:
/// row 1, column 1; …; row 1, column 6 and 172 more"), so a picture the reader
/// could not make out still gets one line that can be read.
pub(crate) fn cells_for_people(cells: &[Cell]) -> String {
    let named: Vec<String> = cells.iter().take(CELLS_NAMED).map(|c| c.name()).collect();
    match cells.len() {
        n if n <= CELLS_NAMED => named.join("; "),
        n => format!("{n} cells: {} and {} more", named.join("; "), n - CELLS_NAMED),
    }
}

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

/// Refuses an answer from the player's board (a hint, a why) when the reader was
/// unsure of some of its marks: one unread crown could make the answer wrong.
pub(crate) fn refuse_unsure_marks(outcome: &mut Outcome) {
    if !outcome.unsure.is_empty() && outcome.result.is_ok() {
        outcome.result = Err(Error::UnsureMarks { cells: cells_for_people(&outcome.unsure) });
    }
}

/// Refuses "why?" about a cell that is not on the solved board.
pub(crate) fn refuse_cell_off_board(outcome: &mut Outcome, cell: Cell) {
    if let (Some(regions), Ok(_)) = (&outcome.regions, &outcome.result) {
        let n = regions.n();
        if cell.row >= n || cell.col >= n {
            let asked = format!("r{}c{}", cell.row + 1, cell.col + 1);
            outcome.result = Err(Error::NoSuchCell { cell: asked, n });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_long_list_of_cells_is_cut_to_a_count_and_the_first_few() {
        let cells = |n: usize| (0..n).map(|i| Cell::new(i / 17, i % 17)).collect::<Vec<_>>();
        assert_eq!(cells_for_people(&cells(1)), "row 1, column 1");
        assert_eq!(
            cells_for_people(&cells(6)),
            "row 1, column 1; row 1, column 2; row 1, column 3; row 1, column 4; row 1, column 5; row 1, column 6"
        );
        assert_eq!(
            cells_for_people(&cells(178)),
            "178 cells: row 1, column 1; row 1, column 2; row 1, column 3; row 1, column 4; row 1, column 5; \
             row 1, column 6 and 172 more"
        );
    }
}
