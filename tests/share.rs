//! The emoji share text over every corpus level: no two regions share a symbol
//! while symbols last (18: nine squares, nine circles), each region keeps one
//! symbol, and the crowns sit on the solution.

mod common;

use std::collections::{BTreeMap, BTreeSet};

use queens::output::report::share_text;
use queens::output::share::DISTINCT_SYMBOLS;
use queens::{Cell, Placement};

#[test]
fn no_two_regions_share_a_symbol_in_any_corpus_level() {
    let files = ["levels.json", "levels-daily-617-842.json", "levels-bonus.json", "levels-community.json"];
    let mut checked = 0;
    for file in files {
        let Some(levels) = common::levels(file) else { return };
        for level in levels {
            let board = level.board();
            let placement = Placement::new(level.solution.iter().enumerate().map(|(r, &c)| Cell::new(r, c)).collect());
            // The game's colours where the level has them all, else the default palette.
            let colors = level.rgb();
            let text = share_text(&board, &placement, colors.as_deref());
            let lines: Vec<Vec<char>> = text.lines().map(|l| l.chars().collect()).collect();
            assert_eq!(lines.len(), level.n, "{file} {}: {text}", level.id);
            let mut by_region: BTreeMap<usize, BTreeSet<char>> = BTreeMap::new();
            for (r, line) in lines.iter().enumerate() {
                assert_eq!(line.len(), level.n, "{file} {}: row {r}: {text}", level.id);
                for (c, &symbol) in line.iter().enumerate() {
                    let cell = Cell::new(r, c);
                    if placement.contains(cell) {
                        assert_eq!(symbol, '👑', "{file} {}: {text}", level.id);
                    } else {
                        assert_ne!(symbol, '👑', "{file} {}: {text}", level.id);
                        by_region.entry(board.label(cell)).or_default().insert(symbol);
                    }
                }
            }
            // One symbol per region…
            for (label, symbols) in &by_region {
                assert_eq!(symbols.len(), 1, "{file} {}: region {label} shows {symbols:?}:\n{text}", level.id);
            }
            // …and a different one for every region, while there are enough symbols.
            if board.region_count() <= DISTINCT_SYMBOLS {
                let distinct: BTreeSet<char> = by_region.values().flatten().copied().collect();
                assert_eq!(distinct.len(), by_region.len(), "{file} {}: regions share a symbol:\n{text}", level.id);
            }
            checked += 1;
        }
    }
    assert!(checked > 600, "only {checked} levels checked");
}
