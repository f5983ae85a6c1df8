//! The puzzle as CNF: plain DIMACS-style clauses, independent of the SAT solver.
//!
//! Variable `i + 1` is row-major cell `i` ("a star here").
//! - **No two stars touch**: every touching pair (sideways or diagonal) is a binary
//!   clause ¬a ∨ ¬b, four per cell. Binary clauses are what CDCL solvers propagate
//!   fastest; the 2×2 "at most one" of the MILP is the same set of pairs.
//!
//! "Exactly K per row, column and region" is not written as clauses: the solver's
//! theory ([`super::units`]) counts it (why: the module docs there).
//! The counter encodings it replaced stay here for the tests alone
//! (`encode_counted`, the tests'): the whole puzzle as clauses, the reference the theory's
//! solutions are checked against. For K ≤ 3 a **sequential counter** (Sinz 2005):
//! `r(i, j)` means "at least j of the first i cells are stars"; from K = 4 a
//! **totalizer** (Bailleux and Boufkhad 2003) counting to K + 1. Both are
//! arc-consistent both ways, so unit propagation alone makes the same deductions.

/// The star count from which [`encode_counted`] counts units by a totalizer
/// rather than a sequential counter (the smaller formula on each side).
#[cfg(test)]
const TOTALIZER_FROM: usize = 4;

/// Whether each conflict the counting theory raises ([`super::units`] and
/// [`super::confine`]) is also kept as a clause of the problem, beside the clause
/// the solver learns from it (batsat's "costly" flag). The conflict clause holds
/// on every board of this map (too many stars in a unit, too few tiles for its
/// stars, a confinement broken), and once it is a clause, unit propagation rules
/// out its last cell before the theory is asked again, so the same conflict is
/// not met twice. Solve plus proof, in the fixed order: the corpus, the packs and
/// tests/data (K ≥ 2) 12,233 conflicts against 13,190 and 0.89 of the time; 25
/// 15×15 3★ boards 6,253 against 6,206 and 0.94 of the time. Summed over the fixed
/// order and four random starting activities: 60,986 against 64,396 and 29,589
/// against 30,565 (docs/benchmarks.md, "Star Battle").
pub(super) const KEEP_CONFLICTS: bool = true;

/// A literal as DIMACS writes it: `v` or `-v`, with `v ≥ 1`.
pub(crate) type Lit = i32;

/// The clauses of one puzzle, stored end to end (one allocation for them all,
/// where a `Vec` per clause cost more than the solver's setup on a 10×10 board).
#[derive(Debug, Clone, Default)]
pub(crate) struct Cnf {
    /// Variables used: cell variables are `1..=n*n` (a counted reference formula's counters follow).
    pub vars: i32,
    lits: Vec<Lit>,
    /// Where each clause ends in `lits`.
    ends: Vec<usize>,
}

impl Cnf {
    /// A formula over `vars` variables with no clause yet.
    pub fn new(vars: i32) -> Self {
        Cnf { vars, lits: Vec::new(), ends: Vec::new() }
    }

    fn add(&mut self, clause: &[Lit]) {
        self.lits.extend_from_slice(clause);
        self.ends.push(self.lits.len());
    }

    /// Every clause, as literals, in the order they were written.
    pub(crate) fn clauses(&self) -> impl Iterator<Item = &[Lit]> {
        let starts = std::iter::once(0).chain(self.ends.iter().copied());
        starts.zip(&self.ends).map(|(from, &to)| &self.lits[from..to])
    }
}

/// The counter encodings, for the reference formula of the tests.
#[cfg(test)]
impl Cnf {
    fn new_var(&mut self) -> Lit {
        self.vars += 1;
        self.vars
    }

    /// Exactly `k` of `xs` are true, by the encoding [`TOTALIZER_FROM`] picks for `k`.
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
pub(crate) fn cell_var(i: usize) -> Lit {
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

/// The clauses of an `n`×`n` board: no two stars touch. The counting is
/// [`super::units`]'s.
pub fn encode(n: usize) -> Cnf {
    let mut cnf = Cnf::new(cell_var(n * n - 1));
    cnf.lits.reserve(8 * n * n);
    cnf.ends.reserve(4 * n * n);
    for r in 0..n {
        for c in 0..n {
            // Right, down-left, down, down-right: each touching pair once.
            let right = (c + 1 < n).then(|| (r, c + 1));
            let down = [c.checked_sub(1), Some(c), (c + 1 < n).then_some(c + 1)];
            let below = down.into_iter().flatten().filter(|_| r + 1 < n).map(|cc| (r + 1, cc));
            for b in right.into_iter().chain(below).map(|(rr, cc)| rr * n + cc) {
                cnf.add(&[-cell_var(r * n + c), -cell_var(b)]);
            }
        }
    }
    cnf
}

/// The whole puzzle as clauses, for the tests: [`encode`]'s, and exactly `k`
/// stars in each unit of the region `labels` by a counter.
#[cfg(test)]
pub(super) fn encode_counted(n: usize, labels: &[usize], k: usize) -> Cnf {
    let mut cnf = encode(n);
    for unit in units(n, labels) {
        cnf.exactly(&unit.into_iter().map(cell_var).collect::<Vec<_>>(), k);
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
                cnf.clauses().all(|c| c.iter().any(|&l| value(l)))
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
                    let mut cnf = Cnf::new(i32::try_from(m).unwrap());
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
            let mut cnf = Cnf::new(6);
            cnf.totalizer(&[1, 2, 3, 4, 5, 6], 4);
            let mut value: Vec<Option<bool>> = vec![None; usize::try_from(cnf.vars).unwrap() + 1];
            fixed.iter().for_each(|&l| value[l.unsigned_abs() as usize] = Some(l > 0));
            loop {
                let mut changed = false;
                for c in cnf.clauses() {
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
        let cnf = encode(3);
        let pairs = cnf.clauses().filter(|c| c.len() == 2 && c.iter().all(|l| (-9..0).contains(l))).count();
        // 3×3: 6 sideways, 6 up-down, 8 diagonal.
        assert_eq!(pairs, 20);
    }
}
