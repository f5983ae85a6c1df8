//! The board the engine reasons about: each cell unknown, a queen (star), or empty,
//! and the puzzle's geometry (rows, columns, regions, neighbours) precomputed once.

use crate::puzzle::deadline::Deadline;
use crate::puzzle::{Cell, Regions};

/// What is known about one cell.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum CellState {
    /// Not decided yet.
    Unknown,
    /// Holds a queen (a star in Star Battle).
    Queen,
    /// Holds no queen.
    Empty,
}

/// A row, a column or a region: the units that each hold K queens.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Unit {
    /// Row, 0-based.
    Row(usize),
    /// Column, 0-based.
    Col(usize),
    /// Region label.
    Region(usize),
}

/// The fixed shape of a puzzle: which cells make each unit, and who touches whom.
#[derive(Debug, Clone)]
pub struct Geometry {
    pub(crate) n: usize,
    /// Stars per unit (K).
    pub(crate) k: usize,
    /// Cells of each unit: rows 0..n, columns n..2n, regions 2n..
    pub(crate) units: Vec<Vec<usize>>,
    /// The three units of each cell: row, column, region.
    pub(crate) cell_units: Vec<[usize; 3]>,
    /// The up to 8 touching cells of each cell.
    pub(crate) neighbours: Vec<Vec<usize>>,
    /// Each unit's cells as one bit mask per row (bit c for column c), indexed as
    /// `units`: the counting techniques weigh units and unions of them many times
    /// a step, on row masks.
    pub(crate) unit_rows: Vec<[u64; 64]>,
    /// When the work on this puzzle must stop ([`Deadline::NONE`] by default).
    /// Kept with the geometry so that every technique, whose finders all take it,
    /// can check it in a search that grows with N; a finder past it finds nothing.
    pub(crate) deadline: Deadline,
}

impl Geometry {
    /// The geometry of `regions` with `k` stars per unit.
    pub fn new(regions: &Regions, k: usize) -> Self {
        let n = regions.n();
        let mut units = vec![Vec::with_capacity(n); 2 * n + regions.region_count()];
        let mut cell_units = Vec::with_capacity(n * n);
        for cell in regions.cells() {
            let i = cell.row * n + cell.col;
            let ids = [cell.row, n + cell.col, 2 * n + regions.label(cell)];
            for &u in &ids {
                units[u].push(i);
            }
            cell_units.push(ids);
        }
        let neighbours = (0..n * n)
            .map(|i| {
                let (r, c) = ((i / n) as isize, (i % n) as isize);
                let mut out = Vec::with_capacity(8);
                for dr in -1..=1 {
                    for dc in -1..=1 {
                        let (rr, cc) = (r + dr, c + dc);
                        if (dr, dc) != (0, 0) && (0..n as isize).contains(&rr) && (0..n as isize).contains(&cc) {
                            out.push(rr as usize * n + cc as usize);
                        }
                    }
                }
                out
            })
            .collect();
        let mut unit_rows = vec![[0u64; 64]; units.len()];
        for (rows, cells) in unit_rows.iter_mut().zip(&units) {
            for &i in cells {
                rows[i / n] |= 1 << (i % n);
            }
        }
        Geometry { n, k, units, cell_units, neighbours, unit_rows, deadline: Deadline::NONE }
    }

    /// Board side N.
    pub fn n(&self) -> usize {
        self.n
    }

    /// Stars per unit.
    pub fn stars(&self) -> usize {
        self.k
    }

    /// The unit with index `u`.
    pub fn unit(&self, u: usize) -> Unit {
        match u {
            u if u < self.n => Unit::Row(u),
            u if u < 2 * self.n => Unit::Col(u - self.n),
            u => Unit::Region(u - 2 * self.n),
        }
    }

    /// The index of `unit`.
    pub fn index(&self, unit: Unit) -> usize {
        match unit {
            Unit::Row(r) => r,
            Unit::Col(c) => self.n + c,
            Unit::Region(g) => 2 * self.n + g,
        }
    }

    /// Unit indices of one kind: rows (0), columns (1) or regions (2).
    pub(crate) fn kind(&self, kind: usize) -> std::ops::Range<usize> {
        match kind {
            0 => 0..self.n,
            1 => self.n..2 * self.n,
            _ => 2 * self.n..self.units.len(),
        }
    }

    /// Units in the order people scan them: regions, then rows, then columns.
    pub(crate) fn scan_order(&self) -> impl Iterator<Item = usize> {
        self.kind(2).chain(self.kind(0)).chain(self.kind(1))
    }

    /// The cell with index `i`.
    pub fn cell(&self, i: usize) -> Cell {
        Cell::new(i / self.n, i % self.n)
    }

    /// The index of `cell`.
    pub fn at(&self, cell: Cell) -> usize {
        cell.row * self.n + cell.col
    }
}

/// A board state: one [`CellState`] per cell, row-major.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Board {
    pub(crate) cells: Vec<CellState>,
}

impl Board {
    /// A board of `n`×`n` unknown cells.
    pub fn new(n: usize) -> Self {
        Board { cells: vec![CellState::Unknown; n * n] }
    }

    /// The state of cell index `i`.
    pub fn get(&self, i: usize) -> CellState {
        self.cells[i]
    }

    /// Sets cell index `i`.
    pub fn set(&mut self, i: usize, s: CellState) {
        self.cells[i] = s;
    }

    /// True when no cell is unknown.
    pub(crate) fn is_complete(&self) -> bool {
        !self.cells.contains(&CellState::Unknown)
    }

    /// The queens, as cell indices in row-major order.
    pub fn queens(&self) -> impl Iterator<Item = usize> + '_ {
        self.cells.iter().enumerate().filter(|(_, s)| **s == CellState::Queen).map(|(i, _)| i)
    }

    /// How many cells are decided (queen or empty).
    pub fn decided(&self) -> usize {
        self.cells.iter().filter(|&&s| s != CellState::Unknown).count()
    }
}

/// What a board decided since an earlier board it extends (every cell decided
/// there is decided alike here): a case followed through asks a technique again
/// only about what these cells touch, when it found nothing on the earlier board
/// (`Family::case_decided_since`). Worked out when first asked for: a technique
/// that weighs the whole board again never asks.
pub(crate) struct Changes<'a> {
    g: &'a Geometry,
    /// The earlier board.
    pub was: &'a Board,
    now: &'a Board,
    found: std::cell::OnceCell<Changed>,
}

/// What [`Changes`] finds.
struct Changed {
    /// The cells decided since, in row-major order.
    cells: Vec<usize>,
    /// Per unit (indexed as [`Geometry::units`]), whether it holds one of them.
    units: Vec<bool>,
    /// Per unit, whether one of them is a queen.
    queened: Vec<bool>,
}

impl<'a> Changes<'a> {
    /// What `now` decided since `was`, which it extends.
    pub(crate) fn between(g: &'a Geometry, was: &'a Board, now: &'a Board) -> Self {
        Changes { g, was, now, found: std::cell::OnceCell::new() }
    }

    fn found(&self) -> &Changed {
        self.found.get_or_init(|| {
            let (g, was, now) = (self.g, self.was, self.now);
            let cells: Vec<usize> = (0..now.cells.len()).filter(|&i| now.cells[i] != was.cells[i]).collect();
            let (mut units, mut queened) = (vec![false; g.units.len()], vec![false; g.units.len()]);
            for &i in &cells {
                debug_assert_eq!(was.cells[i], CellState::Unknown, "a board that does not extend the earlier one");
                for &u in &g.cell_units[i] {
                    units[u] = true;
                    queened[u] |= now.cells[i] == CellState::Queen;
                }
            }
            Changed { cells, units, queened }
        })
    }

    /// The cells decided since, in row-major order.
    pub(crate) fn cells(&self) -> &[usize] {
        &self.found().cells
    }

    /// Whether unit `u` (indexed as [`Geometry::units`]) holds a cell decided since.
    pub(crate) fn unit(&self, u: usize) -> bool {
        self.found().units[u]
    }

    /// Whether no unit of cell `i` gained a queen: then its units fill up to K
    /// with a queen on `i` as they did, and the cells that queen would rule out
    /// ([`Geometry::reach`]) are the ones it would have ruled out on the earlier
    /// board, less those decided since. So in a set of cells none of which
    /// changed, it rules out the same cells as it did there.
    pub(crate) fn reach_kept(&self, i: usize) -> bool {
        let found = self.found();
        self.g.cell_units[i].iter().all(|&u| !found.queened[u])
    }
}

/// What a set of cells holds on a board: its queens, and its cells still unknown.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct Tally {
    pub queens: usize,
    pub unknown: usize,
}

impl Tally {
    /// What `self` and `other`, apart from each other, hold together.
    pub(crate) fn plus(self, other: Tally) -> Tally {
        Tally { queens: self.queens + other.queens, unknown: self.unknown + other.unknown }
    }

    /// What `self` holds beyond `part`, a part of it.
    pub(crate) fn less(self, part: Tally) -> Tally {
        Tally { queens: self.queens - part.queens, unknown: self.unknown - part.unknown }
    }
}

impl Geometry {
    /// Queens and unknown cells of unit `u`.
    pub(crate) fn tally(&self, board: &Board, u: usize) -> Tally {
        let mut t = Tally::default();
        for &i in &self.units[u] {
            match board.cells[i] {
                CellState::Queen => t.queens += 1,
                CellState::Unknown => t.unknown += 1,
                CellState::Empty => {}
            }
        }
        t
    }

    /// The first broken rule of `board`, as the unit that breaks it: a unit with
    /// more than K queens, or fewer possible cells than the queens it still needs,
    /// or two touching queens (reported as the row of the first).
    pub fn contradiction(&self, board: &Board) -> Option<Unit> {
        for u in 0..self.units.len() {
            let t = self.tally(board, u);
            if t.queens > self.k || t.queens + t.unknown < self.k {
                return Some(self.unit(u));
            }
        }
        for q in board.queens() {
            if self.neighbours[q].iter().any(|&j| board.cells[j] == CellState::Queen) {
                return Some(Unit::Row(q / self.n));
            }
        }
        None
    }

    /// The cells a queen on `i` rules out: its touching cells, and the rest of every
    /// unit of `i` that the queen fills up to K. Only cells still unknown, in
    /// row-major order.
    pub(crate) fn reach(&self, board: &Board, i: usize, out: &mut Vec<usize>) {
        let others = |u: usize| self.units[u].iter().filter(|&&j| j != i && board.cells[j] == CellState::Queen).count();
        self.reach_counted(board, i, others, out);
        out.sort_unstable();
    }

    /// [`Self::reach`] in no set order, of a queen `i`, given the queen count of every
    /// unit (`queens`, from [`Self::queen_counts`] of the same board).
    pub(crate) fn reach_of_queen(&self, board: &Board, i: usize, queens: &[usize], out: &mut Vec<usize>) {
        debug_assert_eq!(board.cells[i], CellState::Queen);
        self.reach_counted(board, i, |u| queens[u] - 1, out);
    }

    /// The queen counts of every unit on `board`, for [`Self::reach_of_unknown`].
    pub(crate) fn queen_counts(&self, board: &Board) -> Vec<usize> {
        self.units.iter().map(|cells| cells.iter().filter(|&&j| board.cells[j] == CellState::Queen).count()).collect()
    }

    /// [`Self::reach`] in no set order, of an unknown cell `i`, given the queen count of every unit
    /// (`queens`, from [`Self::queen_counts`] of the same board): the engine asks
    /// it of every unknown cell in turn, so the units are counted once, not per cell.
    pub(crate) fn reach_of_unknown(&self, board: &Board, i: usize, queens: &[usize], out: &mut Vec<usize>) {
        debug_assert_eq!(board.cells[i], CellState::Unknown);
        self.reach_counted(board, i, |u| queens[u], out);
    }

    /// The reach of `i`, with `others(unit)` the queens of a unit of `i` on cells
    /// other than `i`, each cell once, in no set order: the engine asks this of
    /// every unknown cell in a sweep, and most callers need no order.
    fn reach_counted(&self, board: &Board, i: usize, others: impl Fn(usize) -> usize, out: &mut Vec<usize>) {
        out.clear();
        for &j in &self.neighbours[i] {
            if board.cells[j] == CellState::Unknown {
                out.push(j);
            }
        }
        let own = self.cell_units[i];
        let (row, col) = (own[0], own[1] - self.n);
        let touches = |j: usize| {
            let [r, c, _] = self.cell_units[j];
            r.abs_diff(row) <= 1 && (c - self.n).abs_diff(col) <= 1
        };
        let full = own.map(|u| others(u) + 1 >= self.k);
        for (t, &u) in own.iter().enumerate() {
            if !full[t] {
                continue;
            }
            for &j in &self.units[u] {
                // Once: not `i`, not a touching cell (listed above), and not in a
                // unit of `i` listed before this one.
                if j != i
                    && board.cells[j] == CellState::Unknown
                    && !touches(j)
                    && !(0..t).any(|s| full[s] && self.cell_units[j][s] == own[s])
                {
                    out.push(j);
                }
            }
        }
    }
}
