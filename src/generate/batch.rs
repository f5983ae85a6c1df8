//! Many puzzles from one seed ([`run`]): each its own seed, made in parallel in
//! chunks of a fixed size, then taken in order so that a layout already made (up
//! to symmetry, [`super::canon`]) or given to avoid is replaced the same way
//! whatever the thread count.

use rayon::prelude::*;

use super::canon::Seen;
use super::make::one;
use super::rng;
use super::spec::{Puzzle, Spec};
use crate::error::{Error, Result};

/// New seeds tried for a puzzle whose layout was already used.
const RETRIES: usize = 64;
/// Puzzles made in parallel before their order is fixed and duplicates are
/// replaced: a constant, so the output does not depend on the thread count.
const CHUNK: usize = 32;

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
    use std::time::Duration;

    use super::*;
    use crate::generate::spec::Target;
    use crate::solve::logic::Grade;

    fn spec(n: usize, stars: usize, target: Target) -> Spec {
        Spec { n, stars, target, time_limit: Duration::from_secs(60) }
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
