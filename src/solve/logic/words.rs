//! The words every step's sentences are made of, in the words players use: cells
//! as "row 3, column 5" (1-based), regions by colour when the picture gave
//! colours, lists as "a, b and c". Each family of techniques writes its own
//! sentences from these (`techniques/`, `trials/`); [`super::sentences`] turns
//! them into a step's three reveals.

use super::board::{CellState, Geometry, Unit};
use crate::puzzle::region_letter;

/// A count as people write it, 1,001: the commas error messages use too.
pub(crate) use crate::error::thousands;

/// How to call each region: colour names from a picture, else letters.
#[derive(Debug, Clone)]
pub struct Names {
    regions: Vec<String>,
}

impl Names {
    /// Regions called by letter ("region A").
    pub fn letters(count: usize) -> Self {
        Names { regions: (0..count).map(|g| format!("region {}", region_letter(g))).collect() }
    }

    /// Regions called by colour ("the purple region"). Names used by two regions get
    /// the letter too ("the green region (B)"), so every name points at one region.
    pub fn colours(colour_names: &[&str]) -> Self {
        Self::coloured(colour_names, false)
    }

    /// Regions called by colour and letter ("the purple region (C)"), for players who
    /// read the letters drawn on the board (`--letters`) rather than the colours.
    pub(crate) fn colours_and_letters(colour_names: &[&str]) -> Self {
        Self::coloured(colour_names, true)
    }

    fn coloured(colour_names: &[&str], letters: bool) -> Self {
        let regions = colour_names
            .iter()
            .enumerate()
            .map(|(g, name)| {
                if letters || colour_names.iter().filter(|other| *other == name).count() > 1 {
                    format!("the {name} region ({})", region_letter(g))
                } else {
                    format!("the {name} region")
                }
            })
            .collect();
        Names { regions }
    }

    /// The name of region `g`, as it reads inside a sentence.
    pub fn region(&self, g: usize) -> String {
        self.regions.get(g).cloned().unwrap_or_else(|| format!("region {}", region_letter(g)))
    }

    /// The name of unit `u` inside a sentence: "row 3", "column 5", a region's name.
    pub(crate) fn unit(&self, u: Unit) -> String {
        match u {
            Unit::Row(r) => format!("row {}", r + 1),
            Unit::Col(c) => format!("column {}", c + 1),
            Unit::Region(g) => self.region(g),
        }
    }
}

/// "row 3, column 5" for cell index `i`.
pub(crate) fn cell(g: &Geometry, i: usize) -> String {
    g.cell(i).name()
}

/// "a, b and c".
pub(crate) fn list(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}

/// "2, 3 and 5" for line numbers, or "8 to 13" for three or more in a row.
fn line_numbers(nums: &[usize]) -> String {
    match nums {
        [first, .., last] if nums.len() >= 3 && nums.windows(2).all(|w| w[1] == w[0] + 1) => {
            format!("{first} to {last}")
        }
        _ => list(&nums.iter().map(|x| x.to_string()).collect::<Vec<_>>()),
    }
}

/// Lines numbered from 1, one a line ("1. …\n2. …"): a chain of steps as `why`
/// and a mistake's proof set it out, which the terminal indents, the picture's
/// banner hangs and the page lists.
pub(crate) fn numbered<'a>(lines: impl IntoIterator<Item = &'a str>) -> String {
    let lines: Vec<String> = lines.into_iter().enumerate().map(|(k, line)| format!("{}. {line}", k + 1)).collect();
    lines.join("\n")
}

/// "rows 2, 3 and 5" / "rows 8 to 13" / "the purple and blue regions" for a set of
/// units of one kind.
pub(crate) fn units(names: &Names, us: &[Unit]) -> String {
    if let [one] = us {
        // One unit reads as itself: "region H", not "regions H".
        return names.unit(*one);
    }
    match us.first() {
        Some(Unit::Row(_)) => {
            let nums: Vec<usize> =
                us.iter().filter_map(|u| if let Unit::Row(r) = u { Some(r + 1) } else { None }).collect();
            format!("rows {}", line_numbers(&nums))
        }
        Some(Unit::Col(_)) => {
            let nums: Vec<usize> =
                us.iter().filter_map(|u| if let Unit::Col(c) = u { Some(c + 1) } else { None }).collect();
            format!("columns {}", line_numbers(&nums))
        }
        _ => {
            // "the purple and blue regions" / "regions A and B".
            let all: Vec<String> = us.iter().map(|&u| names.unit(u)).collect();
            if all.iter().all(|n| n.starts_with("region ")) {
                let letters: Vec<String> = all.iter().map(|n| n.trim_start_matches("region ").to_string()).collect();
                format!("regions {}", list(&letters))
            } else if all.iter().all(|n| n.starts_with("the ") && n.ends_with(" region")) {
                let colours: Vec<String> =
                    all.iter().map(|n| n.trim_start_matches("the ").trim_end_matches(" region").to_string()).collect();
                format!("the {} regions", list(&colours))
            } else {
                list(&all)
            }
        }
    }
}

/// Ends `s` with a full stop, unless it ends with a question mark (a nudge may ask one).
pub(crate) fn full_stop(s: String) -> String {
    if s.ends_with('?') || s.ends_with('.') {
        s
    } else {
        s + "."
    }
}

/// Upper-cases the first letter.
pub(crate) fn sentence(s: String) -> String {
    let mut chars = s.chars();
    match chars.next() {
        Some(f) => f.to_uppercase().collect::<String>() + chars.as_str(),
        None => s,
    }
}

/// `s` with its first letter in lower case, to continue a sentence.
pub(crate) fn lower_first(s: &str) -> String {
    let mut chars = s.chars();
    match chars.next() {
        Some(f) => f.to_lowercase().collect::<String>() + chars.as_str(),
        None => String::new(),
    }
}

/// "stars" for `need` of a unit's `total`, or "more stars" once some are placed:
/// "needs 2 stars" of an empty region, "needs 1 more star" beside a placed one.
pub(crate) fn still(g: &Geometry, need: usize, total: usize) -> String {
    let more = if need < total { "more " } else { "" };
    format!("{more}{}", piece(g, need > 1))
}

/// The word for the pieces: queen(s), or star(s) when K > 1.
pub(crate) fn piece(g: &Geometry, plural: bool) -> &'static str {
    match (g.k > 1, plural) {
        (false, false) => "queen",
        (false, true) => "queens",
        (true, false) => "star",
        (true, true) => "stars",
    }
}

/// Cells as a sentence names them: up to four by name ("row 1, column 2 and
/// row 3, column 4"); more by where they lie ("14 cells of row 1", "9 cells in
/// rows 2 and 3"), which the picture shows, rather than a list no one reads.
pub(crate) fn cells_phrase(g: &Geometry, names: &Names, cells: &[usize]) -> String {
    if cells.len() <= 4 {
        return few_cells(g, cells);
    }
    let k = cells.len();
    for kind in [0, 1, 2] {
        let unit = g.cell_units[cells[0]][kind];
        if cells.iter().all(|&i| g.cell_units[i][kind] == unit) {
            return format!("{k} cells of {}", names.unit(g.unit(unit)));
        }
    }
    let mut rows: Vec<Unit> = cells.iter().map(|&i| Unit::Row(i / g.n)).collect();
    rows.dedup();
    format!("{k} cells in {}", units(names, &rows))
}

/// Up to four cells by name, those of one line together: "row 2, columns 3 and
/// 5", "rows 4 and 5 of column 3"; cells of several rows a row at a time, with
/// semicolons between rows past a pair ("row 1, column 2; row 3, columns 4 and
/// 6; and row 5, column 1"), since each name has a comma of its own and "row 1,
/// column 3, row 1, column 4 and …" reads as a riddle.
pub(crate) fn few_cells(g: &Geometry, cells: &[usize]) -> String {
    let n = g.n;
    let (rows, cols) = (|i: usize| i / n, |i: usize| i % n);
    let numbers = |v: Vec<usize>| list(&v.into_iter().map(|x| (x + 1).to_string()).collect::<Vec<_>>());
    match cells {
        [] => String::new(),
        [one] => cell(g, *one),
        [first, ..] if cells.iter().all(|&i| rows(i) == rows(*first)) => {
            format!("row {}, columns {}", rows(*first) + 1, numbers(cells.iter().map(|&i| cols(i)).collect()))
        }
        [first, ..] if cells.iter().all(|&i| cols(i) == cols(*first)) => {
            format!("rows {} of column {}", numbers(cells.iter().map(|&i| rows(i)).collect()), cols(*first) + 1)
        }
        _ => {
            let mut groups: Vec<Vec<usize>> = Vec::new();
            for &i in cells {
                match groups.iter_mut().find(|g| rows(g[0]) == rows(i)) {
                    Some(group) => group.push(i),
                    None => groups.push(vec![i]),
                }
            }
            let said: Vec<String> = groups.iter().map(|group| few_cells(g, group)).collect();
            // Two rows read as a pair when the first is a single cell ("row 1,
            // column 2 and row 3, columns 4 and 6"); past that, an "and" of a row
            // before the last, or a third row, asks for semicolons.
            match said.as_slice() {
                [a, b] if groups[0].len() == 1 => format!("{a} and {b}"),
                [init @ .., last] => format!("{}; and {last}", init.join("; ")),
                [] => String::new(),
            }
        }
    }
}

/// "row 2, column 3 holds a star and row 4, column 5 is empty" for decided cells.
pub(crate) fn outcome(g: &Geometry, names: &Names, decided: &[(usize, CellState)]) -> String {
    let of = |s: CellState| decided.iter().filter(|d| d.1 == s).map(|&(i, _)| i).collect::<Vec<_>>();
    let (stars, empty) = (of(CellState::Queen), of(CellState::Empty));
    let verb = |v: &[usize], one: &str, many: &str| if v.len() == 1 { one.to_string() } else { many.to_string() };
    let mut parts = Vec::new();
    if !stars.is_empty() {
        let phrase = cells_phrase(g, names, &stars);
        parts.push(format!("{phrase} {} a {}", verb(&stars, "holds", "each hold"), piece(g, false)));
    }
    if !empty.is_empty() {
        parts.push(format!("{} {} empty", cells_phrase(g, names, &empty), verb(&empty, "is", "are")));
    }
    // A list with an "and" of its own closes with a comma before the next part:
    // "row 2, column 3 holds a star, and rows 4 and 5 of column 1 are empty".
    let listed = parts.first().is_some_and(|p| p.contains(" and ") || p.contains(';'))
        || parts.get(1).is_some_and(|p| p.contains(" and ") || p.contains(';'));
    parts.join(if listed { ", and " } else { " and " })
}

/// "row" / "columns" / "region": the word for a unit's kind.
pub(crate) fn kind_word(u: Unit, plural: bool) -> &'static str {
    match (u, plural) {
        (Unit::Row(_), false) => "row",
        (Unit::Row(_), true) => "rows",
        (Unit::Col(_), false) => "column",
        (Unit::Col(_), true) => "columns",
        (Unit::Region(_), false) => "region",
        (Unit::Region(_), true) => "regions",
    }
}

#[cfg(test)]
mod tests {
    use super::{few_cells, still, thousands};
    use crate::solve::logic::testing::geometry;

    #[test]
    fn three_lines_or_more_in_a_row_are_a_range() {
        use super::line_numbers;
        assert_eq!(line_numbers(&[8, 9, 10, 11, 12, 13]), "8 to 13");
        assert_eq!(line_numbers(&[3, 4]), "3 and 4");
        assert_eq!(line_numbers(&[2, 3, 5]), "2, 3 and 5");
    }

    #[test]
    fn a_few_cells_are_said_a_line_at_a_time() {
        let g = geometry(10, 2);
        let at = |r: usize, c: usize| r * 10 + c;
        assert_eq!(few_cells(&g, &[at(0, 2)]), "row 1, column 3");
        assert_eq!(few_cells(&g, &[at(0, 2), at(0, 3), at(0, 7)]), "row 1, columns 3, 4 and 8");
        assert_eq!(few_cells(&g, &[at(3, 2), at(4, 2)]), "rows 4 and 5 of column 3");
        assert_eq!(few_cells(&g, &[at(0, 1), at(1, 0)]), "row 1, column 2 and row 2, column 1");
        assert_eq!(few_cells(&g, &[at(0, 1), at(0, 4), at(1, 0)]), "row 1, columns 2 and 5; and row 2, column 1");
        // The row's own "and" last: nothing to mistake it for.
        assert_eq!(few_cells(&g, &[at(9, 0), at(9, 9)]), "row 10, columns 1 and 10");
        assert_eq!(few_cells(&g, &[at(1, 0), at(2, 3), at(2, 5)]), "row 2, column 1 and row 3, columns 4 and 6");
        assert_eq!(
            few_cells(&g, &[at(0, 1), at(2, 3), at(2, 5), at(4, 0)]),
            "row 1, column 2; row 3, columns 4 and 6; and row 5, column 1"
        );
    }

    #[test]
    fn an_outcome_whose_list_has_its_own_and_closes_it_with_a_comma() {
        use super::outcome;
        use crate::solve::logic::board::CellState::{Empty, Queen};
        let g = geometry(11, 2);
        let names = crate::solve::logic::words::Names::letters(11);
        let at = |r: usize, c: usize| r * 11 + c;
        assert_eq!(
            outcome(&g, &names, &[(at(9, 9), Queen), (at(9, 10), Empty), (at(10, 9), Empty), (at(10, 10), Empty)]),
            "row 10, column 10 holds a star, and row 10, column 11 and row 11, columns 10 and 11 are empty"
        );
        assert_eq!(
            outcome(&g, &names, &[(at(0, 0), Queen), (at(5, 5), Empty)]),
            "row 1, column 1 holds a star and row 6, column 6 is empty"
        );
    }

    #[test]
    fn more_is_said_only_once_a_unit_has_some_of_its_pieces() {
        let stars = geometry(5, 2);
        assert_eq!(still(&stars, 2, 2), "stars", "nothing placed yet: not \"2 more\"");
        assert_eq!(still(&stars, 1, 2), "more star");
        assert_eq!(still(&stars, 3, 4), "more stars", "a pair of lines needs 2K");
        let queens = geometry(4, 1);
        assert_eq!(still(&queens, 1, 1), "queen");
    }

    #[test]
    fn counts_are_grouped_by_thousands() {
        let cases = [(0, "0"), (7, "7"), (999, "999"), (1_000, "1,000"), (1_001, "1,001"), (1_234_567, "1,234,567")];
        for (n, text) in cases {
            assert_eq!(thousands(n), text);
        }
    }
}
