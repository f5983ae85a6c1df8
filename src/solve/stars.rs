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
//! - A region that meets fewer than K blocks of some 2×2 tiling (`solve::tiles`)
//!   cannot hold K stars ([`blocked`]). On coloured Queens boards a small region rules out K = 2 at once.
//! - Otherwise, for K ≥ 2, a bounded row-by-row search ([`search`], a few thousand
//!   nodes at most) proves that no placement exists, which on Queens boards it does in
//!   well under a millisecond, so a 1★ daily level costs no second solver run.
//!   Anything the search cannot settle, and every K that has placements, goes to
//!   the exact solver (HiGHS for K = 1, SAT for K ≥ 2, as for a fixed K), which
//!   finds the solutions and proves uniqueness.

use std::time::{Duration, Instant};

use crate::error::{Error, Result};
use crate::puzzle::{Placement, Regions};
use crate::solve::tiles::{tiles_met, TILINGS};
use crate::solve::{solve_by, Exact, SolveOptions};

/// How the star count K is chosen.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Stars {
    /// Try every K the board can hold; keep the one with exactly one solution.
    #[default]
    Auto,
    /// This K, as the user (or the puzzle's URL) said.
    Fixed(usize),
}

impl Stars {
    /// The K to use when the input may state its own (a link's K, a `# stars:`
    /// line): a fixed K first, then the stated one; `None` means find it.
    pub(crate) fn or_stated(self, stated: Option<usize>) -> Option<usize> {
        match self {
            Stars::Fixed(k) => Some(k),
            Stars::Auto => stated,
        }
    }
}

/// The largest K an N×N board can hold: two adjacent rows hold 2K stars in
/// ⌈N/2⌉ blocks of 2×2, one star per block at most. (At least 1, so a 1×1 board
/// is still tried with one star.)
pub fn max_stars(n: usize) -> usize {
    (n.div_ceil(2) / 2).max(1)
}

/// True when some region provably cannot hold `k` non-touching stars: for one of
/// the four 2×2 tilings of the plane ([`TILINGS`]), it meets fewer than `k` tiles.
pub fn blocked(regions: &Regions, k: usize) -> bool {
    let members = regions.members();
    members.iter().any(|cells| TILINGS.iter().any(|&t| tiles_met(cells.iter().map(|c| (c.row, c.col)), t) < k))
}

/// What a short exhaustive search says about one K.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Search {
    /// No placement of K stars per row, column and region exists.
    Empty,
    /// A placement exists (the solver still proves how many).
    Found,
    /// The search gave up (too many row patterns, or the node budget ran out).
    Unknown,
}

/// Row patterns tried at most: past this the search gives up at once.
const MAX_PATTERNS: usize = 4096;

/// A bounded row-by-row search (bitmasks) for any placement of `k` stars per row,
/// column and region, no two touching. It only ever saves the solver a run on a K
/// that has no solution: a [`Search::Found`] K still goes to the exact solver, which finds
/// and proves the answer. On Queens boards it settles K = 2 in a few hundred nodes.
pub fn search(regions: &Regions, k: usize, budget: usize) -> Search {
    let n = regions.n();
    if n > 64 || k == 0 || n.div_ceil(2) < k {
        return if k == 0 { Search::Unknown } else { Search::Empty };
    }
    // Row patterns: k stars, no two side by side.
    let mut patterns = Vec::new();
    if !row_patterns(n, k, 0, 0, 0, &mut patterns) {
        return Search::Unknown;
    }
    let labels = regions.labels();
    let mut last_row = vec![0; regions.region_count()];
    for cell in regions.cells() {
        last_row[regions.label(cell)] = cell.row;
    }
    let mut s = Searcher {
        n,
        k,
        labels,
        last_row,
        patterns,
        cols: vec![0; n],
        regs: vec![0; regions.region_count()],
        nodes: 0,
        budget,
    };
    match s.row(0, 0) {
        Some(true) => Search::Found,
        Some(false) => Search::Empty,
        None => Search::Unknown,
    }
}

/// Appends every `n`-bit mask with `k` bits set, no two adjacent, from bit `from`
/// on; false when there are more than [`MAX_PATTERNS`].
fn row_patterns(n: usize, k: usize, from: usize, mask: u64, set: usize, out: &mut Vec<u64>) -> bool {
    if set == k {
        out.push(mask);
        return out.len() <= MAX_PATTERNS;
    }
    (from..n).all(|c| row_patterns(n, k, c + 2, mask | 1 << c, set + 1, out))
}

struct Searcher<'a> {
    n: usize,
    k: usize,
    labels: &'a [usize],
    last_row: Vec<usize>,
    patterns: Vec<u64>,
    cols: Vec<usize>,
    regs: Vec<usize>,
    nodes: usize,
    budget: usize,
}

impl Searcher<'_> {
    /// Some(true): a placement exists below this row; Some(false): none; None: out of budget.
    fn row(&mut self, r: usize, prev: u64) -> Option<bool> {
        if r == self.n {
            return Some(true);
        }
        self.nodes += 1;
        if self.nodes > self.budget {
            return None;
        }
        // A column can still gain at most ⌈rows left / 2⌉ stars (no two touch).
        let room = (self.n - r).div_ceil(2);
        if self.cols.iter().any(|&c| c + room < self.k) {
            return Some(false);
        }
        let full: u64 = (0..self.n).filter(|&c| self.cols[c] == self.k).fold(0, |m, c| m | 1 << c);
        let banned = prev | prev << 1 | prev >> 1 | full;
        for i in 0..self.patterns.len() {
            let p = self.patterns[i];
            if p & banned != 0 {
                continue;
            }
            let cells = (0..self.n).filter(|&c| p >> c & 1 == 1);
            let mut placed = Vec::with_capacity(self.k);
            let mut ok = true;
            for c in cells {
                let label = self.labels[r * self.n + c];
                if self.regs[label] == self.k {
                    ok = false;
                    break;
                }
                self.regs[label] += 1;
                self.cols[c] += 1;
                placed.push((label, c));
            }
            // A region whose last row this is must be complete.
            ok = ok && self.regions_done(r);
            let below = if ok { self.row(r + 1, p) } else { Some(false) };
            for (label, c) in placed {
                self.regs[label] -= 1;
                self.cols[c] -= 1;
            }
            match below {
                Some(false) => {}
                other => return other,
            }
        }
        Some(false)
    }

    /// True when every region that ends on row `r` holds K stars.
    fn regions_done(&self, r: usize) -> bool {
        self.last_row.iter().zip(&self.regs).all(|(&last, &count)| last != r || count == self.k)
    }
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

/// Nodes the search may visit before a K goes to the solver (well under a millisecond).
const SEARCH_BUDGET: usize = 2_000;

/// Solves `regions` for every K the board can hold and picks K as the module docs
/// say. Returns the K the result is about (`None` for `no-solution` and the `stars`
/// refusal) and the result. `opts.stars` is ignored; `opts.time_limit` covers all K.
pub fn solve_auto(regions: &Regions, opts: &SolveOptions) -> (Option<usize>, Result<Placement>) {
    let (k, result, _) = solve_auto_by(regions, opts);
    (k, result)
}

/// [`solve_auto`], saying which exact engine answered: the one that ran for the K
/// the result is about (for `no-solution`, the last one that ran; `None` when the
/// counting bounds and the search ruled out every K without one).
pub(crate) fn solve_auto_by(
    regions: &Regions,
    opts: &SolveOptions,
) -> (Option<usize>, Result<Placement>, Option<Exact>) {
    let deadline = Instant::now() + opts.time_limit;
    let mut verdicts = Vec::new();
    let mut engines: Vec<(usize, Exact)> = Vec::new();
    for k in 1..=max_stars(regions.n()) {
        if blocked(regions, k) || (k > 1 && search(regions, k, SEARCH_BUDGET) == Search::Empty) {
            verdicts.push((k, Verdict::None));
            continue;
        }
        let left = deadline.saturating_duration_since(Instant::now()).max(Duration::from_millis(1));
        let solved = solve_by(regions, &SolveOptions { stars: k, time_limit: left, ..*opts });
        engines.push((k, solved.engine));
        let verdict = match solved.result {
            Ok(p) => Verdict::Unique(p),
            Err(Error::SeveralSolutions { first, second }) => Verdict::Several(first, second),
            Err(Error::NoSolution) => Verdict::None,
            // A K we could not settle might be the one: no verdict without it.
            Err(e) => return (Some(k), Err(e), Some(solved.engine)),
        };
        verdicts.push((k, verdict));
    }
    let (k, result) = decide(verdicts);
    let engine = match k {
        Some(k) => engines.iter().find(|(kk, _)| *kk == k),
        None => engines.last(),
    };
    (k, result, engine.map(|&(_, e)| e))
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
    use crate::solve::solve;

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
    fn the_search_agrees_with_the_solver_on_small_boards() {
        // No 7x7 board holds 2 stars per row and column without touching.
        let seven = Regions::from_labels(7, &(0..49).map(|i| i % 7).collect::<Vec<_>>()).unwrap();
        assert_eq!(search(&seven, 2, 1_000_000), Search::Empty);
        // The 2-star 10x10 construction of the solver tests has placements.
        let labels: Vec<usize> = (0..100).map(|i| (i % 10 / 2) * 2 + usize::from(i / 10 >= 5)).collect();
        let ten = Regions::from_labels(10, &labels).unwrap();
        assert_eq!(search(&ten, 2, 1_000_000), Search::Found);
        let solved = solve(&ten, &SolveOptions { stars: 2, ..SolveOptions::default() });
        assert!(matches!(solved, Ok(_) | Err(Error::SeveralSolutions { .. })), "{solved:?}");
        // 3x3 Queens has no solution; and a budget of one node gives up.
        let queens = crate::puzzle::text::parse("AAB\nACB\nCCB\n").unwrap();
        assert_eq!(search(&queens, 1, 1_000), Search::Empty, "3x3 Queens has no solution");
        assert_eq!(search(&ten, 2, 1), Search::Unknown);
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
