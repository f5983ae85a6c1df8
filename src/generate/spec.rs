//! What is asked of the generate stage and what it gives back: the [`Spec`] (size,
//! stars, [`Target`] difficulty, time limit), checked before any work, and the
//! [`Puzzle`] made. Also the solver's settings for what is left of a puzzle's
//! time, since every step that asks the exact solver works within the spec's limit.

use std::time::{Duration, Instant};

use crate::error::{Error, Result};
use crate::puzzle::{Placement, Regions};
use crate::solve::logic::{self, Difficulty, Grade, Technique};
use crate::solve::{self, SolveOptions};

/// The smallest and largest board side generated.
pub const SIZES: std::ops::RangeInclusive<usize> = 5..=25;

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
    pub(super) fn levels(self) -> (u8, u8) {
        match self {
            Target::Grade(g) => {
                let mut of = Technique::ALL.iter().filter(|&&t| logic::grade_of(t) == g).map(|t| t.level());
                let lo = of.next().unwrap_or(1);
                (lo, of.next_back().unwrap_or(lo))
            }
            Target::Hardest(t) => (t.level(), t.level()),
        }
    }

    /// True when a solved path of this difficulty meets the target.
    pub fn accepts(self, d: &Difficulty) -> bool {
        match self {
            Target::Grade(g) => d.grade == g,
            Target::Hardest(t) => d.hardest == Some(t),
        }
    }

    /// The target in words, for messages ("grade hard", "hardest step what if").
    pub(crate) fn describe(self) -> String {
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

/// The solver's settings for what is left of the puzzle's time.
pub(super) fn solve_options(spec: &Spec, deadline: Instant) -> Result<SolveOptions> {
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
        deadline: crate::puzzle::deadline::Deadline::at(deadline),
        ..SolveOptions::default()
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spec(n: usize, stars: usize, target: Target) -> Spec {
        Spec { n, stars, target, time_limit: Duration::from_secs(60) }
    }

    #[test]
    fn star_counts_the_board_cannot_hold_are_refused() {
        let e = spec(9, 3, Target::Grade(Grade::Easy)).check().unwrap_err().to_string();
        assert!(e.contains("at most 2 stars"), "{e}");
        assert!(spec(4, 1, Target::Grade(Grade::Easy)).check().is_err());
        assert!(spec(10, 2, Target::Grade(Grade::Easy)).check().is_ok());
    }
}
