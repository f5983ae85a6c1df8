//! The command line, as the user types it (clap derive; doc comments are the help).
//!
//! Flags are validated into library settings here ([`Common::to_config`]); the
//! stages never see clap types.
//!
//! This file holds the command tree and the flags of the commands that read
//! puzzles (`solve`, `explain`, `hint`, `read`) and of `chess` and `serve`. The
//! commands that make pictures and puzzles have a vocabulary of their own:
//! `render` (looks, themes, marks) and `generate` (grades, formats). The
//! value parsers every command shares are in `values`, and the examples that end
//! each help text in `examples`.
// The doc comments of this module and its children are clap's help text, read in
// a terminal: `<stem>` and bare URLs are what the user should see, not HTML or links.
#![allow(rustdoc::invalid_html_tags, rustdoc::bare_urls)]

mod examples;
mod generate;
mod render;
mod values;

use std::path::PathBuf;
use std::time::Duration;

use clap::{Args, Parser, Subcommand, ValueEnum};

use crate::solve::stars::Stars;
pub use generate::{Generate, GenerateFormat, GradeArg};
pub use render::{Background, CrossLook, CrownLook, Marks, Render, RenderLines, RenderStyle, StarLook, Theme};
pub use values::JOBS_PER_CORE;
use values::{jobs, pixels, seconds, stars_arg, DAY, HOUR};

/// Solve LinkedIn Queens and Star Battle puzzles from screenshots or text.
///
/// Give it screenshots (phone or desktop, light or dark, cropped or full page) or
/// text puzzles; it finds the board, reads the regions, proves the solution unique,
/// checks it against the rules, and draws it on your screenshot.
#[derive(Debug, Parser)]
#[command(name = "queens", version = crate::app::shell::version(), about, long_about = None, propagate_version = true)]
#[command(after_help = examples::CLI)]
pub struct Cli {
    /// What to do.
    #[command(subcommand)]
    pub command: Command,
}

/// The command line as typed. clap's own errors quote the argument they refuse;
/// one holding a control character or a direction mark (`why $'r1\e]0;T\a c1'`)
/// is printed escaped, as file names are, so it names the argument rather than
/// acting on the terminal.
pub fn parse() -> Cli {
    use std::borrow::Cow;
    let e = match Cli::try_parse() {
        Ok(cli) => return cli,
        Err(e) => e,
    };
    let args: Vec<String> = std::env::args_os().map(|a| a.to_string_lossy().into_owned()).collect();
    // The argument whole, and its value after `--flag=`, longest first.
    let mut acting: Vec<&str> = args
        .iter()
        .flat_map(|a| [Some(a.as_str()), a.split_once('=').map(|(_, v)| v)])
        .flatten()
        .filter(|a| matches!(crate::error::escaped(a), Cow::Owned(_)))
        .collect();
    if acting.is_empty() {
        e.exit()
    }
    acting.sort_by_key(|a| std::cmp::Reverse(a.len()));
    // The same error again, without styles: its text holds the arguments raw (the
    // styled one's plain form drops what looks like a style, and keeps the rest).
    use clap::{CommandFactory as _, FromArgMatches as _};
    let plain = Cli::command().styles(clap::builder::Styles::plain()).try_get_matches();
    let e = match plain.and_then(|m| Cli::from_arg_matches(&m)) {
        Ok(cli) => return cli,
        Err(e) => e,
    };
    let mut text = e.render().ansi().to_string();
    for a in acting {
        text = text.replace(a, &crate::error::escaped(a));
    }
    // Whatever clap showed of an argument in part: its lines escaped one by one.
    let text: Vec<String> = text.split('\n').map(|l| crate::error::escaped(l).into_owned()).collect();
    if e.use_stderr() {
        eprint!("{}", text.join("\n"));
    } else {
        print!("{}", text.join("\n"));
    }
    let _ = std::io::Write::flush(&mut std::io::stdout());
    std::process::exit(e.exit_code())
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Solve screenshots and text puzzles (files, folders, or - for standard input).
    #[command(after_help = examples::SOLVE)]
    Solve(Solve),
    /// Solve step by step the way a person would, and grade the puzzle's difficulty.
    #[command(after_help = examples::EXPLAIN)]
    Explain(Explain),
    /// The next step for a board as the player has it (marks in text puzzles), mistakes first.
    #[command(after_help = examples::HINT)]
    Hint(Hint),
    /// Why a cell is what it is on the player's board: the steps that decide it (r3c5 = row 3, column 5).
    #[command(after_help = examples::WHY)]
    Why(Why),
    /// Print the region map read from a screenshot, in the text puzzle format.
    #[command(after_help = examples::READ)]
    Read(Read),
    /// Draw a text puzzle the way the game looks, or as a bordered Star Battle grid (for samples and tests).
    #[command(after_help = examples::RENDER)]
    Render(Render),
    /// Make new puzzles with exactly one solution, at the difficulty asked for.
    #[command(after_help = examples::GENERATE)]
    Generate(Generate),
    /// Chess queens: the largest set of non-attacking queens on an N×N board, with bounds.
    #[command(after_help = examples::CHESS)]
    Chess(Chess),
    /// Start a local web page: drop, choose or paste a screenshot and see it solved.
    #[command(after_help = examples::SERVE)]
    Serve(Serve),
    /// Print a shell completion script: `queens completions bash > ~/.local/share/bash-completion/completions/queens`.
    #[command(after_help = examples::COMPLETIONS)]
    Completions(Completions),
    /// Print the man page (roff): `queens man > queens.1; man -l queens.1`.
    #[command(after_help = examples::MAN)]
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
    /// Seconds each puzzle may take: reading its picture, and the solver with the
    /// uniqueness proof and every K of `--stars auto`. A safety net: Queens boards
    /// take milliseconds, the hardest corpus Star Battle boards seconds (docs/benchmarks.md).
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
    /// Also grade how hard the puzzle is for a person (the JSON `difficulty`): the
    /// deduction engine explains it beside the solve, which can take longer than
    /// the solve itself, so the answer waits for it only when asked.
    #[arg(long, requires = "json")]
    pub grade: bool,
}

/// `queens explain`.
#[derive(Debug, Args)]
pub struct Explain {
    #[command(flatten)]
    #[allow(missing_docs)]
    pub batch: Batch,
    /// Draw the board after each step, its cells marked (+ a queen placed, - a cell emptied).
    #[arg(long)]
    pub boards: bool,
    /// Explain from the empty board even when the input carries the player's
    /// marks (by default a half-played board is explained from its marks: its
    /// mistakes fixed first, then the steps from there).
    #[arg(long)]
    pub from_empty: bool,
    /// Also write the solved picture (<out>/<name>.solved.png) of a screenshot.
    #[arg(long)]
    pub solution: bool,
}

/// `queens hint`.
#[derive(Debug, Args)]
pub struct Hint {
    /// How much of the hint to show: where to look (nudge), why (reason), or the
    /// whole step (answer). The picture and the JSON show the same, nothing more.
    #[arg(long, value_enum, default_value = "nudge", value_name = "HOW_MUCH")]
    pub reveal: RevealChoice,
    #[command(flatten)]
    #[allow(missing_docs)]
    pub batch: Batch,
}

/// `queens why`.
#[derive(Debug, Args)]
pub struct Why {
    /// How much of the answer to show: where to look (nudge), why (reason), or
    /// every step and what the cell is (answer). The picture and the JSON show the
    /// same, nothing more.
    #[arg(long, value_enum, default_value = "nudge", value_name = "HOW_MUCH")]
    pub reveal: RevealChoice,
    /// The cell: r3c5 is row 3, column 5, counted from 1 at the top left.
    #[arg(value_name = "CELL", value_parser = cell_arg)]
    pub cell: crate::Cell,
    #[command(flatten)]
    #[allow(missing_docs)]
    pub batch: Batch,
}

/// A cell as people write it on the board: `r3c5` (shared with the web page).
fn cell_arg(text: &str) -> Result<crate::Cell, String> {
    crate::app::cells::cell_arg(text)
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
    /// Folder for the pictures written: <stem>.solved.png (solve, explain
    /// --solution), <stem>.hint.png (hint), <stem>.why.png (why).
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
    /// MiB of memory the files solved at once may hold together, each charged its
    /// estimate from its header before it is read (a file larger than the budget runs
    /// alone). The default is half the memory this machine has available, from 256
    /// MiB to 4 GiB (1 GiB where that cannot be read).
    #[arg(long, default_value_t = crate::app::budget::default_batch_mib(), value_name = "MIB", value_parser = clap::value_parser!(u64).range(16..=1_048_576))]
    pub memory_budget: u64,
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
    /// What to print: the text puzzle format, a puzz.link URL, or a penpa-edit link
    /// holding the player's marks too (K from --stars, else the input's own; auto
    /// solves the puzzle to find it).
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
    /// A penpa-edit link (https://swaroopg92.github.io/penpa-edit/#m=edit&p=…) with the
    /// board, K and the player's stars and X marks, to go on solving in penpa-edit.
    Penpa,
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
    /// MiB of decoded pictures, text being read and answers being built that solves
    /// running at once may hold together (pictures and their answers estimated from
    /// each header, text 4 bytes a byte); more requests wait up to 5 s.
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
    /// closed to make room (503 only when every one is being answered). Lowered at
    /// start, with a line saying so, to fit the open-file limit (ulimit -n).
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

impl Common {
    /// The library settings (every flag was validated by its parser).
    pub(crate) fn to_config(&self) -> crate::pipeline::Config {
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
                deadline: crate::puzzle::deadline::Deadline::NONE,
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
