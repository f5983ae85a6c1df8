//! The partition check: do the labels form a puzzle at all?
//!
//! A Queens or Star Battle board of side N has exactly N regions, each in one
//! 4-connected piece. Both the text parser and the screenshot reader pass their
//! [`Regions`] through here before anything is solved, so a misread picture is
//! refused with a reason instead of being solved into a wrong answer.

use crate::error::PartitionError;
use crate::puzzle::{region_letter, Cell, Regions};

/// Whether a region may come in several pieces.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Pieces {
    /// Every region must be one 4-connected piece (the game's rule).
    #[default]
    Connected,
    /// Split regions are accepted (some hand-made puzzles have them).
    AllowSplit,
}

/// Checks that `regions` has exactly N regions and, unless `pieces` allows it,
/// that each is one 4-connected piece.
pub fn check(regions: &Regions, pieces: Pieces) -> Result<(), PartitionError> {
    let n = regions.n();
    if regions.region_count() != n {
        return Err(PartitionError::RegionCount { expected: n, found: regions.region_count() });
    }
    if pieces == Pieces::AllowSplit {
        return Ok(());
    }
    // Label the 4-connected components; a region owning more than one is split.
    let comps = components(regions);
    let mut firsts: Vec<Vec<Cell>> = vec![Vec::new(); n];
    let mut seen = vec![false; comps.count];
    for cell in regions.cells() {
        let comp = comps.id[cell.row * n + cell.col];
        if !seen[comp] {
            seen[comp] = true;
            firsts[regions.label(cell)].push(cell);
        }
    }
    for (label, cells) in firsts.iter().enumerate() {
        if cells.len() > 1 {
            return Err(PartitionError::Split {
                region: region_letter(label),
                pieces: cells.len(),
                cells: cells.iter().map(|c| (c.row + 1, c.col + 1)).collect(),
            });
        }
    }
    Ok(())
}

/// 4-connected components of equal labels.
pub(crate) struct Components {
    /// Component id per cell, row-major.
    pub id: Vec<usize>,
    /// Number of components.
    pub count: usize,
}

/// Flood-fills 4-connected pieces of equal label.
pub(crate) fn components(regions: &Regions) -> Components {
    let n = regions.n();
    let labels = regions.labels();
    let mut id = vec![usize::MAX; n * n];
    let mut count = 0;
    let mut stack = Vec::new();
    for start in 0..n * n {
        if id[start] != usize::MAX {
            continue;
        }
        id[start] = count;
        stack.push(start);
        while let Some(i) = stack.pop() {
            let (r, c) = (i / n, i % n);
            let mut visit = |j: usize| {
                if id[j] == usize::MAX && labels[j] == labels[i] {
                    id[j] = count;
                    stack.push(j);
                }
            };
            if r > 0 {
                visit(i - n);
            }
            if r + 1 < n {
                visit(i + n);
            }
            if c > 0 {
                visit(i - 1);
            }
            if c + 1 < n {
                visit(i + 1);
            }
        }
        count += 1;
    }
    Components { id, count }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(rows: &[&str]) -> Regions {
        Regions::from_rows(rows).unwrap()
    }

    #[test]
    fn accepts_a_partition() {
        assert_eq!(check(&board(&["AAB", "ACB", "CCB"]), Pieces::Connected), Ok(()));
    }

    #[test]
    fn counts_regions() {
        let e = check(&board(&["AAB", "ACB", "CDB"]), Pieces::Connected).unwrap_err();
        assert_eq!(e, PartitionError::RegionCount { expected: 3, found: 4 });
        assert_eq!(e.to_string(), "expected 3 regions on a 3x3 board, found 4");
    }

    #[test]
    fn finds_split_regions_and_can_allow_them() {
        let b = board(&["ABA", "BBB", "CCC"]);
        let e = check(&b, Pieces::Connected).unwrap_err();
        assert_eq!(e.to_string(), "region A is in 2 pieces: one at row 1 col 1, one at row 1 col 3");
        assert_eq!(check(&b, Pieces::AllowSplit), Ok(()));
    }
}
