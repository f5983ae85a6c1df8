//! The text puzzle format, read and written.
//!
//! N lines of N cells. A line without spaces has one character per cell (any
//! printable non-space character); a line with spaces is split into
//! whitespace-separated tokens, so `10 10 11` works and boards may use more than
//! 26 regions. Blank lines and lines starting with `#` are ignored. Writing uses
//! canonical letters, one character per cell.

use crate::error::{Error, Result};
use crate::puzzle::Regions;

/// The largest board the text format accepts.
pub const MAX_N: usize = 40;

/// Parses a text puzzle into canonical [`Regions`]. Errors name the line and column.
pub fn parse(input: &str) -> Result<Regions> {
    let mut rows: Vec<(usize, Vec<String>)> = Vec::new();
    for (i, raw) in input.lines().enumerate() {
        let line_no = i + 1;
        let line = raw.trim_end_matches('\r').trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        if let Some((col, ch)) = raw.chars().enumerate().find(|(_, c)| c.is_control() && *c != '\t' && *c != '\r') {
            return Err(Error::parse(line_no, col + 1, format!("unexpected control character {ch:?}")));
        }
        let cells: Vec<String> = if line.contains(char::is_whitespace) {
            line.split_whitespace().map(str::to_owned).collect()
        } else {
            line.chars().map(String::from).collect()
        };
        rows.push((line_no, cells));
    }
    let n = rows.len();
    if n == 0 {
        return Err(Error::parse(0, 0, "empty puzzle: expected N lines of N cells"));
    }
    if n > MAX_N {
        return Err(Error::parse(rows[MAX_N].0, 0, format!("too large: {n} rows, at most {MAX_N} are supported")));
    }
    for (line_no, cells) in &rows {
        if cells.len() != n {
            let (what, column) = if cells.len() > n { ("too many", n + 1) } else { ("too few", 0) };
            let shape = if cells.len() == rows[0].1.len() && rows[0].1.len() != n {
                format!("not square: {n} rows of {} cells", cells.len())
            } else {
                format!("ragged row: {what} cells ({} where {n} rows need {n})", cells.len())
            };
            return Err(Error::parse(*line_no, column, shape));
        }
    }
    let labels: Vec<String> = rows.into_iter().flat_map(|(_, c)| c).collect();
    Ok(Regions::from_labels(n, &labels).expect("checked square above"))
}

/// Writes `regions` in the text format (canonical letters, one line per row).
pub fn write(regions: &Regions) -> String {
    regions.to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_characters_and_tokens_alike() {
        let a = parse("# comment\nAAB\n\nACB\nCCB\n").unwrap();
        let b = parse("10 10 11\n10 12 11\n12 12 11\n").unwrap();
        assert_eq!(a, b);
        assert_eq!(write(&a), "AAB\nACB\nCCB\n");
    }

    #[test]
    fn errors_name_line_and_column() {
        let e = parse("AAB\nAC\nCCB\n").unwrap_err();
        assert!(matches!(e, Error::Parse { line: 2, .. }), "{e}");
        assert!(e.to_string().contains("ragged row"), "{e}");
        let e = parse("AABX\nACBX\nCCBX\n").unwrap_err();
        assert!(e.to_string().contains("not square"), "{e}");
        let e = parse("# nothing\n\n").unwrap_err();
        assert!(e.to_string().contains("empty puzzle"), "{e}");
        let big = "A".repeat(41) + "\n";
        let e = parse(&big.repeat(41)).unwrap_err();
        assert!(e.to_string().contains("too large"), "{e}");
    }

    #[test]
    fn crlf_and_trailing_spaces_are_fine() {
        let r = parse("AB \r\nBB\r\n").unwrap();
        assert_eq!(r.rows(), vec!["AB", "BB"]);
    }
}
