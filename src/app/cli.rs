//! The command line, as the user types it (clap derive; doc comments are the help).
//!
//! Flags are validated into library settings here ([`Common::to_config`]); the
//! stages never see clap types.

use std::path::PathBuf;
use std::time::Duration;

use clap::{Args, Parser, Subcommand, ValueEnum};

use crate::solve::stars::Stars;

/// Solve LinkedIn Queens and Star Battle puzzles from screenshots or text.
///
/// Give it screenshots (phone or desktop, light or dark, cropped or full page) or
/// text puzzles; it finds the board, reads the regions, proves the solution unique,
/// checks it against the rules, and draws it on your screenshot.
#[derive(Debug, Parser)]
#[command(name = "queens", version = crate::app::shell::version(), about, long_about = None, propagate_version = true)]
pub struct Cli {
    /// What to do.
    #[command(subcommand)]
    pub command: Command,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Solve screenshots and text puzzles (files, folders, or - for standard input).
    Solve(Solve),
    /// Solve step by step the way a person would, and grade the puzzle's difficulty.
    Explain(Explain),
    /// The next step for a board as the player has it (marks in text puzzles), mistakes first.
    Hint(Hint),
    /// Print the region map read from a screenshot, in the text puzzle format.
    Read(Read),
    /// Draw a text puzzle the way the game looks, or as a bordered Star Battle grid (for samples and tests).
    Render(Render),
    /// Chess queens: the largest set of non-attacking queens on an N×N board, with bounds.
    Chess(Chess),
    /// Start a local web page: drop, choose or paste a screenshot and see it solved.
    Serve(Serve),
    /// Print a shell completion script: `queens completions bash > ~/.local/share/bash-completion/completions/queens`.
    Completions(Completions),
    /// Print the man page (roff): `queens man > queens.1; man -l queens.1`.
    Man,
}

/// `queens completions`.
#[derive(Debug, Args)]
pub struct Completions {
    /// The shell to complete for.
    #[arg(value_enum)]
    pub shell: clap_complete::Shell,
}

/// Settings shared by `solve` and `read`.
#[derive(Debug, Args, Clone)]
pub struct Common {
    /// Stars per row, column and region: auto tries every K the board can hold and
    /// keeps the one with exactly one solution; or a number (1 = Queens, 2 = usual Star Battle).
    #[arg(long, default_value = "auto", value_name = "auto|K", value_parser = stars_arg)]
    pub stars: Stars,
    /// Seconds the solver may spend per puzzle, uniqueness proof and every K of
    /// `--stars auto` included. A safety net: Queens boards take milliseconds, a
    /// 17×17 4-star Star Battle up to a few seconds.
    #[arg(long, default_value = "60", value_name = "SECS", value_parser = seconds::<DAY>)]
    pub time_limit: Duration,
    /// Accept regions made of several separate pieces (some hand-made puzzles).
    #[arg(long)]
    pub allow_split_regions: bool,
    /// Solve with the exact engine alone, without fixing the deduction engine's cells first (for comparison).
    #[arg(long)]
    pub no_logic: bool,
    /// Exact engine: auto (HiGHS for 1 star, SAT for 2 or more), logic (the
    /// deduction engine alone: fails when it cannot decide every cell), milp
    /// (HiGHS) or sat (batsat); for comparison. JSON `engine` says which answered.
    #[arg(long, value_enum, default_value_t = EngineArg::Auto, value_name = "ENGINE")]
    pub engine: EngineArg,
    /// Write pictures of each detection stage (board, cells, colors, map) into DIR.
    #[arg(long, value_name = "DIR")]
    pub debug_dir: Option<PathBuf>,
    /// Largest picture accepted, in pixels (40M = 40 megapixels); checked on the
    /// header, so bigger pictures are refused before any decoding.
    #[arg(long, default_value = "40M", value_name = "PIXELS", value_parser = pixels)]
    pub max_pixels: u64,
}

/// `queens solve`.
#[derive(Debug, Args)]
pub struct Solve {
    #[command(flatten)]
    #[allow(missing_docs)]
    pub batch: Batch,
    /// Also print the solved board as emoji squares, ready to paste into a chat.
    #[arg(long)]
    pub share: bool,
    /// Add the LP relaxation report (is it integral, how many fractional cells).
    #[arg(long)]
    pub bounds: bool,
}

/// `queens explain`.
#[derive(Debug, Args)]
pub struct Explain {
    #[command(flatten)]
    #[allow(missing_docs)]
    pub batch: Batch,
}

/// `queens hint`.
#[derive(Debug, Args)]
pub struct Hint {
    #[command(flatten)]
    #[allow(missing_docs)]
    pub batch: Batch,
}

/// Inputs and outputs shared by `solve`, `explain` and `hint`.
#[derive(Debug, Args)]
pub struct Batch {
    /// Screenshots, text puzzles, or folders of them; - reads standard input.
    #[arg(required = true, value_name = "INPUT")]
    pub inputs: Vec<PathBuf>,
    #[command(flatten)]
    #[allow(missing_docs)]
    pub common: Common,
    /// Print one JSON object per input (JSON Lines) instead of boards.
    #[arg(long)]
    pub json: bool,
    /// Folder for the pictures written (<stem>.solved.png, <stem>.hint.png).
    #[arg(short = 'o', long = "out-dir", value_name = "DIR", default_value = "solved")]
    pub out_dir: PathBuf,
    /// Do not write pictures.
    #[arg(long)]
    pub no_image: bool,
    /// Write only the board, cropped from the screenshot, in the pictures.
    #[arg(long)]
    pub crop: bool,
    /// Files solved at once (default: all cores).
    #[arg(short = 'j', long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..))]
    pub jobs: Option<u16>,
    /// No progress bar and no summary; only results (and errors) are printed.
    #[arg(short, long)]
    pub quiet: bool,
    /// When to color the board: auto (a terminal, and NO_COLOR unset), always, never.
    #[arg(long, value_enum, default_value_t = ColorChoice::Auto)]
    pub color: ColorChoice,
}

/// `queens read`.
#[derive(Debug, Args)]
pub struct Read {
    /// A screenshot (or a text puzzle or puzz.link URL, printed canonically); - reads standard input.
    #[arg(value_name = "IMAGE")]
    pub input: PathBuf,
    #[command(flatten)]
    #[allow(missing_docs)]
    pub common: Common,
    /// What to print: the text puzzle format, or a puzz.link URL (K from --stars;
    /// auto solves the puzzle to find it).
    #[arg(long, value_enum, default_value_t = ReadFormat::Text)]
    pub format: ReadFormat,
}

/// Output of `read`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ReadFormat {
    /// The region map, one line of letters per row.
    Text,
    /// A puzz.link Star Battle URL (https://puzz.link/p?starbattle/N/N/K/…).
    Puzzlink,
}

/// `queens render`.
#[derive(Debug, Args)]
pub struct Render {
    /// The text puzzle to draw.
    #[arg(value_name = "PUZZLE")]
    pub puzzle: PathBuf,
    /// The picture to write (.png or .jpg).
    #[arg(short = 'o', long = "output", value_name = "FILE")]
    pub output: PathBuf,
    /// Cell size in pixels.
    #[arg(long, default_value_t = 60, value_parser = clap::value_parser!(u32).range(8..=400))]
    pub cell: u32,
    /// Page theme around the board.
    #[arg(long, value_enum, default_value_t = Theme::Light)]
    pub theme: Theme,
    /// Page margin around the board, in pixels.
    #[arg(long, default_value_t = 40)]
    pub margin: u32,
    /// The page behind the board: flat, or moving in colour like the LinkedIn Bonus
    /// page (with its header and buttons).
    #[arg(long, value_enum, default_value_t = Background::Plain)]
    pub background: Background,
    /// Draw the solution's queens (solved look), a few X marks (half-played look), or
    /// the puzzle file's own marks block in the game's look (board).
    #[arg(long, value_enum, default_value_t = Marks::None)]
    pub marks: Marks,
    /// How `--marks board` draws crowns: black (red where two crowns clash) or gold (a finished board).
    #[arg(long, value_enum, default_value_t = CrownLook::Black)]
    pub crowns: CrownLook,
    /// How `--marks board` draws X marks: as small X's or as dots.
    #[arg(long, value_enum, default_value_t = CrossLook::X)]
    pub crosses: CrossLook,
    /// JPEG quality when the output is .jpg.
    #[arg(long, default_value_t = 90, value_parser = clap::value_parser!(u8).range(10..=100))]
    pub quality: u8,
    /// The look: the game's colored regions, or a borders-only Star Battle grid
    /// (white cells, thick region borders, stars).
    #[arg(long, value_enum, default_value_t = RenderStyle::Game)]
    pub style: RenderStyle,
    /// Thin grid lines of the bordered style.
    #[arg(long, value_enum, default_value_t = RenderLines::Dotted)]
    pub lines: RenderLines,
    /// Stars per row, column and region of the solution drawn by --marks.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u16).range(1..=10))]
    pub stars: u16,
}

/// The look of `render`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum RenderStyle {
    /// Colored regions, like LinkedIn Queens.
    Game,
    /// White cells and thick region borders, like Star Battle grids.
    Bordered,
}

/// Thin grid lines of `render --style bordered`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum RenderLines {
    /// Solid grey lines.
    Solid,
    /// Dashed grey lines.
    Dotted,
}

/// `queens chess`.
#[derive(Debug, Args)]
pub struct Chess {
    /// Board side.
    #[arg(value_parser = clap::value_parser!(u32).range(1..=64))]
    pub n: u32,
    /// Rooks instead of queens (no diagonal attacks).
    #[arg(long)]
    pub rooks: bool,
    /// Print JSON instead of tables.
    #[arg(long)]
    pub json: bool,
    /// Seconds the MILP may take.
    #[arg(long, default_value = "60", value_name = "SECS", value_parser = seconds::<DAY>)]
    pub time_limit: Duration,
}

/// `queens serve`.
#[derive(Debug, Args)]
pub struct Serve {
    /// Port to listen on (0 picks a free one).
    #[arg(long, default_value_t = 8080)]
    pub port: u16,
    /// Address to listen on; the default is reachable from this machine only.
    #[arg(long, default_value = "127.0.0.1")]
    pub host: std::net::IpAddr,
    /// Seconds the solver may spend per puzzle, uniqueness proof and every K of
    /// `--stars auto` included (each request may take this plus 10 s).
    #[arg(long, default_value = "60", value_name = "SECS", value_parser = seconds::<HOUR>)]
    pub time_limit: Duration,
    /// Largest picture accepted, in pixels (40M = 40 megapixels); checked on the header.
    #[arg(long, default_value = "40M", value_name = "PIXELS", value_parser = pixels)]
    pub max_pixels: u64,
    /// MiB of decoded pictures that solves running at once may hold together
    /// (estimated from each header); more requests wait up to 5 s.
    #[arg(long, default_value_t = 320, value_name = "MIB", value_parser = clap::value_parser!(u32).range(16..=1_048_576))]
    pub memory_budget: u32,
    /// Solves running at once (default: two per core); more requests wait up to 5 s.
    #[arg(short = 'j', long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..))]
    pub jobs: Option<u16>,
    /// Connections open at once; one more is answered 503 and closed.
    #[arg(long, default_value_t = 256, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=65_536))]
    pub max_connections: u32,
}

/// `--engine`: which exact engine answers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum EngineArg {
    /// HiGHS for Queens (1 star), SAT for Star Battle (2 stars or more).
    Auto,
    /// The deduction engine alone.
    Logic,
    /// HiGHS, the MILP.
    Milp,
    /// The SAT solver (batsat).
    Sat,
}

/// When to use color.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ColorChoice {
    /// On a terminal, unless NO_COLOR is set.
    Auto,
    /// Always.
    Always,
    /// Never.
    Never,
}

/// Page theme for `render`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Theme {
    /// Light page.
    Light,
    /// Dark page.
    Dark,
}

/// Page background for `render`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Background {
    /// One flat page colour.
    Plain,
    /// Vertical pastel gradient, pink to cream, yellow and blue-grey (the Bonus page).
    Gradient,
    /// Radial glow fading to a blue rim.
    Radial,
    /// Diagonal blend, mint to peach.
    Diagonal,
}

/// Marks for `render`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Marks {
    /// A fresh board.
    None,
    /// Crowns on the solution.
    Queens,
    /// X marks on some cells, one crown.
    Played,
    /// The marks block of the puzzle file, drawn the way the game draws it.
    Board,
}

/// Crown look for `render --marks board`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum CrownLook {
    /// Black; red where two crowns attack each other.
    Black,
    /// Gold, as on a finished board.
    Gold,
}

/// X mark look for `render --marks board`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum CrossLook {
    /// Small X's.
    X,
    /// Small dots.
    Dot,
}

/// Longest `--time-limit` of `solve`, `read` and `chess`.
const DAY: u32 = 86_400;
/// Longest `--time-limit` of `serve`, where every request waits on it.
const HOUR: u32 = 3_600;

/// Parses a `--time-limit`: seconds, more than 0 and at most `MAX`. One parser for
/// every command, so no value can reach `Duration::from_secs_f64` and overflow.
fn seconds<const MAX: u32>(text: &str) -> Result<Duration, String> {
    let secs: f64 = text.trim().parse().map_err(|_| format!("not a number of seconds: {text}"))?;
    if !(secs.is_finite() && secs > 0.0 && secs <= f64::from(MAX)) {
        return Err(format!("must be more than 0 and at most {MAX} seconds, got {text}"));
    }
    Ok(Duration::from_secs_f64(secs))
}

/// Largest `--max-pixels`: the 16384-pixel side limit squared.
const MAX_PIXELS: u64 = 16_384 * 16_384;

/// Parses a `--max-pixels`: a pixel count, or megapixels with an `M` suffix (`40M`, `2.5M`).
fn pixels(text: &str) -> Result<u64, String> {
    let t = text.trim().to_ascii_lowercase();
    let (number, scale) = match t.strip_suffix("mp").or_else(|| t.strip_suffix('m')) {
        Some(n) => (n, 1e6),
        None => (t.as_str(), 1.0),
    };
    let value: f64 = number.trim().parse().map_err(|_| format!("not a pixel count (like 40M or 8000000): {text}"))?;
    let pixels = (value * scale).round();
    if !(pixels.is_finite() && pixels >= 1.0 && pixels <= MAX_PIXELS as f64) {
        return Err(format!("must be from 1 pixel to {MAX_PIXELS} (16384×16384), got {text}"));
    }
    Ok(pixels as u64)
}

/// Parses `--stars`: `auto`, or a whole number from 1 to 10.
fn stars_arg(text: &str) -> Result<Stars, String> {
    let t = text.trim();
    if t.eq_ignore_ascii_case("auto") {
        return Ok(Stars::Auto);
    }
    match t.parse::<usize>() {
        Ok(k) if (1..=10).contains(&k) => Ok(Stars::Fixed(k)),
        _ => Err(format!("expected auto or a whole number from 1 to 10, got {text}")),
    }
}

impl Common {
    /// The library settings (every flag was validated by its parser).
    pub fn to_config(&self) -> crate::pipeline::Config {
        crate::pipeline::Config {
            solve: crate::solve::SolveOptions {
                stars: match self.stars {
                    Stars::Fixed(k) => k,
                    Stars::Auto => 1,
                },
                time_limit: self.time_limit,
                logic: !self.no_logic,
                engine: match self.engine {
                    EngineArg::Auto => crate::solve::EngineChoice::Auto,
                    EngineArg::Logic => crate::solve::EngineChoice::Logic,
                    EngineArg::Milp => crate::solve::EngineChoice::Milp,
                    EngineArg::Sat => crate::solve::EngineChoice::Sat,
                },
            },
            stars: self.stars,
            pieces: if self.allow_split_regions {
                crate::puzzle::partition::Pieces::AllowSplit
            } else {
                crate::puzzle::partition::Pieces::Connected
            },
            max_pixels: self.max_pixels,
            ..Default::default()
        }
    }
}
