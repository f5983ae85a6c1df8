//! Repair toward uniqueness: while other solutions than the planted one exist, a
//! cell that holds a star in most of them (and none of ours) moves to a
//! neighbouring region, which breaks them and keeps ours.
//!
//! Which cells may leave their region ([`may_shrink`]) is decided here for the
//! repair and for the steering moves alike, so both keep the game's spread of
//! small regions.

use std::time::Instant;

use super::rng::Rng;
use super::spec::{solve_options, Spec};
use super::{count, layout};
use crate::error::{Error, Result};
use crate::solve;

/// Other solutions listed per round of the repair loop.
const LIST: usize = 64;
/// Search nodes the listing may use per round before the exact solver is asked instead.
const LIST_NODES: usize = 200_000;
/// The same for K ≥ 2, where the SAT engine answers in milliseconds while a
/// listing that runs out (on 14×14 3★ boards, often) costs far more.
const LIST_NODES_STARS: usize = 5_000;

/// Repairs `label` until `stars` is its only solution. `Some(nodes)` gives the
/// search nodes of the last listing (its whole budget when the exact solver
/// answered instead); `None` when no move can break the other solutions (the
/// caller tries another layout).
///
/// Each round lists other solutions ([`count::solutions`]) and moves the cell
/// that holds a star in the most of them (and none of ours) to a neighbouring
/// region: each of those solutions then has a region with a star too few, and
/// ours is untouched. Should the listing run out of nodes, the exact solver's
/// second solution is used instead.
pub(super) fn make_unique(
    spec: &Spec,
    label: &mut [usize],
    stars: &[usize],
    rng: &mut Rng,
    deadline: Instant,
) -> Result<Option<usize>> {
    let (n, k) = (spec.n, spec.stars);
    let ours: Vec<bool> = (0..n * n).map(|i| stars.contains(&i)).collect();
    for _ in 0..n * n * k {
        let budget = if k == 1 { LIST_NODES } else { LIST_NODES_STARS };
        let mut nodes = budget;
        let others: Vec<Vec<usize>> = match count::search(n, k, label, LIST + 1, budget) {
            Some((all, used)) => {
                nodes = used;
                all.into_iter().filter(|s| s != stars).collect()
            }
            None => match solve::solve(&layout::regions(n, label), &solve_options(spec, deadline)?) {
                Ok(_) => Vec::new(),
                Err(Error::SeveralSolutions { first, second }) => {
                    let other = if first == layout::placement(n, stars) { second } else { first };
                    vec![other.cells().iter().map(|c| c.row * n + c.col).collect()]
                }
                Err(Error::NoSolution) => return Ok(None),
                Err(e) => return Err(e),
            },
        };
        if others.is_empty() {
            return Ok(Some(nodes));
        }
        solve_options(spec, deadline)?;
        let mut hits = vec![0usize; n * n];
        for &i in others.iter().flatten() {
            hits[i] += usize::from(!ours[i]);
        }
        let mut cells: Vec<usize> = (0..n * n).filter(|&i| hits[i] > 0).collect();
        rng.shuffle(&mut cells);
        cells.sort_by_key(|&i| std::cmp::Reverse(hits[i]));
        let Some((cell, to)) = cells.iter().find_map(|&i| {
            if !may_shrink(k, label, i, rng) {
                return None;
            }
            let to = layout::moves_of(n, label, i);
            (!to.is_empty()).then(|| (i, to[rng.below(to.len())]))
        }) else {
            return Ok(None);
        };
        label[cell] = to;
    }
    Ok(None)
}

/// True when cell `i` may leave its region. A region of more than K + 2 cells
/// always lets a cell go; one of K + 2 only one time in [`SHRINK_TO_TWO`], and one
/// of K + 1 one time in [`SHRINK_TO_ONE`]: the repair and the steering would
/// otherwise whittle many regions down to their stars, three times the game's
/// share of 1-cell regions, and such regions are easy starts.
pub(super) fn may_shrink(k: usize, label: &[usize], i: usize, rng: &mut Rng) -> bool {
    let size = label.iter().filter(|&&l| l == label[i]).count();
    match size.saturating_sub(k) {
        0 => false,
        1 => rng.below(SHRINK_TO_ONE) == 0,
        2 => rng.below(SHRINK_TO_TWO) == 0,
        _ => true,
    }
}

/// One time in how many a region of K + 2 cells may lose one ([`may_shrink`]).
const SHRINK_TO_TWO: usize = 16;
/// One time in how many a region of K + 1 cells may lose one ([`may_shrink`]).
const SHRINK_TO_ONE: usize = 3;
