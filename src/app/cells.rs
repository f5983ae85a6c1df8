//! Cells named for people, in error lines: "row 2, column 3; row 4, column 1".
//!
//! A file of its own, below the commands and the batch that both print such lines,
//! so neither reaches up into `app/mod.rs` for it.

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
