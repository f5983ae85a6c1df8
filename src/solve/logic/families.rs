//! The one ordered list of techniques ([`FAMILIES`]), easiest first: the engine
//! asks them in this order for the next step, a case followed through sweeps the
//! cheap ones, and a step's words, its technique's name and its grade come from
//! its entry. A new technique is a file of its own (`techniques/` if it reads the
//! board as it stands, `trials/` if it tries something) and one line in its part
//! of the list ([`CHEAP`], [`TRIALS`]); a test fails when a [`Technique`] is in
//! no part, or out of the order of levels.

use super::family::Family;
use super::step::Technique;
use super::techniques::CHEAP;
use super::trials::TRIALS;

/// Every technique, easiest first: [`CHEAP`] (1–9), then [`TRIALS`] (10–13).
pub(crate) const FAMILIES: [&dyn Family; CHEAP.len() + TRIALS.len()] = {
    let mut all = [CHEAP[0]; CHEAP.len() + TRIALS.len()];
    let mut i = 0;
    while i < all.len() {
        all[i] = if i < CHEAP.len() { CHEAP[i] } else { TRIALS[i - CHEAP.len()] };
        i += 1;
    }
    all
};

/// The entry of technique `t` (the list is in the order of levels, which a
/// test checks).
pub(crate) fn family(t: Technique) -> &'static dyn Family {
    FAMILIES[usize::from(t.level() - 1)]
}

impl Technique {
    /// Stable name used in JSON.
    pub fn id(self) -> &'static str {
        family(self).id()
    }

    /// The name people read.
    pub fn name(self) -> &'static str {
        family(self).name()
    }
}

#[cfg(test)]
mod tests {
    use super::{family, FAMILIES};
    use crate::solve::logic::family::Cost;
    use crate::solve::logic::step::Technique;

    #[test]
    fn every_technique_is_in_the_list_once_at_its_level() {
        assert_eq!(FAMILIES.len(), Technique::ALL.len(), "the list and the vocabulary differ in length");
        for (k, f) in FAMILIES.iter().enumerate() {
            assert_eq!(usize::from(f.technique().level()), k + 1, "{} is out of the order of levels", f.id());
        }
        for t in Technique::ALL {
            let entries = FAMILIES.iter().filter(|f| f.technique() == t).count();
            assert_eq!(entries, 1, "{t:?} is in {entries} entries of the list, not one");
            assert_eq!(family(t).technique(), t);
        }
    }

    #[test]
    fn cheap_techniques_come_before_trials_and_case_ranks_are_distinct() {
        let trial_from = FAMILIES.iter().position(|f| f.cost() == Cost::Trial).unwrap_or(FAMILIES.len());
        assert!(FAMILIES[trial_from..].iter().all(|f| f.cost() == Cost::Trial), "a cheap technique after a trial");
        let mut ranks: Vec<u8> = FAMILIES
            .iter()
            .filter_map(|f| match f.cost() {
                Cost::Cheap { case_rank } => case_rank,
                Cost::Trial => None,
            })
            .collect();
        let n = ranks.len();
        ranks.sort_unstable();
        ranks.dedup();
        assert_eq!(ranks.len(), n, "two cheap techniques share a case rank");
    }

    #[test]
    fn ids_and_names_are_distinct() {
        for (i, a) in FAMILIES.iter().enumerate() {
            for b in &FAMILIES[i + 1..] {
                assert_ne!(a.id(), b.id());
                assert_ne!(a.name(), b.name());
            }
        }
    }
}
