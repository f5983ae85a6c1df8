//! A small random generator with a fixed algorithm: xoshiro256** seeded by
//! SplitMix64 (both public-domain algorithms by Blackman and Vigna).
//!
//! Written out here, not taken from a crate, because the puzzles a seed gives are a
//! promise to the user: the same seed must give the same puzzles on every machine,
//! platform and future build, which a crate's "`StdRng` may change" policy does not
//! promise. Only integer arithmetic, so no libm difference can creep in.

/// One SplitMix64 step: advances `state` and returns a well-mixed 64-bit value.
pub(crate) fn splitmix(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// A child seed: `seed` mixed with `salt`, so streams for puzzle 1, 2, … (or a retry)
/// are independent of each other and of the order they are made in.
pub fn derive(seed: u64, salt: u64) -> u64 {
    let mut state = seed ^ salt.wrapping_mul(0xD1B5_4A32_D192_ED03);
    splitmix(&mut state)
}

/// xoshiro256**: fast, small state, good statistical quality for search.
#[derive(Debug, Clone)]
pub struct Rng {
    s: [u64; 4],
}

impl Rng {
    /// A generator whose whole stream is fixed by `seed`.
    pub fn new(seed: u64) -> Self {
        let mut state = seed;
        Rng { s: [splitmix(&mut state), splitmix(&mut state), splitmix(&mut state), splitmix(&mut state)] }
    }

    /// The next 64 random bits.
    pub(crate) fn next_u64(&mut self) -> u64 {
        let result = self.s[1].wrapping_mul(5).rotate_left(7).wrapping_mul(9);
        let t = self.s[1] << 17;
        self.s[2] ^= self.s[0];
        self.s[3] ^= self.s[1];
        self.s[1] ^= self.s[2];
        self.s[0] ^= self.s[3];
        self.s[2] ^= t;
        self.s[3] = self.s[3].rotate_left(45);
        result
    }

    /// A number in `0..n` (`n > 0`), by multiply-shift (bias below 2^-40 for our `n`).
    pub fn below(&mut self, n: usize) -> usize {
        debug_assert!(n > 0);
        ((u128::from(self.next_u64()) * n as u128) >> 64) as usize
    }

    /// True with probability `num / den`.
    pub fn chance(&mut self, num: usize, den: usize) -> bool {
        self.below(den) < num
    }

    /// Shuffles `items` in place (Fisher–Yates).
    pub(crate) fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            items.swap(i, self.below(i + 1));
        }
    }

    /// An index drawn with probability proportional to `weights[i]`; `None` when all are 0.
    pub(crate) fn weighted(&mut self, weights: &[usize]) -> Option<usize> {
        let total: usize = weights.iter().sum();
        if total == 0 {
            return None;
        }
        let mut x = self.below(total);
        weights.iter().position(|&w| {
            if x < w {
                true
            } else {
                x -= w;
                false
            }
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_stream_is_fixed_by_the_seed() {
        // Pinned values: a change here changes every generated puzzle of every seed.
        let mut r = Rng::new(1);
        let first: Vec<u64> = (0..3).map(|_| r.next_u64()).collect();
        let mut again = Rng::new(1);
        assert_eq!(first, (0..3).map(|_| again.next_u64()).collect::<Vec<_>>());
        assert_ne!(first, (0..3).map(|_| Rng::new(2).next_u64()).collect::<Vec<_>>());
        let mut state = 0;
        assert_eq!(splitmix(&mut state), 0xE220_A839_7B1D_CDAF, "SplitMix64's published first output for seed 0");
    }

    #[test]
    fn below_and_weighted_stay_in_range() {
        let mut r = Rng::new(7);
        let mut seen = [0usize; 5];
        for _ in 0..5000 {
            seen[r.below(5)] += 1;
        }
        assert!(seen.iter().all(|&k| (800..1200).contains(&k)), "{seen:?}");
        for _ in 0..100 {
            assert_eq!(r.weighted(&[0, 3, 0]), Some(1));
        }
        assert_eq!(r.weighted(&[0, 0]), None);
    }
}
