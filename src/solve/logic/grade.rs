//! How hard a solve path is for a person: its grade, from the hardest technique
//! it needs, and a finer score that weighs every step by its level.

use super::families::family;
use super::step::{Grade, Step, Technique};

/// The difficulty of a solve path.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Difficulty {
    /// The grade, from the hardest technique needed.
    pub grade: Grade,
    /// A finer score: the sum over steps of a weight that doubles with each level
    /// from level 2 on (level 1 steps are free), rounded to 0.1.
    pub score: f64,
    /// The hardest technique used, if any step was needed.
    pub hardest: Option<Technique>,
}

/// The grade of a path whose hardest step is `t` (the generator steers by it).
pub fn grade_of(t: Technique) -> Grade {
    family(t).grade()
}

/// The difficulty of a path (only meaningful for a path that solved the puzzle).
pub fn difficulty(steps: &[Step]) -> Difficulty {
    let hardest = steps.iter().map(|s| s.technique).max();
    let grade = grade_of(hardest.unwrap_or(Technique::Reach));
    let score: f64 = steps.iter().map(|s| if s.level() == 1 { 0.0 } else { f64::from(1u32 << (s.level() - 2)) }).sum();
    Difficulty { grade, score: (score * 10.0).round() / 10.0, hardest }
}
