//! Display colours of regions: the picture's own, the game's palette for text
//! puzzles, and a map colouring for boards read from their borders alone.
//!
//! A borders-only Star Battle picture has white (or grey) cells, so its own
//! colours would show every region alike: white cells on the web page, an all-⬜
//! share. Such boards get colours from the game's palette instead, chosen over the
//! region adjacency so that no two neighbouring regions are alike: each region its
//! own colour while the palette lasts, then reuses only between regions that do not
//! touch. The colouring depends on the map alone, so it is deterministic.

use crate::pipeline::Outcome;
use crate::puzzle::{Cell, Regions};
use crate::vision::color::Lab;

/// The game's usual region colours (LinkedIn Queens), for boards without colours of their own.
const GAME: [[u8; 3]; 12] = [
    [0xBB, 0xA3, 0xE2],
    [0xFF, 0xC9, 0x92],
    [0x96, 0xBE, 0xFF],
    [0xB3, 0xDF, 0xA0],
    [0xDF, 0xDF, 0xDF],
    [0xFF, 0x7B, 0x60],
    [0xE6, 0xF3, 0x88],
    [0xDF, 0xA0, 0xBF],
    [0x95, 0xCB, 0xCF],
    [0xA3, 0xD2, 0xD8],
    [0xC8, 0xB4, 0x8C],
    [0x9F, 0xD6, 0x9F],
];

/// Palette entry `i`: the game's colours, then darker rounds of them, so any
/// number of colours stays distinguishable.
pub(crate) fn game_color(i: usize) -> [u8; 3] {
    let base = GAME[i % GAME.len()];
    let round = (i / GAME.len()) as u16;
    base.map(|v| (u16::from(v) * 4 / (4 + round)) as u8)
}

/// For each region, the regions sharing an edge with it (ascending, no repeats).
pub fn neighbours(regions: &Regions) -> Vec<Vec<usize>> {
    let n = regions.n();
    let mut out = vec![Vec::new(); regions.region_count()];
    for cell in regions.cells() {
        let a = regions.label(cell);
        for (r, c) in [(cell.row + 1, cell.col), (cell.row, cell.col + 1)] {
            if r < n && c < n {
                let b = regions.label(Cell::new(r, c));
                if a != b {
                    out[a].push(b);
                    out[b].push(a);
                }
            }
        }
    }
    for list in &mut out {
        list.sort_unstable();
        list.dedup();
    }
    out
}

/// A colour per region from the game's palette, no two neighbouring regions alike.
///
/// Regions are coloured in label order. Each takes, among the palette colours no
/// neighbour has, first one no region has yet (so every region gets its own colour
/// while the twelve last), then the one farthest (CIELAB) from its coloured
/// neighbours, then the lowest. Darker rounds of the palette are used only when
/// neighbours have taken all twelve.
pub(crate) fn map_colors(regions: &Regions) -> Vec<[u8; 3]> {
    let adjacent = neighbours(regions);
    let mut index: Vec<Option<usize>> = vec![None; regions.region_count()];
    let mut used = vec![0usize; GAME.len()];
    for g in 0..index.len() {
        let taken: Vec<usize> = adjacent[g].iter().filter_map(|&h| index[h]).collect();
        let near = |i: usize| {
            let lab = Lab::from_rgb(game_color(i));
            taken.iter().map(|&t| lab.dist(Lab::from_rgb(game_color(t)))).fold(f32::INFINITY, f32::min)
        };
        let best = (0..GAME.len())
            .filter(|i| !taken.contains(i))
            .min_by(|&a, &b| (used[a] > 0).cmp(&(used[b] > 0)).then(near(b).total_cmp(&near(a))).then(a.cmp(&b)));
        let choice = best.unwrap_or_else(|| (GAME.len()..).find(|i| !taken.contains(i)).expect("a free colour exists"));
        if choice < GAME.len() {
            used[choice] += 1;
        }
        index[g] = Some(choice);
    }
    index.into_iter().map(|i| game_color(i.expect("every region coloured"))).collect()
}

/// The colours to show an outcome's regions in (terminal, share text, web page):
/// the picture's own, a map colouring when the map was read from borders alone
/// (whose cells show no region colours), or `None` for the game's palette by label.
pub fn display_colors(outcome: &Outcome) -> Option<Vec<[u8; 3]>> {
    match &outcome.regions {
        Some(regions) if outcome.from_borders => Some(map_colors(regions)),
        _ => outcome.colors.clone(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn neighbours_never_share_a_colour_even_past_the_palette() {
        // 16 regions in a 4×4 block pattern: more regions than palette colours.
        let rows: Vec<String> =
            (0..8).map(|r| (0..8).map(|c| char::from(b'A' + ((r / 2) * 4 + c / 2) as u8)).collect()).collect();
        let regions = Regions::from_rows(&rows).unwrap();
        let colors = map_colors(&regions);
        for (g, list) in neighbours(&regions).iter().enumerate() {
            for &h in list {
                assert_ne!(colors[g], colors[h], "regions {g} and {h} touch");
            }
        }
        // The first twelve regions each got their own colour.
        let mut first: Vec<[u8; 3]> = colors[..12].to_vec();
        first.sort_unstable();
        first.dedup();
        assert_eq!(first.len(), 12);
        assert_eq!(map_colors(&regions), colors, "deterministic");
    }

    #[test]
    fn neighbours_are_found_across_edges_only() {
        let regions = Regions::from_rows(&["AB", "CA"]).unwrap();
        // A touches B and C; B and C touch only diagonally.
        assert_eq!(neighbours(&regions), vec![vec![1, 2], vec![0], vec![0]]);
    }
}
