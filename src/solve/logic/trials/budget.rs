//! The work budget of the searches that try stars and follow them through (case
//! splits and what-ifs), counted in propagation rounds rather than seconds so that
//! every machine finds the same steps.

use crate::puzzle::deadline::Deadline;
use crate::solve::logic::board::Geometry;

/// Work budget for what-if searches, so a pathological board ends the search
/// instead of running for minutes.
///
/// It is counted in propagation rounds of a 9×9 Queens board: a round on a larger
/// board costs more, in proportion to the work of its sweeps (cells × units), so
/// that the budget bounds time on a 17×17 Star Battle as it does on a daily level.
/// Work, not seconds, so that every machine finds the same steps; the puzzle's
/// wall-clock deadline (`g.deadline`, none by default) is the outer bound: once it
/// passes, nothing more is spent.
#[derive(Debug, Clone)]
pub(crate) struct Budget {
    /// What is left, in 9×9 rounds.
    pub left: u64,
    /// What one round of this board costs, in 9×9 rounds (at least 1).
    cost: u64,
    /// The puzzle's deadline.
    deadline: Deadline,
    /// Set when the work is no longer wanted (a case split made beside another
    /// whose step was found first): spending then stops as if the budget ran out.
    pub cancel: Option<std::sync::Arc<std::sync::atomic::AtomicBool>>,
}

impl Budget {
    /// `rounds` 9×9 rounds for the board of `g`, within its deadline.
    pub fn new(g: &Geometry, rounds: u64) -> Self {
        let n = g.n as u64;
        let work = n * n * g.units.len() as u64;
        Budget { left: rounds, cost: (work / (81 * 27)).max(1), deadline: g.deadline, cancel: None }
    }

    pub(crate) fn spend(&mut self) -> bool {
        let cancelled = || self.cancel.as_ref().is_some_and(|c| c.load(std::sync::atomic::Ordering::Relaxed));
        if self.left < self.cost || self.deadline.passed() || cancelled() {
            self.left = 0;
            return false;
        }
        self.left -= self.cost;
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::logic::testing::geometry;

    #[test]
    fn a_round_costs_more_on_larger_boards() {
        // Boards up to 11×11 (every daily level) pay one round per round; a 17×17
        // board pays 6, in line with its sweeps.
        let cost = |n| Budget::new(&geometry(n, 1), 100).cost;
        assert_eq!([cost(6), cost(9), cost(10), cost(11)], [1, 1, 1, 1]);
        assert_eq!([cost(12), cost(15), cost(17)], [2, 4, 6]);
        let mut b = Budget::new(&geometry(17, 4), 13);
        assert!(b.spend() && b.spend(), "13 rounds of 9×9 pay for two 17×17 rounds");
        assert!(!b.spend(), "but not for a third");
        assert_eq!(b.left, 0);
    }
}
