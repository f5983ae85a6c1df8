//! Technique 5, the blocked unit: a queen on a cell would rule out so much of some
//! other unit that it could no longer hold its queens, so the cell is empty.

use crate::solve::logic::board::{Board, CellState, Geometry, Unit};
use crate::solve::logic::family::{Cost, Family, Work};
use crate::solve::logic::step::{empties, Decided, Detail, Found, Grade, Reveals, Technique};
use crate::solve::logic::words::{cell, cells_phrase, piece, Names};

/// Technique 5, the blocked unit.
pub(crate) struct Blocked;

impl Family for Blocked {
    fn technique(&self) -> Technique {
        Technique::Blocked
    }

    fn id(&self) -> &'static str {
        "blocked"
    }

    fn name(&self) -> &'static str {
        "blocked unit"
    }

    fn grade(&self) -> Grade {
        Grade::Hard
    }

    fn cost(&self) -> Cost {
        Cost::Cheap { case_rank: Some(5) }
    }

    fn find(&self, g: &Geometry, b: &Board, _: Option<&mut Work<'_>>) -> Option<Found> {
        blocked(g, b)
    }

    fn every(&self, g: &Geometry, b: &Board) -> Vec<Found> {
        blocked_units(g, b)
    }

    fn case_decided(&self, g: &Geometry, b: &Board) -> Decided {
        empties(blocked_all(g, b))
    }

    fn say(&self, g: &Geometry, names: &Names, found: &Found) -> Option<Reveals> {
        let Detail::Blocked { unit } = &found.detail else { return None };
        Some(say_blocked(g, names, *unit, &found.decided))
    }
}

/// Technique 5: cells whose queen would leave some unit without room for its
/// queens. Returns all such cells for the first unit (in scan order) that any cell blocks.
///
/// A queen on `c` takes room only from the units of the cells it rules out, so
/// each cell costs its reach (about 3N cells), not a pass over every unit: the
/// sweep grows with N³ rather than N⁴, which matters at 40×40.
pub(crate) fn blocked(g: &Geometry, b: &Board) -> Option<Found> {
    let mut best: Option<(usize, Vec<usize>)> = None; // (position in `units`, cells)
    let units = blocked_scan(g, b, |c, p| match &mut best {
        Some((bp, cells)) if *bp == p => cells.push(c),
        Some((bp, _)) if *bp < p => {}
        _ => best = Some((p, vec![c])),
    });
    best.map(|(p, cells)| Found {
        technique: Technique::Blocked,
        decided: empties(cells),
        detail: Detail::Blocked { unit: g.unit(units[p]) },
    })
}

/// Every [`blocked`] step of `b`: for each unit (in scan order) that a queen
/// would leave without room, the cells whose queen does that first to it.
pub(crate) fn blocked_units(g: &Geometry, b: &Board) -> Vec<Found> {
    let mut by_unit: std::collections::BTreeMap<usize, Vec<usize>> = std::collections::BTreeMap::new();
    let units = blocked_scan(g, b, |c, p| by_unit.entry(p).or_default().push(c));
    by_unit
        .into_iter()
        .map(|(p, cells)| Found {
            technique: Technique::Blocked,
            decided: empties(cells),
            detail: Detail::Blocked { unit: g.unit(units[p]) },
        })
        .collect()
}

/// Every cell [`blocked`] would rule out for any unit, in one sweep: what a case
/// followed through needs (no words, so no one unit to name).
pub(crate) fn blocked_all(g: &Geometry, b: &Board) -> Vec<usize> {
    let mut out = Vec::new();
    blocked_scan(g, b, |c, _| out.push(c));
    out
}

/// The sweep behind [`blocked`]: `visit(c, p)` for every unknown cell `c`, in
/// row-major order, whose queen leaves some unit without room, with `p` the first
/// such unit's position among the open units in scan order, which it returns.
fn blocked_scan(g: &Geometry, b: &Board, mut visit: impl FnMut(usize, usize)) -> Vec<usize> {
    let units: Vec<usize> =
        g.scan_order().filter(|&u| g.units[u].iter().any(|&i| b.cells[i] == CellState::Unknown)).collect();
    // Where each open unit comes in scan order (closed units are never reported).
    let mut pos = vec![usize::MAX; g.units.len()];
    for (p, &u) in units.iter().enumerate() {
        pos[u] = p;
    }
    // What each unit can still hold: its queens and its unknown cells.
    let room: Vec<usize> = (0..g.units.len()).map(|u| g.tally(b, u)).map(|t| t.queens + t.unknown).collect();
    // Open units already short of room (callers rule that out first; kept so the
    // answer does not depend on it), in scan order.
    let short: Vec<usize> = units.iter().copied().filter(|&u| room[u] < g.k).collect();
    let mut lost = vec![0usize; g.units.len()];
    let mut touched = Vec::new();
    let mut reach = Vec::new();
    let queens = g.queen_counts(b);
    // A queen that fills none of its units up to K rules out only the cells it
    // touches: at most 3 of a row or column, 8 of a region. A unit with more
    // room to spare than that cannot be left short by it, and a cell none of
    // whose touching cells lies in a unit with less is not tried.
    let at_risk: Vec<bool> = (0..g.units.len()).map(|u| room[u] < g.k + if u < 2 * g.n { 3 } else { 8 }).collect();
    let near_risk =
        |c: usize| std::iter::once(&c).chain(&g.neighbours[c]).any(|&j| g.cell_units[j].iter().any(|&u| at_risk[u]));
    for c in 0..g.n * g.n {
        if b.cells[c] != CellState::Unknown {
            continue;
        }
        let fills = g.cell_units[c].iter().any(|&u| queens[u] + 1 >= g.k);
        if short.is_empty() && !fills && !near_risk(c) {
            continue;
        }
        g.reach_of_unknown(b, c, &queens, &mut reach);
        for &j in reach.iter().chain([c].iter()) {
            for &u in &g.cell_units[j] {
                if lost[u] == 0 {
                    touched.push(u);
                }
                lost[u] += 1;
            }
        }
        let own = &g.cell_units[c];
        let first = touched
            .iter()
            .copied()
            .filter(|&u| !own.contains(&u) && room[u] - lost[u] < g.k)
            .chain(short.iter().copied().filter(|u| !own.contains(u)).take(1))
            .map(|u| pos[u])
            .min();
        for &u in &touched {
            lost[u] = 0;
        }
        touched.clear();
        if let Some(p) = first {
            visit(c, p);
        }
    }
    units
}

/// The words of a [`blocked`] step: a queen on any decided cell leaves `unit` short.
pub(crate) fn say_blocked(g: &Geometry, names: &Names, unit: Unit, decided: &[(usize, CellState)]) -> Reveals {
    let cells: Vec<usize> = decided.iter().map(|&(i, _)| i).collect();
    let (one, many, u) = (piece(g, false), piece(g, true), names.unit(unit));
    let what = if g.k == 1 { "with no cell left".to_string() } else { format!("too few cells for its {} {many}", g.k) };
    Reveals {
        nudge: format!("look at {u}: where could its {} still go?", piece(g, g.k > 1)),
        reason: if g.k == 1 {
            format!(
                "a {one} on {} would rule out every cell left in {u} (by touching them or sharing their row, column or region), leaving {u} no room for its {one}",
                some_cells(cells.len())
            )
        } else {
            format!(
                "a {one} on {} would rule out so much of {u} that it could not fit its {} {many}",
                some_cells(cells.len()),
                g.k
            )
        },
        text: if cells.len() == 1 {
            format!("a {one} on {} would leave {u} {what}, so that cell is empty", cell(g, cells[0]))
        } else {
            format!(
                "a {one} on any of {} would leave {u} {what}, so those cells are empty",
                cells_phrase(g, names, &cells)
            )
        },
    }
}

/// How many cells a reason talks about, naming none: "one cell", "any of 3 cells".
fn some_cells(n: usize) -> String {
    if n == 1 {
        "one cell".to_string()
    } else {
        format!("any of {n} cells")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::logic::testing::{xorshift, MAPS};

    /// The plain sweep over every unit for every cell, the oracle of [`blocked`].
    fn blocked_by_every_unit(g: &Geometry, b: &Board) -> Option<Found> {
        let n2 = g.n * g.n;
        let units: Vec<usize> =
            g.scan_order().filter(|&u| g.units[u].iter().any(|&i| b.cells[i] == CellState::Unknown)).collect();
        let mut best: Option<(usize, Vec<usize>)> = None; // (position in `units`, cells)
        let mut gone = vec![false; n2];
        let mut reach = Vec::new();
        for c in 0..n2 {
            if b.cells[c] != CellState::Unknown {
                continue;
            }
            g.reach(b, c, &mut reach);
            for &j in &reach {
                gone[j] = true;
            }
            gone[c] = true;
            let limit = best.as_ref().map_or(units.len(), |(p, _)| *p + 1);
            for (p, &u) in units.iter().enumerate().take(limit) {
                if g.cell_units[c].contains(&u) {
                    continue;
                }
                let mut queens = 0;
                let mut room = 0;
                for &i in &g.units[u] {
                    match b.cells[i] {
                        CellState::Queen => queens += 1,
                        CellState::Unknown if !gone[i] => room += 1,
                        _ => {}
                    }
                }
                if queens + room < g.k {
                    match &mut best {
                        Some((bp, cells)) if *bp == p => cells.push(c),
                        _ => best = Some((p, vec![c])),
                    }
                    break;
                }
            }
            for &j in &reach {
                gone[j] = false;
            }
            gone[c] = false;
        }
        best.map(|(p, cells)| Found {
            technique: Technique::Blocked,
            decided: empties(cells),
            detail: Detail::Blocked { unit: g.unit(units[p]) },
        })
    }

    /// Every cell whose queen, with the cells it rules out emptied, leaves some
    /// other unit that has an unknown cell too few cells: the oracle of [`blocked_all`].
    fn blocked_cells_by_every_unit(g: &Geometry, b: &Board) -> Vec<usize> {
        let open = |u: usize| g.units[u].iter().any(|&i| b.cells[i] == CellState::Unknown);
        let mut reach = Vec::new();
        (0..g.n * g.n)
            .filter(|&c| b.cells[c] == CellState::Unknown)
            .filter(|&c| {
                g.reach(b, c, &mut reach);
                let mut trial = b.clone();
                trial.cells[c] = CellState::Queen;
                reach.iter().for_each(|&j| trial.cells[j] = CellState::Empty);
                (0..g.units.len()).filter(|u| !g.cell_units[c].contains(u) && open(*u)).any(|u| {
                    let t = g.tally(&trial, u);
                    t.queens + t.unknown < g.k
                })
            })
            .collect()
    }

    #[test]
    fn blocked_finds_what_a_sweep_over_every_unit_finds() {
        let mut next = xorshift(0x9E37_79B9_7F4A_7C15);
        let (mut found, mut all) = (0, 0);
        for map in MAPS {
            let regions = crate::puzzle::text::parse(map).unwrap();
            for k in [1, 2, 3] {
                let g = Geometry::new(&regions, k);
                for _ in 0..400 {
                    // Fewer queens as K grows, so that some units are short of
                    // filling up and a queen rules out only what it touches.
                    let mut b = Board::new(g.n);
                    for i in 0..g.n * g.n {
                        b.cells[i] = match next() % (10 * k as u64) {
                            0 => CellState::Queen,
                            1..=4 => CellState::Empty,
                            _ => CellState::Unknown,
                        };
                    }
                    let want = blocked_by_every_unit(&g, &b);
                    found += usize::from(want.is_some());
                    assert_eq!(blocked(&g, &b), want, "{map} k={k} {:?}", b.cells);
                    let every = blocked_cells_by_every_unit(&g, &b);
                    all += every.len();
                    assert_eq!(blocked_all(&g, &b), every, "{map} k={k} {:?}", b.cells);
                }
            }
        }
        assert!(found > 100 && all > 1000, "the boards exercise the technique ({found} finds, {all} cells)");
    }
}
