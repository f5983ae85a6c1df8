//! The generate stage: new puzzles with exactly one solution, at the difficulty
//! asked for (`queens generate`).
//!
//! How one puzzle is made, from one seed ([`one`]):
//! 1. a random placement of K stars per row and column, none touching
//!    ([`layout::place`]): it will be the solution;
//! 2. regions grown around it, K stars each, toward region sizes drawn from the
//!    game's own spread of sizes ([`layout::grow`]);
//! 3. repair toward uniqueness: while a small search ([`count`]) lists other
//!    solutions, the cell holding a star in most of them (and none of ours)
//!    moves to a neighbouring region, which breaks them and keeps ours; regions
//!    down to a cell or two rarely give one up ([`may_shrink`]), as in the game;
//! 4. grading by the deduction engine's cheap techniques ([`grading`]); while the
//!    grade is not the one asked for, a cell moves (ours stays a solution; toward
//!    a harder grade, half the moves grow a region the easy path starts from),
//!    uniqueness is repaired again, and the change is kept when the hardest step
//!    came no further from the target. Toward a what-if grade, the size of the
//!    repair's last proof steers instead, and only boards that take many nodes
//!    are graded: most boards are far too easy, and grading costs far more.
//!
//! What it promises, checked on every puzzle before it is returned: the partition
//! check passes, the exact solver proves the solution unique, and the engine's
//! full path solves it with the grade (or hardest technique) asked for. A batch
//! ([`run`]) adds that no two puzzles share a layout up to the 8 symmetries and
//! relabelling ([`canon`]), nor any layout given to avoid.
//!
//! Every choice comes from a fixed-algorithm generator ([`rng`]) and every search
//! is bounded by counted work, so a seed gives the same puzzles on every machine,
//! whatever the number of threads. The time limit is a safety net only: reaching
//! it is an error, never a different puzzle.
//!
//! This stage sits beside the pipeline (it uses the puzzle and solve layers, never
//! pictures, JSON, terminals or files); the output layer formats its puzzles and
//! the app layer writes them.

pub mod canon;
pub mod count;
pub mod layout;
pub mod rng;
pub mod stats;

use std::time::{Duration, Instant};

use rayon::prelude::*;

use crate::error::{Error, Result};
use crate::puzzle::partition::{self, Pieces};
use crate::puzzle::{Placement, Regions};
use crate::solve::logic::{self, Board, Difficulty, Engine, Grade, Names, Spend, Technique};
use crate::solve::{self, SolveOptions};
use canon::Seen;
use rng::Rng;

/// The smallest and largest board side generated.
pub const SIZES: std::ops::RangeInclusive<usize> = 5..=25;

/// Layouts tried for one puzzle before giving up.
const LAYOUTS: usize = 400;
/// Cell moves tried on one layout while steering toward the grade.
const STEER_MOVES: usize = 8;
/// Search nodes of the repair's last proof ([`count::search`]), beyond the board
/// side, below which a board is not graded for a what-if target: the unit rules
/// alone nearly solve it, so the engine's cheap techniques almost surely do
/// (every expert 9×9 board we made took 8 or more).
const PROXY_NODES: usize = 3;
/// New seeds tried for a puzzle whose layout was already used.
const RETRIES: usize = 64;
/// Puzzles made in parallel before their order is fixed and duplicates are
/// replaced: a constant, so the output does not depend on the thread count.
const CHUNK: usize = 32;

/// The difficulty asked for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Target {
    /// The engine's grade of the puzzle.
    Grade(Grade),
    /// The hardest technique the engine's path needs.
    Hardest(Technique),
}

impl Target {
    /// The levels of the hardest technique that meet the target: for a grade, the
    /// levels the engine's own table gives that grade (so a technique the engine
    /// adds moves the bounds with it).
    fn levels(self) -> (u8, u8) {
        match self {
            Target::Grade(g) => {
                let mut of = Technique::ALL.iter().filter(|&&t| logic::grade_of(t) == g).map(|t| t.level());
                let lo = of.next().unwrap_or(1);
                (lo, of.next_back().unwrap_or(lo))
            }
            Target::Hardest(t) => (t.level(), t.level()),
        }
    }

    /// How far a path is from the target, smallest first: the hardest level's
    /// distance from the target's levels, then, to steer by, the steps above the
    /// target (too hard) or the score missing to the hardest (too easy).
    fn distance(self, path: &Grading) -> (u8, u64) {
        let (lo, hi) = self.levels();
        let level = path.level;
        let off = lo.saturating_sub(level) + level.saturating_sub(hi);
        let finer = if level > hi {
            path.above(hi)
        } else if level < lo {
            u64::MAX / 2 - path.score
        } else {
            0
        };
        (off, if off == 0 { 0 } else { finer })
    }

    /// True when a solved path of this difficulty meets the target.
    pub fn accepts(self, d: &Difficulty) -> bool {
        match self {
            Target::Grade(g) => d.grade == g,
            Target::Hardest(t) => d.hardest == Some(t),
        }
    }

    /// The target in words, for messages ("grade hard", "hardest step what if").
    pub fn describe(self) -> String {
        match self {
            Target::Grade(g) => format!("grade {}", g.name()),
            Target::Hardest(t) => format!("hardest step {}", t.name()),
        }
    }
}

/// What to generate.
#[derive(Debug, Clone, Copy)]
pub struct Spec {
    /// Board side N.
    pub n: usize,
    /// Stars per row, column and region (1 = Queens).
    pub stars: usize,
    /// The difficulty.
    pub target: Target,
    /// Wall-clock safety net per puzzle (reaching it is an error).
    pub time_limit: Duration,
}

impl Spec {
    /// Checks the size and star count: `Err` says why the board cannot be made.
    pub fn check(&self) -> Result<()> {
        let (n, k) = (self.n, self.stars);
        if !SIZES.contains(&n) {
            return Err(Error::Generate {
                reason: format!("boards from {} to {} are generated, not {n}x{n}", SIZES.start(), SIZES.end()),
            });
        }
        let most = solve::stars::max_stars(n);
        if k == 0 || k > most {
            return Err(Error::Generate {
                reason: format!(
                    "a {n}x{n} board holds at most {most} star{} per row, column and region (two neighbouring rows \
                     split into {} 2x2 blocks of at most one star each), not {k}; use a smaller --stars or a larger --size",
                    if most == 1 { "" } else { "s" },
                    n.div_ceil(2)
                ),
            });
        }
        Ok(())
    }
}

/// A generated puzzle.
#[derive(Debug, Clone)]
pub struct Puzzle {
    /// The region map.
    pub regions: Regions,
    /// Stars per row, column and region.
    pub stars: usize,
    /// Its unique solution, proved by the exact solver.
    pub solution: Placement,
    /// The engine's difficulty of it (solved by logic alone).
    pub difficulty: Difficulty,
    /// The seed that makes exactly this puzzle with the same options (`--seed`, count 1).
    pub seed: u64,
    /// Milliseconds it took to make.
    pub ms: f64,
}

/// The largest seed: 2^53 − 1, so a seed in JSON stays exact in every reader
/// (JavaScript's numbers included).
pub const MAX_SEED: u64 = (1 << 53) - 1;

/// The seed of the `index`-th puzzle of a run with `seed`: the first is the run's
/// own, so any puzzle's `seed` reproduces it alone.
pub fn puzzle_seed(seed: u64, index: usize) -> u64 {
    if index == 0 {
        seed
    } else {
        child_seed(seed, index as u64)
    }
}

/// A seed for another stream (a later puzzle, a retry), short enough to read.
fn child_seed(seed: u64, salt: u64) -> u64 {
    // 40 bits: file names stay short, and a run of a million puzzles still has
    // about one chance in a million of two equal seeds (and then the layouts are replaced).
    rng::derive(seed, salt) & ((1 << 40) - 1)
}

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
            if spec.target.distance(&level).0 == 0 {
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
            if proxy || spec.target.distance(&l) <= spec.target.distance(&level) {
                label = moved;
                level = l;
                nodes = moved_nodes;
            }
        }
        if spec.target.distance(&level).0 == 0 {
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

/// Other solutions listed per round of the repair loop.
const LIST: usize = 64;
/// Search nodes the listing may use per round before the exact solver is asked instead.
const LIST_NODES: usize = 200_000;
/// The same for K ≥ 2, where the SAT engine answers in milliseconds while a
/// listing that runs out (on 14×14 3★ boards, often) costs far more.
const LIST_NODES_STARS: usize = 5_000;

/// Repairs `label` until `stars` is its only solution; false when no move can
/// break the other solutions (the caller tries another layout).
///
/// Each round lists other solutions ([`count::solutions`]) and moves the cell
/// that holds a star in the most of them (and none of ours) to a neighbouring
/// region: each of those solutions then has a region with a star too few, and
/// ours is untouched. Should the listing run out of nodes, the exact solver's
/// second solution is used instead.
fn make_unique(
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

/// The solver's settings for what is left of the puzzle's time.
fn solve_options(spec: &Spec, deadline: Instant) -> Result<SolveOptions> {
    let left = deadline.saturating_duration_since(Instant::now());
    if left.is_zero() {
        return Err(Error::Generate {
            reason: format!(
                "time limit of {} s reached before a {}x{} puzzle was found; try a larger --time-limit",
                spec.time_limit.as_secs_f64(),
                spec.n,
                spec.n
            ),
        });
    }
    Ok(SolveOptions {
        stars: spec.stars,
        time_limit: left,
        deadline: crate::solve::deadline::Deadline::at(deadline),
        ..SolveOptions::default()
    })
}

/// True when cell `i` may leave its region. A region of more than K + 2 cells
/// always lets a cell go; one of K + 2 only one time in [`SHRINK_TO_TWO`], and one
/// of K + 1 one time in [`SHRINK_TO_ONE`]: the repair and the steering would
/// otherwise whittle many regions down to their stars, three times the game's
/// share of 1-cell regions, and such regions are easy starts.
fn may_shrink(k: usize, label: &[usize], i: usize, rng: &mut Rng) -> bool {
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

/// What the engine's path says of a layout, for steering.
struct Grading {
    /// The hardest step's level, or one past the last level when the path does not
    /// solve the board.
    level: u8,
    /// Levels of the steps, in order.
    steps: Vec<u8>,
    /// Cells the path left undecided.
    open: u64,
    /// The path's score, in tenths.
    score: u64,
    /// The regions (labels of the layout) the path's first steps use.
    starts: Vec<usize>,
}

impl Grading {
    /// A layout judged too easy without the engine (see [`one`]).
    fn too_easy() -> Self {
        Grading { level: 1, steps: Vec::new(), open: 0, score: 0, starts: Vec::new() }
    }

    /// Steps above level `hi`, plus the cells left open: how much too hard.
    fn above(&self, hi: u8) -> u64 {
        self.steps.iter().filter(|&&l| l > hi).count() as u64 + self.open
    }
}

/// Steps at the start of a path whose regions an aimed move grows.
const STARTS: usize = 2;

/// The engine's path on a layout, by the cheap techniques only (1–9: no what-if
/// budget, and the engine's full path takes the same steps as far as they go).
/// For a target below line cases that says enough: a board they leave open is
/// too hard, whatever it needs. For a target of line cases or beyond, a board
/// they solve is too easy, and one they leave open is a candidate that
/// [`verify`] puts through the full path.
fn grading(spec: &Spec, label: &[usize]) -> Grading {
    let regions = layout::regions(spec.n, label);
    let engine = Engine::new(&regions, spec.stars, Names::letters(spec.n));
    let path = engine.explain_within(Board::new(spec.n), Spend::NONE);
    let lo = spec.target.levels().0;
    let beyond = Technique::ALL.iter().map(|t| t.level()).max().unwrap_or(0) + 1;
    // Left open by the cheap techniques: a what-if target's candidate (the full path,
    // in `verify`, says whether it is one), too hard for any other.
    let stalled = if lo >= Technique::LineCases.level() { lo } else { beyond };
    let d = logic::difficulty(&path.steps);
    Grading {
        level: if path.solved { d.hardest.map_or(1, Technique::level) } else { stalled },
        steps: path.steps.iter().map(|s| s.level()).collect(),
        open: (spec.n * spec.n - path.board.decided()) as u64,
        score: (d.score * 10.0) as u64,
        starts: {
            let mut mine = vec![0; spec.n];
            for (i, &r) in regions.labels().iter().enumerate() {
                mine[r] = label[i];
            }
            let mut starts: Vec<usize> =
                path.steps.iter().take(STARTS).flat_map(|s| s.uses.regions.iter().map(|&r| mine[r])).collect();
            starts.sort_unstable();
            starts.dedup();
            starts
        },
    }
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

/// Makes `count` puzzles from `seed`, all of different layouts up to symmetry and
/// none in `avoid`, and hands each to `emit` in order (an error for a puzzle that
/// could not be made). `tick` is called as each puzzle is made, from any thread
/// (for a progress bar). Runs on the current rayon pool, one thread per puzzle.
pub fn run(
    spec: &Spec,
    seed: u64,
    count: usize,
    avoid: &Seen,
    tick: &(dyn Fn() + Sync),
    emit: &mut dyn FnMut(Result<Puzzle>),
) {
    let mut seen = Seen::new();
    for start in (0..count).step_by(CHUNK) {
        let end = (start + CHUNK).min(count);
        let made: Vec<Result<Puzzle>> = (start..end)
            .into_par_iter()
            .map(|i| {
                let p = one(spec, puzzle_seed(seed, i));
                tick();
                p
            })
            .collect();
        for mut result in made {
            // In order, so which of two equal layouts is replaced never depends on timing.
            let mut retries = 0;
            while let Ok(p) = &result {
                if !avoid.contains(&p.regions) && seen.insert(&p.regions) {
                    break;
                }
                retries += 1;
                if retries > RETRIES {
                    result = Err(Error::Generate {
                        reason: format!(
                            "every layout found for seed {} was already used ({RETRIES} tries); small boards have few",
                            p.seed
                        ),
                    });
                    break;
                }
                result = one(spec, child_seed(p.seed, 0x5EED));
            }
            emit(result);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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

    #[test]
    fn star_counts_the_board_cannot_hold_are_refused() {
        let e = spec(9, 3, Target::Grade(Grade::Easy)).check().unwrap_err().to_string();
        assert!(e.contains("at most 2 stars"), "{e}");
        assert!(spec(4, 1, Target::Grade(Grade::Easy)).check().is_err());
        assert!(spec(10, 2, Target::Grade(Grade::Easy)).check().is_ok());
    }

    #[test]
    fn a_batch_has_no_two_layouts_alike_and_avoids_the_given_ones() {
        let s = spec(5, 1, Target::Grade(Grade::Easy));
        let mut first = Vec::new();
        run(&s, 7, 6, &Seen::new(), &|| {}, &mut |p| first.push(p.unwrap().regions));
        let mut seen = Seen::new();
        assert!(first.iter().all(|r| seen.insert(r)), "duplicates in a batch");
        let mut avoid = Seen::new();
        avoid.insert(&first[0]);
        let mut second = Vec::new();
        run(&s, 7, 1, &avoid, &|| {}, &mut |p| second.push(p.unwrap().regions));
        assert!(!avoid.contains(&second[0]));
    }
}
