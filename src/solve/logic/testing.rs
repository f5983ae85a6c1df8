//! What the engine's unit tests share: a fixed pseudo-random sequence, two 9×9
//! maps to draw boards on, a generated 14×14 3★ map, plain geometries, boards
//! drawn as text, and a step's words as its technique says them.

use super::board::{Board, CellState, Geometry};
use super::family::Family;
use super::step::{Found, Reveals};
use super::words::{full_stop, sentence, Names};
use crate::puzzle::Regions;

/// Two 9×9 maps the technique tests draw boards on.
pub(crate) const MAPS: [&str; 2] = [
    "111111111\n112333999\n122439999\n124437799\n124666779\n124467799\n122467899\n122555889\n112258899\n",
    "AABBBBBCD\nAAABBBBCD\nAAAEECCCD\nAEEEDCCFD\nAAADDFFFD\nGGGDDDDDD\nDDDDHHHHD\nDIDDDDDHH\nIIIIDDDDH\n",
];

/// A small fixed pseudo-random sequence (xorshift64) for the engine's unit tests.
pub(crate) fn xorshift(mut seed: u64) -> impl FnMut() -> u64 {
    move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    }
}

/// The generated 14×14 3★ board of tests/data that the case split's tests walk
/// along (16 case splits from the empty board), as a map and a geometry.
pub(crate) fn generated_14x14() -> (Regions, Geometry) {
    let regions =
        crate::puzzle::text::parse(include_str!("../../../tests/data/starbattle/14x14-3star-5.txt")).expect("a map");
    let g = Geometry::new(&regions, 3);
    (regions, g)
}

/// The geometry of an `n`×`n` board whose regions are its rows, `k` stars a unit.
pub(crate) fn geometry(n: usize, k: usize) -> Geometry {
    let labels: Vec<usize> = (0..n * n).map(|i| i / n).collect();
    Geometry::new(&Regions::from_labels(n, &labels).unwrap(), k)
}

/// A board drawn as text, `k` stars a unit: the region map, a blank line, then the
/// marks, a character a cell (`Q` a queen, `x` empty, `.` unknown).
pub(crate) fn drawn(text: &str, k: usize) -> (Geometry, Board) {
    let (map, marks) = text.split_once("\n\n").expect("a map, a blank line, the marks");
    let g = Geometry::new(&crate::puzzle::text::parse(map).expect("a region map"), k);
    let mut b = Board::new(g.n);
    for (i, mark) in marks.chars().filter(|c| !c.is_whitespace()).enumerate() {
        b.cells[i] = match mark {
            'Q' => CellState::Queen,
            'x' => CellState::Empty,
            _ => CellState::Unknown,
        };
    }
    (g, b)
}

/// `found`'s three reveals as `family` words them, made sentences (regions by
/// letter), before the engine adds the reach of any queen the step places.
pub(crate) fn words(family: &dyn Family, g: &Geometry, found: &Found) -> Reveals {
    let said = family.say(g, &Names::letters(g.n), found).expect("the family words its own finds");
    let finish = |s: String| full_stop(sentence(s));
    Reveals { nudge: finish(said.nudge), reason: finish(said.reason), text: finish(said.text) }
}

/// The cells of `decided` by (row, column), with `true` for a queen.
pub(crate) fn cells(g: &Geometry, decided: &[(usize, CellState)]) -> Vec<(usize, usize, bool)> {
    decided.iter().map(|&(i, s)| (g.cell(i).row, g.cell(i).col, s == CellState::Queen)).collect()
}
