//! Following a board through: applying the techniques until nothing changes
//! ([`propagate`]), as a case of a case split or a what-if does, and failed-queen
//! probing ([`probe`]), which tries a star on every cell and follows each through
//! (what-ifs nest, so the two call each other).

use super::budget::Budget;
use super::memo::{merge, Merged, Tried};
use crate::solve::logic::board::{Board, CellState, Changes, Geometry, Unit};
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
///
/// `quiet` is a board that `b` extends on which every case sweep decided
/// nothing (a board `propagate` left, as a case split's next star starts from):
/// each sweep then weighs only what the cells decided since touch
/// ([`Family::case_decided_since`]), and so does each sweep after a round in
/// which it decided nothing. It changes what a round costs, never what it decides.
///
/// [`Family::case_decided_since`]: crate::solve::logic::family::Family::case_decided_since
pub(crate) fn propagate(
    g: &Geometry,
    b: &mut Board,
    depth: usize,
    follow: Technique,
    budget: &mut Budget,
    quiet: Option<&Board>,
) -> Result<Option<()>, Unit> {
    propagate_tried(g, b, depth, follow, budget, quiet, &mut Tried::default())
}

/// [`propagate`], its what-ifs (with `depth` above 0) beginning from what
/// `tried` knows of them (what-ifs on a board `b` extends) and adding to it.
pub(crate) fn propagate_tried(
    g: &Geometry,
    b: &mut Board,
    depth: usize,
    follow: Technique,
    budget: &mut Budget,
    quiet: Option<&Board>,
    tried: &mut Tried,
) -> Result<Option<()>, Unit> {
    let mut out = Vec::new();
    // Per case sweep, the last board on which it decided nothing.
    let mut quiet: Vec<Option<Board>> = vec![quiet.cloned(); case_sweeps().len()];
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
            match case_sweep(g, b, &mut quiet) {
                Some(Ok(())) => continue,
                Some(Err(u)) => return Err(u),
                None => {}
            }
        } else if let Some(f) = cheapest_from(g, b, Technique::LastCell, follow) {
            apply(b, &f);
            continue;
        }
        if depth > 0 {
            // Every case sweep just decided nothing on `b`.
            let settled = (follow >= FOLLOW_CASE).then(|| b.clone());
            if probe(g, b, depth - 1, follow, budget, settled.as_ref(), tried)? > 0 {
                continue;
            }
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
/// and `None` when none of the techniques decides anything. `quiet` holds, per
/// technique, a board `b` extends on which it decided nothing, and is kept so.
fn case_sweep(g: &Geometry, b: &mut Board, quiet: &mut [Option<Board>]) -> Option<Result<(), Unit>> {
    let mut found = None;
    for (f, was) in case_sweeps().iter().zip(quiet.iter_mut()) {
        let decided = match was {
            // Nothing changed since it decided nothing.
            Some(was) if was.cells == b.cells => continue,
            Some(was) => f.case_decided_since(g, b, &Changes::between(g, was, b)),
            None => f.case_decided(g, b),
        };
        if !decided.is_empty() {
            found = Some(decided);
            break;
        }
        *was = Some(b.clone());
    }
    let mut decided = found?;
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
/// in one sweep over the board (no words); each cell emptied is followed through
/// on `b` (techniques 1 to `follow`) before the next what-if, which then starts
/// from more. The presolve's sweeps (techniques 1–5), and the what-ifs inside a
/// case. Returns how many cells it emptied, or the unit left without room when
/// `b` itself breaks a rule; stops early when the budget runs out. `quiet` is as
/// for [`propagate`]: a board `b` extends on which every case sweep decided
/// nothing. Each what-if begins from where `tried` says the star led on a board
/// `b` extends ([`Tried`]), and what it leads to now is kept there.
pub(crate) fn probe(
    g: &Geometry,
    b: &mut Board,
    depth: usize,
    follow: Technique,
    budget: &mut Budget,
    quiet: Option<&Board>,
    tried: &mut Tried,
) -> Result<usize, Unit> {
    let mut emptied = 0;
    let mut settled = None;
    for c in 0..g.n * g.n {
        if b.cells[c] != CellState::Unknown {
            continue;
        }
        let quiet = settled.as_ref().or(quiet);
        let mut trial = b.clone();
        trial.cells[c] = CellState::Queen;
        // What the star led to on a board `b` extends.
        let was = tried.take(c);
        let held = match was.as_ref().map(|was| merge(&mut trial, was)) {
            Some(Merged::Clash) => Err(()),
            // The board it led to, which `propagate` left: following it
            // again would change nothing. The round is paid all the same.
            Some(Merged::Same) => Ok(budget.spend().then_some(())),
            // Every case sweep decided nothing on the board it led to.
            Some(Merged::Grown) => {
                let was = was.as_ref().filter(|_| follow >= FOLLOW_CASE);
                propagate(g, &mut trial, depth, follow, budget, was).map_err(drop)
            }
            None => propagate(g, &mut trial, depth, follow, budget, quiet).map_err(drop),
        };
        match held {
            Err(()) => {
                b.cells[c] = CellState::Empty;
                emptied += 1;
                if propagate(g, b, 0, follow, budget, quiet)?.is_none() {
                    break;
                }
                // Every case sweep decided nothing on `b` now.
                settled = (follow >= FOLLOW_CASE).then(|| b.clone());
            }
            Ok(None) => break,
            Ok(Some(())) => tried.keep(c, trial),
        }
    }
    Ok(emptied)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::logic::testing::{generated_14x14, xorshift};

    /// A board extends a board on which a case sweep decided nothing: the sweep
    /// then weighs only what changed ([`Family::case_decided_since`]) and must
    /// decide exactly what it decides weighing everything. Checked per technique
    /// on boards that `propagate` left along the solution of a generated 14×14
    /// 3★ board and a 17×17 4★ one, each extended at random (a star and the
    /// cells it rules out, as a case split's next star, and some empty cells),
    /// and for `propagate` as a whole (now and then with what-ifs inside), with
    /// the earlier board and without.
    ///
    /// [`Family::case_decided_since`]: crate::solve::logic::family::Family::case_decided_since
    #[test]
    fn a_sweep_since_a_quiet_board_decides_what_weighing_everything_decides() {
        let big = crate::puzzle::text::parse(include_str!("../../../../tests/data/starbattle/17x17-4star-1.txt"));
        let boards = [(generated_14x14().0, 3), (big.expect("a map"), 4)];
        let mut next = xorshift(0x2545_F491_4F6C_DD1D);
        let (mut compared, mut probed, mut deciding) = (0, 0, vec![0; case_sweeps().len()]);
        for (regions, k) in boards {
            let g = Geometry::new(&regions, k);
            let deadline = crate::puzzle::deadline::Deadline::after(std::time::Duration::from_secs(60));
            let solution = crate::solve::sat::solve(&regions, k, deadline).expect("solved");
            let mut b = Board::new(g.n);
            let budget = || Budget::new(&g, u64::MAX / 2);
            loop {
                assert_eq!(propagate(&g, &mut b, 0, FOLLOW_CASE, &mut budget(), None), Ok(Some(())));
                for f in case_sweeps() {
                    assert!(f.case_decided(&g, &b).is_empty(), "{} decides on a board propagate left", f.id());
                }
                // What the what-ifs on `b` led to, for those on the boards that extend it.
                let mut tried = Tried::default();
                probe(&g, &mut b.clone(), 0, FOLLOW_CASE, &mut budget(), Some(&b), &mut tried).expect("b holds");
                for _ in 0..40 {
                    let mut later = b.clone();
                    let unknown: Vec<usize> = (0..g.n * g.n).filter(|&i| b.cells[i] == CellState::Unknown).collect();
                    if unknown.is_empty() {
                        break;
                    }
                    if next().is_multiple_of(2) {
                        let star = unknown[next() as usize % unknown.len()];
                        let mut reach = Vec::new();
                        g.reach(&later, star, &mut reach);
                        later.cells[star] = CellState::Queen;
                        reach.iter().for_each(|&j| later.cells[j] = CellState::Empty);
                    }
                    for _ in 0..next() % 16 {
                        let i = unknown[next() as usize % unknown.len()];
                        if later.cells[i] == CellState::Unknown {
                            later.cells[i] = CellState::Empty;
                        }
                    }
                    if later == b || g.contradiction(&later).is_some() {
                        continue;
                    }
                    for (t, f) in case_sweeps().iter().enumerate() {
                        let all = f.case_decided(&g, &later);
                        assert_eq!(
                            f.case_decided_since(&g, &later, &Changes::between(&g, &b, &later)),
                            all,
                            "{}",
                            f.id()
                        );
                        deciding[t] += usize::from(!all.is_empty());
                    }
                    // With what-ifs inside (which probe from the board each round
                    // settles on) now and then: they cost a propagation a cell.
                    let depth = usize::from(compared % 32 == 0);
                    let (mut with, mut without) = (later.clone(), later.clone());
                    let quiet = propagate(&g, &mut with, depth, FOLLOW_CASE, &mut budget(), Some(&b));
                    assert_eq!(quiet, propagate(&g, &mut without, depth, FOLLOW_CASE, &mut budget(), None));
                    assert_eq!(with, without);
                    // What-ifs that begin where they led on `b` empty what they
                    // would afresh.
                    if compared % 4 == 0 {
                        let (mut with, mut without) = (later.clone(), later.clone());
                        let emptied = probe(&g, &mut with, 0, FOLLOW_CASE, &mut budget(), None, &mut tried.clone());
                        assert_eq!(
                            emptied,
                            probe(&g, &mut without, 0, FOLLOW_CASE, &mut budget(), None, &mut Tried::default())
                        );
                        assert_eq!(with, without);
                        probed += usize::from(matches!(emptied, Ok(1..) | Err(_)));
                    }
                    compared += 1;
                }
                // One more star of the solution, or the solution itself.
                let Some(star) = solution.cells().iter().map(|&c| g.at(c)).find(|&i| b.cells[i] == CellState::Unknown)
                else {
                    break;
                };
                b.cells[star] = CellState::Queen;
            }
        }
        eprintln!("{compared} boards compared, what-ifs emptied cells or broke a rule on {probed}; boards each sweep decided on: {deciding:?}");
        assert!(compared > 300, "too few boards compared: {compared}");
        assert!(probed >= 10, "what-ifs emptied cells or broke a rule on only {probed} boards");
        // The sweeps that weigh only what changed (the others weigh everything again).
        let weighing_changes = [Technique::Tiling, Technique::Squeeze, Technique::Counting, Technique::Pressured];
        for (f, &d) in case_sweeps().iter().zip(&deciding) {
            let needed = if weighing_changes.contains(&f.technique()) { 100 } else { 0 };
            assert!(d >= needed, "{} decided on only {d} boards: the comparison does not exercise it", f.id());
        }
    }
}
