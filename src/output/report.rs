//! What the user sees: the human board (colored on a terminal), JSON Lines, and
//! the emoji share text.

use std::fmt::Write as _;

use serde::Serialize;

use crate::error::{Error, PartitionError};
use crate::output::overlay::Glyph;
use crate::pipeline::{Outcome, Timings};
use crate::puzzle::{Cell, Placement, Regions};
use crate::solve::logic::Difficulty;
use crate::solve::LpBounds;
use crate::vision::grid::BoardArea;

/// One input's JSON Lines record. Later versions add fields, never rename them.
#[derive(Debug, Serialize)]
pub struct Record<'a> {
    /// The input as the user named it (`-` for standard input).
    pub input: &'a str,
    /// True when a unique, rule-checked solution was found.
    pub ok: bool,
    /// Board side, when known.
    pub n: Option<usize>,
    /// Stars per row, column and region: the K used (found by `--stars auto`, or given).
    pub stars: usize,
    /// Region map as rows of canonical letters, when read.
    pub regions: Option<Vec<String>>,
    /// The puzzle as a puzz.link URL (with `stars`), when the regions were read and
    /// a URL can express them (not when a region is in several pieces).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub puzzlink: Option<String>,
    /// Solution cells as `[row, col]`, 0-based, sorted (the first of several, if several).
    pub queens: Option<Vec<[usize; 2]>>,
    /// True when unique, false when several solutions exist, null when unknown.
    pub unique: Option<bool>,
    /// A second solution, only when there are several.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub second: Option<Vec<[usize; 2]>>,
    /// The board's cell area in pixels, for image inputs.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub grid: Option<GridJson>,
    /// LP relaxation report, with `--bounds`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub lp: Option<LpJson>,
    /// The player's marks on a screenshot (or in a text puzzle's marks block).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub marks: Option<MarksJson>,
    /// Marks that contradict the solution (a queen off it, an X on it), when both are known.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub mistakes: Option<Vec<[usize; 2]>>,
    /// How hard the puzzle is for a person (from the explained path), when solved by logic.
    pub difficulty: Option<DifficultyJson>,
    /// Path of the overlay image written, if any.
    pub output: Option<String>,
    /// Why it failed, when `ok` is false.
    pub error: Option<ErrorJson>,
    /// The exact engine that answered: `logic` (the presolve decided every cell),
    /// `milp` (HiGHS) or `sat`; null when none ran (the input failed before solving).
    pub engine: Option<crate::solve::Exact>,
    /// Stage times in milliseconds.
    pub ms: &'a Timings,
    /// The emoji share text, with `--share` when solved (the web API's `share`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub share: Option<String>,
}

/// The board's location in the picture.
#[derive(Debug, Clone, Copy, Serialize, PartialEq)]
pub struct GridJson {
    /// Left edge of the cell area, pixels.
    pub x: u32,
    /// Top edge.
    pub y: u32,
    /// Width of the cell area.
    pub width: u32,
    /// Height of the cell area.
    pub height: u32,
    /// Board side.
    pub n: usize,
}

impl From<BoardArea> for GridJson {
    fn from(a: BoardArea) -> Self {
        GridJson { x: a.x, y: a.y, width: a.width, height: a.height, n: a.n }
    }
}

impl From<LpBounds> for LpJson {
    fn from(b: LpBounds) -> Self {
        LpJson { integral: b.integral, fractional_cells: b.fractional_cells }
    }
}

/// The LP relaxation report.
#[derive(Debug, Clone, Copy, Serialize, PartialEq, Eq)]
pub struct LpJson {
    /// True when the LP optimum found is already a 0/1 point.
    pub integral: bool,
    /// Cells whose LP value is strictly between 0 and 1.
    pub fractional_cells: usize,
}

/// The player's marks, cells as `[row, col]`, 0-based, row-major.
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub struct MarksJson {
    /// Crowns (queens).
    pub queens: Vec<[usize; 2]>,
    /// X marks and dots.
    pub crosses: Vec<[usize; 2]>,
    /// Cells with something the reader is not sure of (left out of the lists above).
    pub unsure: Vec<[usize; 2]>,
}

/// Cells as the JSON writes them, `[row, col]` 0-based.
pub(crate) fn cell_pairs(cells: &[Cell]) -> Vec<[usize; 2]> {
    cells.iter().map(|c| [c.row, c.col]).collect()
}

/// `{"grade","score"}`.
#[derive(Debug, Serialize, Clone, Copy)]
pub struct DifficultyJson {
    /// easy, medium, hard or expert.
    pub grade: &'static str,
    /// The finer score.
    pub score: f64,
}

impl From<&Difficulty> for DifficultyJson {
    fn from(d: &Difficulty) -> Self {
        DifficultyJson { grade: d.grade.name(), score: d.score }
    }
}

/// The difficulty to report for an outcome: only for a puzzle the engine solved.
pub(crate) fn difficulty_json(outcome: &Outcome) -> Option<DifficultyJson> {
    outcome.explained.as_ref().filter(|e| e.solved_by_logic).map(|e| DifficultyJson::from(&e.difficulty))
}

/// The error object of a record.
#[derive(Debug, Serialize)]
pub struct ErrorJson {
    /// Stable kind: parse, partition, no-solution, several-solutions, stars, solver, io, decode, no-grid, regions.
    pub kind: &'static str,
    /// The one-line message shown to people.
    pub message: String,
    /// For parse errors: 1-based line.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub line: Option<usize>,
    /// For parse errors: 1-based column.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub column: Option<usize>,
    /// For split regions: the region letter.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub region: Option<char>,
    /// For split regions: how many pieces.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub pieces: Option<usize>,
    /// For the `stars` refusal: every K whose puzzle has exactly one solution.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub stars: Option<Vec<usize>>,
}

impl ErrorJson {
    /// The JSON form of `e`.
    pub(crate) fn from_error(e: &Error) -> Self {
        let mut j = ErrorJson {
            kind: e.kind(),
            message: e.to_string(),
            line: None,
            column: None,
            region: None,
            pieces: None,
            stars: None,
        };
        match e {
            Error::Parse { line, column, .. } => {
                j.line = Some(*line);
                j.column = Some(*column);
            }
            Error::Partition(PartitionError::Split { region, pieces, .. }) => {
                j.region = Some(*region);
                j.pieces = Some(*pieces);
            }
            Error::Stars { working } => j.stars = Some(working.clone()),
            _ => {}
        }
        j
    }
}

fn pairs(p: &Placement) -> Vec<[usize; 2]> {
    p.cells().iter().map(|c| [c.row, c.col]).collect()
}

/// The solution to show for an outcome: the unique one, or the first of several.
pub(crate) fn shown_placement(outcome: &Outcome) -> Option<&Placement> {
    match &outcome.result {
        Ok(p) => Some(p),
        Err(Error::SeveralSolutions { first, .. }) => Some(first),
        Err(_) => None,
    }
}

impl<'a> Record<'a> {
    /// The record of `outcome` for `input`.
    pub fn new(input: &'a str, outcome: &'a Outcome) -> Self {
        let stars = outcome.k;
        let (unique, second) = match &outcome.result {
            Ok(_) => (Some(true), None),
            Err(Error::SeveralSolutions { second, .. }) => (Some(false), Some(pairs(second))),
            Err(_) => (None, None),
        };
        Record {
            input,
            ok: outcome.result.is_ok(),
            n: outcome.regions.as_ref().map(Regions::n).or(outcome.grid.map(|g| g.n)),
            stars,
            regions: outcome.regions.as_ref().map(Regions::rows),
            puzzlink: outcome.regions.as_ref().and_then(|r| crate::puzzle::puzzlink::encode(r, stars)),
            queens: shown_placement(outcome).map(pairs),
            unique,
            second,
            grid: outcome.grid.map(GridJson::from),
            lp: outcome.lp.map(LpJson::from),
            marks: outcome.marks.as_ref().map(|m| MarksJson {
                queens: cell_pairs(&m.queens()),
                crosses: cell_pairs(&m.crosses()),
                unsure: cell_pairs(&outcome.unsure),
            }),
            mistakes: match (&outcome.marks, &outcome.result) {
                (Some(m), Ok(p)) => Some(cell_pairs(&crate::puzzle::marks::mistakes(m, p))),
                _ => None,
            },
            difficulty: difficulty_json(outcome),
            output: None,
            error: outcome.result.as_ref().err().map(ErrorJson::from_error),
            engine: outcome.engine,
            ms: &outcome.ms,
            share: None,
        }
    }

    /// One JSON line (no trailing newline).
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).expect("records always serialize")
    }
}

/// The display color of region `label`: the picture's own when known, else the
/// game's palette by label (see [`crate::output::palette`]).
pub fn region_color(colors: Option<&[[u8; 3]]>, label: usize) -> [u8; 3] {
    colors.and_then(|c| c.get(label).copied()).unwrap_or_else(|| crate::output::palette::game_color(label))
}

/// The ANSI foreground that reads on a cell of colour `rgb`: dark text on light
/// cells ("30"), light on dark ones ("97").
pub(crate) fn text_on(rgb: [u8; 3]) -> &'static str {
    if crate::vision::color::luma(rgb) > 140.0 {
        "30"
    } else {
        "97"
    }
}

/// The board as text: one row per line, `[A]` marks a queen. With `color`, cells
/// get their region's 24-bit background and queens a ♛, or for `Glyph::Star` (Star
/// Battle) a `*`, as the hint and explain boards and the bordered grid draw stars
/// (★ takes two columns in some terminals, which would break the grid).
pub(crate) fn board_text(
    regions: &Regions,
    placement: Option<&Placement>,
    colors: Option<&[[u8; 3]]>,
    color: bool,
    glyph: crate::output::overlay::Glyph,
) -> String {
    let piece = if glyph == crate::output::overlay::Glyph::Star { '*' } else { '♛' };
    let mut out = String::new();
    for (r, row) in regions.rows().iter().enumerate() {
        out.push_str("  ");
        for (c, letter) in row.chars().enumerate() {
            let queen = placement.is_some_and(|p| p.contains(Cell::new(r, c)));
            if color {
                let [red, g, b] = region_color(colors, regions.label(Cell::new(r, c)));
                let text = if queen { piece } else { letter };
                let fg = text_on([red, g, b]);
                let bold = if queen { ";1" } else { "" };
                let _ = write!(out, "\x1b[48;2;{red};{g};{b};{fg}{bold}m {text} \x1b[0m");
            } else if queen {
                let _ = write!(out, "[{letter}]");
            } else {
                let _ = write!(out, " {letter} ");
            }
        }
        out.push('\n');
    }
    out
}

/// The board as a grid drawn with its region borders, for boards read from
/// borders alone: `|` and `---` are region borders, `*` a star. With `color`, each
/// cell also gets its region's 24-bit background (a map colouring, see
/// [`crate::output::palette::display_colors`]).
pub(crate) fn bordered_text(
    regions: &Regions,
    placement: Option<&Placement>,
    colors: Option<&[[u8; 3]]>,
    color: bool,
) -> String {
    let n = regions.n();
    let differs = |a: Cell, r: usize, c: usize| r >= n || c >= n || regions.label(a) != regions.label(Cell::new(r, c));
    let mut out = String::new();
    // The line above row r (r = n: the bottom frame).
    let rule = |out: &mut String, r: usize| {
        out.push_str("  +");
        for c in 0..n {
            let wall = r == 0 || differs(Cell::new(r - 1, c), r, c);
            out.push_str(if wall { "---+" } else { "   +" });
        }
        out.push('\n');
    };
    for r in 0..n {
        rule(&mut out, r);
        out.push_str("  |");
        for c in 0..n {
            let cell = Cell::new(r, c);
            let star = placement.is_some_and(|p| p.contains(cell));
            let text = if star { " * " } else { " . " };
            if color {
                let rgb @ [red, g, b] = region_color(colors, regions.label(cell));
                let bold = if star { ";1" } else { "" };
                let _ = write!(out, "\x1b[48;2;{red};{g};{b};{}{bold}m{text}\x1b[0m", text_on(rgb));
            } else {
                out.push_str(text);
            }
            if differs(cell, r, c + 1) {
                out.push('|');
            } else if color {
                // Inside a region the gap takes the region's colour too.
                let [red, g, b] = region_color(colors, regions.label(cell));
                let _ = write!(out, "\x1b[48;2;{red};{g};{b}m \x1b[0m");
            } else {
                out.push(' ');
            }
        }
        out.push('\n');
    }
    rule(&mut out, n);
    out
}

/// The board as emoji, one symbol per region (distinct while symbols last, see
/// [`crate::output::share`]), with 👑 on the queens, or ⭐ on the stars of a Star
/// Battle board (`glyph` a star, see [`Glyph::for_board`]).
pub fn share_text(regions: &Regions, placement: &Placement, colors: Option<&[[u8; 3]]>, glyph: Glyph) -> String {
    let star = match glyph {
        Glyph::Crown => '👑',
        Glyph::Star => '⭐',
    };
    let palette: Vec<[u8; 3]> = (0..regions.region_count()).map(|label| region_color(colors, label)).collect();
    let symbols = crate::output::share::region_symbols_apart(&palette, &crate::output::palette::neighbours(regions));
    let mut out = String::new();
    for r in 0..regions.n() {
        for c in 0..regions.n() {
            let cell = Cell::new(r, c);
            if placement.contains(cell) {
                out.push(star);
            } else {
                out.push_str(symbols[regions.label(cell)]);
            }
        }
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_coloured_board_draws_a_queen_as_a_crown_and_a_star_battle_star_as_a_star() {
        use crate::output::overlay::Glyph;
        let regions = Regions::from_rows(&["AAB", "ACB", "CCB"]).unwrap();
        let p = Placement::new(vec![Cell::new(0, 0)]);
        let queens = board_text(&regions, Some(&p), None, true, Glyph::Crown);
        let stars = board_text(&regions, Some(&p), None, true, Glyph::Star);
        assert!(queens.contains('♛') && !queens.contains('*'), "{queens}");
        assert!(stars.contains(" * ") && !stars.contains('♛'), "{stars}");
        // Without colour, a bracketed letter either way.
        assert!(board_text(&regions, Some(&p), None, false, Glyph::Star).starts_with("  [A]"));
    }

    #[test]
    fn bordered_text_draws_region_borders_and_stars() {
        let regions = Regions::from_rows(&["AAB", "ACB", "CCB"]).unwrap();
        let p = Placement::new(vec![Cell::new(0, 0)]);
        let want = [
            "  +---+---+---+",
            "  | *   . | . |",
            "  +   +---+   +",
            "  | . | . | . |",
            "  +---+   +   +",
            "  | .   . | . |",
            "  +---+---+---+",
        ];
        assert_eq!(bordered_text(&regions, Some(&p), None, false), want.join("\n") + "\n");
        // In colour, every cell (and the gap to a same-region neighbour) is on its region's colour.
        let colors = [[10, 20, 30], [40, 50, 60], [70, 80, 90]];
        let text = bordered_text(&regions, Some(&p), Some(&colors), true);
        assert_eq!(text.matches("\x1b[48;2;10;20;30").count(), 3 + 1, "{text:?}");
        assert!(text.contains("\x1b[48;2;10;20;30;97;1m * "), "{text:?}");
    }
}
