//! The 2×2 tilings of the board, the geometry every Star Battle bound rests on:
//! any two cells of a 2×2 tile touch, so a tile holds at most one star, and a set
//! of cells that meets fewer tiles of some tiling than the stars it needs cannot
//! hold them. `--stars auto` rules out a K by it (`stars.rs`), the SAT theory
//! counts by it inside the search (`sat/units.rs`), and the deduction engine's
//! 2×2 techniques cover by it (`logic/techniques/cover.rs`).
//!
//! Cut the plane into 2×2 tiles four ways, by the offset (row, column) added to a
//! cell before halving; a tile at the board's edge may hang over it, holding fewer
//! cells.

/// The four 2×2 tilings, by the offset (row, column) added to a cell before halving.
pub(crate) const TILINGS: [(usize, usize); 4] = [(0, 0), (0, 1), (1, 0), (1, 1)];

/// The tile of the cell at (`row`, `col`) in `tiling`, as its (row, column) among
/// that tiling's tiles.
pub(crate) fn tile(row: usize, col: usize, (dr, dc): (usize, usize)) -> (usize, usize) {
    ((row + dr) / 2, (col + dc) / 2)
}

/// The top-left cell (row, column) of tile (`t`, `u`) of `tiling`, which lies
/// off the board (-1) for a tile that hangs over the top or the left edge.
pub fn corner((t, u): (usize, usize), (dr, dc): (usize, usize)) -> (isize, isize) {
    (2 * t as isize - dr as isize, 2 * u as isize - dc as isize)
}

/// How many tiles of `tiling` the cells (row, column) meet.
pub(crate) fn tiles_met(cells: impl IntoIterator<Item = (usize, usize)>, tiling: (usize, usize)) -> usize {
    let mut tiles: Vec<(usize, usize)> = cells.into_iter().map(|(r, c)| tile(r, c, tiling)).collect();
    tiles.sort_unstable();
    tiles.dedup();
    tiles.len()
}

#[cfg(test)]
mod tests {
    use super::{corner, tile, tiles_met, TILINGS};

    #[test]
    fn each_tiling_puts_a_cell_in_the_tile_whose_corner_is_at_most_one_up_and_left() {
        for tiling in TILINGS {
            for (r, c) in [(0, 0), (3, 4), (5, 1)] {
                let (top, left) = corner(tile(r, c, tiling), tiling);
                assert!((r as isize - top) < 2 && (c as isize - left) < 2 && r as isize >= top && c as isize >= left);
            }
        }
        assert_eq!(corner(tile(0, 0, (1, 1)), (1, 1)), (-1, -1), "the offset tiling hangs over the corner");
    }

    #[test]
    fn a_strip_of_three_meets_two_tiles_in_every_tiling_and_a_domino_one_in_some() {
        let strip = [(0, 0), (0, 1), (0, 2)];
        assert!(TILINGS.iter().all(|&t| tiles_met(strip, t) == 2));
        let domino = [(2, 2), (2, 3)];
        assert_eq!(TILINGS.map(|t| tiles_met(domino, t)), [1, 2, 1, 2]);
    }
}
