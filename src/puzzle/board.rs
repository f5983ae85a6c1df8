//! The puzzle as the solver sees it: an N×N board of region labels.
//!
//! Every stage before the solver (text parser, screenshot reader) produces a
//! [`Regions`]; every stage after it consumes one. Labels are canonical: region 0
//! is the one that owns the top-left cell, region 1 the next new label met in
//! row-major order, and so on, so the same layout always prints the same letters.

use std::fmt;

/// A board cell, 0-based. Pixels are `(x, y)` elsewhere; cells are always `row, col`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Cell {
    /// Row from the top, 0-based.
    pub row: usize,
    /// Column from the left, 0-based.
    pub col: usize,
}

impl Cell {
    /// A cell at `row`, `col`.
    pub fn new(row: usize, col: usize) -> Self {
        Cell { row, col }
    }

    /// The cell as people read it, counted from 1: "row 3, column 5".
    pub fn name(self) -> String {
        format!("row {}, column {}", self.row + 1, self.col + 1)
    }
}

/// The symbols used to print region labels: enough for any board up to
/// [`crate::puzzle::text::MAX_N`] regions (and beyond, for error messages).
const SYMBOLS: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

/// The printable letter of region `label` (`A`, `B`, … then `a`…, `0`…, then `?`).
pub fn region_letter(label: usize) -> char {
    SYMBOLS.get(label).map_or('?', |&b| b as char)
}

/// An N×N board split into labelled regions, labels canonical (see module docs).
///
/// `Regions` only promises a square board with canonical labels; whether the labels
/// form a valid puzzle (N regions, each in one piece) is the partition check's job
/// ([`crate::puzzle::partition::check`]).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Regions {
    n: usize,
    labels: Vec<usize>,
    count: usize,
}

impl Regions {
    /// Builds a board from row-major labels of any values; they are renumbered
    /// canonically. Returns `None` when `labels.len() != n * n` or `n == 0`.
    pub fn from_labels<T: Eq + std::hash::Hash + Clone>(n: usize, labels: &[T]) -> Option<Self> {
        if n == 0 || labels.len() != n * n {
            return None;
        }
        let mut seen = std::collections::HashMap::new();
        let canonical: Vec<usize> = labels
            .iter()
            .map(|l| {
                let next = seen.len();
                *seen.entry(l.clone()).or_insert(next)
            })
            .collect();
        Some(Regions { n, labels: canonical, count: seen.len() })
    }

    /// Builds an `n`×`n` board from its walls: `right[r·n + c]` is a wall between
    /// (r, c) and (r, c + 1) (the last column's entries unused), `below[r·n + c]` one
    /// between (r, c) and (r + 1, c). Cells that no wall separates share a region, as
    /// the links of puzz.link and penpa-edit draw them. `n` must be at least 1.
    pub(crate) fn from_walls(n: usize, right: &[bool], below: &[bool]) -> Self {
        let mut parent: Vec<usize> = (0..n * n).collect();
        fn root(parent: &mut [usize], mut i: usize) -> usize {
            while parent[i] != i {
                parent[i] = parent[parent[i]];
                i = parent[i];
            }
            i
        }
        let mut join = |a: usize, b: usize| {
            let (ra, rb) = (root(&mut parent, a), root(&mut parent, b));
            if ra != rb {
                parent[ra.max(rb)] = ra.min(rb);
            }
        };
        for r in 0..n {
            for c in 0..n {
                if c + 1 < n && !right[r * n + c] {
                    join(r * n + c, r * n + c + 1);
                }
                if r + 1 < n && !below[r * n + c] {
                    join(r * n + c, (r + 1) * n + c);
                }
            }
        }
        let labels: Vec<usize> = (0..n * n).map(|i| root(&mut parent, i)).collect();
        Self::from_labels(n, &labels).expect("n*n labels")
    }

    /// Builds a board from rows of characters, one character per cell
    /// (`["AAB", "ACB", "CCB"]`). Returns `None` when the rows do not form a square.
    pub fn from_rows<S: AsRef<str>>(rows: &[S]) -> Option<Self> {
        let n = rows.len();
        let cells: Vec<char> = rows.iter().flat_map(|r| r.as_ref().chars()).collect();
        if rows.iter().any(|r| r.as_ref().chars().count() != n) {
            return None;
        }
        Self::from_labels(n, &cells)
    }

    /// Board side N.
    pub fn n(&self) -> usize {
        self.n
    }

    /// How many distinct labels the board uses (a valid puzzle has exactly N).
    pub fn region_count(&self) -> usize {
        self.count
    }

    /// The canonical label of `cell`.
    pub fn label(&self, cell: Cell) -> usize {
        self.labels[cell.row * self.n + cell.col]
    }

    /// Row-major canonical labels.
    pub fn labels(&self) -> &[usize] {
        &self.labels
    }

    /// All cells in row-major order.
    pub fn cells(&self) -> impl Iterator<Item = Cell> + '_ {
        let n = self.n;
        (0..n * n).map(move |i| Cell::new(i / n, i % n))
    }

    /// The cells of each region, indexed by label, each list in row-major order.
    pub(crate) fn members(&self) -> Vec<Vec<Cell>> {
        let mut out = vec![Vec::new(); self.count];
        for cell in self.cells() {
            out[self.label(cell)].push(cell);
        }
        out
    }

    /// The board as rows of region letters (`"AAB"`), as JSON and the text format print it.
    pub fn rows(&self) -> Vec<String> {
        (0..self.n).map(|r| (0..self.n).map(|c| region_letter(self.label(Cell::new(r, c)))).collect()).collect()
    }
}

impl fmt::Display for Regions {
    /// The text puzzle format: one line of letters per row.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for row in self.rows() {
            writeln!(f, "{row}")?;
        }
        Ok(())
    }
}

/// A placement of stars (queens when K = 1), sorted row-major.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Placement {
    cells: Vec<Cell>,
}

impl Placement {
    /// A placement of the given cells (sorted and deduplicated here).
    pub fn new(mut cells: Vec<Cell>) -> Self {
        cells.sort();
        cells.dedup();
        Placement { cells }
    }

    /// The chosen cells, sorted row-major.
    pub fn cells(&self) -> &[Cell] {
        &self.cells
    }

    /// True when `cell` holds a queen.
    pub fn contains(&self, cell: Cell) -> bool {
        self.cells.binary_search(&cell).is_ok()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels_are_canonical_in_row_major_order() {
        let r = Regions::from_labels(2, &[7, 3, 3, 9]).unwrap();
        assert_eq!(r.labels(), &[0, 1, 1, 2]);
        assert_eq!(r.region_count(), 3);
        assert_eq!(r.rows(), vec!["AB", "BC"]);
    }

    #[test]
    fn from_rows_rejects_non_square() {
        assert!(Regions::from_rows(&["AB", "A"]).is_none());
        assert!(Regions::from_rows(&["ABC", "ABC"]).is_none());
        assert!(Regions::from_rows::<&str>(&[]).is_none());
    }

    #[test]
    fn placement_sorts_cells() {
        let p = Placement::new(vec![Cell::new(2, 0), Cell::new(0, 1)]);
        assert_eq!(p.cells(), &[Cell::new(0, 1), Cell::new(2, 0)]);
        assert!(p.contains(Cell::new(2, 0)));
        assert!(!p.contains(Cell::new(1, 1)));
    }
}
