//! Following a board through: applying the techniques until nothing changes
//! ([`propagate`]), as a case of a case split or a what-if does, and failed-queen
//! probing ([`probe`]), which tries a star on every cell and follows each through
//! (what-ifs nest, so the two call each other).

use super::budget::Budget;
use crate::solve::logic::board::{Board, CellState, Geometry, Unit};
use crate::solve::logic::step::{apply, Technique};
use crate::solve::logic::techniques::{case_sweeps, cheapest_from};

/// The hardest technique a case of a case split is followed through with: every
/// one of techniques 1–9, counting and pressured exclusion included: with only the
/// 2×2 bounds (up to the squeeze), some of the corpus's 14×14 3★ boards are left
/// unfinished without a what-if; with these, none is. What-ifs, tried
/// on many more cells, follow through with techniques 1–5 only. [`propagate`]
/// follows a case a technique at a time ([`case_sweep`]), not a step at a time.
pub(crate) const FOLLOW_CASE: Technique = Technique::Pressured;

/// Applies techniques 1 to `follow` (nested what-ifs to `depth`, which follow the
/// same techniques) until nothing changes. `Err(unit)` names a unit left without room; `Ok(None)` means the budget ran out.
///
/// Each round (one [`Budget`] unit) sweeps the new queens' reach, then takes one
/// step, as a path does, for a what-if (whose words name the unit it breaks); a
/// case followed through ([`FOLLOW_CASE`]) takes, in one round, everything the first
/// technique that decides anything decides ([`case_sweep`]). Both are sound; the
/// sweep now and then meets a broken rule that one step at a time passes by (the
/// decisions come in another order, and a 2×2 bound that finds a set broken is
/// not itself reported as one).
pub(crate) fn propagate(
    g: &Geometry,
    b: &mut Board,
    depth: usize,
    follow: Technique,
    budget: &mut Budget,
) -> Result<Option<()>, Unit> {
    let mut out = Vec::new();
    // The queens whose reach is swept. Cells only gain states here, so a swept
    // queen's touching cells stay empty, and a unit it shares that fills up later
    // fills with a new queen, whose own reach empties the rest: only new queens
    // need a sweep.
    let mut swept = vec![false; b.cells.len()];
    loop {
        if let Some(u) = g.contradiction(b) {
            return Err(u);
        }
        if !budget.spend() {
            return Ok(None);
        }
        // The cheap sweep first: every new queen's reach at once (the sweep only
        // empties cells, so the queens' counts hold through it).
        let mut changed = false;
        let mut counts = None;
        for (q, done) in swept.iter_mut().enumerate() {
            if b.cells[q] == CellState::Queen && !*done {
                *done = true;
                let counts = counts.get_or_insert_with(|| g.queen_counts(b));
                g.reach_of_queen(b, q, counts, &mut out);
                for &j in &out {
                    b.cells[j] = CellState::Empty;
                    changed = true;
                }
            }
        }
        if changed {
            continue;
        }
        // Every queen's reach is empty now, so the reach finder would find nothing.
        if follow >= FOLLOW_CASE {
            match case_sweep(g, b) {
                Some(Ok(())) => continue,
                Some(Err(u)) => return Err(u),
                None => {}
            }
        } else if let Some(f) = cheapest_from(g, b, Technique::LastCell, follow) {
            apply(b, &f);
            continue;
        }
        if depth > 0 && probe(g, b, depth - 1, follow, budget) > 0 {
            continue;
        }
        return Ok(Some(()));
    }
}

/// One round of a case followed through (techniques 2–9, [`FOLLOW_CASE`]): the
/// first technique, in the order of their case ranks (`techniques::case_sweeps`:
/// the cheapest sweeps first, which is not the order of levels), that decides
/// anything on `b` decides every cell it can there at once. A case needs no words,
/// so no one unit to name, and one deduction a round (as a step takes) would cost
/// a round a deduction. Each decision follows from `b`, so all of them together
/// do; `Some(Err(unit))` when two of them disagree on a cell (`unit`, its row),
/// and `None` when none of the techniques decides anything.
fn case_sweep(g: &Geometry, b: &mut Board) -> Option<Result<(), Unit>> {
    let mut decided = case_sweeps().iter().map(|f| f.case_decided(g, b)).find(|d| !d.is_empty())?;
    decided.sort_unstable();
    decided.dedup();
    if let Some(w) = decided.windows(2).find(|w| w[0].0 == w[1].0) {
        return Some(Err(g.unit(g.cell_units[w[0].0][0])));
    }
    decided.into_iter().for_each(|(i, s)| b.cells[i] = s);
    Some(Ok(()))
}

/// Failed-queen probing: every unknown cell whose queen leads, by techniques 1 to
/// `follow` (and nested what-ifs to `depth`), to a unit without room is made empty,
/// in one sweep over the board (no words, no restart after each find). The
/// presolve's sweeps (techniques 1–5), and the what-ifs inside a case. Returns how
/// many cells it emptied; stops early when the budget runs out.
pub(crate) fn probe(g: &Geometry, b: &mut Board, depth: usize, follow: Technique, budget: &mut Budget) -> usize {
    let mut emptied = 0;
    for c in 0..g.n * g.n {
        if b.cells[c] != CellState::Unknown {
            continue;
        }
        let mut trial = b.clone();
        trial.cells[c] = CellState::Queen;
        match propagate(g, &mut trial, depth, follow, budget) {
            Err(_) => {
                b.cells[c] = CellState::Empty;
                emptied += 1;
            }
            Ok(None) => break,
            Ok(Some(())) => {}
        }
    }
    emptied
}
