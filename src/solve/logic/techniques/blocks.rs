//! Techniques 6 and 7, 2×2 blocks on one unit and on two lines: a unit whose
//! cells left fit in exactly as many 2×2 blocks as stars it still needs has one
//! star in each block (6, 2×2 blocks), and the same for two adjacent rows or
//! columns together (7, squeeze). What each block then decides is the cover's
//! ([`super::cover::tight_decisions`]).

use super::cover::{fit_in_blocks, say_tight, state_rows, tight_set, RowMasks};
use crate::solve::logic::board::{Board, Changes, Geometry, Unit};
use crate::solve::logic::family::{Cost, Family, Work};
use crate::solve::logic::step::{Block, Decided, Detail, Found, Grade, Reveals, Technique};
use crate::solve::logic::words::{still, units, Names};

/// Technique 6, a unit's cells left in as many 2×2 blocks as stars it needs.
pub(crate) struct Tiling;

impl Family for Tiling {
    fn technique(&self) -> Technique {
        Technique::Tiling
    }

    fn id(&self) -> &'static str {
        "two-by-two"
    }

    fn name(&self) -> &'static str {
        "2×2 blocks"
    }

    fn grade(&self) -> Grade {
        Grade::Hard
    }

    fn cost(&self) -> Cost {
        Cost::Cheap { case_rank: Some(3) }
    }

    fn find(&self, g: &Geometry, b: &Board, _: Option<&mut Work<'_>>) -> Option<Found> {
        tiling(g, b)
    }

    fn every(&self, g: &Geometry, b: &Board) -> Vec<Found> {
        tilings(g, b).collect()
    }

    /// Only the units that hold a changed cell: a unit whose cells are as they
    /// were has the same cover, and its blocks' other cells can only have been
    /// decided since, so it decides nothing now either.
    fn case_decided_since(&self, g: &Geometry, b: &Board, since: &Changes<'_>) -> Decided {
        tilings_where(g, b, |u| since.unit(u)).flat_map(|f| f.decided).collect()
    }

    fn say(&self, g: &Geometry, names: &Names, found: &Found) -> Option<Reveals> {
        let Detail::Tiling { unit, blocks } = &found.detail else { return None };
        Some(say_tiling(g, names, *unit, blocks, &found.decided))
    }
}

/// Technique 7, the same for two adjacent lines together.
pub(crate) struct Squeeze;

impl Family for Squeeze {
    fn technique(&self) -> Technique {
        Technique::Squeeze
    }

    fn id(&self) -> &'static str {
        "squeeze"
    }

    fn name(&self) -> &'static str {
        "squeeze"
    }

    fn grade(&self) -> Grade {
        Grade::Hard
    }

    fn cost(&self) -> Cost {
        Cost::Cheap { case_rank: Some(4) }
    }

    fn find(&self, g: &Geometry, b: &Board, _: Option<&mut Work<'_>>) -> Option<Found> {
        squeeze(g, b)
    }

    fn every(&self, g: &Geometry, b: &Board) -> Vec<Found> {
        squeezes(g, b).collect()
    }

    /// Only the pairs of lines that hold a changed cell (as for [`Tiling`]).
    fn case_decided_since(&self, g: &Geometry, b: &Board, since: &Changes<'_>) -> Decided {
        squeezes_where(g, b, |u| since.unit(u) || since.unit(u + 1)).flat_map(|f| f.decided).collect()
    }

    fn say(&self, g: &Geometry, names: &Names, found: &Found) -> Option<Reveals> {
        let Detail::Squeeze { lines, blocks } = &found.detail else { return None };
        Some(say_squeeze(g, names, lines, blocks, &found.decided))
    }
}

/// Technique 6: a unit whose cells left fit in exactly as many 2×2 blocks as stars it needs.
pub(crate) fn tiling(g: &Geometry, b: &Board) -> Option<Found> {
    tilings(g, b).next()
}

/// Every [`tiling`] step of `b`: regions, then rows, then columns.
pub(crate) fn tilings<'a>(g: &'a Geometry, b: &'a Board) -> impl Iterator<Item = Found> + 'a {
    tilings_where(g, b, |_| true)
}

/// The [`tiling`] steps of the units `weigh` keeps.
fn tilings_where<'a>(
    g: &'a Geometry,
    b: &'a Board,
    weigh: impl Fn(usize) -> bool + 'a,
) -> impl Iterator<Item = Found> + 'a {
    let state = state_rows(g.n, b);
    g.scan_order().filter(move |&u| weigh(u)).filter_map(move |u| {
        let (blocks, decided) = tight_set(g, b, &state, &g.unit_rows[u], g.k)?;
        Some(Found { technique: Technique::Tiling, decided, detail: Detail::Tiling { unit: g.unit(u), blocks } })
    })
}

/// Technique 7: two adjacent rows (columns) whose cells left fit in exactly as many 2×2 blocks
/// as the stars they need together.
pub(crate) fn squeeze(g: &Geometry, b: &Board) -> Option<Found> {
    squeezes(g, b).next()
}

/// Every [`squeeze`] step of `b`: pairs of rows, then of columns.
pub(crate) fn squeezes<'a>(g: &'a Geometry, b: &'a Board) -> impl Iterator<Item = Found> + 'a {
    squeezes_where(g, b, |_| true)
}

/// The [`squeeze`] steps of the pairs of lines `weigh` keeps, each named by its
/// first line (its unit index).
fn squeezes_where<'a>(
    g: &'a Geometry,
    b: &'a Board,
    weigh: impl Fn(usize) -> bool + Copy + 'a,
) -> impl Iterator<Item = Found> + 'a {
    let state = state_rows(g.n, b);
    [0, 1].into_iter().flat_map(move |kind| {
        (0..g.n.saturating_sub(1)).filter(move |&first| weigh(g.kind(kind).start + first)).filter_map(move |first| {
            let base = g.kind(kind).start;
            let (one, next) = (&g.unit_rows[base + first], &g.unit_rows[base + first + 1]);
            let pair: RowMasks = std::array::from_fn(|r| one[r] | next[r]);
            let (blocks, decided) = tight_set(g, b, &state, &pair, 2 * g.k)?;
            let lines = vec![g.unit(base + first), g.unit(base + first + 1)];
            Some(Found { technique: Technique::Squeeze, decided, detail: Detail::Squeeze { lines, blocks } })
        })
    })
}

/// The words of a [`tiling`] step: the cells left in `unit` fit in `blocks`.
pub(crate) fn say_tiling(g: &Geometry, names: &Names, unit: Unit, blocks: &[Block], decided: &Decided) -> Reveals {
    let m = blocks.len();
    let argument =
        format!("{} needs {m} {} and its cells left {}", names.unit(unit), still(g, m, g.k), fit_in_blocks(m));
    let nudge = format!("look at {} and how its cells left fit in 2×2 blocks", names.unit(unit));
    say_tight(g, names, nudge, argument, decided, false)
}

/// The words of a [`squeeze`] step: the cells left in two `lines` fit in `blocks`.
pub(crate) fn say_squeeze(g: &Geometry, names: &Names, lines: &[Unit], blocks: &[Block], decided: &Decided) -> Reveals {
    let m = blocks.len();
    let argument = format!(
        "{} need {m} {} together and their cells left {}",
        units(names, lines),
        still(g, m, 2 * g.k),
        fit_in_blocks(m)
    );
    let nudge = format!("look at {} together, and 2×2 blocks along them", units(names, lines));
    say_tight(g, names, nudge, argument, decided, false)
}

#[cfg(test)]
mod tests {
    use super::{Squeeze, Tiling};
    use crate::solve::logic::family::Family;
    use crate::solve::logic::testing::{cells, drawn, words};

    /// A 9×9 2★ board of the Star Battle packs (StarBattleLab, sbl_9x2_hard_L00023).
    const MAP: &str =
        "AABBBBBCC\nABBBBBCCD\nAEBBBBBCD\nAEEEEFBBD\nAAGGGFFFD\nAAHGDDDDD\nAHHGGGGGD\nAAHIIIDDD\nHHHHHIIDD\n";

    #[test]
    fn a_region_whose_cells_left_fit_in_two_blocks_empties_what_touches_both() {
        let marks =
            ".........\n........x\n..x......\n......x..\n.........\n......x..\n.........\n.........\n....x....\n";
        let (g, b) = drawn(&format!("{MAP}\n{marks}"), 2);
        let found = Tiling.find(&g, &b, None).expect("a 2×2 tiling");
        assert_eq!(cells(&g, &found.decided), [(2, 6, false)]);
        let said = words(&Tiling, &g, &found);
        assert_eq!(
            said.text,
            "Region C needs 2 stars and its cells left fit in just 2 blocks of 2×2 cells, so row 3, column 7 is empty."
        );
        assert_eq!(said.nudge, "Look at region C and how its cells left fit in 2×2 blocks.");
    }

    #[test]
    fn two_rows_whose_cells_left_fit_in_as_many_blocks_as_stars_they_need_squeeze() {
        let marks =
            ".........\n........x\nx.xxx.x..\nx.xQx.xxx\n..xxx.xQx\n......xxx\n...xx....\n.x....x..\n...xx....\n";
        let (g, b) = drawn(&format!("{MAP}\n{marks}"), 2);
        let found = Squeeze.find(&g, &b, None).expect("a squeeze");
        assert_eq!(cells(&g, &found.decided), [(1, 7, false)]);
        let said = words(&Squeeze, &g, &found);
        assert_eq!(
            said.text,
            "Rows 3 and 4 need 3 more stars together and their cells left fit in just 3 blocks of 2×2 cells, so row 2, column 8 is empty."
        );
        assert_eq!(said.nudge, "Look at rows 3 and 4 together, and 2×2 blocks along them.");
    }
}
