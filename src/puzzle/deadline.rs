//! One wall-clock deadline per puzzle, shared by every stage of its reading and solve.
//!
//! `--time-limit` is a promise about the whole puzzle: reading the picture (the
//! grid search and every vision stage), the engine's presolve, every
//! K of `--stars auto`, the exact solve, the uniqueness proof and the explanation
//! all spend from the same clock. A plain `Copy` value, so any engine (the
//! deduction engine, HiGHS, others) can take it as a parameter and check it in its
//! own loops; work that stops at a passed deadline reports "time limit reached",
//! never a guess.

use std::time::{Duration, Instant};

/// When the work on one puzzle must stop; [`Deadline::NONE`] never passes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Deadline(Option<Instant>);

impl Deadline {
    /// No deadline: the work is bounded by its own budgets only.
    pub const NONE: Deadline = Deadline(None);

    /// `limit` from now (no deadline when that is past the end of time).
    pub fn after(limit: Duration) -> Self {
        Deadline(Instant::now().checked_add(limit))
    }

    /// At `instant`.
    pub fn at(instant: Instant) -> Self {
        Deadline(Some(instant))
    }

    /// The earlier of two deadlines (a deadline beats none).
    pub(crate) fn earliest(self, other: Deadline) -> Deadline {
        match (self.0, other.0) {
            (Some(a), Some(b)) => Deadline(Some(a.min(b))),
            (a, b) => Deadline(a.or(b)),
        }
    }

    /// True once the deadline has passed.
    pub fn passed(&self) -> bool {
        self.0.is_some_and(|t| Instant::now() >= t)
    }

    /// The time left (zero once passed), or `None` without a deadline.
    pub fn left(&self) -> Option<Duration> {
        self.0.map(|t| t.saturating_duration_since(Instant::now()))
    }

    /// The time left, at most `cap`: what a solver with its own time limit is given.
    pub(crate) fn left_within(&self, cap: Duration) -> Duration {
        self.left().map_or(cap, |left| left.min(cap))
    }
}

/// Milliseconds since `t`, rounded to 0.01 ms so JSON stays short: the one clock
/// reading every stage's time (`ms` in JSON) is made of.
pub(crate) fn ms_since(t: Instant) -> f64 {
    (t.elapsed().as_secs_f64() * 100_000.0).round() / 100.0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_earliest_deadline_wins_and_none_never_passes() {
        let soon = Deadline::after(Duration::ZERO);
        let late = Deadline::after(Duration::from_secs(3600));
        assert!(soon.passed() && !late.passed() && !Deadline::NONE.passed());
        assert_eq!(late.earliest(soon), soon);
        assert_eq!(Deadline::NONE.earliest(late), late);
        assert_eq!(soon.left(), Some(Duration::ZERO));
        assert_eq!(Deadline::NONE.left_within(Duration::from_secs(5)), Duration::from_secs(5));
        assert!(late.left_within(Duration::from_secs(5)) <= Duration::from_secs(5));
        assert_eq!(Deadline::after(Duration::MAX), Deadline::NONE, "no overflow: past the end of time is none");
    }
}
