//! A step's three reveals (the nudge, the reason, the whole step), each a plain
//! sentence: the technique that found the step words it (its entry in
//! `families.rs`), and this gives every sentence its capital and its full stop.

use super::board::Geometry;
use super::families::family;
use super::step::{Found, Reveals};
use super::words::{full_stop, sentence, Names};

/// The three reveals of `found`, as sentences.
pub(crate) fn say(g: &Geometry, names: &Names, found: &Found) -> Reveals {
    // A technique always words its own finds; the fallback only keeps a step
    // from being said with no words, should a finder ever break that.
    let said = family(found.technique).say(g, names, found);
    debug_assert!(said.is_some(), "{:?} does not word {:?}", found.technique, found.detail);
    let said = said.unwrap_or_else(|| Reveals::same(found.technique.name()));
    let finish = |s: String| full_stop(sentence(s));
    Reveals { nudge: finish(said.nudge), reason: finish(said.reason), text: finish(said.text) }
}
