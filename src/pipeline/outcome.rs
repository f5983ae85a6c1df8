//! What the pipeline learned about one input: the outcome every front end reports
//! from, kept even when a stage failed (the region map, the grid) so reports can
//! show it, and the explanation of a solved puzzle.

use crate::error::{Error, Result};
use crate::puzzle::marks::Marks;
use crate::puzzle::{Placement, Regions};
use crate::solve::logic::{self, Difficulty, Step};
use crate::solve::{self, LpBounds};
use crate::vision::grid::BoardArea;

use super::config::Timings;

/// Everything learned about one input.
#[derive(Debug)]
pub struct Outcome {
    /// The region map, when one was read (even if it was then refused).
    pub regions: Option<Regions>,
    /// The checked unique solution, or why there is none.
    pub result: Result<Placement>,
    /// The star count K the result is about, resolved once for every front end:
    /// `--stars K`, else the K the input states (a link's, a `# stars:` line),
    /// else the one `--stars auto` found. When none was found (auto found no K,
    /// or more than one) it is the run's default K, which reports show.
    pub k: usize,
    /// Where the board is in the picture, for image inputs.
    pub grid: Option<BoardArea>,
    /// Display color of each region (sRGB), for image inputs.
    pub colors: Option<Vec<[u8; 3]>>,
    /// LP relaxation report, when asked for.
    pub lp: Option<LpBounds>,
    /// The player's marks, when the input carried them.
    pub marks: Option<Marks>,
    /// The explained solve path, when asked for and the puzzle was solved.
    pub explained: Option<Explanation>,
    /// Cells whose mark the screenshot reader was not sure of (left blank in `marks`).
    pub unsure: Vec<crate::Cell>,
    /// True when the regions were read from borders alone (a grid without region colors).
    pub from_borders: bool,
    /// The exact engine that answered, when one ran.
    pub engine: Option<solve::Exact>,
    /// Stage times.
    pub ms: Timings,
}

/// [`Outcome::naming_colors`] for a map's `colors` before its outcome exists.
pub(super) fn naming_colors(colors: Option<&[[u8; 3]]>, from_borders: bool) -> Option<&[[u8; 3]]> {
    colors.filter(|_| !from_borders)
}

impl Outcome {
    /// The region colours to name regions by in sentences: none for a board read
    /// from borders alone, whose cells are all the page's one colour (the "white
    /// region" would name them all), so its regions go by letter.
    pub(crate) fn naming_colors(&self) -> Option<&[[u8; 3]]> {
        naming_colors(self.colors.as_deref(), self.from_borders)
    }

    /// True when sentences name regions by letter ("region C"): no colours to name
    /// them by (a text puzzle, a board read from its borders). Pictures of hints
    /// then draw the letters, so the words and the picture match.
    pub(crate) fn names_by_letter(&self) -> bool {
        self.naming_colors().is_none_or(|c| self.regions.as_ref().is_none_or(|r| c.len() != r.region_count()))
    }

    /// The player's own marks that contradict the solution ([`logic::hint::players_mistakes`]),
    /// row-major: what `solve` names, and rings on its picture.
    pub(crate) fn wrong_marks(&self) -> Vec<crate::Cell> {
        match (&self.regions, &self.marks, &self.result) {
            (Some(regions), Some(marks), Ok(solution)) => {
                logic::hint::players_mistakes(regions, self.k, marks, solution).into_iter().map(|m| m.cell).collect()
            }
            _ => Vec::new(),
        }
    }

    /// An outcome that failed before a region map was read, about `k` stars (the
    /// run's default K: nothing was read to say otherwise).
    pub fn failed(e: Error, k: usize) -> Self {
        Outcome {
            regions: None,
            result: Err(e),
            k,
            grid: None,
            colors: None,
            lp: None,
            marks: None,
            explained: None,
            unsure: Vec::new(),
            from_borders: false,
            engine: None,
            ms: Timings::default(),
        }
    }
}

/// A solved puzzle explained step by step, or why the explanation is unavailable.
#[derive(Debug, Clone)]
pub struct Explanation {
    /// The steps from the empty board, or from the player's (see `players`).
    pub steps: Vec<Step>,
    /// True when the steps alone reach the solution.
    pub solved_by_logic: bool,
    /// The difficulty, from the steps.
    pub difficulty: Difficulty,
    /// Set when the engine's board disagreed with the MILP's solution: the steps are
    /// then withheld (empty) and only the MILP's solution is shown.
    pub unavailable: Option<String>,
    /// Where the steps start from the player's marks: their mistakes' fixes and
    /// that board (`None`: from the empty board).
    pub players: Option<logic::hint::Start>,
}
