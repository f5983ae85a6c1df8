//! Each deduction said in one plain sentence, in the words players use: cells as
//! "row 3, column 5" (1-based), regions by colour when the picture gave colours.

use super::board::{Board, CellState, Geometry, Unit};
use super::techniques::{Detail, Found};
use crate::puzzle::region_letter;

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
    pub fn colours_and_letters(colour_names: &[&str]) -> Self {
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
fn list(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}

/// "rows 2, 3 and 5" / "the purple and blue regions" for a set of units of one kind.
pub(crate) fn units(names: &Names, us: &[Unit]) -> String {
    if let [one] = us {
        // One unit reads as itself: "region H", not "regions H".
        return names.unit(*one);
    }
    match us.first() {
        Some(Unit::Row(_)) => {
            let nums: Vec<String> =
                us.iter().filter_map(|u| if let Unit::Row(r) = u { Some((r + 1).to_string()) } else { None }).collect();
            format!("rows {}", list(&nums))
        }
        Some(Unit::Col(_)) => {
            let nums: Vec<String> =
                us.iter().filter_map(|u| if let Unit::Col(c) = u { Some((c + 1).to_string()) } else { None }).collect();
            format!("columns {}", list(&nums))
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
fn full_stop(s: String) -> String {
    if s.ends_with('?') || s.ends_with('.') {
        s
    } else {
        s + "."
    }
}

/// How a case split with one way left says so: "one of them breaks a rule" (of
/// two), else "all but one break a rule".
fn all_but_one(ways: usize) -> &'static str {
    if ways == 2 {
        "one of them breaks a rule"
    } else {
        "all but one break a rule"
    }
}

/// A count as people write it: 1,001.
fn thousands(n: usize) -> String {
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

/// How a case split of technique 12 begins: said to be the last resort it is.
fn last_resort(deep: bool) -> &'static str {
    if deep {
        "last resort: "
    } else {
        ""
    }
}

/// How a case split of technique 12 followed its ways through: what-ifs inside too.
fn with_what_ifs(deep: bool) -> &'static str {
    if deep {
        ", with what-ifs inside each one"
    } else {
        ""
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

/// The word for the pieces: queen(s), or star(s) when K > 1.
fn piece(g: &Geometry, plural: bool) -> &'static str {
    match (g.k > 1, plural) {
        (false, false) => "queen",
        (false, true) => "queens",
        (true, false) => "star",
        (true, true) => "stars",
    }
}

/// One plain sentence for `found`.
pub fn describe(g: &Geometry, names: &Names, found: &Found) -> String {
    let decided: Vec<String> = found.decided.iter().map(|&(i, _)| cell(g, i)).collect();
    let one = piece(g, false);
    let text = match &found.detail {
        Detail::Reach { queen, full } => {
            let mut parts = vec!["the cells touching it".to_string()];
            for u in full {
                parts.push(match u {
                    Unit::Row(_) => "the rest of its row".to_string(),
                    Unit::Col(_) => "the rest of its column".to_string(),
                    Unit::Region(g) => format!("the rest of {}", names.region(*g)),
                });
            }
            parts.rotate_left(1);
            format!("the {one} on {} rules out {}", cell(g, *queen), list(&parts))
        }
        Detail::LastCell { unit } => {
            if decided.len() == 1 && g.k == 1 {
                format!("{} has one cell left for its queen: {}", names.unit(*unit), decided[0])
            } else {
                format!(
                    "{} needs {} more {} and has exactly that many cells left: {}",
                    names.unit(*unit),
                    decided.len(),
                    piece(g, decided.len() > 1),
                    list(&decided)
                )
            }
        }
        Detail::OneLine { inside, line } => {
            let (a, b) = (names.unit(*inside), names.unit(*line));
            let theirs = if g.k == 1 { format!("{one} is") } else { format!("{} are", piece(g, true)) };
            format!("every cell left in {a} is in {b}, so {a}'s {theirs} {b}'s and the rest of {b} is empty")
        }
        Detail::Fill { inside, lines } => {
            let (a, b) = (units(names, inside), units(names, lines));
            format!(
                "the cells left in {a} all lie in {b}, so those {} {}' {} are theirs and the other cells of {b} are empty",
                lines.len(),
                kind_word(lines[0], true),
                piece(g, true),
            )
        }
        Detail::Blocked { unit } => {
            let what = if g.k == 1 {
                "with no cell left".to_string()
            } else {
                format!("too few cells for its {} {}", g.k, piece(g, true))
            };
            if decided.len() == 1 {
                format!("a {one} on {} would leave {} {what}, so that cell is empty", decided[0], names.unit(*unit))
            } else {
                format!(
                    "a {one} on any of {} would leave {} {what}, so those cells are empty",
                    list(&decided),
                    names.unit(*unit)
                )
            }
        }
        Detail::Tiling { .. } | Detail::Squeeze { .. } | Detail::Counting { .. } => {
            format!("{}, so {}", count_argument(g, names, &found.detail), outcome(g, &found.decided))
        }
        Detail::Pressured { units: us } => {
            let those = if decided.len() == 1 { "that cell is" } else { "those cells are" };
            format!(
                "a {one} on {} would leave {} too little room: the cells left would fit in fewer blocks of 2×2 cells than the {} still needed, so {those} empty",
                list(&decided),
                units(names, us),
                piece(g, true)
            )
        }
        Detail::Cases { unit, ways, broken, deep } if broken + 1 == *ways => format!(
            "{}the {} left in {} can go only {} ways, and {} when followed through{}: {}",
            last_resort(*deep),
            piece(g, true),
            names.unit(*unit),
            thousands(*ways),
            all_but_one(*ways),
            with_what_ifs(*deep),
            outcome(g, &found.decided)
        ),
        Detail::Cases { unit, ways, broken, deep } => format!(
            "{}the {} left in {} can go only {} ways; {} of them break a rule when followed through{}, and in every other one {}",
            last_resort(*deep),
            piece(g, true),
            names.unit(*unit),
            thousands(*ways),
            thousands(*broken),
            with_what_ifs(*deep),
            outcome(g, &found.decided)
        ),
        Detail::WhatIf { cell: c, runs_out, depth } => {
            if *depth == 0 {
                format!(
                    "what if {} held a {one}? Following it through leaves {} with no room for its {}, so that cell is empty",
                    cell(g, *c),
                    names.unit(*runs_out),
                    piece(g, g.k > 1)
                )
            } else {
                format!(
                    "last resort: if {} held a {one}, then even after trying what-ifs inside that case {} would run out of room, so that cell is empty",
                    cell(g, *c),
                    names.unit(*runs_out)
                )
            }
        }
    };
    full_stop(sentence(text))
}

/// Where to look, without any conclusion: the first of a step's three reveals. It
/// names the units (and, for a queen's reach, the queen) the argument uses, never a
/// cell the step decides.
pub fn nudge(g: &Geometry, names: &Names, found: &Found) -> String {
    let text = match &found.detail {
        Detail::Reach { queen, .. } => format!("look at the {} on {}", piece(g, false), cell(g, *queen)),
        Detail::LastCell { unit } => format!("look at {}", names.unit(*unit)),
        Detail::Blocked { unit } => {
            format!("look at {}: where could its {} still go?", names.unit(*unit), piece(g, g.k > 1))
        }
        Detail::OneLine { inside, line } => format!("look at {} and {}", names.unit(*inside), names.unit(*line)),
        Detail::Fill { inside, lines } => format!("look at {}, and {}", units(names, inside), units(names, lines)),
        Detail::WhatIf { runs_out, .. } => {
            format!(
                "look at {}, and the cells near it: could each of them hold a {}?",
                names.unit(*runs_out),
                piece(g, false)
            )
        }
        Detail::Tiling { unit, .. } => {
            format!("look at {} and how its cells left fit in 2×2 blocks", names.unit(*unit))
        }
        Detail::Squeeze { lines, .. } => format!("look at {} together, and 2×2 blocks along them", units(names, lines)),
        Detail::Counting { lines, regions, .. } => {
            format!("look at {}, and {}", units(names, lines), units(names, regions))
        }
        Detail::Pressured { units: us } => {
            format!("look at {} and how much room it keeps", units(names, us))
        }
        Detail::Cases { unit, .. } => {
            format!("look at {}: its {} can go only a few ways", names.unit(*unit), piece(g, true))
        }
    };
    full_stop(sentence(text))
}

/// The argument, still without the decided cells: the second reveal.
pub fn reason(g: &Geometry, names: &Names, found: &Found) -> String {
    let one = piece(g, false);
    let many = piece(g, true);
    let count = found.decided.len();
    let text = match &found.detail {
        Detail::Reach { .. } => {
            format!("a {one} rules out the cells touching it, and the rest of every row, column and region it fills")
        }
        Detail::LastCell { unit } => {
            if count == 1 && g.k == 1 {
                format!("{} has only one cell left that can hold its queen", names.unit(*unit))
            } else {
                format!("{} has exactly as many cells left as the {many} it still needs", names.unit(*unit))
            }
        }
        Detail::OneLine { inside, line } => {
            let (a, b) = (names.unit(*inside), names.unit(*line));
            let theirs = if g.k == 1 { format!("{one} is") } else { format!("{many} are") };
            format!("every cell left in {a} is in {b}, so {a}'s {theirs} {b}'s: no other cell of {b} can hold a {one}")
        }
        Detail::Fill { inside, lines } => {
            let (a, b) = (units(names, inside), units(names, lines));
            let all = if inside.len() == 2 { "both" } else { "all" };
            format!(
                "the cells left in {a} {all} lie in {b}, so those {} {}' {many} are theirs: no other cell of {b} can hold one",
                lines.len(),
                kind_word(lines[0], true),
            )
        }
        Detail::Blocked { unit } => {
            let u = names.unit(*unit);
            if g.k == 1 {
                format!(
                    "a {one} on some cells would rule out every cell left in {u} (by touching them or sharing their row, column or region), leaving {u} no room for its {one}"
                )
            } else {
                format!("a {one} on some cells would rule out so much of {u} that it could not fit its {} {many}", g.k)
            }
        }
        Detail::Tiling { .. } | Detail::Squeeze { .. } | Detail::Counting { .. } => {
            let rest = if matches!(&found.detail, Detail::Counting { blocks, .. } if blocks.is_empty()) {
                "so no other cell there can hold one".to_string()
            } else {
                format!("a block of 2×2 cells holds one {one} at most, so each block holds exactly one: its other cells, and cells touching all of its cells left, are empty")
            };
            format!("{}; {rest}", count_argument(g, names, &found.detail))
        }
        Detail::Pressured { units: us } => format!(
            "a {one} on some cells would leave {} with cells left that fit in fewer blocks of 2×2 cells than the {many} still needed",
            units(names, us)
        ),
        Detail::Cases { unit, ways, broken, deep } if broken + 1 == *ways => format!(
            "try each of the {} ways the {many} left in {} can go and follow the easier steps through{}: {}",
            thousands(*ways),
            names.unit(*unit),
            with_what_ifs(*deep),
            all_but_one(*ways)
        ),
        Detail::Cases { unit, ways, broken, deep } => format!(
            "try each of the {} ways the {many} left in {} can go and follow the easier steps through{}: {} break a rule, and some cells come out the same in all the others",
            thousands(*ways),
            names.unit(*unit),
            with_what_ifs(*deep),
            thousands(*broken)
        ),
        Detail::WhatIf { runs_out, depth, .. } => {
            let u = names.unit(*runs_out);
            if *depth == 0 {
                format!("try a {one} on a cell near {u} and follow the easy steps: {u} runs out of room, so that cell is empty")
            } else {
                format!("try a {one} on a cell near {u}; even with what-ifs inside that case, {u} runs out of room")
            }
        }
    };
    full_stop(sentence(text))
}

/// The end of a step that places queens: what their reach rules out, by unit, and
/// how many cells that is (`count`). `after` is the board with the queens placed
/// and nothing ruled out yet.
pub fn reach_of_placed(g: &Geometry, names: &Names, after: &Board, placed: &[usize], count: usize) -> String {
    let touching = placed.iter().any(|&q| g.neighbours[q].iter().any(|&j| after.cells[j] == CellState::Unknown));
    let mut full: Vec<Unit> = Vec::new();
    for &q in placed {
        for &u in &g.cell_units[q] {
            let t = g.tally(after, u);
            if t.queens >= g.k && t.unknown > 0 && !full.contains(&g.unit(u)) {
                full.push(g.unit(u));
            }
        }
    }
    full.sort_unstable();
    let (who, them) = match (placed.len(), g.k) {
        (1, 1) => ("that queen rules".to_string(), "it"),
        (1, _) => ("that star rules".to_string(), "it"),
        (_, _) => (format!("those {} rule", piece(g, true)), "them"),
    };
    let cells = if count == 1 { "1 cell".to_string() } else { format!("{count} cells") };
    let mut parts = Vec::new();
    if !full.is_empty() {
        parts.push(format!("the rest of {}", list(&full.iter().map(|&u| names.unit(u)).collect::<Vec<_>>())));
    }
    if touching {
        parts.push(format!("the cells around {them}"));
    }
    let text = if parts.is_empty() {
        format!("{who} out {cells}")
    } else {
        format!("{who} out {cells}: {}", parts.join(", and "))
    };
    full_stop(sentence(text))
}

/// The end of a step's reason when it places queens, naming no cell or unit (the
/// units its queens fill would point at the cell).
pub fn reach_reason(g: &Geometry, placed: usize) -> String {
    match (placed, g.k) {
        (1, 1) => "The queen there rules out the rest of its row, column and region, and the cells around it.".into(),
        _ => format!(
            "The {} there rule out the cells around them, and the rest of every row, column and region they fill.",
            piece(g, true)
        ),
    }
}

/// "row 2, column 3 holds a star and row 4, column 5 is empty" for decided cells.
fn outcome(g: &Geometry, decided: &[(usize, CellState)]) -> String {
    let of = |s: CellState| decided.iter().filter(|d| d.1 == s).map(|&(i, _)| cell(g, i)).collect::<Vec<_>>();
    let (stars, empty) = (of(CellState::Queen), of(CellState::Empty));
    let verb = |v: &[String], one: &str, many: &str| if v.len() == 1 { one.to_string() } else { many.to_string() };
    let mut parts = Vec::new();
    if !stars.is_empty() {
        parts.push(format!("{} {} a {}", list(&stars), verb(&stars, "holds", "each hold"), piece(g, false)));
    }
    if !empty.is_empty() {
        parts.push(format!("{} {} empty", list(&empty), verb(&empty, "is", "are")));
    }
    parts.join(" and ")
}

/// The counting argument of a 2×2, squeeze or counting step, without what it decides.
fn count_argument(g: &Geometry, names: &Names, detail: &Detail) -> String {
    let many = piece(g, true);
    let fit = |m: usize| {
        if m == 1 {
            "fit in one block of 2×2 cells".to_string()
        } else {
            format!("fit in just {m} blocks of 2×2 cells")
        }
    };
    match detail {
        Detail::Tiling { unit, blocks } => {
            format!(
                "{} needs {} more {} and its cells left {}",
                names.unit(*unit),
                blocks.len(),
                piece(g, blocks.len() > 1),
                fit(blocks.len())
            )
        }
        Detail::Squeeze { lines, blocks } => format!(
            "{} need {} more {} together and their cells left {}",
            units(names, lines),
            blocks.len(),
            piece(g, blocks.len() > 1),
            fit(blocks.len())
        ),
        Detail::Counting { lines, regions, over, blocks } => {
            let (l, r) = (units(names, lines), units(names, regions));
            let (lk, rk) = (lines.len() * g.k, regions.len() * g.k);
            let lines_word = kind_word(lines[0], lines.len() > 1);
            let regions_word = if regions.len() > 1 { "regions" } else { "region" };
            let head = if *over {
                format!(
                    "every cell left in {l} is in {r}: {} {regions_word} hold {rk} {many} and {} {lines_word} take {lk} of them, so the cells of {r} outside {l} hold the other {}",
                    regions.len(),
                    lines.len(),
                    rk - lk
                )
            } else {
                format!(
                    "{r} {} inside {l}: {} {lines_word} hold {lk} {many} and {} {regions_word} take {rk} of them, so the other cells of {l} hold the other {}",
                    if regions.len() > 1 { "lie" } else { "lies" },
                    lines.len(),
                    regions.len(),
                    lk - rk
                )
            };
            if blocks.is_empty() {
                format!("{head}, and those are all placed")
            } else {
                format!("{head}; the cells left there {}, one per {} still needed", fit(blocks.len()), piece(g, false))
            }
        }
        _ => String::new(),
    }
}

fn kind_word(u: Unit, plural: bool) -> &'static str {
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
    use super::thousands;

    #[test]
    fn counts_are_grouped_by_thousands() {
        let cases = [(0, "0"), (7, "7"), (999, "999"), (1_000, "1,000"), (1_001, "1,001"), (1_234_567, "1,234,567")];
        for (n, text) in cases {
            assert_eq!(thousands(n), text);
        }
    }
}
