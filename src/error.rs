//! The one library error: every way an input can fail to become a checked solution.
//!
//! Messages are lowercase, have no trailing period and tell the user what to do next.
//! [`Error::kind`] is the stable machine-readable name used in JSON output.
//!
//! Text from an input (a link's host or type, a comment's value, a tag) reaches a
//! message only through [`quote`]: escaped as file names are ([`escaped`]), so it
//! never acts on a terminal, and cut to [`QUOTED_CHARS`] characters, so a message
//! costs a few hundred bytes whatever the input weighs.

use std::borrow::Cow;

use crate::puzzle::Placement;

/// Why an input did not produce a checked, unique solution.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// The file could not be read or an output could not be written.
    #[error("{message}")]
    Io {
        /// What went wrong, with the OS reason.
        message: String,
    },
    /// The bytes are not an image we can decode (or the image is unusable).
    #[error("cannot decode image: {reason}")]
    Decode {
        /// The decoder's reason.
        reason: String,
    },
    /// A text puzzle is malformed.
    #[error("{}", at_position(*.line, *.column, .message))]
    Parse {
        /// 1-based line of the problem (0 when it concerns the whole input).
        line: usize,
        /// 1-based column (character) of the problem, 0 when it concerns the whole line.
        column: usize,
        /// What is wrong.
        message: String,
    },
    /// No puzzle board was found in the picture.
    #[error("no puzzle grid found: {reason}")]
    NoGrid {
        /// What the detector saw.
        reason: String,
    },
    /// Part of the board is hidden under a dialog or another window.
    #[error("the board is partly covered (about {cells} cells hidden, e.g. by the \"You Win!\" panel); close what covers it and take the screenshot again")]
    Covered {
        /// How many cells are hidden (counted, or estimated from the panel's size).
        cells: usize,
    },
    /// Some marks on a screenshot could not be read with confidence, and a hint needs them all.
    #[error("not sure what is drawn on {cells}; a hint needs every mark: retake the screenshot, or write the board with `queens read` and type your marks in its marks block")]
    UnsureMarks {
        /// The cells, for people ("row 2, column 3; …").
        cells: String,
    },
    /// The board was found but its cells could not be grouped into N consistent regions.
    #[error("cannot read the regions: {reason}; try `queens read` and fix the map by hand")]
    Regions {
        /// What the reader saw.
        reason: String,
    },
    /// The labels do not partition the board into N connected regions.
    #[error("{0}")]
    Partition(#[from] PartitionError),
    /// The puzzle has no solution.
    #[error("the puzzle has no solution (check the region map; `queens read` prints what was seen)")]
    NoSolution,
    /// The puzzle has more than one solution: a misread map, or an unfair puzzle.
    #[error(
        "the puzzle has several solutions (a misread region map can cause this; `queens read` prints what was seen)"
    )]
    SeveralSolutions {
        /// The first solution found.
        first: Placement,
        /// A second, different solution.
        second: Placement,
    },
    /// `--stars auto` found more than one star count K with exactly one solution.
    #[error(
        "the puzzle has a unique solution with {} stars per row, column and region alike; say which with --stars K",
        list_ks(.working)
    )]
    Stars {
        /// Every K whose puzzle has exactly one solution, ascending.
        working: Vec<usize>,
    },
    /// `--engine logic`: the deduction engine alone did not decide every cell.
    #[error("the deduction engine alone decided {decided} of {cells} cells; use --engine auto (or sat, milp) for an exact answer")]
    Unfinished {
        /// Cells the presolve decided.
        decided: usize,
        /// Cells on the board.
        cells: usize,
    },
    /// `queens generate` could not make a puzzle as asked within its bounds.
    #[error("{reason}")]
    Generate {
        /// Why, and what to change.
        reason: String,
    },
    /// `queens why`: the cell asked about is not on the board.
    #[error("{cell} is not on this {n}x{n} board: rows and columns run from 1 to {n}")]
    NoSuchCell {
        /// The cell as asked (`r12c3`).
        cell: String,
        /// The board's side.
        n: usize,
    },
    /// The solver stopped without an answer we can trust (time limit, numerical trouble).
    #[error("solver stopped: {status}; try a larger --time-limit")]
    Solver {
        /// What HiGHS reported.
        status: String,
    },
    /// Reading the picture took the whole time limit (`--time-limit`) before a
    /// board was read.
    #[error("the time limit was reached while reading the picture (a picture of many lines or cells); try a larger --time-limit, or crop the picture to the board")]
    ReadingTimeLimit,
}

/// How region labels fail to form a puzzle.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PartitionError {
    /// The board does not have exactly N regions.
    #[error("expected {expected} regions on a {expected}x{expected} board, found {found}")]
    RegionCount {
        /// N.
        expected: usize,
        /// Distinct labels seen.
        found: usize,
    },
    /// A region is in several 4-connected pieces.
    #[error("region {region} is in {pieces} pieces: {}", describe_pieces(.cells))]
    Split {
        /// The region's letter.
        region: char,
        /// How many pieces.
        pieces: usize,
        /// The top-left cell (row, col, 1-based for people) of each piece.
        cells: Vec<(usize, usize)>,
    },
}

/// "line 3, column 5: …", with the column (or the line) left out when the
/// problem concerns the whole line (or the whole input): positions count from 1.
fn at_position(line: usize, column: usize, message: &str) -> String {
    match (line, column) {
        (0, _) => message.to_string(),
        (l, 0) => format!("line {l}: {message}"),
        (l, c) => format!("line {l}, column {c}: {message}"),
    }
}

fn list_ks(ks: &[usize]) -> String {
    match ks.split_last() {
        Some((last, rest)) if !rest.is_empty() => {
            format!("{} and {last}", rest.iter().map(usize::to_string).collect::<Vec<_>>().join(", "))
        }
        _ => ks.iter().map(usize::to_string).collect(),
    }
}

fn describe_pieces(cells: &[(usize, usize)]) -> String {
    cells.iter().map(|(r, c)| format!("one at row {r} col {c}")).collect::<Vec<_>>().join(", ")
}

impl Error {
    /// The stable name of this failure in JSON output (`"kind"`).
    pub fn kind(&self) -> &'static str {
        match self {
            Error::Io { .. } => "io",
            Error::Decode { .. } => "decode",
            Error::Parse { .. } => "parse",
            Error::NoGrid { .. } => "no-grid",
            Error::Regions { .. } => "regions",
            Error::Covered { .. } => "covered",
            Error::UnsureMarks { .. } => "unsure-marks",
            Error::Partition(_) => "partition",
            Error::NoSolution => "no-solution",
            Error::SeveralSolutions { .. } => "several-solutions",
            Error::Stars { .. } => "stars",
            Error::Solver { .. } | Error::ReadingTimeLimit => "solver",
            Error::Unfinished { .. } => "unfinished",
            Error::Generate { .. } => "generate",
            Error::NoSuchCell { .. } => "no-such-cell",
        }
    }

    /// A parse error at `line`, `column` (1-based).
    pub(crate) fn parse(line: usize, column: usize, message: impl Into<String>) -> Self {
        Error::Parse { line, column, message: message.into() }
    }

    /// The solver error of a puzzle whose deadline passed (`--time-limit`).
    pub(crate) fn time_limit() -> Self {
        Error::Solver { status: "time limit reached".into() }
    }

    /// An I/O error about `path`.
    pub(crate) fn io(what: impl std::fmt::Display, err: &std::io::Error) -> Self {
        Error::Io { message: format!("{what}: {}", io_reason(err)) }
    }
}

/// The OS reason of an I/O error, without Rust's "(os error N)" suffix.
pub(crate) fn io_reason(err: &std::io::Error) -> String {
    match err.kind() {
        std::io::ErrorKind::NotFound => "no such file or directory".into(),
        std::io::ErrorKind::PermissionDenied => "permission denied".into(),
        _ => {
            let s = err.to_string();
            match s.find(" (os error") {
                Some(i) => s[..i].to_lowercase(),
                None => s,
            }
        }
    }
}

/// Characters that act on a terminal (or reorder what it shows) rather than print.
fn acts(c: char) -> bool {
    c.is_control() || matches!(c, '\u{200e}' | '\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
}

/// Appends `text` with each character that [`acts`] shown as `\e`, `\n`, `\r`,
/// `\t` or `\u{..}`.
pub(crate) fn push_escaped(out: &mut String, text: &str) {
    for c in text.chars() {
        match c {
            '\x1b' => out.push_str("\\e"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if acts(c) => out.push_str(&format!("\\u{{{:x}}}", u32::from(c))),
            c => out.push(c),
        }
    }
}

/// `text` safe to print on a terminal: control characters (ESC, BEL, C1, newlines)
/// and direction marks escaped, everything else as it is.
pub fn escaped(text: &str) -> Cow<'_, str> {
    if !text.chars().any(acts) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    push_escaped(&mut out, text);
    Cow::Owned(out)
}

/// Most characters of a bad value an error message quotes.
pub(crate) const QUOTED_CHARS: usize = 80;

/// `value` as a message quotes it: in double quotes, [`escaped`], and when it is
/// longer than [`QUOTED_CHARS`] characters, its start and its length
/// (`"\e\e\e…" (20,971,520 characters)`). What it costs is bounded by the cut,
/// never by the value.
pub fn quote(value: &str) -> String {
    cut(value, "\"")
}

/// `value` as [`quote`] shows it, without the quotes: for a name that reads as a
/// word in its sentence (a penpa genre tag: `a classic puzzle`).
pub(crate) fn brief(value: &str) -> String {
    cut(value, "")
}

fn cut(value: &str, quotes: &str) -> String {
    let mut out = String::from(quotes);
    let at = value.char_indices().nth(QUOTED_CHARS).map(|(at, _)| at);
    push_escaped(&mut out, &value[..at.unwrap_or(value.len())]);
    if let Some(at) = at {
        let count = QUOTED_CHARS + value[at..].chars().count();
        out.push_str(&format!("…{quotes} ({} characters)", thousands(count)));
    } else {
        out.push_str(quotes);
    }
    out
}

/// `n` with commas between groups of three digits, as people write long counts.
pub(crate) fn thousands(n: usize) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, d) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(d);
    }
    out
}

/// Shorthand for results of this crate.
pub type Result<T, E = Error> = std::result::Result<T, E>;

#[cfg(test)]
mod tests {
    use super::*;

    // See: issue 48, items 2 and 3.
    #[test]
    fn a_quoted_value_is_escaped_and_cut_with_its_length() {
        assert_eq!(quote("hex"), "\"hex\"");
        assert_eq!(quote("a\x1b]0;T\x07\nb"), "\"a\\e]0;T\\u{7}\\nb\"");
        let long = "\x1b".repeat(20_971_520);
        let q = quote(&long);
        assert_eq!(q, format!("\"{}…\" (20,971,520 characters)", "\\e".repeat(QUOTED_CHARS)));
        let exact = "é".repeat(QUOTED_CHARS);
        assert_eq!(quote(&exact), format!("\"{exact}\""));
        assert_eq!(brief("a\nb"), "a\\nb");
        assert!(brief(&long).ends_with("\\e… (20,971,520 characters)"));
        assert_eq!(thousands(999), "999");
        assert_eq!(thousands(1_000), "1,000");
    }
}
