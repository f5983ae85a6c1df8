//! Big text puzzles with one planted solution, made in the test (no data files).
//!
//! A queen placement with no two touching is drawn by a seeded search, then the
//! regions grow at random from each queen until they cover the board, so the
//! planted placement is always a solution (often one of several).

/// A small seeded generator (xorshift64*): the same boards on every machine.
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Self {
        Rng(seed.max(1))
    }

    pub fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_F491_4F6C_DD1D) >> 33) as usize % n
    }
}

/// Column of the queen of each row: a permutation, neighbouring rows two or more apart.
fn placement(n: usize, rng: &mut Rng) -> Vec<usize> {
    fn place(n: usize, row: usize, cols: &mut Vec<usize>, used: &mut [bool], rng: &mut Rng) -> bool {
        if row == n {
            return true;
        }
        let mut order: Vec<usize> = (0..n).collect();
        for i in (1..n).rev() {
            order.swap(i, rng.below(i + 1));
        }
        for c in order {
            if used[c] || cols.last().is_some_and(|&p: &usize| p.abs_diff(c) < 2) {
                continue;
            }
            used[c] = true;
            cols.push(c);
            if place(n, row + 1, cols, used, rng) {
                return true;
            }
            cols.pop();
            used[c] = false;
        }
        false
    }
    let mut cols = Vec::with_capacity(n);
    assert!(place(n, 0, &mut cols, &mut vec![false; n], rng), "an {n}x{n} board has a placement");
    cols
}

/// An `n`×`n` text puzzle (one token per cell, space-separated) whose planted
/// placement (returned too, as each row's column) is a solution.
pub fn puzzle(n: usize, seed: u64) -> (String, Vec<usize>) {
    let mut rng = Rng::new(seed);
    let cols = placement(n, &mut rng);
    let mut label = vec![usize::MAX; n * n];
    let mut frontier: Vec<Vec<usize>> = (0..n).map(|r| vec![r * n + cols[r]]).collect();
    for (r, &c) in cols.iter().enumerate() {
        label[r * n + c] = r;
    }
    let mut left = n * n - n;
    while left > 0 {
        let region = rng.below(n);
        let f = &mut frontier[region];
        if f.is_empty() {
            continue;
        }
        let from = f[rng.below(f.len())];
        let (r, c) = (from / n, from % n);
        let open: Vec<usize> = [(0, 1), (2, 1), (1, 0), (1, 2)]
            .iter()
            .filter_map(|&(dr, dc)| {
                let (rr, cc) = ((r + dr).checked_sub(1)?, (c + dc).checked_sub(1)?);
                (rr < n && cc < n && label[rr * n + cc] == usize::MAX).then_some(rr * n + cc)
            })
            .collect();
        match open.get(rng.below(open.len().max(1))) {
            Some(&cell) => {
                label[cell] = region;
                frontier[region].push(cell);
                left -= 1;
            }
            None => frontier[region].retain(|&x| x != from),
        }
    }
    let text =
        (0..n).map(|r| (0..n).map(|c| label[r * n + c].to_string()).collect::<Vec<_>>().join(" ") + "\n").collect();
    (text, cols)
}
