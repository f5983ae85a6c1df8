//! The application layer: the command line, batches of files, and the web server.
//!
//! This is the only layer that does I/O on the user's behalf (reading inputs,
//! writing overlays, serving HTTP) and runs things in parallel (rayon across files,
//! tokio for the server). It turns clap types into library settings and calls the
//! pipeline; nothing below it knows it exists.

pub mod batch;
pub mod cli;
mod commands;
mod generate;
pub mod serve;
pub mod shell;

pub use commands::run;

use crate::puzzle::Cell;

/// Ends the process with `code` once the run is over: what it printed is flushed,
/// and nothing else runs. Returning from `main` would run the C++ runtime's exit
/// handlers first: HiGHS defines its string constants in headers, so every one of
/// its source files has copies, and they are destroyed one by one (over 8,000
/// destructors, a few percent of a whole 17×17 Star Battle solve). The operating
/// system takes the memory back at once either way.
pub fn exit(code: u8) -> ! {
    use std::io::Write;
    // Nothing is left to say if the standard streams are gone.
    let _ = std::io::stdout().flush();
    let _ = std::io::stderr().flush();
    #[cfg(unix)]
    // SAFETY: `_exit` ends the process; the streams above are flushed and every
    // file the run wrote was closed before `run` returned.
    unsafe {
        libc::_exit(i32::from(code))
    }
    #[cfg(not(unix))]
    std::process::exit(i32::from(code))
}

/// Most cells an error line names one by one; past that it says how many more.
const CELLS_NAMED: usize = 6;

/// Cells for an error line people read: "row 2, column 3; row 4, column 1". Past
/// [`CELLS_NAMED`] it leads with the count and names the first few ("178 cells:
/// row 1, column 1; …; row 1, column 6 and 172 more"), so a picture the reader
/// could not make out still gets one line that can be read.
fn cells_for_people(cells: &[Cell]) -> String {
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
