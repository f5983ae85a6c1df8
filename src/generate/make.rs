//! One puzzle from one seed: place the stars, grow the regions, repair toward
//! uniqueness, steer toward the difficulty asked for, and verify the result from
//! scratch before it is returned ([`one`]); or only a unique board, not graded,
//! for tests and benches ([`unique`]).

use std::time::Instant;

use super::grading::{grading, Grading};
use super::layout;
use super::repair::{make_unique, may_shrink};
use super::rng::Rng;
use super::spec::{solve_options, Puzzle, Spec};
use crate::error::{Error, Result};
use crate::puzzle::partition::{self, Pieces};
use crate::puzzle::{Placement, Regions};
use crate::solve;
use crate::solve::logic::{self, Board, Engine, Names, Technique};

/// Layouts tried for one puzzle before giving up.
const LAYOUTS: usize = 400;
/// Cell moves tried on one layout while steering toward the grade.
const STEER_MOVES: usize = 8;
/// Search nodes of the repair's last proof ([`count::search`](super::count::search)),
/// beyond the board side, below which a board is not graded for a what-if target:
/// the unit rules alone nearly solve it, so the engine's cheap techniques almost
/// surely do.
const PROXY_NODES: usize = 3;

/// One puzzle from one seed: the same seed and spec give the same puzzle.
pub fn one(spec: &Spec, seed: u64) -> Result<Puzzle> {
    spec.check()?;
    let started = Instant::now();
    let deadline = started + spec.time_limit;
    let mut rng = Rng::new(seed);
    let (n, k) = (spec.n, spec.stars);
    for _ in 0..LAYOUTS {
        let Some(stars) = layout::place(n, k, &mut rng) else { continue };
        let Some(mut label) = layout::grow(n, k, &stars, &mut rng) else { continue };
        let planted = layout::placement(n, &stars);
        let Some(mut nodes) = make_unique(spec, &mut label, &stars, &mut rng, deadline)? else { continue };
        // Toward a what-if target, most boards are far too easy: the search's proof
        // size, which comes free with the repair, steers until it is large enough to
        // be worth the engine's path.
        let proxy = spec.target.levels().0 >= Technique::LineCases.level();
        let mut bar = n + PROXY_NODES;
        let graded = |label: &[usize], nodes: usize, bar: &mut usize| {
            if proxy && nodes < *bar {
                return Grading::too_easy();
            }
            // A board that is still too easy raises the bar: the next one graded
            // must take more nodes than this one.
            *bar = nodes + 1;
            grading(spec, label)
        };
        let mut level = graded(&label, nodes, &mut bar);
        for _ in 0..STEER_MOVES * n {
            if level.distance(spec.target).0 == 0 {
                if !proxy {
                    break;
                }
                // The cheap path stalled: the full path decides, and when it does not
                // give the grade asked for (it could not finish), steering goes on.
                if let Some(puzzle) = verify(spec, &label, &planted, seed, started, deadline)? {
                    return Ok(puzzle);
                }
                level = Grading::too_easy();
            }
            let mut moved = label.clone();
            let smallest;
            let grow: &[usize] = if level.level >= spec.target.levels().0 {
                &[]
            } else if level.starts.is_empty() {
                // Not graded: the smallest regions are the likeliest easy starts.
                smallest = layout::smallest(n, &moved, 2);
                &smallest
            } else {
                &level.starts
            };
            if !random_move(n, &mut moved, &stars, grow, &mut rng) {
                continue;
            }
            let Some(moved_nodes) = make_unique(spec, &mut moved, &stars, &mut rng, deadline)? else { continue };
            if proxy && moved_nodes < nodes {
                continue;
            }
            let l = graded(&moved, moved_nodes, &mut bar);
            if proxy || l.distance(spec.target) <= level.distance(spec.target) {
                label = moved;
                level = l;
                nodes = moved_nodes;
            }
        }
        if level.distance(spec.target).0 == 0 {
            if let Some(puzzle) = verify(spec, &label, &planted, seed, started, deadline)? {
                return Ok(puzzle);
            }
        }
    }
    Err(Error::Generate {
        reason: format!(
            "found no {n}x{n} {} puzzle with {} in {LAYOUTS} layouts (seed {seed}); try another grade or size",
            stars_words(k),
            spec.target.describe()
        ),
    })
}

/// A board with exactly one solution, not graded (the engine need not finish it):
/// test and bench data of any size, however hard. The spec's target is ignored.
/// Like [`one`], the same seed gives the same board, and uniqueness is proved by
/// the exact solver (the SAT engine for K ≥ 2) before it is returned.
pub fn unique(spec: &Spec, seed: u64) -> Result<(Regions, Placement)> {
    spec.check()?;
    let deadline = Instant::now() + spec.time_limit;
    let mut rng = Rng::new(seed);
    let (n, k) = (spec.n, spec.stars);
    for _ in 0..LAYOUTS {
        let Some(stars) = layout::place(n, k, &mut rng) else { continue };
        let Some(mut label) = layout::grow(n, k, &stars, &mut rng) else { continue };
        if make_unique(spec, &mut label, &stars, &mut rng, deadline)?.is_none() {
            continue;
        }
        let regions = layout::regions(n, &label);
        let planted = layout::placement(n, &stars);
        match solve::solve(&regions, &solve_options(spec, deadline)?) {
            Ok(p) if p == planted && partition::check(&regions, Pieces::Connected).is_ok() => {
                return Ok((regions, planted))
            }
            Ok(_) | Err(Error::SeveralSolutions { .. } | Error::NoSolution) => {}
            Err(e) => return Err(e),
        }
    }
    Err(Error::Generate {
        reason: format!("found no unique {n}x{n} {} board in {LAYOUTS} layouts (seed {seed})", stars_words(k)),
    })
}

/// "1-star" / "2-star", for messages.
fn stars_words(k: usize) -> String {
    format!("{k}-star")
}

/// Moves a cell without a planted star to a neighbouring region (keeping its own
/// in one piece); false when the cell picked cannot move. Toward a harder target
/// (`grow` not empty), half the moves give one of the `grow` regions (those the
/// easy path starts from, or the smallest when it was not graded) a cell of a
/// neighbour: the start gets less obvious.
fn random_move(n: usize, label: &mut [usize], stars: &[usize], grow: &[usize], rng: &mut Rng) -> bool {
    let k = stars.len() / n;
    if !grow.is_empty() && rng.below(2) == 0 {
        let g = grow[rng.below(grow.len())];
        let mut edge: Vec<usize> = (0..n * n)
            .filter(|&i| label[i] != g && !stars.contains(&i) && layout::neighbours(n, i).any(|j| label[j] == g))
            .collect();
        rng.shuffle(&mut edge);
        for i in edge {
            if may_shrink(k, label, i, rng) && !layout::moves_of(n, label, i).is_empty() {
                label[i] = g;
                return true;
            }
        }
        return false;
    }
    let i = rng.below(n * n);
    if stars.contains(&i) || !may_shrink(k, label, i, rng) {
        return false;
    }
    let to = layout::moves_of(n, label, i);
    if to.is_empty() {
        return false;
    }
    label[i] = to[rng.below(to.len())];
    true
}

/// The checks every puzzle passes before it is returned, from scratch: the
/// partition, uniqueness by the exact solver, and the engine's full path (as
/// `queens explain` runs it) solving it with the difficulty asked for.
fn verify(
    spec: &Spec,
    label: &[usize],
    planted: &Placement,
    seed: u64,
    started: Instant,
    deadline: Instant,
) -> Result<Option<Puzzle>> {
    let regions = layout::regions(spec.n, label);
    if partition::check(&regions, Pieces::Connected).is_err() {
        return Ok(None);
    }
    match solve::solve(&regions, &solve_options(spec, deadline)?) {
        Ok(p) if p == *planted => {}
        Ok(_) | Err(Error::SeveralSolutions { .. } | Error::NoSolution) => return Ok(None),
        Err(e) => return Err(e),
    }
    let engine = Engine::new(&regions, spec.stars, Names::letters(spec.n));
    let path = engine.explain(Board::new(spec.n));
    let difficulty = logic::difficulty(&path.steps);
    let agrees = path.board.queens().map(|i| engine.geometry().cell(i)).eq(planted.cells().iter().copied());
    if !(path.solved && agrees && spec.target.accepts(&difficulty)) {
        return Ok(None);
    }
    let ms = (started.elapsed().as_secs_f64() * 100_000.0).round() / 100.0;
    Ok(Some(Puzzle { regions, stars: spec.stars, solution: planted.clone(), difficulty, seed, ms }))
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::*;
    use crate::generate::spec::Target;
    use crate::solve::logic::Grade;
    use crate::solve::SolveOptions;

    fn spec(n: usize, stars: usize, target: Target) -> Spec {
        Spec { n, stars, target, time_limit: Duration::from_secs(60) }
    }

    #[test]
    fn a_puzzle_is_unique_graded_and_the_same_for_the_same_seed() {
        let s = spec(8, 1, Target::Grade(Grade::Medium));
        let p = one(&s, 42).unwrap();
        assert_eq!(p.difficulty.grade, Grade::Medium);
        assert_eq!(solve::solve(&p.regions, &SolveOptions::default()).unwrap(), p.solution);
        let again = one(&s, 42).unwrap();
        assert_eq!(again.regions, p.regions);
    }
}
