//! The engine's vocabulary: how a step was found ([`Technique`]), its argument
//! ([`Detail`]), a deduction as the techniques return it ([`Found`]), and a step
//! as the engine hands it out ([`Step`], with its three [`Reveal`]s). Every
//! family of techniques, the wording and the hints speak these types, so they sit
//! below all of them.

use super::board::{Board, CellState, Geometry, Unit};
use crate::puzzle::Cell;

/// How a step was found, in order of difficulty (the level is its number).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Technique {
    /// 1: a queen rules out its row, column, region (once full) and touching cells.
    Reach,
    /// 2: a unit with exactly as many possible cells as queens it still needs.
    LastCell,
    /// 3: a region confined to one line empties the rest of the line (and back).
    OneLine,
    /// 4: k regions confined to k lines use those lines up (and back).
    Fill,
    /// 5: a queen here would leave some unit without room.
    Blocked,
    /// 6: a unit's cells left fit in as many 2×2 blocks as stars it needs: one in each.
    Tiling,
    /// 7: the same for two adjacent rows (columns) together.
    Squeeze,
    /// 8: under- and overcounting: regions inside a band of lines, or reaching into it,
    /// leave the rest a known number of stars.
    Counting,
    /// 9: a star here would leave a unit, or two adjacent lines, too little room.
    Pressured,
    /// 10: a unit whose stars go only a few ways, each followed through: the last
    /// resort before what-ifs.
    LineCases,
    /// 11: a queen here leads, by techniques 1–5, to a unit without room.
    WhatIf,
    /// 12: the case split of 10, each way followed through with what-ifs inside as
    /// well (which follow techniques 1–9, as the case does): the last resort before
    /// nested what-ifs.
    DeepCases,
    /// 13: a what-if with what-if steps inside the case: a last resort.
    DeepWhatIf,
}

impl Technique {
    /// All techniques, easiest first.
    pub const ALL: [Technique; 13] = [
        Technique::Reach,
        Technique::LastCell,
        Technique::OneLine,
        Technique::Fill,
        Technique::Blocked,
        Technique::Tiling,
        Technique::Squeeze,
        Technique::Counting,
        Technique::Pressured,
        Technique::LineCases,
        Technique::WhatIf,
        Technique::DeepCases,
        Technique::DeepWhatIf,
    ];

    /// Difficulty level, 1 (easiest) to 13.
    pub fn level(self) -> u8 {
        self as u8 + 1
    }
}

/// How hard a puzzle is for a person.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Grade {
    /// Queen's reach, last cells and regions in one line suffice.
    Easy,
    /// Needs regions filling lines.
    Medium,
    /// Needs blocked-unit or counting steps (2×2 blocks, squeeze, counting, pressure).
    Hard,
    /// Needs a case split or what-if reasoning.
    Expert,
}

impl Grade {
    /// The grade's name in JSON and text.
    pub fn name(self) -> &'static str {
        match self {
            Grade::Easy => "easy",
            Grade::Medium => "medium",
            Grade::Hard => "hard",
            Grade::Expert => "expert",
        }
    }
}

/// The argument of a deduction, enough to say it in words and show what it used.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Detail {
    /// The queen on this cell rules out the decided cells.
    Reach {
        /// The queen (cell index).
        queen: usize,
        /// Units the queen fills to K (their other cells are ruled out).
        full: Vec<Unit>,
    },
    /// This unit's unknown cells are exactly the queens it still needs.
    LastCell {
        /// The unit.
        unit: Unit,
    },
    /// Every possible cell of `inside` lies in `line`, so the rest of `line` is empty.
    OneLine {
        /// The confined unit.
        inside: Unit,
        /// The unit it is confined to.
        line: Unit,
    },
    /// The possible cells of the `inside` units lie within as many `lines`.
    Fill {
        /// The confined units.
        inside: Vec<Unit>,
        /// The units they use up.
        lines: Vec<Unit>,
    },
    /// A queen on any of the decided cells would leave `unit` without room.
    Blocked {
        /// The unit that would run out.
        unit: Unit,
    },
    /// The cells left in `unit` fit in `blocks`, as many as the stars it needs.
    Tiling {
        /// The unit.
        unit: Unit,
        /// The 2×2 blocks, one star each.
        blocks: Vec<Block>,
    },
    /// The cells left in two adjacent `lines` fit in `blocks`, as many as they need.
    Squeeze {
        /// The two lines.
        lines: Vec<Unit>,
        /// The 2×2 blocks, one star each.
        blocks: Vec<Block>,
    },
    /// `regions` lie inside the band of `lines` (undercounting), or hold every cell
    /// left in it (`over`), so the rest holds a known number of stars: none left
    /// (`blocks` empty), or one in each of `blocks`.
    Counting {
        /// The band of adjacent lines.
        lines: Vec<Unit>,
        /// The regions counted.
        regions: Vec<Unit>,
        /// Overcounting: the regions hold the band; else they lie inside it.
        over: bool,
        /// The 2×2 blocks of the rest, one star each (empty: the rest is full).
        blocks: Vec<Block>,
    },
    /// A star on any decided cell would leave `units` (one unit, or two adjacent
    /// lines) with fewer 2×2 blocks of room than stars to place.
    Pressured {
        /// The unit, or the two lines.
        units: Vec<Unit>,
    },
    /// The stars of `unit` go `ways` ways; `broken` of them break a rule, and the
    /// decided cells are the same in all the others.
    Cases {
        /// The unit split into cases.
        unit: Unit,
        /// How many ways its stars can go.
        ways: usize,
        /// How many of them break a rule.
        broken: usize,
        /// Followed through with what-ifs inside too (technique 12).
        deep: bool,
    },
    /// A queen on `cell` leads to `runs_out` having no room.
    WhatIf {
        /// The cell tried (index).
        cell: usize,
        /// The unit that runs out of cells in that case.
        runs_out: Unit,
        /// 0 for techniques 1–5 inside the case; more for nested what-ifs.
        depth: usize,
    },
}

/// One deduction: how, what it decides, and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Found {
    /// The technique.
    pub technique: Technique,
    /// Cell indices and what they become (queen or empty), sorted.
    pub decided: Vec<(usize, CellState)>,
    /// The argument.
    pub detail: Detail,
}

/// A 2×2 block of cells by its top-left corner (row, column). A block may hang over
/// the board's edge, where it holds fewer cells.
pub type Block = (isize, isize);

/// The cells of `block` that lie on the board.
pub(crate) fn block_cells(n: usize, (r, c): Block) -> impl Iterator<Item = usize> {
    let n = n as isize;
    [(r, c), (r, c + 1), (r + 1, c), (r + 1, c + 1)]
        .into_iter()
        .filter(move |&(rr, cc)| (0..n).contains(&rr) && (0..n).contains(&cc))
        .map(move |(rr, cc)| (rr * n + cc) as usize)
}

/// Cells and what they become, sorted.
pub(crate) type Decided = Vec<(usize, CellState)>;

/// `cells` decided empty, sorted, each once.
pub(crate) fn empties(cells: impl IntoIterator<Item = usize>) -> Decided {
    let mut v: Decided = cells.into_iter().map(|i| (i, CellState::Empty)).collect();
    v.sort_unstable();
    v.dedup();
    v
}

/// Applies a deduction to the board.
pub(crate) fn apply(b: &mut Board, found: &Found) {
    for &(i, s) in &found.decided {
        b.cells[i] = s;
    }
}

/// What a step's argument used: the cells, rows, columns and regions to look at.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Uses {
    /// Cells, row-major.
    pub cells: Vec<Cell>,
    /// Rows, 0-based, ascending.
    pub rows: Vec<usize>,
    /// Columns, 0-based, ascending.
    pub cols: Vec<usize>,
    /// Region labels, ascending.
    pub regions: Vec<usize>,
}

impl Uses {
    /// Whether `cell` lies in one of these units or is one of these cells.
    pub fn covers(&self, cell: Cell, regions: &crate::puzzle::Regions) -> bool {
        self.rows.contains(&cell.row)
            || self.cols.contains(&cell.col)
            || self.regions.contains(&regions.label(cell))
            || self.cells.contains(&cell)
    }

    /// The board indices these units and cells read: every cell of each unit, then
    /// the cells (a step's reads, which a proof slices back from).
    pub(crate) fn board_cells(&self, g: &Geometry) -> Vec<usize> {
        let units = (self.rows.iter().map(|&r| Unit::Row(r)))
            .chain(self.cols.iter().map(|&c| Unit::Col(c)))
            .chain(self.regions.iter().map(|&r| Unit::Region(r)));
        let mut cells: Vec<usize> = units.flat_map(|u| g.units[g.index(u)].iter().copied()).collect();
        cells.extend(self.cells.iter().map(|&c| g.at(c)));
        cells
    }
}

/// Adds `u` to the rows, columns or regions of `uses`.
pub(crate) fn add_unit(u: Unit, uses: &mut Uses) {
    match u {
        Unit::Row(r) => uses.rows.push(r),
        Unit::Col(c) => uses.cols.push(c),
        Unit::Region(x) => uses.regions.push(x),
    }
}

/// One explained deduction.
#[derive(Debug, Clone, PartialEq)]
pub struct Step {
    /// How it was found.
    pub technique: Technique,
    /// The cells it decides, each a queen or empty, row-major.
    pub decided: Vec<(Cell, CellState)>,
    /// What the argument used.
    pub uses: Uses,
    /// What it says, in three reveals.
    pub reveals: Reveals,
    /// The argument, for drawing it.
    pub detail: Detail,
}

impl Step {
    /// Difficulty level, 1–13.
    pub fn level(&self) -> u8 {
        self.technique.level()
    }
}

/// What a step, a hint or an answer to "why?" says, in three reveals, each said
/// only when the player asks for it: where to look, why, and the whole answer.
/// The nudge and the reason never name a cell the answer decides.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Reveals {
    /// First reveal: where to look (units, never a decided cell), no conclusion.
    pub nudge: String,
    /// Second reveal: the argument, still without the decided cells.
    pub reason: String,
    /// Third reveal: the whole answer, decided cells included.
    pub text: String,
}

impl Reveals {
    /// The same words at every reveal (nothing to hold back).
    pub fn same(text: &str) -> Self {
        Reveals { nudge: text.into(), reason: text.into(), text: text.into() }
    }

    /// The text of one reveal: the nudge, the reason, or the whole answer.
    pub fn reveal(&self, reveal: Reveal) -> &str {
        match reveal {
            Reveal::Nudge => &self.nudge,
            Reveal::Reason => &self.reason,
            Reveal::Answer => &self.text,
        }
    }
}

/// How much of a step a hint shows, smallest nudge first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub enum Reveal {
    /// Where to look: the units, no conclusion, no decided cell.
    Nudge,
    /// Why: the argument, still no decided cell.
    Reason,
    /// The whole step, with the cells it decides.
    #[default]
    Answer,
}

impl Reveal {
    /// All reveals, smallest first.
    pub const ALL: [Reveal; 3] = [Reveal::Nudge, Reveal::Reason, Reveal::Answer];

    /// The name used by `--reveal` and the JSON.
    pub fn name(self) -> &'static str {
        match self {
            Reveal::Nudge => "nudge",
            Reveal::Reason => "reason",
            Reveal::Answer => "answer",
        }
    }
}

impl Detail {
    /// What the argument used, for drawing it: the units it names, the cells of
    /// its 2×2 blocks, and the cell it starts from (a queen's reach, a what-if).
    /// `decided` are the cells the step decides (a last cell or a blocked unit
    /// points at them).
    pub(crate) fn uses(&self, g: &Geometry, decided: &[(usize, CellState)], uses: &mut Uses) {
        let (units, blocks): (Vec<Unit>, &[Block]) = match self {
            Detail::Reach { queen, full } => {
                uses.cells.push(g.cell(*queen));
                (full.clone(), &[])
            }
            Detail::LastCell { unit } | Detail::Blocked { unit } => {
                uses.cells.extend(decided.iter().map(|&(i, _)| g.cell(i)));
                (vec![*unit], &[])
            }
            Detail::OneLine { inside, line } => (vec![*inside, *line], &[]),
            Detail::Fill { inside, lines } => (inside.iter().chain(lines).copied().collect(), &[]),
            Detail::WhatIf { cell, runs_out, .. } => {
                uses.cells.push(g.cell(*cell));
                (vec![*runs_out], &[])
            }
            Detail::Tiling { unit, blocks } => (vec![*unit], blocks),
            Detail::Squeeze { lines, blocks } => (lines.clone(), blocks),
            Detail::Counting { lines, regions, blocks, .. } => (lines.iter().chain(regions).copied().collect(), blocks),
            Detail::Pressured { units } => (units.clone(), &[]),
            Detail::Cases { unit, .. } => (vec![*unit], &[]),
        };
        units.into_iter().for_each(|u| add_unit(u, uses));
        uses.cells.extend(blocks.iter().flat_map(|&blk| block_cells(g.n, blk)).map(|i| g.cell(i)));
    }
}
