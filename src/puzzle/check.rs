//! The independent rule check: is a placement a solution, by the rules alone?
//!
//! This module never calls the solver. Every solution the program prints passes
//! through [`check`], so a modelling bug cannot turn into a wrong answer.

use crate::puzzle::{region_letter, Cell, Placement, Regions};

/// A broken rule, in words a person can check on the board.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Violation {
    /// A row holds the wrong number of stars.
    #[error("row {row} has {found} queens, expected {expected}")]
    Row {
        /// 1-based row.
        row: usize,
        /// Stars found.
        found: usize,
        /// K.
        expected: usize,
    },
    /// A column holds the wrong number of stars.
    #[error("column {col} has {found} queens, expected {expected}")]
    Column {
        /// 1-based column.
        col: usize,
        /// Stars found.
        found: usize,
        /// K.
        expected: usize,
    },
    /// A region holds the wrong number of stars.
    #[error("region {region} has {found} queens, expected {expected}")]
    Region {
        /// Region letter.
        region: char,
        /// Stars found.
        found: usize,
        /// K.
        expected: usize,
    },
    /// Two stars touch (sideways or diagonally).
    #[error("queens at row {} col {} and row {} col {} touch", .a.row + 1, .a.col + 1, .b.row + 1, .b.col + 1)]
    Touching {
        /// One star.
        a: Cell,
        /// The other.
        b: Cell,
    },
    /// A star lies outside the board.
    #[error("a queen at row {} col {} is off the board", .0.row + 1, .0.col + 1)]
    OffBoard(Cell),
}

/// Checks `placement` against the rules: `stars` per row, column and region, and
/// no two chosen cells touching, not even diagonally.
pub fn check(regions: &Regions, stars: usize, placement: &Placement) -> Result<(), Violation> {
    let n = regions.n();
    let cells = placement.cells();
    if let Some(&c) = cells.iter().find(|c| c.row >= n || c.col >= n) {
        return Err(Violation::OffBoard(c));
    }
    let mut rows = vec![0; n];
    let mut cols = vec![0; n];
    let mut regs = vec![0; regions.region_count()];
    for &c in cells {
        rows[c.row] += 1;
        cols[c.col] += 1;
        regs[regions.label(c)] += 1;
    }
    if let Some((row, &found)) = rows.iter().enumerate().find(|(_, &k)| k != stars) {
        return Err(Violation::Row { row: row + 1, found, expected: stars });
    }
    if let Some((col, &found)) = cols.iter().enumerate().find(|(_, &k)| k != stars) {
        return Err(Violation::Column { col: col + 1, found, expected: stars });
    }
    if let Some((label, &found)) = regs.iter().enumerate().find(|(_, &k)| k != stars) {
        return Err(Violation::Region { region: region_letter(label), found, expected: stars });
    }
    for (i, &a) in cells.iter().enumerate() {
        for &b in &cells[i + 1..] {
            if a.row.abs_diff(b.row) <= 1 && a.col.abs_diff(b.col) <= 1 {
                return Err(Violation::Touching { a, b });
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board() -> Regions {
        Regions::from_rows(&["AABB", "AABB", "CCDD", "CCDD"]).unwrap()
    }

    fn place(cells: &[(usize, usize)]) -> Placement {
        Placement::new(cells.iter().map(|&(r, c)| Cell::new(r, c)).collect())
    }

    #[test]
    fn accepts_a_solution() {
        assert_eq!(check(&board(), 1, &place(&[(0, 1), (1, 3), (2, 0), (3, 2)])), Ok(()));
    }

    #[test]
    fn each_rule_is_enforced() {
        let b = board();
        let e = check(&b, 1, &place(&[(0, 1), (1, 3), (2, 0)])).unwrap_err();
        assert_eq!(e, Violation::Row { row: 4, found: 0, expected: 1 });
        let e = check(&b, 1, &place(&[(0, 1), (1, 3), (2, 0), (3, 0)])).unwrap_err();
        assert!(matches!(e, Violation::Column { col: 1, found: 2, .. }), "{e}");
        // Rows and columns fine, regions not: two queens in A (and two in D).
        let e = check(&b, 1, &place(&[(0, 0), (1, 1), (2, 3), (3, 2)])).unwrap_err();
        assert_eq!(e, Violation::Region { region: 'A', found: 2, expected: 1 });
        let e = check(&b, 1, &place(&[(0, 0), (1, 1)])).unwrap_err();
        assert!(matches!(e, Violation::Row { .. }), "{e}");
        let e = check(&b, 1, &place(&[(9, 0)])).unwrap_err();
        assert!(matches!(e, Violation::OffBoard(_)), "{e}");
    }

    #[test]
    fn touching_is_refused_even_when_counts_match() {
        // Region counts and lines are right, but (1,1) and (2,2) touch diagonally.
        let b4 = Regions::from_rows(&["ABCD", "ABCD", "ABCD", "ABCD"]).unwrap();
        let e = check(&b4, 1, &place(&[(0, 0), (1, 1), (2, 3), (3, 2)])).unwrap_err();
        assert!(matches!(e, Violation::Touching { .. }), "{e}");
        assert_eq!(e.to_string(), "queens at row 1 col 1 and row 2 col 2 touch");
    }
}
