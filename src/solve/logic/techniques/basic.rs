//! Techniques 1 and 2, the ones every player starts with: a queen's reach (a queen
//! rules out the cells touching it and the rest of every unit it fills) and the
//! last cell (a unit with exactly as many cells left as queens it still needs).
//! Also the words for the reach of queens a step of another family places, which
//! comes with that step instead of as a step of its own.

use crate::solve::logic::board::{Board, CellState, Geometry, Unit};
use crate::solve::logic::family::{Cost, Family, Work};
use crate::solve::logic::step::{empties, Detail, Found, Grade, Reveals, Technique};
use crate::solve::logic::words::{cell, few_cells, full_stop, list, piece, sentence, still, Names};

/// Technique 1, the queen's reach.
pub(crate) struct Reach;

impl Family for Reach {
    fn technique(&self) -> Technique {
        Technique::Reach
    }

    fn id(&self) -> &'static str {
        "queen-reach"
    }

    fn name(&self) -> &'static str {
        "queen's reach"
    }

    fn grade(&self) -> Grade {
        Grade::Easy
    }

    fn cost(&self) -> Cost {
        Cost::Cheap { case_rank: None }
    }

    fn find(&self, g: &Geometry, b: &Board, _: Option<&mut Work<'_>>) -> Option<Found> {
        reach(g, b)
    }

    fn every(&self, g: &Geometry, b: &Board) -> Vec<Found> {
        reaches(g, b).collect()
    }

    fn say(&self, g: &Geometry, names: &Names, found: &Found) -> Option<Reveals> {
        let Detail::Reach { queen, full } = &found.detail else { return None };
        Some(say_reach(g, names, *queen, full))
    }
}

/// Technique 2, the last cell.
pub(crate) struct LastCell;

impl Family for LastCell {
    fn technique(&self) -> Technique {
        Technique::LastCell
    }

    fn id(&self) -> &'static str {
        "last-cell"
    }

    fn name(&self) -> &'static str {
        "last cell"
    }

    fn grade(&self) -> Grade {
        Grade::Easy
    }

    fn cost(&self) -> Cost {
        Cost::Cheap { case_rank: Some(1) }
    }

    fn find(&self, g: &Geometry, b: &Board, _: Option<&mut Work<'_>>) -> Option<Found> {
        last_cell(g, b)
    }

    fn every(&self, g: &Geometry, b: &Board) -> Vec<Found> {
        last_cells(g, b).collect()
    }

    fn say(&self, g: &Geometry, names: &Names, found: &Found) -> Option<Reveals> {
        let Detail::LastCell { unit } = &found.detail else { return None };
        Some(say_last_cell(g, names, *unit, &found.decided))
    }
}

/// 1. A queen whose reach still has unknown cells.
pub(crate) fn reach(g: &Geometry, b: &Board) -> Option<Found> {
    reaches(g, b).next()
}

/// Every [`reach`] step of `b`, one per queen whose reach has unknown cells, in
/// row-major order of the queens.
pub(crate) fn reaches<'a>(g: &'a Geometry, b: &'a Board) -> impl Iterator<Item = Found> + 'a {
    let mut out = Vec::new();
    let queens = g.queen_counts(b);
    b.queens().filter_map(move |q| {
        g.reach_of_queen(b, q, &queens, &mut out);
        if out.is_empty() {
            return None;
        }
        out.sort_unstable();
        let full = g.cell_units[q].iter().filter(|&&u| queens[u] >= g.k).map(|&u| g.unit(u)).collect();
        Some(Found {
            technique: Technique::Reach,
            decided: empties(out.iter().copied()),
            detail: Detail::Reach { queen: q, full },
        })
    })
}

/// 2. A unit whose unknown cells are exactly the queens it still needs.
pub(crate) fn last_cell(g: &Geometry, b: &Board) -> Option<Found> {
    last_cells(g, b).next()
}

/// Every [`last_cell`] step of `b`, in scan order.
pub(crate) fn last_cells<'a>(g: &'a Geometry, b: &'a Board) -> impl Iterator<Item = Found> + 'a {
    g.scan_order().filter_map(move |u| {
        let t = g.tally(b, u);
        (t.unknown > 0 && t.queens + t.unknown == g.k).then(|| Found {
            technique: Technique::LastCell,
            decided: g.units[u]
                .iter()
                .filter(|&&i| b.cells[i] == CellState::Unknown)
                .map(|&i| (i, CellState::Queen))
                .collect(),
            detail: Detail::LastCell { unit: g.unit(u) },
        })
    })
}

/// The words of a [`reach`] step: the queen on `queen` rules out the decided cells,
/// and the rest of the units in `full`.
pub(crate) fn say_reach(g: &Geometry, names: &Names, queen: usize, full: &[Unit]) -> Reveals {
    let one = piece(g, false);
    let mut parts = vec!["the cells touching it".to_string()];
    for u in full {
        parts.push(match u {
            Unit::Row(_) => "the rest of its row".to_string(),
            Unit::Col(_) => "the rest of its column".to_string(),
            Unit::Region(g) => format!("the rest of {}", names.region(*g)),
        });
    }
    parts.rotate_left(1);
    Reveals {
        nudge: format!("look at the {one} on {}", cell(g, queen)),
        reason: format!(
            "a {one} rules out the cells touching it, and the rest of every row, column and region it fills"
        ),
        text: format!("the {one} on {} rules out {}", cell(g, queen), list(&parts)),
    }
}

/// The words of a [`last_cell`] step: `unit` needs exactly its cells left, `decided`.
pub(crate) fn say_last_cell(g: &Geometry, names: &Names, unit: Unit, decided: &[(usize, CellState)]) -> Reveals {
    let cells: Vec<usize> = decided.iter().map(|&(i, _)| i).collect();
    let one_queen = cells.len() == 1 && g.k == 1;
    Reveals {
        nudge: format!("look at {}", names.unit(unit)),
        reason: if one_queen {
            format!("{} has only one cell left that can hold its queen", names.unit(unit))
        } else {
            format!("{} has exactly as many cells left as the {} it still needs", names.unit(unit), piece(g, true))
        },
        text: if one_queen {
            format!("{} has one cell left for its queen: {}", names.unit(unit), cell(g, cells[0]))
        } else {
            format!(
                "{} needs {} {} and has exactly that many cells left: {}",
                names.unit(unit),
                cells.len(),
                still(g, cells.len(), g.k),
                few_cells(g, &cells)
            )
        },
    }
}

/// The end of a step that places queens: what their reach rules out, by unit, and
/// how many cells that is (`ruled`, the cells). `after` is the board with the queens placed
/// and nothing ruled out yet.
pub(crate) fn reach_of_placed(g: &Geometry, names: &Names, after: &Board, placed: &[usize], ruled: &[usize]) -> String {
    let count = ruled.len();
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
    if let [one] = ruled {
        // One cell: named, rather than as "the cells around" or "the rest of" a unit.
        return full_stop(sentence(format!("{who} out one more cell, {}", cell(g, *one))));
    }
    let cells = format!("{count} cells");
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
        // A comma before "and" only after a list of units, which has an "and" of its own.
        format!("{who} out {cells}: {}", parts.join(if full.len() > 1 { ", and " } else { " and " }))
    };
    full_stop(sentence(text))
}

/// The end of a step's reason when it places queens, naming no cell or unit (the
/// units its queens fill would point at the cell).
pub(crate) fn reach_reason(g: &Geometry, placed: usize) -> String {
    match (placed, g.k) {
        (1, 1) => "The queen there rules out the rest of its row, column and region, and the cells around it.".into(),
        _ => format!(
            "The {} there rule out the cells around them, and the rest of every row, column and region they fill.",
            piece(g, true)
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::{LastCell, Reach};
    use crate::solve::logic::family::Family;
    use crate::solve::logic::testing::{cells, drawn, words};

    const MAP: &str = "AABBB\nAABCC\nDDBCC\nDEECC\nDEEEE\n";

    #[test]
    fn a_queen_rules_out_its_row_column_full_region_and_touching_cells() {
        let (g, b) = drawn(&format!("{MAP}\nQ....\n.....\n.....\n.....\n.....\n"), 1);
        let found = Reach.find(&g, &b, None).expect("the queen's reach");
        let out = [(0, 1), (0, 2), (0, 3), (0, 4), (1, 0), (1, 1), (2, 0), (3, 0), (4, 0)];
        assert_eq!(cells(&g, &found.decided), out.map(|(r, c)| (r, c, false)));
        let said = words(&Reach, &g, &found);
        assert_eq!(
            said.text,
            "The queen on row 1, column 1 rules out the rest of its row, the rest of its column, the rest of region A and the cells touching it."
        );
        assert_eq!(said.nudge, "Look at the queen on row 1, column 1.");
    }

    #[test]
    fn a_row_with_one_cell_left_holds_its_queen_there() {
        let (g, b) = drawn(&format!("{MAP}\n.....\n.....\nxxx.x\n.....\n.....\n"), 1);
        let found = LastCell.find(&g, &b, None).expect("a last cell");
        assert_eq!(cells(&g, &found.decided), [(2, 3, true)]);
        let said = words(&LastCell, &g, &found);
        assert_eq!(said.text, "Row 3 has one cell left for its queen: row 3, column 4.");
        assert_eq!(said.nudge, "Look at row 3.");
        assert!(!said.reason.contains("column 4"), "the reason names no decided cell: {}", said.reason);
    }
}
