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
    /// Make new puzzles with exactly one solution, at the difficulty asked for.
    Generate(Generate),
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
    /// `--stars auto` included. A safety net: Queens boards take milliseconds (the
    /// README's Limits section gives the slowest measured).
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
    /// How much of the hint to show: where to look (nudge), why (reason), or the whole step (answer). JSON always carries all three.
    #[arg(long, value_enum, default_value = "answer", value_name = "HOW_MUCH")]
    pub reveal: RevealChoice,
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
    /// Colour-blind friendly: draw each region's letter in its cells on the pictures,
    /// and name regions by colour and letter ("the purple region (C)").
    #[arg(long)]
    pub letters: bool,
    /// Files solved at once (default: all cores; at most 4 per core, more is an error).
    #[arg(short = 'j', long, value_name = "N", value_parser = jobs)]
    pub jobs: Option<u16>,
    /// No progress bar or spinner and no summary; only results (and errors) are printed.
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
    /// Crowns as the game draws them: black (red where two crowns clash) or gold (a
    /// finished board). `--marks board` draws black ones when not given; `--marks
    /// queens` and `played` draw the solver overlay's crowns unless this is given.
    #[arg(long, value_enum)]
    pub crowns: Option<CrownLook>,
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
    /// Level JSON files (a list of objects with "regions", like the corpus) whose
    /// layouts must not be made again, even turned or mirrored.
    #[arg(long, value_name = "FILE", num_args = 1..)]
    pub not_in: Vec<PathBuf>,
    /// Puzzles made at once (default: all cores); the puzzles do not depend on it.
    #[arg(short = 'j', long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..))]
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
    /// Address to listen on [default: 127.0.0.1, reachable from this machine only;
    /// with --lan, this machine's LAN address].
    #[arg(long)]
    pub host: Option<std::net::IpAddr>,
    /// Listen on this machine's LAN address, for a phone on the same network: prints
    /// a URL with a random access token, and the same URL as a QR code. Requests
    /// without the token get 403.
    #[arg(long)]
    pub lan: bool,
    /// Seconds the solver may spend per puzzle, uniqueness proof and every K of
    /// `--stars auto` included; the solve itself stops then and frees its slot
    /// (each request may take this plus 10 s).
    #[arg(long, default_value = "20", value_name = "SECS", value_parser = seconds::<HOUR>)]
    pub time_limit: Duration,
    /// Largest picture accepted, in pixels (40M = 40 megapixels); checked on the header.
    #[arg(long, default_value = "40M", value_name = "PIXELS", value_parser = pixels)]
    pub max_pixels: u64,
    /// MiB of decoded pictures that solves running at once may hold together
    /// (estimated from each header); more requests wait up to 5 s.
    #[arg(long, default_value_t = 320, value_name = "MIB", value_parser = clap::value_parser!(u32).range(16..=1_048_576))]
    pub memory_budget: u32,
    /// Solves running at once (default: two per core; at most 4 per core); more
    /// requests wait up to 5 s.
    #[arg(short = 'j', long, value_name = "N", value_parser = jobs)]
    pub jobs: Option<u16>,
    /// Solves one client address may run at once; its other requests wait up to
    /// 5 s like any other (then 503), so one client cannot take every slot.
    #[arg(long, default_value_t = 1, value_name = "N", value_parser = clap::value_parser!(u16).range(1..))]
    pub per_client: u16,
    /// Connections open at once; past it the oldest one not being answered is
    /// closed to make room (503 only when every one is being answered).
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

/// How much of a hint to show, smallest first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum RevealChoice {
    /// Where to look: the rows, columns or regions, no conclusion.
    Nudge,
    /// Why: the argument, still naming no cell to change.
    Reason,
    /// The whole step, with the cells it decides.
    Answer,
}

impl From<RevealChoice> for crate::solve::logic::Reveal {
    fn from(r: RevealChoice) -> Self {
        match r {
            RevealChoice::Nudge => Self::Nudge,
            RevealChoice::Reason => Self::Reason,
            RevealChoice::Answer => Self::Answer,
        }
    }
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
/// Most threads `-j` may ask for, per core: enough to overlap I/O, far from
/// the thousands that exhaust a process's thread limit.
pub const JOBS_PER_CORE: usize = 4;

/// `-j N`: from 1 to [`JOBS_PER_CORE`] per core of this machine.
fn jobs(text: &str) -> Result<u16, String> {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let cap = (JOBS_PER_CORE * cores).min(usize::from(u16::MAX));
    match text.trim().parse::<usize>() {
        Ok(n) if (1..=cap).contains(&n) => Ok(n as u16),
        Ok(n) => {
            Err(format!("must be from 1 to {cap} ({JOBS_PER_CORE} per core on this {cores}-core machine), got {n}"))
        }
        Err(_) => Err(format!("not a whole number: {text}")),
    }
}

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
                deadline: crate::solve::deadline::Deadline::NONE,
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
