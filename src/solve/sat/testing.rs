//! What the SAT engine's unit tests share: every solution of a board, solved by
//! the counter clauses alone or with the theory, and random boards with solutions.

use batsat::{lbool, Lit, SolverInterface, SolverOpts, Var};

use super::cnf;
use super::units::Units;

/// How a test solves: the whole puzzle as clauses (the counters) alone, or the
/// touching pairs with the theory, with or without its confinements.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum How {
    Counters,
    Theory,
    WithoutConfinement,
}

/// Every solution (up to `cap`), sorted, by blocking clauses, solved `how`.
pub(super) fn solutions(n: usize, labels: &[usize], k: usize, how: How, cap: usize) -> Vec<Vec<usize>> {
    solve_counting(n, labels, k, how, cap).0
}

/// [`solutions`], and the solver's conflicts in all.
pub(super) fn solve_counting(n: usize, labels: &[usize], k: usize, how: How, cap: usize) -> (Vec<Vec<usize>>, u64) {
    let theory = how != How::Counters;
    let formula = if theory { cnf::encode(n) } else { cnf::encode_counted(n, labels, k) };
    let mut sat = batsat::BasicSolver::new(SolverOpts::default(), Default::default());
    let vars: Vec<Var> = (0..formula.vars).map(|_| sat.new_var_default()).collect();
    let lit = |l: cnf::Lit| Lit::new(vars[l.unsigned_abs() as usize - 1], l > 0);
    for c in formula.clauses() {
        sat.add_clause_reuse(&mut c.iter().map(|&l| lit(l)).collect());
    }
    let mut units = Units::new(n, labels, k, &vars[..n * n]);
    if how == How::WithoutConfinement {
        units = units.without_confinement();
    }
    let regions = crate::puzzle::Regions::from_labels(n, labels).expect("n * n labels");
    let mut found = Vec::new();
    while found.len() < cap {
        let answer = if theory { sat.solve_limited_th(&mut units, &[]) } else { sat.solve_limited(&[]) };
        if answer != lbool::TRUE {
            break;
        }
        let stars: Vec<usize> = (0..n * n).filter(|&i| sat.value_var(vars[i]) == lbool::TRUE).collect();
        let placement =
            crate::puzzle::Placement::new(stars.iter().map(|&i| crate::puzzle::Cell::new(i / n, i % n)).collect());
        assert!(crate::puzzle::check::check(&regions, k, &placement).is_ok(), "a placement that breaks the rules");
        sat.add_clause_reuse(&mut stars.iter().map(|&i| Lit::new(vars[i], false)).collect());
        found.push(stars);
    }
    found.sort();
    (found, sat.num_conflicts())
}

/// A random board with at least one solution: a random placement of `k` stars
/// per row and column, no two touching, then `n` regions of `k` of those stars
/// each (in reading order), every cell going to its nearest star's region.
pub(super) fn random_board(n: usize, k: usize, next: &mut impl FnMut() -> u64) -> Vec<usize> {
    fn place(
        n: usize,
        k: usize,
        row: usize,
        cols: &mut [usize],
        stars: &mut Vec<usize>,
        next: &mut impl FnMut() -> u64,
    ) -> bool {
        if row == n {
            return cols.iter().all(|&c| c == k);
        }
        // Rows' star sets in a random order: k columns, no two side by side.
        let mut options: Vec<Vec<usize>> = Vec::new();
        let mut pick = |set: Vec<usize>| options.push(set);
        combinations(n, k, 0, &mut Vec::new(), &mut pick);
        for i in (1..options.len()).rev() {
            options.swap(i, (next() % (i as u64 + 1)) as usize);
        }
        for set in options {
            let free = set.iter().all(|&c| cols[c] < k)
                && set.iter().all(|&c| stars.iter().all(|&s| s / n + 1 < row || (s % n).abs_diff(c) > 1));
            if !free {
                continue;
            }
            set.iter().for_each(|&c| cols[c] += 1);
            stars.extend(set.iter().map(|&c| row * n + c));
            if place(n, k, row + 1, cols, stars, next) {
                return true;
            }
            stars.truncate(stars.len() - k);
            set.iter().for_each(|&c| cols[c] -= 1);
        }
        false
    }
    fn combinations(n: usize, k: usize, from: usize, set: &mut Vec<usize>, out: &mut impl FnMut(Vec<usize>)) {
        if set.len() == k {
            return out(set.clone());
        }
        for c in from..n {
            set.push(c);
            combinations(n, k, c + 2, set, out);
            set.pop();
        }
    }
    let mut stars = Vec::new();
    assert!(place(n, k, 0, &mut vec![0; n], &mut stars, next), "no placement for {n}x{n} {k}");
    (0..n * n)
        .map(|i| {
            let d = |s: usize| (s / n).abs_diff(i / n) + (s % n).abs_diff(i % n);
            let nearest = (0..stars.len()).min_by_key(|&j| (d(stars[j]), j)).unwrap_or(0);
            nearest / k
        })
        .collect()
}
