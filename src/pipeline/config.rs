//! The settings of a run and the stage times of one input: what every stage of
//! the pipeline is given and what it reports back.

use crate::puzzle::deadline::Deadline;
use crate::puzzle::partition::Pieces;
use crate::solve::stars::Stars;
use crate::solve::SolveOptions;
use crate::vision::screenshot;

/// Settings shared by every input of a run (validated; never clap types).
#[derive(Debug, Clone)]
pub struct Config {
    /// Solver settings (time limit; `solve.stars` is set per puzzle from `stars`).
    pub solve: SolveOptions,
    /// How K is chosen: auto (the default), or fixed by the user. A puzz.link URL's
    /// own K is used under auto.
    pub stars: Stars,
    /// Whether split regions are accepted.
    pub pieces: Pieces,
    /// Largest image side accepted, in pixels (bigger images are refused before decoding).
    pub max_side: u32,
    /// Explain solved puzzles step by step (their difficulty comes from that path).
    pub explain: bool,
    /// The work the explained path may spend on case splits and what-ifs: the
    /// grading budget, or more when the path itself is the answer (`explain`).
    pub explain_budget: crate::solve::logic::Spend,
    /// Explain from the player's marks when the input has some (`queens explain`
    /// without `--from-empty`): mistakes fixed first, then the Walk through's steps.
    pub explain_from_marks: bool,
    /// Largest image area accepted, in pixels (refused from the header, before decoding).
    pub max_pixels: u64,
    /// Name regions by colour and letter ("the purple region (C)"), for pictures
    /// that show each region's letter (`--letters`).
    pub letters: bool,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            solve: SolveOptions::default(),
            stars: Stars::Auto,
            pieces: Pieces::Connected,
            max_side: 16_384,
            max_pixels: screenshot::DEFAULT_MAX_PIXELS,
            explain: false,
            explain_budget: crate::solve::logic::GRADE_BUDGET,
            explain_from_marks: false,
            letters: false,
        }
    }
}

impl Config {
    /// This config with the clock of one puzzle started: its solve (presolve, every
    /// K, proof) and its explanation all stop at one deadline, `time_limit` from
    /// now (or the deadline already set, when that is earlier).
    pub(crate) fn for_one_puzzle(&self) -> Config {
        let mut config = self.clone();
        config.solve.deadline = self.solve.deadline.earliest(Deadline::after(self.solve.time_limit));
        config
    }
}

/// Milliseconds spent in each stage; a stage that did not run is `None`.
#[derive(Debug, Clone, Default, serde::Serialize)]
pub struct Timings {
    /// Parsing a text puzzle.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub parse: Option<f64>,
    /// Decoding an image.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub decode: Option<f64>,
    /// Finding the grid.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub grid: Option<f64>,
    /// Sampling cell colors.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cells: Option<f64>,
    /// Reading the player's marks (crowns, X marks, dots).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub marks: Option<f64>,
    /// Clustering colors into regions (and the border cross-check).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cluster: Option<f64>,
    /// Exact solve and uniqueness proof (the engine's presolve, then HiGHS or SAT).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub solve: Option<f64>,
    /// The explained solve path.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub explain: Option<f64>,
    /// The whole input, reading included.
    pub total: f64,
}
