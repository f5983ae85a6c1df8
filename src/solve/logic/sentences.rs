//! A step's three reveals (the nudge, the reason, the whole step), each a plain
//! sentence: the family that found the step words it (`techniques/`, `trials/`),
//! and this gives every sentence its capital and its full stop.

use super::board::Geometry;
use super::step::{Detail, Found, Reveals};
use super::techniques::{basic, blocked, blocks, counting, lines, pressured};
use super::trials::{cases, what_if};
use super::words::{full_stop, sentence, Names};

/// The three reveals of `found`, as sentences.
pub(crate) fn say(g: &Geometry, names: &Names, found: &Found) -> Reveals {
    let d = &found.decided;
    let said = match &found.detail {
        Detail::Reach { queen, full } => basic::say_reach(g, names, *queen, full),
        Detail::LastCell { unit } => basic::say_last_cell(g, names, *unit, d),
        Detail::OneLine { inside, line } => lines::say_one_line(g, names, *inside, *line),
        Detail::Fill { inside, lines } => lines::say_fill(g, names, inside, lines),
        Detail::Blocked { unit } => blocked::say_blocked(g, names, *unit, d),
        Detail::Tiling { unit, blocks } => blocks::say_tiling(g, names, *unit, blocks, d),
        Detail::Squeeze { lines, blocks } => blocks::say_squeeze(g, names, lines, blocks, d),
        Detail::Counting { lines, regions, over, blocks } => {
            counting::say_counting(g, names, (lines, regions), *over, blocks, d)
        }
        Detail::Pressured { units } => pressured::say_pressured(g, names, units, d),
        Detail::Cases { unit, ways, broken, deep } => cases::say_cases(g, names, *unit, (*ways, *broken), *deep, d),
        Detail::WhatIf { cell, runs_out, depth } => what_if::say_what_if(g, names, *cell, *runs_out, *depth),
    };
    let finish = |s: String| full_stop(sentence(s));
    Reveals { nudge: finish(said.nudge), reason: finish(said.reason), text: finish(said.text) }
}
