//! Prose for a terminal, broken at spaces to its width: a terminal wraps a long
//! line wherever the width runs out, inside a word ("colu|mn"). Boards and other
//! fixed-width lines are kept whole: breaking them would only scramble them.

/// `text` with each prose line wider than `width` columns broken at spaces, each
/// continuation line indented as the line is, or past a step's number ("  12. "),
/// so that a numbered step reads as one block. A line is prose when it holds at
/// least three words of four letters or more, which a board row (`(A) B  B`, `Q ·
/// ·`) never does; a line with terminal escape codes (a coloured board) is kept.
pub(crate) fn wrap_prose(text: &str, width: usize) -> String {
    let mut out = String::with_capacity(text.len() + text.len() / 16);
    for line in text.split_inclusive('\n') {
        let (body, end) = line.strip_suffix('\n').map_or((line, ""), |b| (b, "\n"));
        if body.chars().count() <= width || body.contains('\x1b') || !is_prose(body) {
            out.push_str(line);
            continue;
        }
        let indent = body.len() - body.trim_start_matches(' ').len();
        let rest = &body[indent..];
        let number = rest.find(". ").filter(|&k| k > 0 && rest[..k].bytes().all(|b| b.is_ascii_digit()));
        let mut hang = indent + number.map_or(0, |k| k + 2);
        if hang + 20 > width {
            hang = 0;
        }
        let mut row = body[..indent].to_string();
        let mut row_len = indent;
        for word in rest.split(' ') {
            let len = word.chars().count();
            if row_len > hang.max(indent) && row_len + 1 + len > width {
                out.push_str(&row);
                out.push('\n');
                row = " ".repeat(hang);
                row_len = hang;
            } else if row_len > indent && !(row_len == hang && row.trim().is_empty()) {
                row.push(' ');
                row_len += 1;
            }
            row.push_str(word);
            row_len += len;
        }
        out.push_str(&row);
        out.push_str(end);
    }
    out
}

/// At least three words of four letters or more (punctuation around them aside).
fn is_prose(line: &str) -> bool {
    let wordy = |w: &&str| {
        let w = w.trim_matches(|c: char| !c.is_alphabetic());
        w.chars().count() >= 4 && w.chars().all(char::is_alphabetic)
    };
    line.split_whitespace().filter(wordy).take(3).count() == 3
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn prose_breaks_at_spaces_and_hangs_under_its_first_word() {
        let step =
            "   12. [last cell] Row 10 needs 1 more star and has exactly that many cells left: row 10, column 10.";
        let got = wrap_prose(&format!("{step}\n"), 40);
        let lines: Vec<&str> = got.lines().collect();
        assert!(lines.iter().all(|l| l.chars().count() <= 40), "{got}");
        assert_eq!(lines[0], "   12. [last cell] Row 10 needs 1 more");
        assert!(lines[1..].iter().all(|l| l.starts_with("       ") && !l.starts_with("        ")), "{got}");
        // Nothing lost or added but the breaks.
        let words = |s: &str| s.split_whitespace().map(str::to_string).collect::<Vec<_>>();
        assert_eq!(words(&got), words(step));
        assert!(got.ends_with(".\n"));
        // An indented sentence keeps its indent on every line.
        let hint =
            "  The crown on row 2, column 3 is wrong: with it there, the queen on row 2, column 3 rules out the rest.";
        let got = wrap_prose(hint, 30);
        assert!(got.lines().all(|l| l.starts_with("  ") && !l.starts_with("   ") && l.chars().count() <= 30), "{got}");
        assert_eq!(words(&got), words(hint));
    }

    #[test]
    fn boards_short_lines_and_coloured_lines_are_kept_whole() {
        let board = "  (A) B  B  E  G  F  H  D  D  A  B  B  E  G  F  H  D  D\n  Q · · · · · · · · · · · · · · · · ·\n";
        assert_eq!(wrap_prose(board, 20), board);
        let short = "  Next: --reveal reason shows why.\n";
        assert_eq!(wrap_prose(short, 80), short);
        let coloured = "\x1b[48;2;1;2;3;30m the quick brown fox jumps over the lazy dog again and again \x1b[0m\n";
        assert_eq!(wrap_prose(coloured, 20), coloured);
        // A word longer than the width stands on a line of its own, whole.
        let long = "  averyveryverylongword and then some more words here";
        assert!(wrap_prose(long, 12).lines().any(|l| l.trim() == "averyveryverylongword"));
    }
}
