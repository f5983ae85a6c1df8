//! `--stars auto`: find the star count K from the board itself.
//!
//! A picture of a Star Battle board rarely says K. We try K = 1, 2, … up to the
//! most the board can hold, and keep the K whose puzzle has exactly one solution.
//! No such K: `no-solution`, or `several-solutions` for the smallest K that has
//! solutions. Two or more such K: [`Error::Stars`], never a guess.
//!
//! Most K are ruled out without the solver, by counting 2×2 blocks: two touching
//! stars always share a 2×2 block, so a block holds at most one star.
//! - Two adjacent rows cut into ⌈N/2⌉ blocks, and hold 2K stars: K ≤ ⌊⌈N/2⌉/2⌋
//!   ([`max_stars`]; tighter than the "K per row without touching" bound ⌈N/2⌉,
//!   and every K between the two has no solution anyway).
//! - A region that meets fewer than K blocks of some 2×2 tiling cannot hold K stars
//!   ([`blocked`]). On coloured Queens boards a small region rules out K = 2 at once,
//!   so a 1★ daily level costs one extra check, not a second solve.

use std::time::{Duration, Instant};

use crate::error::{Error, Result};
use crate::puzzle::{Placement, Regions};
use crate::solve::{solve, SolveOptions};

/// How the star count K is chosen.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Stars {
    /// Try every K the board can hold; keep the one with exactly one solution.
    #[default]
    Auto,
    /// This K, as the user (or the puzzle's URL) said.
    Fixed(usize),
}

/// The largest K an N×N board can hold: two adjacent rows hold 2K stars in
/// ⌈N/2⌉ blocks of 2×2, one star per block at most. (At least 1, so a 1×1 board
/// is still tried with one star.)
pub fn max_stars(n: usize) -> usize {
    (n.div_ceil(2) / 2).max(1)
}

/// True when some region provably cannot hold `k` non-touching stars: for one of
/// the four 2×2 tilings of the plane, it meets fewer than `k` tiles.
pub fn blocked(regions: &Regions, k: usize) -> bool {
    let members = regions.members();
    members.iter().any(|cells| {
        [(0, 0), (0, 1), (1, 0), (1, 1)].iter().any(|&(dr, dc)| {
            let mut tiles: Vec<(usize, usize)> = cells.iter().map(|c| ((c.row + dr) / 2, (c.col + dc) / 2)).collect();
            tiles.sort_unstable();
            tiles.dedup();
            tiles.len() < k
        })
    })
}

/// The verdict of one K.
#[derive(Debug)]
pub enum Verdict {
    /// Exactly one solution.
    Unique(Placement),
    /// At least two solutions (the first two found).
    Several(Placement, Placement),
    /// No solution.
    None,
}

/// Solves `regions` for every K the board can hold and picks K as the module docs
/// say. Returns the K the result is about (`None` for `no-solution` and the `stars`
/// refusal) and the result. `opts.stars` is ignored; `opts.time_limit` covers all K.
pub fn solve_auto(regions: &Regions, opts: &SolveOptions) -> (Option<usize>, Result<Placement>) {
    let deadline = Instant::now() + opts.time_limit;
    let mut verdicts = Vec::new();
    for k in 1..=max_stars(regions.n()) {
        if blocked(regions, k) {
            verdicts.push((k, Verdict::None));
            continue;
        }
        let left = deadline.saturating_duration_since(Instant::now()).max(Duration::from_millis(1));
        let verdict = match solve(regions, &SolveOptions { stars: k, time_limit: left }) {
            Ok(p) => Verdict::Unique(p),
            Err(Error::SeveralSolutions { first, second }) => Verdict::Several(first, second),
            Err(Error::NoSolution) => Verdict::None,
            // A K we could not settle might be the one: no verdict without it.
            Err(e) => return (Some(k), Err(e)),
        };
        verdicts.push((k, verdict));
    }
    decide(verdicts)
}

/// Picks K from the verdicts of K = 1, 2, … (in that order).
pub fn decide(verdicts: Vec<(usize, Verdict)>) -> (Option<usize>, Result<Placement>) {
    let unique: Vec<usize> =
        verdicts.iter().filter_map(|(k, v)| matches!(v, Verdict::Unique(_)).then_some(*k)).collect();
    if unique.len() > 1 {
        return (None, Err(Error::Stars { working: unique }));
    }
    let mut several = None;
    for (k, v) in verdicts {
        match v {
            Verdict::Unique(p) => return (Some(k), Ok(p)),
            Verdict::Several(first, second) if several.is_none() => {
                several = Some((k, Error::SeveralSolutions { first, second }))
            }
            _ => {}
        }
    }
    match several {
        Some((k, e)) => (Some(k), Err(e)),
        None => (None, Err(Error::NoSolution)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::Cell;

    fn p(cells: &[(usize, usize)]) -> Placement {
        Placement::new(cells.iter().map(|&(r, c)| Cell::new(r, c)).collect())
    }

    #[test]
    fn the_board_bounds_k() {
        let got: Vec<(usize, usize)> = [1, 4, 5, 8, 9, 10, 11, 14, 17].iter().map(|&n| (n, max_stars(n))).collect();
        assert_eq!(got, vec![(1, 1), (4, 1), (5, 1), (8, 2), (9, 2), (10, 2), (11, 3), (14, 3), (17, 4)]);
    }

    #[test]
    fn small_regions_block_larger_k() {
        // Region B is two cells side by side: one 2×2 tile in some tiling.
        let r = Regions::from_rows(&["AAAA", "ABBA", "AAAA", "AAAA"]).unwrap();
        assert!(!blocked(&r, 1));
        assert!(blocked(&r, 2));
        // A 1x3 strip meets two tiles in every tiling: room for two stars.
        let r = Regions::from_rows(&["BBBA", "AAAA", "AAAA", "AAAA"]).unwrap();
        assert!(!blocked(&r, 2));
        assert!(blocked(&r, 3));
    }

    #[test]
    fn one_unique_k_wins() {
        let (k, r) = decide(vec![
            (1, Verdict::None),
            (2, Verdict::Unique(p(&[(0, 0)]))),
            (3, Verdict::Several(p(&[(0, 1)]), p(&[(1, 1)]))),
        ]);
        assert_eq!((k, r.unwrap()), (Some(2), p(&[(0, 0)])));
    }

    #[test]
    fn two_unique_k_are_refused_never_guessed() {
        let (k, r) = decide(vec![(1, Verdict::Unique(p(&[(0, 0)]))), (2, Verdict::Unique(p(&[(1, 1)])))]);
        assert_eq!(k, None);
        match r {
            Err(e @ Error::Stars { .. }) => {
                assert_eq!(e.kind(), "stars");
                assert!(e.to_string().contains("1 and 2"), "{e}");
            }
            other => panic!("expected a stars refusal, got {other:?}"),
        }
    }

    #[test]
    fn no_unique_k_reports_the_smallest_k_with_solutions() {
        let (k, r) = decide(vec![
            (1, Verdict::None),
            (2, Verdict::Several(p(&[(0, 0)]), p(&[(0, 1)]))),
            (3, Verdict::Several(p(&[(1, 0)]), p(&[(1, 1)]))),
        ]);
        assert_eq!(k, Some(2));
        assert!(matches!(r, Err(Error::SeveralSolutions { first, .. }) if first == p(&[(0, 0)])));
        let (k, r) = decide(vec![(1, Verdict::None), (2, Verdict::None)]);
        assert_eq!(k, None);
        assert!(matches!(r, Err(Error::NoSolution)));
    }

    #[test]
    fn solves_a_queens_board_with_k_1_and_a_two_star_board_with_k_2() {
        let queens = crate::puzzle::text::parse(
            "111111111\n112333999\n122439999\n124437799\n124666779\n124467799\n122467899\n122555889\n112258899\n",
        )
        .unwrap();
        let (k, r) = solve_auto(&queens, &SolveOptions::default());
        assert_eq!(k, Some(1));
        assert_eq!(r.unwrap().cells().len(), 9);
        // A 9x9 2-star puzzle of the Star Battle corpus.
        let url = "https://puzz.link/p?starbattle/9/9/2/00baj7b962qp668u8tc9jkcucc4i30";
        let two = crate::puzzle::puzzlink::parse(url).unwrap();
        let (k, r) = solve_auto(&two.regions, &SolveOptions::default());
        assert_eq!(k, Some(2));
        crate::puzzle::check::check(&two.regions, 2, &r.unwrap()).unwrap();
    }
}
