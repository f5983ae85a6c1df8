//! The flags of `queens generate`: the board asked for, its difficulty (a grade or
//! the hardest technique, by the engine's own ids), how many, the seed, and what
//! is written for each puzzle.

use std::path::PathBuf;
use std::time::Duration;

use clap::{Args, ValueEnum};

use super::render::{RenderStyle, Theme};
use super::values::{jobs, seconds, DAY};

/// `queens generate`.
#[derive(Debug, Args)]
pub struct Generate {
    /// Board side N, from 5 to 25.
    #[arg(long, default_value_t = 9, value_name = "N", value_parser = clap::value_parser!(u16).range(5..=25))]
    pub size: u16,
    /// Stars per row, column and region (1 = Queens); at most what the board can
    /// hold: 1 up to 6×6, 2 up to 10×10, 3 up to 14×14, 4 up to 18×18, …
    #[arg(long, default_value_t = 1, value_name = "K", value_parser = clap::value_parser!(u16).range(1..=10))]
    pub stars: u16,
    /// The difficulty, as `queens explain FILE` grades it.
    #[arg(long, value_enum, default_value_t = GradeArg::Hard, conflicts_with = "hardest")]
    pub grade: GradeArg,
    /// Instead of --grade: the hardest technique the solve needs, by its id
    /// (queen-reach, last-cell, one-line, lines-filled, blocked, what-if, deep-what-if).
    #[arg(long, value_name = "TECHNIQUE", value_parser = technique_arg)]
    pub hardest: Option<crate::solve::logic::Technique>,
    /// How many puzzles (no two alike, even turned, mirrored or with regions renamed).
    #[arg(long, default_value_t = 1, value_name = "M", value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
    pub count: u32,
    /// The same seed and options give the same puzzles on every machine (default: from the clock).
    #[arg(long, value_name = "S", value_parser = clap::value_parser!(u64).range(0..=crate::generate::MAX_SEED))]
    pub seed: Option<u64>,
    /// Folder for the files written (<stem>.txt, <stem>.png).
    #[arg(short = 'o', long = "out-dir", value_name = "DIR", default_value = "generated")]
    pub out_dir: PathBuf,
    /// What to make, any mix: text (<stem>.txt), png (<stem>.png), puzzlink (the
    /// link, printed), json (one JSON line per puzzle, printed instead of the summary).
    #[arg(long, value_enum, value_delimiter = ',', default_value = "text,png,puzzlink")]
    pub format: Vec<GenerateFormat>,
    /// Cell size of the pictures, in pixels.
    #[arg(long, default_value_t = 60, value_parser = clap::value_parser!(u32).range(8..=400))]
    pub cell: u32,
    /// Page theme of the pictures.
    #[arg(long, value_enum, default_value_t = Theme::Light)]
    pub theme: Theme,
    /// The look of the pictures: the game's colored regions, or a borders-only Star Battle grid.
    #[arg(long, value_enum, default_value_t = RenderStyle::Game)]
    pub style: RenderStyle,
    /// Also give the solution: a marks block in the text file, `solution` in JSON,
    /// and <stem>.solution.png with the png format.
    #[arg(long)]
    pub with_solution: bool,
    /// Level JSON files (a list of objects with "regions", like the corpus; - for
    /// standard input) whose layouts must not be made again, even turned or mirrored.
    #[arg(long, value_name = "FILE", num_args = 1..)]
    pub not_in: Vec<PathBuf>,
    /// Puzzles made at once (default: all cores); the puzzles do not depend on it.
    #[arg(short = 'j', long, value_name = "N", value_parser = jobs)]
    pub jobs: Option<u16>,
    /// Seconds per puzzle, a safety net: reaching it is an error for that puzzle, never a different puzzle.
    #[arg(long, default_value = "60", value_name = "SECS", value_parser = seconds::<DAY>)]
    pub time_limit: Duration,
    /// No progress bar and no summary lines (JSON lines and links are still printed).
    #[arg(short, long)]
    pub quiet: bool,
}

/// Grades for `generate --grade`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum GradeArg {
    /// Queen's reach, last cells and regions in one line suffice.
    Easy,
    /// Needs regions filling lines.
    Medium,
    /// Needs blocked-unit steps.
    Hard,
    /// Needs what-if reasoning.
    Expert,
}

impl GradeArg {
    /// The engine's grade.
    pub fn grade(self) -> crate::solve::logic::Grade {
        use crate::solve::logic::Grade;
        match self {
            GradeArg::Easy => Grade::Easy,
            GradeArg::Medium => Grade::Medium,
            GradeArg::Hard => Grade::Hard,
            GradeArg::Expert => Grade::Expert,
        }
    }
}

/// What `generate --format` makes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum GenerateFormat {
    /// <stem>.txt: the text puzzle, with a `#` line saying size, stars, grade, hardest step and seed.
    Text,
    /// <stem>.png: the puzzle drawn like the game.
    Png,
    /// The puzz.link link, printed.
    Puzzlink,
    /// One JSON line per puzzle, printed instead of the summary line.
    Json,
}

/// Parses `--hardest`: a technique id of the engine's table.
fn technique_arg(text: &str) -> Result<crate::solve::logic::Technique, String> {
    use crate::solve::logic::Technique;
    Technique::ALL.iter().copied().find(|t| t.id() == text.trim()).ok_or_else(|| {
        let ids: Vec<&str> = Technique::ALL.iter().map(|t| t.id()).collect();
        format!("not a technique id: {text} (one of {})", ids.join(", "))
    })
}
