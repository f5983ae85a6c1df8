//! The player's marks on a board: queens (crowns or stars) and X marks.
//!
//! Text puzzles may carry them as a block after the region lines (see
//! [`crate::puzzle::text`]): N lines of N characters, `.` nothing, `x` an X mark,
//! `Q` a queen. Screenshots give them through the vision layer's mark reader.

use crate::puzzle::Cell;

/// What the player drew on one cell.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Mark {
    /// Nothing.
    #[default]
    Blank,
    /// A queen (a crown in Queens, a star in Star Battle).
    Queen,
    /// An X mark (or a dot): the player says no queen goes here.
    Cross,
}

impl Mark {
    /// The character of the marks block: `.`, `Q` or `x`.
    pub fn symbol(self) -> char {
        match self {
            Mark::Blank => '.',
            Mark::Queen => 'Q',
            Mark::Cross => 'x',
        }
    }

    /// The mark of a marks-block character (`X` and `q` are accepted too).
    pub(crate) fn from_symbol(c: char) -> Option<Mark> {
        match c {
            '.' => Some(Mark::Blank),
            'Q' | 'q' => Some(Mark::Queen),
            'x' | 'X' => Some(Mark::Cross),
            _ => None,
        }
    }
}

/// The marks on an N×N board, row-major.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Marks {
    n: usize,
    cells: Vec<Mark>,
}

impl Marks {
    /// A board of `n`×`n` blank cells.
    pub fn new(n: usize) -> Self {
        Marks { n, cells: vec![Mark::Blank; n * n] }
    }

    /// Board side N.
    pub fn n(&self) -> usize {
        self.n
    }

    /// The mark on `cell`.
    pub fn get(&self, cell: Cell) -> Mark {
        self.cells[cell.row * self.n + cell.col]
    }

    /// Sets the mark on `cell`.
    pub fn set(&mut self, cell: Cell, mark: Mark) {
        self.cells[cell.row * self.n + cell.col] = mark;
    }

    /// Cells holding `mark`, row-major.
    pub(crate) fn cells_with(&self, mark: Mark) -> Vec<Cell> {
        (0..self.n * self.n).filter(|&i| self.cells[i] == mark).map(|i| Cell::new(i / self.n, i % self.n)).collect()
    }

    /// The player's queens, row-major.
    pub fn queens(&self) -> Vec<Cell> {
        self.cells_with(Mark::Queen)
    }

    /// The player's X marks, row-major.
    pub fn crosses(&self) -> Vec<Cell> {
        self.cells_with(Mark::Cross)
    }

    /// True when nothing is marked.
    pub fn is_blank(&self) -> bool {
        self.cells.iter().all(|&m| m == Mark::Blank)
    }

    /// The marks block of the text format: N lines of N characters.
    pub fn to_text(&self) -> String {
        let mut out = String::with_capacity(self.n * (self.n + 1));
        for r in 0..self.n {
            out.extend((0..self.n).map(|c| self.get(Cell::new(r, c)).symbol()));
            out.push('\n');
        }
        out
    }
}

/// The marks that contradict `solution`, row-major: a queen off it, or an X mark on it.
pub fn mistakes(marks: &Marks, solution: &crate::puzzle::Placement) -> Vec<Cell> {
    (0..marks.n * marks.n)
        .map(|i| Cell::new(i / marks.n, i % marks.n))
        .filter(|&c| match marks.get(c) {
            Mark::Queen => !solution.contains(c),
            Mark::Cross => solution.contains(c),
            Mark::Blank => false,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn marks_print_as_the_text_block() {
        let mut m = Marks::new(3);
        assert!(m.is_blank());
        m.set(Cell::new(0, 1), Mark::Queen);
        m.set(Cell::new(2, 2), Mark::Cross);
        assert_eq!(m.to_text(), ".Q.\n...\n..x\n");
        assert_eq!(m.queens(), vec![Cell::new(0, 1)]);
        assert_eq!(m.crosses(), vec![Cell::new(2, 2)]);
        assert_eq!(Mark::from_symbol('X'), Some(Mark::Cross));
        assert_eq!(Mark::from_symbol('?'), None);
    }

    #[test]
    fn mistakes_are_queens_off_the_solution_and_crosses_on_it() {
        let solution = crate::puzzle::Placement::new(vec![Cell::new(0, 1), Cell::new(1, 0)]);
        let mut m = Marks::new(2);
        m.set(Cell::new(0, 1), Mark::Queen); // right
        m.set(Cell::new(1, 0), Mark::Cross); // X on a solution cell
        m.set(Cell::new(1, 1), Mark::Queen); // queen off the solution
        assert_eq!(mistakes(&m, &solution), vec![Cell::new(1, 0), Cell::new(1, 1)]);
        m.set(Cell::new(0, 0), Mark::Cross);
        assert_eq!(mistakes(&m, &solution).len(), 2, "an X off the solution is fine");
    }
}
