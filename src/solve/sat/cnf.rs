//! The puzzle as CNF: plain DIMACS-style clauses, independent of the SAT solver.
//!
//! Variable `i + 1` is row-major cell `i` ("a star here"); counter variables follow.
//! - **No two stars touch**: every touching pair (sideways or diagonal) is a binary
//!   clause ¬a ∨ ¬b, four per cell. Binary clauses are what CDCL solvers propagate
//!   fastest (watched literals, no clause visits); the 2×2 "at most one" of the MILP
//!   is the same set of pairs.
//! - **Exactly K per row, column and region**, in one of two counting encodings,
//!   both arc-consistent both ways (a (K+1)-th star is a conflict, and a unit whose
//!   free cells just suffice forces them, as the engine does):
//!   - for K ≤ 3, a **sequential counter** (Sinz 2005): `r(i, j)` means "at least j
//!     of the first i cells are stars", for j ≤ K. About K·m variables and 4·K·m
//!     clauses for a unit of m cells.
//!   - for K ≥ 4, a **totalizer** (Bailleux and Boufkhad 2003), counting up to K + 1:
//!     a balanced tree over the unit's cells (a line's halves, quarters, …; a region
//!     in row-major order), each node saying "at least j of my cells are stars".
//!     Its inner counts are of compact pieces of a line or a region, which the solver
//!     learns on better than the prefixes of a sequential counter: from 4 stars,
//!     solve plus proof takes about two thirds of the counter's time (17×17 4★ and
//!     25×25 6★ groups, three solver seeds each). At 3 stars the two are even, and
//!     below that the counter's fewer clauses win, hence [`TOTALIZER_FROM`].
//! - **Cells the presolve decided** become unit clauses.
//!
//! Not in the encoding, because each makes the corpus's boards slower: the squeeze
//! as redundant clauses (a "block has a star" variable per 2×2 block, exactly 2K
//! per pair of lines; [`super::tiles`] does it inside the search instead), "at
//! least K" as a second counter over the negated cells (PySAT's way), exactly 2K
//! over every pair of adjacent lines, and "k regions within k lines" as a solver
//! theory (it rarely fires: it saves about a tenth of the conflicts of the slowest
//! 17×17 board, for more than it costs).

/// The star count from which units are counted by a totalizer rather than a
/// sequential counter (why: module docs).
const TOTALIZER_FROM: usize = 4;

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

    /// Exactly `k` of `xs` are true, by the encoding [`encode`] picks for `k`.
    fn exactly(&mut self, xs: &[Lit], k: usize) {
        if k == 0 {
            xs.iter().for_each(|&x| self.add(&[-x]));
        } else if xs.len() < k {
            // Fewer cells than stars: the empty clause, stated plainly.
            self.add(&[]);
        } else if k >= TOTALIZER_FROM {
            self.totalizer(xs, k);
        } else {
            self.sequential(xs, k);
        }
    }

    /// Exactly `k` of `xs` (`1 ≤ k ≤ xs.len()`): the root of a totalizer counting
    /// to `k + 1` says "at least k" and not "at least k + 1".
    fn totalizer(&mut self, xs: &[Lit], k: usize) {
        let root = self.count(xs, k + 1);
        self.add(&[root[k - 1]]);
        if let Some(&over) = root.get(k) {
            self.add(&[-over]);
        }
    }

    /// A totalizer node over `xs`: `out[j - 1]` means "at least j of `xs` are
    /// stars", for j up to `min(xs.len(), cap)`, defined both ways from its two halves.
    fn count(&mut self, xs: &[Lit], cap: usize) -> Vec<Lit> {
        if xs.len() == 1 {
            return xs.to_vec();
        }
        let (left, right) = xs.split_at(xs.len() / 2);
        let (a, b) = (self.count(left, cap), self.count(right, cap));
        let out: Vec<Lit> = (0..(a.len() + b.len()).min(cap)).map(|_| self.new_var()).collect();
        // With i of the left and j of the right (a "0 of them" is always true, and
        // "more than all of them" always false):
        for i in 0..=a.len() {
            for j in 0..=b.len() {
                // Upward: at least i and at least j → at least i + j.
                if let Some(&sum) = (i + j).checked_sub(1).and_then(|s| out.get(s)) {
                    let mut clause = vec![sum];
                    clause.extend(i.checked_sub(1).map(|i| -a[i]));
                    clause.extend(j.checked_sub(1).map(|j| -b[j]));
                    self.add(&clause);
                }
                // Downward: at most i and at most j → at most i + j.
                if let Some(&more) = out.get(i + j) {
                    let mut clause = vec![-more];
                    clause.extend(a.get(i));
                    clause.extend(b.get(j));
                    self.add(&clause);
                }
            }
        }
        out
    }

    /// Exactly `k` of `xs` (`1 ≤ k ≤ xs.len()`): a sequential counter, both directions.
    fn sequential(&mut self, xs: &[Lit], k: usize) {
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

/// The puzzle's units as row-major cell indices: the `n` rows, then the `n`
/// columns, then the regions of `labels` (one per label up to the largest).
pub(super) fn units(n: usize, labels: &[usize]) -> Vec<Vec<usize>> {
    let rows = (0..n).map(|r| (0..n).map(|c| r * n + c).collect());
    let cols = (0..n).map(|c| (0..n).map(|r| r * n + c).collect());
    let mut regions: Vec<Vec<usize>> = vec![Vec::new(); labels.iter().max().map_or(0, |&m| m + 1)];
    for (i, &l) in labels.iter().enumerate() {
        regions[l].push(i);
    }
    rows.chain(cols).chain(regions).collect()
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
    for unit in units(n, labels) {
        cnf.exactly(&unit.into_iter().map(cell_var).collect::<Vec<_>>(), k);
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
    fn both_encodings_allow_exactly_k() {
        type Encoding = fn(&mut Cnf, &[Lit], usize);
        let encodings: [(&str, Encoding); 3] =
            [("exactly", Cnf::exactly), ("sequential", Cnf::sequential), ("totalizer", Cnf::totalizer)];
        for m in 1..=5 {
            for (name, encode) in encodings {
                // The two encodings themselves take 1 ≤ k ≤ m; `exactly` any k.
                let ks = if name == "exactly" { 0..=m + 1 } else { 1..=m };
                for k in ks {
                    let mut cnf = Cnf { vars: i32::try_from(m).unwrap(), clauses: Vec::new() };
                    let xs: Vec<Lit> = (1..=cnf.vars).collect();
                    encode(&mut cnf, &xs, k);
                    let found = models(&cnf, m);
                    let want = (0u32..1 << m).filter(|b| b.count_ones() as usize == k).count();
                    assert_eq!(found.len(), want, "{name}: m {m}, k {k}");
                    assert!(found.iter().all(|s| s.iter().filter(|&&b| b).count() == k), "{name}: m {m}, k {k}");
                }
            }
        }
    }

    #[test]
    fn a_totalizer_forces_the_last_free_cells_and_refuses_one_more() {
        // Arc consistency by unit propagation alone: with 4 of 6 cells needed and
        // two ruled out, the other four follow; with 4 placed, the rest are empty.
        let propagate = |fixed: &[Lit]| {
            let mut cnf = Cnf { vars: 6, clauses: Vec::new() };
            cnf.totalizer(&[1, 2, 3, 4, 5, 6], 4);
            let mut value: Vec<Option<bool>> = vec![None; usize::try_from(cnf.vars).unwrap() + 1];
            fixed.iter().for_each(|&l| value[l.unsigned_abs() as usize] = Some(l > 0));
            loop {
                let mut changed = false;
                for c in &cnf.clauses {
                    let open: Vec<Lit> =
                        c.iter().copied().filter(|l| value[l.unsigned_abs() as usize].is_none()).collect();
                    let satisfied = c.iter().any(|&l| value[l.unsigned_abs() as usize] == Some(l > 0));
                    if !satisfied && open.len() == 1 {
                        value[open[0].unsigned_abs() as usize] = Some(open[0] > 0);
                        changed = true;
                    }
                }
                if !changed {
                    return value[1..=6].to_vec();
                }
            }
        };
        assert_eq!(propagate(&[-2, -5]), [Some(true), Some(false), Some(true), Some(true), Some(false), Some(true)]);
        assert_eq!(
            propagate(&[1, 2, 3, 6]),
            [Some(true), Some(true), Some(true), Some(false), Some(false), Some(true)]
        );
    }

    #[test]
    fn touching_pairs_are_each_one_clause() {
        let cnf = encode(3, &[0, 0, 0, 1, 1, 1, 2, 2, 2], 1, &[]);
        let pairs = cnf.clauses.iter().filter(|c| c.len() == 2 && c.iter().all(|l| (-9..0).contains(l))).count();
        // 3×3: 6 sideways, 6 up-down, 8 diagonal.
        assert_eq!(pairs, 20);
    }
}
