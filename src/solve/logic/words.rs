//! Each deduction said in one plain sentence, in the words players use: cells as
//! "row 3, column 5" (1-based), regions by colour when the picture gave colours.

use super::board::{Geometry, Unit};
use super::techniques::{Detail, Found};
use crate::puzzle::{region_letter, Cell};

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
        let regions = colour_names
            .iter()
            .enumerate()
            .map(|(g, name)| {
                if colour_names.iter().filter(|other| *other == name).count() > 1 {
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

    fn unit(&self, u: Unit) -> String {
        match u {
            Unit::Row(r) => format!("row {}", r + 1),
            Unit::Col(c) => format!("column {}", c + 1),
            Unit::Region(g) => self.region(g),
        }
    }
}

/// "row 3, column 5" for cell index `i`.
pub(crate) fn cell(g: &Geometry, i: usize) -> String {
    cell_name(g.cell(i))
}

/// "row 3, column 5" for `c`.
pub(crate) fn cell_name(c: Cell) -> String {
    format!("row {}, column {}", c.row + 1, c.col + 1)
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
fn units(names: &Names, us: &[Unit]) -> String {
    match us.first() {
        Some(Unit::Row(_)) if us.len() > 1 => {
            let nums: Vec<String> =
                us.iter().filter_map(|u| if let Unit::Row(r) = u { Some((r + 1).to_string()) } else { None }).collect();
            format!("rows {}", list(&nums))
        }
        Some(Unit::Col(_)) if us.len() > 1 => {
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
                "the cells left in {a} all lie in {b}: {} {} for {} {}, so {a} take all of their {} and the other cells of {b} are empty",
                inside.len(),
                kind_word(inside[0], true),
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
    sentence(text) + "."
}

/// Where to look, without any conclusion: the first of a step's three reveals. It
/// names the units (and, for a queen's reach, the queen) the argument uses, never a
/// cell the step decides.
pub fn nudge(g: &Geometry, names: &Names, found: &Found) -> String {
    let text = match &found.detail {
        Detail::Reach { queen, .. } => format!("look at the {} on {}", piece(g, false), cell(g, *queen)),
        Detail::LastCell { unit } | Detail::Blocked { unit } => format!("look at {}", names.unit(*unit)),
        Detail::OneLine { inside, line } => format!("look at {} and {}", names.unit(*inside), names.unit(*line)),
        Detail::Fill { inside, lines } => format!("look at {}, and {}", units(names, inside), units(names, lines)),
        Detail::WhatIf { runs_out, .. } => {
            format!(
                "look at {}, and at the cells whose {} would take its last room",
                names.unit(*runs_out),
                piece(g, false)
            )
        }
    };
    sentence(text) + "."
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
            format!("every cell left in {a} is in {b}, so {b}'s {theirs} {a}'s and nothing else in {b} can hold one")
        }
        Detail::Fill { inside, lines } => {
            let (a, b) = (units(names, inside), units(names, lines));
            format!(
                "the cells left in {a} all lie in {b}: {} {} for {} {}, so {b} have no {many} to spare for any other cell",
                inside.len(),
                kind_word(inside[0], true),
                lines.len(),
                kind_word(lines[0], true),
            )
        }
        Detail::Blocked { unit } => {
            let u = names.unit(*unit);
            if g.k == 1 {
                format!("some cells touch or share a line with every cell left in {u}: a {one} there would leave {u} with no cell")
            } else {
                format!("a {one} on some cells would rule out so much of {u} that it could not fit its {} {many}", g.k)
            }
        }
        Detail::WhatIf { runs_out, depth, .. } => {
            let u = names.unit(*runs_out);
            if *depth == 0 {
                format!("try a {one} on a cell near {u} and follow the easy steps: {u} runs out of room, so that cell is empty")
            } else {
                format!("try a {one} on a cell near {u}; even with what-ifs inside that case, {u} runs out of room")
            }
        }
    };
    sentence(text) + "."
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
