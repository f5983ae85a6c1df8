//! The puzzle as CNF: plain DIMACS-style clauses, independent of the SAT solver.
//!
//! Variable `i + 1` is row-major cell `i` ("a star here"); counter variables follow.
//! - **No two stars touch**: every touching pair (sideways or diagonal) is a binary
//!   clause ¬a ∨ ¬b, four per cell. Binary clauses are what CDCL solvers propagate
//!   fastest (watched literals, no clause visits); the 2×2 "at most one" of the MILP
//!   is the same set of pairs.
//! - **Exactly K per row, column and region**: a sequential counter (Sinz 2005) with
//!   both directions. `r(i, j)` means "at least j of the first i cells are stars",
//!   for j ≤ K. The upward clauses make it an at-most-K (a (K+1)-th star is a
//!   conflict); the downward clauses make "at least K at the end" propagate back,
//!   so a unit whose free cells just suffice forces them (as the engine does).
//!   About K·m variables and 4·K·m clauses for a unit of m cells: 3·N units of N
//!   cells each, so 25×25 6★ stays under 12,000 counter variables.
//! - **Cells the presolve decided** become unit clauses.
//!
//! Tried and dropped (solve plus proof over the corpus, one run each): the squeeze
//! as redundant clauses (a "block has a star" variable per 2×2 block, exactly 2K
//! per pair of lines) made the 17×17 maximum worse (4.8 s against 3.0 s), and
//! "at least K" as a second counter over the negated cells (PySAT's way) doubled
//! the 25×25 times.

/// A literal as DIMACS writes it: `v` or `-v`, with `v ≥ 1`.
pub type Lit = i32;

/// The clauses of one puzzle.
#[derive(Debug, Clone, Default)]
pub struct Cnf {
    /// Variables used: cell variables are `1..=n*n`, counters follow.
    pub vars: i32,
    /// Every clause, as literals.
    pub clauses: Vec<Vec<Lit>>,
}

impl Cnf {
    fn new_var(&mut self) -> Lit {
        self.vars += 1;
        self.vars
    }

    fn add(&mut self, clause: &[Lit]) {
        self.clauses.push(clause.to_vec());
    }

    /// Exactly `k` of `xs` are true (sequential counter, both directions).
    fn exactly(&mut self, xs: &[Lit], k: usize) {
        let m = xs.len();
        if k == 0 {
            xs.iter().for_each(|&x| self.add(&[-x]));
            return;
        }
        if m < k {
            // Fewer cells than stars: the empty clause, stated plainly.
            self.add(&[]);
            return;
        }
        // prev[j - 1] = r(i - 1, j) for j in 1..=min(i - 1, k); absent means false.
        let mut prev: Vec<Lit> = Vec::new();
        for (i, &x) in xs.iter().enumerate() {
            let i = i + 1;
            let width = i.min(k);
            let cur: Vec<Lit> = (0..width).map(|_| self.new_var()).collect();
            for j in 1..=width {
                let r = cur[j - 1];
                let before = prev.get(j - 1).copied(); // r(i-1, j)
                let below = if j == 1 { None } else { prev.get(j - 2).copied() }; // r(i-1, j-1); j = 1: true
                                                                                  // Upward: r(i-1, j) → r(i, j); r(i-1, j-1) ∧ x → r(i, j).
                if let Some(b) = before {
                    self.add(&[-b, r]);
                }
                match below {
                    Some(b) => self.add(&[-b, -x, r]),
                    None if j == 1 => self.add(&[-x, r]),
                    None => {}
                }
                // Downward: r(i, j) → r(i-1, j) ∨ x; r(i, j) → r(i-1, j) ∨ r(i-1, j-1).
                match before {
                    Some(b) => self.add(&[-r, b, x]),
                    None => self.add(&[-r, x]),
                }
                if j > 1 {
                    match (before, below) {
                        (Some(b), Some(c)) => self.add(&[-r, b, c]),
                        (None, Some(c)) => self.add(&[-r, c]),
                        (_, None) => self.add(&[-r]),
                    }
                }
            }
            // At most k: the k-th star so far and one more is a conflict.
            if let Some(&full) = prev.get(k - 1) {
                self.add(&[-full, -x]);
            }
            prev = cur;
        }
        // At least k at the end.
        self.add(&[prev[k - 1]]);
    }
}

/// The variable of row-major cell `i`.
pub fn cell_var(i: usize) -> Lit {
    Lit::try_from(i + 1).expect("boards are far smaller than 2^31 cells")
}

/// The CNF of an `n`×`n` board with region `labels` (row-major, `0..n` regions
/// expected but any count works), `k` stars per unit, and `fixed` cells
/// (`fixed[i]`: `Some(true)` a star, `Some(false)` none; a short slice leaves the rest free).
pub fn encode(n: usize, labels: &[usize], k: usize, fixed: &[Option<bool>]) -> Cnf {
    let mut cnf = Cnf { vars: cell_var(n * n - 1), clauses: Vec::new() };
    for r in 0..n {
        for c in 0..n {
            let a = cell_var(r * n + c);
            // Right, down-left, down, down-right: each touching pair once.
            let right = (c + 1 < n).then(|| (r, c + 1));
            let down = [c.checked_sub(1), Some(c), (c + 1 < n).then_some(c + 1)];
            let below = down.into_iter().flatten().filter(|_| r + 1 < n).map(|cc| (r + 1, cc));
            for (rr, cc) in right.into_iter().chain(below) {
                cnf.add(&[-a, -cell_var(rr * n + cc)]);
            }
        }
    }
    let rows = (0..n).map(|r| (0..n).map(|c| cell_var(r * n + c)).collect::<Vec<_>>());
    let cols = (0..n).map(|c| (0..n).map(|r| cell_var(r * n + c)).collect::<Vec<_>>());
    let regions = labels.iter().max().map_or(0, |&m| m + 1);
    let mut members: Vec<Vec<Lit>> = vec![Vec::new(); regions];
    for (i, &l) in labels.iter().enumerate() {
        members[l].push(cell_var(i));
    }
    for unit in rows.chain(cols).chain(members) {
        cnf.exactly(&unit, k);
    }
    for (i, f) in fixed.iter().enumerate() {
        if let Some(star) = f {
            cnf.add(&[if *star { cell_var(i) } else { -cell_var(i) }]);
        }
    }
    cnf
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every assignment of `xs` variables `1..=m`, brute force: the ones the clauses allow.
    fn models(cnf: &Cnf, m: usize) -> Vec<Vec<bool>> {
        let aux = usize::try_from(cnf.vars).unwrap() - m;
        let mut out = Vec::new();
        for bits in 0u32..1 << m {
            let sat = (0u32..1 << aux).any(|extra| {
                let value = |l: Lit| {
                    let v = usize::try_from(l.unsigned_abs()).unwrap() - 1;
                    let on = if v < m { bits >> v & 1 == 1 } else { extra >> (v - m) & 1 == 1 };
                    on == (l > 0)
                };
                cnf.clauses.iter().all(|c| c.iter().any(|&l| value(l)))
            });
            if sat {
                out.push((0..m).map(|v| bits >> v & 1 == 1).collect());
            }
        }
        out
    }

    #[test]
    fn the_counter_allows_exactly_k() {
        for m in 1..=5 {
            for k in 0..=m + 1 {
                let mut cnf = Cnf { vars: i32::try_from(m).unwrap(), clauses: Vec::new() };
                let xs: Vec<Lit> = (1..=cnf.vars).collect();
                cnf.exactly(&xs, k);
                let found = models(&cnf, m);
                let want = (0u32..1 << m).filter(|b| b.count_ones() as usize == k).count();
                assert_eq!(found.len(), want, "m {m}, k {k}");
                assert!(found.iter().all(|s| s.iter().filter(|&&b| b).count() == k), "m {m}, k {k}");
            }
        }
    }

    #[test]
    fn touching_pairs_are_each_one_clause() {
        let cnf = encode(3, &[0, 0, 0, 1, 1, 1, 2, 2, 2], 1, &[]);
        let pairs = cnf.clauses.iter().filter(|c| c.len() == 2 && c.iter().all(|l| (-9..0).contains(l))).count();
        // 3×3: 6 sideways, 6 up-down, 8 diagonal.
        assert_eq!(pairs, 20);
    }
}
