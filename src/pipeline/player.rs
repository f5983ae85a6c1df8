//! The player's questions about their board: a hint (mistakes first, then the
//! next step) and "why?" about one cell, each refusing first what cannot be
//! answered honestly, so every front end (the terminal, the batch, the web page)
//! gives one picture the same answer.

use crate::error::Error;
use crate::puzzle::marks::Marks;
use crate::puzzle::{Cell, Placement, Regions};
use crate::solve::logic::{self, Engine, Names};

use super::config::Config;
use super::outcome::Outcome;

/// Most cells an error line names one by one; past that it says how many more.
const CELLS_NAMED: usize = 6;

/// Cells for an error line people read: "row 2, column 3; row 4, column 1". Past
/// [`CELLS_NAMED`] it leads with the count and names the first few ("178 cells:
/// row 1, column 1; …; row 1, column 6 and 172 more"), so a picture the reader
/// could not make out still gets one line that can be read.
pub fn cells_for_people(cells: &[Cell]) -> String {
    let named: Vec<String> = cells.iter().take(CELLS_NAMED).map(|c| c.name()).collect();
    match cells.len() {
        n if n <= CELLS_NAMED => named.join("; "),
        n => format!("{n} cells: {} and {} more", named.join("; "), n - CELLS_NAMED),
    }
}

/// Refuses an answer from the player's board when the reader was unsure of some
/// of its marks: one unread crown could make the answer wrong.
fn refuse_unsure_marks(outcome: &mut Outcome) {
    if !outcome.unsure.is_empty() && outcome.result.is_ok() {
        outcome.result = Err(Error::UnsureMarks { cells: cells_for_people(&outcome.unsure) });
    }
}

/// Refuses "why?" about a cell that is not on the solved board.
fn refuse_cell_off_board(outcome: &mut Outcome, cell: Cell) {
    if let (Some(regions), Ok(_)) = (&outcome.regions, &outcome.result) {
        let n = regions.n();
        if cell.row >= n || cell.col >= n {
            let asked = format!("r{}c{}", cell.row + 1, cell.col + 1);
            outcome.result = Err(Error::NoSuchCell { cell: asked, n });
        }
    }
}

/// The hint for an outcome's board (its marks, or an empty board): mistakes first,
/// then the next step, regions named by colour and letter with `letters`. `None`
/// unless the puzzle has a unique, checked solution and every mark was read for
/// sure (else the outcome's result says why: [`Error::UnsureMarks`]).
pub fn hint(outcome: &mut Outcome, config: &Config) -> Option<logic::hint::Hint> {
    hint_after(outcome, config, 0)
}

/// [`hint`] after taking `steps` steps from the player's board first (the web page's
/// Hint button, pressed again): the steps taken are in the hint's `earlier`.
pub fn hint_after(outcome: &mut Outcome, config: &Config, steps: usize) -> Option<logic::hint::Hint> {
    refuse_unsure_marks(outcome);
    let (engine, regions, solution, marks) = players_board(outcome, config)?;
    Some(logic::hint::hint_after(&engine, regions, solution, &marks, steps))
}

/// "Why?" about `cell` of the player's board (its marks), for a solved outcome.
/// `None`, with the outcome's result saying why, when a mark was not read for sure
/// or the cell is not on the board.
pub fn why(outcome: &mut Outcome, config: &Config, cell: Cell) -> Option<logic::why::Why> {
    refuse_unsure_marks(outcome);
    refuse_cell_off_board(outcome, cell);
    let (engine, regions, solution, marks) = players_board(outcome, config)?;
    Some(logic::why::why(&engine, regions, solution, &marks, cell))
}

/// The deduction engine for a puzzle, naming regions by colour when the picture gave
/// colours (and by letter too with `letters`).
pub fn engine(regions: &Regions, colors: Option<&[[u8; 3]]>, stars: usize, letters: bool) -> Engine {
    let names = match colors {
        Some(c) if c.len() == regions.region_count() => {
            let colours: Vec<&str> = c.iter().map(|&rgb| crate::vision::color::color_name(rgb)).collect();
            if letters {
                Names::colours_and_letters(&colours)
            } else {
                Names::colours(&colours)
            }
        }
        _ => Names::letters(regions.region_count()),
    };
    Engine::new(regions, stars, names)
}

/// What a question about the player's board needs, for a solved outcome: the
/// engine, the regions, the solution and the player's marks (none: a blank board).
pub(super) fn players_board<'a>(
    outcome: &'a Outcome,
    config: &Config,
) -> Option<(Engine, &'a Regions, &'a Placement, Marks)> {
    let (Some(regions), Ok(solution)) = (&outcome.regions, &outcome.result) else { return None };
    // The answer's steps stop at the puzzle's deadline (its time limit from now, or
    // the one already running), like the solve and the explanation.
    let deadline = config.for_one_puzzle().solve.deadline;
    let engine = engine(regions, outcome.naming_colors(), outcome.k, config.letters).with_deadline(deadline);
    let marks = outcome.marks.clone().unwrap_or_else(|| Marks::new(regions.n()));
    Some((engine, regions, solution, marks))
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
