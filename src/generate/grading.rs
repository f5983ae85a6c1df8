//! Grading a layout for steering: the deduction engine's path by its cheap
//! techniques only, summed up as how hard its hardest step is, how many steps are
//! too hard, how many cells it leaves open, and which regions it starts from.
//!
//! It is a guide, not the verdict: [`super::make`] puts every candidate through the
//! engine's full path before it is returned.

use super::layout;
use super::spec::{Spec, Target};
use crate::solve::logic::{self, Board, Engine, Names, Spend, Technique};

/// What the engine's path says of a layout, for steering.
pub(super) struct Grading {
    /// The hardest step's level, or one past the last level when the path does not
    /// solve the board.
    pub(super) level: u8,
    /// Levels of the steps, in order.
    steps: Vec<u8>,
    /// Cells the path left undecided.
    open: u64,
    /// The path's score, in tenths.
    score: u64,
    /// The regions (labels of the layout) the path's first steps use.
    pub(super) starts: Vec<usize>,
}

impl Grading {
    /// A layout judged too easy without the engine (see [`one`](super::make::one)).
    pub(super) fn too_easy() -> Self {
        Grading { level: 1, steps: Vec::new(), open: 0, score: 0, starts: Vec::new() }
    }

    /// Steps above level `hi`, plus the cells left open: how much too hard.
    fn above(&self, hi: u8) -> u64 {
        self.steps.iter().filter(|&&l| l > hi).count() as u64 + self.open
    }

    /// How far this path is from `target`, smallest first: the hardest level's
    /// distance from the target's levels, then, to steer by, the steps above the
    /// target (too hard) or the score missing to the hardest (too easy).
    pub(super) fn distance(&self, target: Target) -> (u8, u64) {
        let (lo, hi) = target.levels();
        let level = self.level;
        let off = lo.saturating_sub(level) + level.saturating_sub(hi);
        let finer = if level > hi {
            self.above(hi)
        } else if level < lo {
            u64::MAX / 2 - self.score
        } else {
            0
        };
        (off, if off == 0 { 0 } else { finer })
    }
}

/// Steps at the start of a path whose regions an aimed move grows.
const STARTS: usize = 2;

/// The engine's path on a layout, by the cheap techniques only (1–9: no what-if
/// budget, and the engine's full path takes the same steps as far as they go).
/// For a target below line cases that says enough: a board they leave open is
/// too hard, whatever it needs. For a target of line cases or beyond, a board
/// they solve is too easy, and one they leave open is a candidate that
/// `make::verify` puts through the full path.
pub(super) fn grading(spec: &Spec, label: &[usize]) -> Grading {
    let regions = layout::regions(spec.n, label);
    let engine = Engine::new(&regions, spec.stars, Names::letters(spec.n));
    let path = engine.explain_within(Board::new(spec.n), Spend::NONE);
    let lo = spec.target.levels().0;
    let beyond = Technique::ALL.iter().map(|t| t.level()).max().unwrap_or(0) + 1;
    // Left open by the cheap techniques: a what-if target's candidate (the full path,
    // in `verify`, says whether it is one), too hard for any other.
    let stalled = if lo >= Technique::LineCases.level() { lo } else { beyond };
    let d = logic::difficulty(&path.steps);
    Grading {
        level: if path.solved { d.hardest.map_or(1, Technique::level) } else { stalled },
        steps: path.steps.iter().map(|s| s.level()).collect(),
        open: (spec.n * spec.n - path.board.decided()) as u64,
        score: (d.score * 10.0) as u64,
        starts: {
            let mut mine = vec![0; spec.n];
            for (i, &r) in regions.labels().iter().enumerate() {
                mine[r] = label[i];
            }
            let mut starts: Vec<usize> =
                path.steps.iter().take(STARTS).flat_map(|s| s.uses.regions.iter().map(|&r| mine[r])).collect();
            starts.sort_unstable();
            starts.dedup();
            starts
        },
    }
}
