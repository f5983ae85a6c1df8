//! The text puzzle format, read and written.
//!
//! N lines of N cells. A line without spaces has one character per cell (any
//! printable non-space character); a line with spaces is split into
//! whitespace-separated tokens, so `10 10 11` works and boards may use more than
//! 26 regions. Blank lines and lines starting with `#` are ignored. Writing uses
//! canonical letters, one character per cell.
//!
//! The region lines may be followed (after an optional blank line) by the player's
//! marks: N more lines of N characters, `.` nothing, `x` an X mark, `Q` a queen
//! ([`parse_board`]).
//!
//! Two comment lines have a meaning: `# stars: K` states the star count, as a
//! puzz.link link does ([`stated_stars`]; `queens read` writes it when K is known),
//! and `# colors: #rrggbb …` gives each region's colour in letter order
//! ([`stated_colors`]), so a position sent back from a screenshot's board (the web
//! page's live board) names its regions by the screenshot's colours.

use crate::error::{quote, Error, Result};
use crate::puzzle::marks::{Mark, Marks};
use crate::puzzle::{Cell, Regions};

/// The largest board the text format accepts.
pub(crate) const MAX_N: usize = 40;

/// Parses a text puzzle into canonical [`Regions`], ignoring any marks block.
/// Errors name the line and column.
pub fn parse(input: &str) -> Result<Regions> {
    parse_board(input).map(|(regions, _)| regions)
}

/// Parses a text puzzle and the player's marks, when the region lines are followed
/// by a marks block. Errors name the line and column.
pub fn parse_board(input: &str) -> Result<(Regions, Option<Marks>)> {
    // Cells borrow from `input`, and reading stops at the first line that cannot
    // belong to a puzzle (a row of more than MAX_N cells, more rows than a board
    // and its marks block): memory stays a small multiple of the input, whatever
    // it holds (a 40 MB line, 5 M short rows).
    let mut rows: Vec<(usize, Vec<&str>)> = Vec::new();
    for (i, raw) in lines(input).enumerate() {
        let line_no = i + 1;
        let line = raw.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        if let Some((col, ch)) = raw.chars().enumerate().find(|(_, c)| c.is_control() && *c != '\t') {
            return Err(Error::parse(line_no, col + 1, format!("unexpected control character {ch:?}")));
        }
        if rows.len() == 2 * MAX_N {
            return Err(words_error(&rows, (line_no, line)).unwrap_or_else(|| {
                Error::parse(
                    line_no,
                    0,
                    format!("too large: more than {MAX_N} rows (and a marks block), at most {MAX_N} are supported"),
                )
            }));
        }
        let spaced = line.contains(char::is_whitespace);
        let count =
            if spaced { line.split_whitespace().take(MAX_N + 1).count() } else { line.chars().take(MAX_N + 1).count() };
        if count > MAX_N {
            return Err(words_error(&rows, (line_no, line)).unwrap_or_else(|| {
                Error::parse(
                    line_no,
                    MAX_N + 1,
                    format!("too large: a row of more than {MAX_N} cells, at most {MAX_N} are supported"),
                )
            }));
        }
        let cells: Vec<&str> = if spaced {
            line.split_whitespace().collect()
        } else {
            line.char_indices().map(|(i, c)| &line[i..i + c.len_utf8()]).collect()
        };
        rows.push((line_no, cells));
    }
    if rows.is_empty() {
        return Err(Error::parse(0, 0, "empty puzzle: expected N lines of N cells"));
    }
    // Twice as many lines as the first line has cells: the second half is the marks block.
    let marks_rows = (rows.len() == 2 * rows[0].1.len()).then(|| rows.split_off(rows[0].1.len()));
    let n = rows.len();
    if n > MAX_N {
        return Err(Error::parse(rows[MAX_N].0, 0, format!("too large: {n} rows, at most {MAX_N} are supported")));
    }
    for (line_no, cells) in &rows {
        if cells.len() != n {
            // The first cell too many, or the first one missing (columns count from 1).
            let (what, column) = if cells.len() > n { ("too many", n + 1) } else { ("too few", cells.len() + 1) };
            let shape = if cells.len() == rows[0].1.len() && rows[0].1.len() != n {
                format!("not square: {n} row{} of {} cells", if n == 1 { "" } else { "s" }, cells.len())
            } else {
                format!("ragged row: {what} cells ({} where {n} rows need {n})", cells.len())
            };
            return Err(words_error(&rows, (0, "")).unwrap_or_else(|| Error::parse(*line_no, column, shape)));
        }
    }
    let marks = marks_rows.map(|m| parse_marks(n, &m)).transpose()?;
    let labels: Vec<&str> = rows.into_iter().flat_map(|(_, c)| c).collect();
    Ok((Regions::from_labels(n, &labels).expect("checked square above"), marks))
}

/// For input that is no puzzle at all (a README, a config file, a letter), the
/// error that says so, naming the first line that reads as words: without it, such
/// a file is reported by the shape it happens to have ("ragged row", "too large"),
/// which sends its user looking for a puzzle in it. Asked only once the text has
/// failed as a puzzle, so no puzzle is ever refused by it. `rows` are the lines read
/// so far, `line` the one being read, with its number (or empty).
fn words_error(rows: &[(usize, Vec<&str>)], (line_no, line): (usize, &str)) -> Option<Error> {
    let reads_as_words = |tokens: &[&str]| {
        // Three words of four letters or more, with a sentence's or markup's
        // punctuation: a row of region labels, even one of colour names, has none.
        let words = tokens.iter().filter(|t| t.chars().filter(|c| c.is_alphabetic()).count() >= 4).count();
        words >= 3 && tokens.iter().any(|t| t.contains(|c: char| ".,;:!?\"'`*<>=/{}()[]".contains(c)))
    };
    // Its first words only: the line may be megabytes long.
    let current: Vec<&str> = line.split_whitespace().take(2 * MAX_N).collect();
    let first = rows.iter().find(|(_, cells)| reads_as_words(cells)).map(|r| r.0);
    let at = first.or_else(|| reads_as_words(&current).then_some(line_no))?;
    Some(Error::parse(
        at,
        0,
        "not a puzzle: this line reads as words, not a row of cells (a text puzzle is N lines of N region letters)",
    ))
}

/// The lines of `input` as people's editors make them: ended by `\n`, `\r\n` or a
/// lone `\r` (old Mac files), after a UTF-8 byte order mark if there is one (Windows
/// Notepad writes it).
fn lines(input: &str) -> impl Iterator<Item = &str> {
    let mut rest = Some(input.strip_prefix('\u{feff}').unwrap_or(input)).filter(|r| !r.is_empty());
    std::iter::from_fn(move || {
        let text = rest?;
        let Some(end) = memchr::memchr2(b'\n', b'\r', text.as_bytes()) else {
            rest = None;
            return Some(text);
        };
        let next = if text[end..].starts_with("\r\n") { end + 2 } else { end + 1 };
        rest = Some(&text[next..]).filter(|r| !r.is_empty());
        Some(&text[..end])
    })
}

/// The marks block: N lines of N characters among `.`, `x`, `Q`.
fn parse_marks(n: usize, rows: &[(usize, Vec<&str>)]) -> Result<Marks> {
    let mut marks = Marks::new(n);
    for (r, (line_no, cells)) in rows.iter().enumerate() {
        if cells.len() != n {
            return Err(Error::parse(
                *line_no,
                0,
                format!("marks line has {} cells where the board has {n}", cells.len()),
            ));
        }
        for (c, token) in cells.iter().enumerate() {
            let mut chars = token.chars();
            let mark = match (chars.next().and_then(Mark::from_symbol), chars.next()) {
                (Some(m), None) => m,
                _ => {
                    return Err(Error::parse(
                        *line_no,
                        c + 1,
                        format!("unknown mark {}: use . (nothing), x (an X mark) or Q (a queen)", quote(token)),
                    ))
                }
            };
            marks.set(Cell::new(r, c), mark);
        }
    }
    Ok(marks)
}

/// The star count a `# stars: K` line states (`K` ≥ 1; the word in any case, spaces
/// around it allowed, and `=` or only a space for the colon, as people also write
/// it), or `None` without one. A count that is not a positive number after `:` or
/// `=`, or two lines that disagree, are errors naming the line: never a guess.
/// Without either sign, a line is a stars line only when a number is all that
/// follows the word (`# stars 4`); otherwise (`# stars are drawn as ★`) it stays
/// a comment, so prose that happens to start with the word is never an error.
pub(crate) fn stated_stars(input: &str) -> Result<Option<usize>> {
    let mut stated: Option<usize> = None;
    for (i, raw) in lines(input).enumerate() {
        let Some(comment) = raw.trim().strip_prefix('#') else { continue };
        let comment = comment.trim();
        let Some(rest) = comment.get(..5).filter(|w| w.eq_ignore_ascii_case("stars")).map(|_| &comment[5..]) else {
            continue;
        };
        let (value, signed) = match rest.trim_start().strip_prefix([':', '=']) {
            Some(value) => (value.trim(), true),
            // "# starset", "# stars are…": not a stars line.
            None if !rest.starts_with(char::is_whitespace) => continue,
            None => (rest.trim(), false),
        };
        let k = match value.parse::<usize>() {
            Ok(k) if k >= 1 => k,
            // "# stars 3rd edition": a comment.
            Err(_) if !signed => continue,
            _ => {
                return Err(Error::parse(
                    i + 1,
                    0,
                    format!("`# stars:` needs a star count of 1 or more, found {}", quote(value)),
                ))
            }
        };
        if stated.is_some_and(|s| s != k) {
            return Err(Error::parse(i + 1, 0, format!("`# stars: {k}` disagrees with an earlier `# stars:` line")));
        }
        stated = Some(k);
    }
    Ok(stated)
}

/// The region colours a `# colors: #rrggbb #rrggbb …` line gives, one per region
/// in letter order (A, B, C…), or `None` without one. The answers about such a
/// puzzle name its regions by these colours ("the orange region"), as they would
/// for the screenshot the colours came from. A line whose colours are not all
/// `#rrggbb`, or two such lines, are errors naming the line; the count is checked
/// against the regions by [`check_colors`].
pub(crate) fn stated_colors(input: &str) -> Result<Option<Vec<[u8; 3]>>> {
    let mut stated: Option<Vec<[u8; 3]>> = None;
    for (i, raw) in lines(input).enumerate() {
        let Some(comment) = raw.trim().strip_prefix('#') else { continue };
        let comment = comment.trim_start();
        let Some(rest) = comment
            .get(..7)
            .filter(|w| w.eq_ignore_ascii_case("colors:") || w.eq_ignore_ascii_case("colours"))
            .map(|_| comment[7..].trim_start_matches(':'))
        else {
            continue;
        };
        if stated.is_some() {
            return Err(Error::parse(i + 1, 0, "a second `# colors:` line; give the colours once"));
        }
        let mut colors = Vec::new();
        for (k, token) in rest.split_whitespace().enumerate() {
            if k == MAX_N * MAX_N {
                return Err(Error::parse(i + 1, 0, "`# colors:` lists more colours than a board has regions"));
            }
            let hex = token.strip_prefix('#').filter(|h| h.len() == 6 && h.bytes().all(|b| b.is_ascii_hexdigit()));
            let Some(hex) = hex else {
                return Err(Error::parse(i + 1, 0, format!("`# colors:` colour {} is not #rrggbb", k + 1)));
            };
            let byte = |at: usize| u8::from_str_radix(&hex[at..at + 2], 16).expect("checked hex digits");
            colors.push([byte(0), byte(2), byte(4)]);
        }
        stated = Some(colors);
    }
    Ok(stated)
}

/// The region colours `input` states for `regions` ([`stated_colors`], checked
/// with [`check_colors`]), or `None` without a `# colors:` line.
pub(crate) fn region_colors(input: &str, regions: &Regions) -> Result<Option<Vec<[u8; 3]>>> {
    let colors = stated_colors(input)?;
    if let Some(c) = &colors {
        check_colors(c, regions)?;
    }
    Ok(colors)
}

/// Checks stated colours against the board: one per region.
pub(crate) fn check_colors(colors: &[[u8; 3]], regions: &Regions) -> Result<()> {
    if colors.len() == regions.region_count() {
        return Ok(());
    }
    Err(Error::parse(
        0,
        0,
        format!(
            "`# colors:` gives {} colours for {} regions; give one per region, in letter order",
            colors.len(),
            regions.region_count()
        ),
    ))
}

/// The `# colors:` line [`stated_colors`] reads.
#[cfg(test)]
pub(crate) fn colors_line(colors: &[[u8; 3]]) -> String {
    let mut line = String::from("# colors:");
    for [r, g, b] in colors {
        line.push_str(&format!(" #{r:02x}{g:02x}{b:02x}"));
    }
    line.push('\n');
    line
}

/// The `# stars: K` line [`stated_stars`] reads.
pub fn stars_line(k: usize) -> String {
    format!("# stars: {k}\n")
}

/// Writes `regions` in the text format (canonical letters, one line per row).
pub fn write(regions: &Regions) -> String {
    regions.to_string()
}

/// Writes `regions` and, when any cell is marked, a blank line and the marks block.
pub(crate) fn write_board(regions: &Regions, marks: Option<&Marks>) -> String {
    let mut out = regions.to_string();
    if let Some(m) = marks.filter(|m| !m.is_blank()) {
        out.push('\n');
        out.push_str(&m.to_text());
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_colors_line_gives_each_region_its_colour_and_a_bad_one_is_an_error() {
        let colors = [[0xff, 0x80, 0x00], [0x12, 0xab, 0xef]];
        let text = format!("{}AB\nAB\n", colors_line(&colors));
        assert_eq!(text.lines().next(), Some("# colors: #ff8000 #12abef"));
        assert_eq!(stated_colors(&text).unwrap(), Some(colors.to_vec()));
        assert_eq!(stated_colors("# Colours: #FF8000\nA\n").unwrap(), Some(vec![[0xff, 0x80, 0x00]]));
        assert_eq!(stated_colors("# colorful\nAB\nAB\n").unwrap(), None);
        assert_eq!(stated_colors("AB\nAB\n").unwrap(), None);
        let regions = parse(&text).unwrap();
        assert!(check_colors(&colors, &regions).is_ok());
        assert!(check_colors(&colors[..1], &regions).unwrap_err().to_string().contains("1 colours for 2 regions"));
        for (bad, line) in
            [("# colors: #ff80\n", 1), ("AB\n# colors: red\n", 2), ("# colors: #000000\n# colors: #000000\n", 2)]
        {
            let e = stated_colors(bad).unwrap_err().to_string();
            assert!(e.starts_with(&format!("line {line}")), "{bad:?}: {e}");
        }
    }

    #[test]
    fn a_stars_line_states_k_and_a_bad_one_is_an_error_naming_its_line() {
        assert_eq!(stated_stars("# made by hand\nAB\nAB\n").unwrap(), None);
        assert_eq!(stated_stars("# stars: 2\nAB\nAB\n").unwrap(), Some(2));
        assert_eq!(stated_stars("AB\n  #Stars:3  \nAB\n").unwrap(), Some(3));
        assert_eq!(stated_stars(&format!("{}AB\n# stars: 4\nAB\n", stars_line(4))).unwrap(), Some(4));
        // As people also write it: a space or `=` for the colon.
        assert_eq!(stated_stars("# stars 4\nAB\nAB\n").unwrap(), Some(4));
        assert_eq!(stated_stars("#STARS=3\nAB\n").unwrap(), Some(3));
        assert_eq!(stated_stars("# stars = 2\n# stars: 2\nAB\n").unwrap(), Some(2));
        // Other comments that merely mention stars are comments.
        assert_eq!(
            stated_stars("# starset\n# 2 stars\n# stars are drawn as crowns\n# stars 3rd try\nAB\n").unwrap(),
            None
        );
        let cases = [
            ("AB\n# stars: two\nAB\n", 2),
            ("# stars: 0\n", 1),
            ("# stars: 2\n# stars: 3\n", 2),
            ("# stars 0\n", 1),
            ("# stars = many\n", 1),
            ("# stars 2\n# stars=3\n", 2),
            ("# stars are crowns\n# stars:\n", 2),
        ];
        for (text, line) in cases {
            let e = stated_stars(text).unwrap_err().to_string();
            assert!(e.starts_with(&format!("line {line}")), "{text:?}: {e}");
        }
        // The regions parse the same with the line as without it.
        assert_eq!(parse("# stars: 2\nAB\nAB\n").unwrap(), parse("AB\nAB\n").unwrap());
    }

    #[test]
    fn reads_characters_and_tokens_alike() {
        let a = parse("# comment\nAAB\n\nACB\nCCB\n").unwrap();
        let b = parse("10 10 11\n10 12 11\n12 12 11\n").unwrap();
        assert_eq!(a, b);
        assert_eq!(write(&a), "AAB\nACB\nCCB\n");
    }

    #[test]
    fn a_file_of_words_is_no_puzzle_and_a_board_of_word_labels_still_is() {
        let readme = "# queens\n\n`queens` solves LinkedIn **Queens** and **Star Battle** puzzles from a screenshot:\nit draws the solution.\n";
        let e = parse(readme).unwrap_err().to_string();
        assert!(e.starts_with("line 3: not a puzzle: this line reads as words"), "{e}");
        let toml = "[package]\nname = \"queens\"\ndescription = \"Solves Queens puzzles from screenshots\"\n";
        assert!(parse(toml).unwrap_err().to_string().starts_with("line 3: not a puzzle"));
        // A line of more than 40 words, read as it comes.
        let long = format!("{}.\n", ["word"; 50].join(" "));
        assert!(parse(&long).unwrap_err().to_string().starts_with("line 1: not a puzzle"));
        // Colour names are labels: a board of them parses, and a ragged one is ragged.
        assert!(parse("red red blue\nred green blue\ngreen green blue\n").is_ok());
        let e = parse("red red blue\nred green\ngreen green blue\n").unwrap_err().to_string();
        assert!(e.contains("ragged row"), "{e}");
    }

    #[test]
    fn errors_name_line_and_column() {
        let e = parse("AAB\nAC\nCCB\n").unwrap_err();
        // Columns count from 1: the first missing cell of the short row.
        assert_eq!(e.to_string(), "line 2, column 3: ragged row: too few cells (2 where 3 rows need 3)");
        let e = parse("AAB\nACBB\nCCB\n").unwrap_err();
        assert_eq!(e.to_string(), "line 2, column 4: ragged row: too many cells (4 where 3 rows need 3)");
        let e = parse("AABX\nACBX\nCCBX\n").unwrap_err();
        assert!(e.to_string().contains("not square"), "{e}");
        // One row is a row, not "1 rows" (a notes file in a folder of puzzles).
        assert_eq!(parse("AB\n").unwrap_err().to_string(), "line 1, column 2: not square: 1 row of 2 cells");
        let e = parse("# nothing\n\n").unwrap_err();
        // About the whole input: no line 0, no column 0.
        assert_eq!(e.to_string(), "empty puzzle: expected N lines of N cells");
        let big = "A".repeat(41) + "\n";
        let e = parse(&big.repeat(41)).unwrap_err();
        assert!(e.to_string().contains("too large"), "{e}");
        // See: issue 35, item 3. Reading stops at the first line no puzzle can hold.
        let e = parse(&format!("AB\nAB\n{}\nAB\n", "A".repeat(10_000_000))).unwrap_err();
        assert_eq!(
            e.to_string(),
            "line 3, column 41: too large: a row of more than 40 cells, at most 40 are supported"
        );
        let e = parse(&"A\n".repeat(5_000_000)).unwrap_err();
        assert!(e.to_string().starts_with("line 81: too large: more than 40 rows"), "{e}");
        let e = parse(&"A ".repeat(41)).unwrap_err();
        assert!(e.to_string().starts_with("line 1, column 41: too large"), "{e}");
    }

    #[test]
    fn a_marks_block_follows_the_regions() {
        let (r, m) = parse_board("AAB\nACB\nCCB\n\n.Q.\nx..\n..x\n").unwrap();
        assert_eq!(r.rows(), vec!["AAB", "ACB", "CCB"]);
        let m = m.expect("marks");
        assert_eq!(m.queens(), vec![Cell::new(0, 1)]);
        assert_eq!(m.crosses(), vec![Cell::new(1, 0), Cell::new(2, 2)]);
        assert_eq!(write_board(&r, Some(&m)), "AAB\nACB\nCCB\n\n.Q.\nx..\n..x\n");
        assert_eq!(parse("AAB\nACB\nCCB\n.Q.\nx..\n..x\n").unwrap(), r);
        assert!(parse_board("AAB\nACB\nCCB\n").unwrap().1.is_none());
        let e = parse_board("AAB\nACB\nCCB\n.Q.\nx?.\n..x\n").unwrap_err();
        assert!(matches!(e, Error::Parse { line: 5, column: 2, .. }), "{e}");
    }

    #[test]
    fn crlf_and_trailing_spaces_are_fine() {
        let r = parse("AB \r\nBB\r\n").unwrap();
        assert_eq!(r.rows(), vec!["AB", "BB"]);
    }

    // See: issue 35, item 12.
    #[test]
    fn a_byte_order_mark_and_cr_line_ends_are_fine() {
        let want = parse("AAB\nACB\nCCB\n").unwrap();
        for text in ["\u{feff}AAB\nACB\nCCB\n", "AAB\rACB\rCCB\r", "\u{feff}AAB\r\nACB\r\nCCB", "AAB\rACB\n\r\nCCB"] {
            assert_eq!(parse(text).unwrap(), want, "{text:?}");
        }
        let board = "\u{feff}# stars: 1\rAAB\rACB\rCCB\r\r.Q.\rx..\r..x\r";
        let (r, m) = parse_board(board).unwrap();
        assert_eq!((r, m.map(|m| m.queens())), (want, Some(vec![Cell::new(0, 1)])));
        assert_eq!(stated_stars(board).unwrap(), Some(1));
        // Lines are still counted as an editor shows them.
        let e = parse("\u{feff}AAB\rAC\rCCB\r").unwrap_err();
        assert_eq!(e.to_string(), "line 2, column 3: ragged row: too few cells (2 where 3 rows need 3)");
        let e = parse("AAB\r\nACB\r\nC\x01B\r\n").unwrap_err();
        assert_eq!(e.to_string(), "line 3, column 2: unexpected control character '\\u{1}'");
    }
}
