//! What a run does with each input (solve, explain or hint) and the settings it
//! does it with: the validated form of the command line that every part of the
//! batch reads.

use std::path::PathBuf;

use crate::pipeline::Config;

/// What a run does with each input.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Mode {
    /// Solve and draw the solution (`queens solve`).
    #[default]
    Solve,
    /// Solve and explain every step (`queens explain`).
    Explain,
    /// The next step for the board as given (`queens hint`).
    Hint,
    /// Why a cell is what it is on the board as given (`queens why`).
    Why(crate::Cell),
}

impl Mode {
    /// True for the modes that answer about the player's board (`hint`, `why`).
    pub(crate) fn on_players_board(self) -> bool {
        matches!(self, Mode::Hint | Mode::Why(_))
    }
}

/// Settings of a `queens solve`, `explain` or `hint` run.
#[derive(Debug, Clone)]
pub struct BatchOptions {
    /// What to do with each input.
    pub mode: Mode,
    /// Files, folders, or `-` for standard input.
    pub inputs: Vec<PathBuf>,
    /// Per-puzzle settings.
    pub config: Config,
    /// JSON Lines instead of boards.
    pub json: bool,
    /// Where overlays go; `None` writes none.
    pub out_dir: Option<PathBuf>,
    /// Overlay only the board.
    pub crop: bool,
    /// Print emoji share text.
    pub share: bool,
    /// Add the LP relaxation report.
    pub bounds: bool,
    /// Worker threads (None: all cores).
    pub jobs: Option<usize>,
    /// Bytes of memory the files in flight may hold together, each charged its
    /// estimate from its header before it is read (its bytes, decoding and reading
    /// it, the pictures written of it); a file that does not fit waits for the
    /// files before it, and one larger than the whole budget runs alone.
    pub memory_budget: u64,
    /// No progress bar, no summary.
    pub quiet: bool,
    /// Color the boards.
    pub color: bool,
    /// Where to write debug pictures.
    pub debug_dir: Option<PathBuf>,
    /// `hint`, `why`: how much of the answer the terminal, the picture and the JSON show.
    pub reveal: crate::solve::logic::Reveal,
    /// `explain`: draw the board after each step.
    pub boards: bool,
    /// Write the solved picture of a screenshot (`solve`; `explain --solution`).
    pub solution: bool,
}
