//! The flags of `queens render`: a text puzzle drawn the way the game looks, or as
//! a bordered Star Battle grid, and the looks it can take (style, theme, page
//! background, marks, crowns, crosses). `generate` draws its pictures with the
//! same style and theme.

use std::path::PathBuf;

use clap::{Args, ValueEnum};

/// `queens render`.
#[derive(Debug, Args)]
pub struct Render {
    /// The text puzzle to draw, a puzz.link link, or a file holding one.
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
    /// With `--style bordered --marks board`: the player's marks as penpa-edit draws
    /// them (black stars, thin X's) or as the puzz.link player does (green stars,
    /// short green dashes).
    #[arg(long, value_enum, default_value_t = StarLook::Penpa)]
    pub like: StarLook,
    /// With `--style bordered`: regions filled in greys, as penpa-edit's grey map
    /// colouring draws them.
    #[arg(long)]
    pub shaded: bool,
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

/// Whose page `render --style bordered --marks board` draws the marks like.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum StarLook {
    /// penpa-edit: black stars, thin X's.
    Penpa,
    /// The puzz.link player (pzprjs): green stars, short green dashes.
    Pzprjs,
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
