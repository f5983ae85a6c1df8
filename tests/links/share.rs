//! The emoji share text over every corpus level: no two regions share a symbol
//! while symbols last (18: nine squares, nine circles), each region keeps one
//! symbol, and the crowns sit on the solution.

use crate::common;

use std::collections::{BTreeMap, BTreeSet};

use queens::output::overlay::Glyph;
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
            let text = share_text(&board, &placement, colors.as_deref(), Glyph::Crown);
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

/// Issue 16 item 4: a board read from its borders alone (white or grey cells) gets
/// a map colouring, so no two neighbouring regions look alike: not on the page or
/// the terminal (the colours), nor in the share text (the symbols). Every
/// borders-only picture of corpus/starbattle ("color" in the name marks the
/// pastel-filled ones) goes through the real reader.
#[test]
fn neighbouring_regions_of_borders_only_corpus_boards_get_different_colours_and_symbols() {
    use queens::output::palette::{display_colors, neighbours};
    let Some((dir, shots)) = common::starbattle() else { return };
    let mut checked = 0;
    for shot in shots.iter().filter(|s| !s.file.contains("color")) {
        let image = queens::vision::screenshot::decode(&std::fs::read(dir.join(&shot.file)).unwrap(), 16_384).unwrap();
        let (_, map) = queens::pipeline::read_picture(image, &mut Default::default());
        let map = map.unwrap_or_else(|e| panic!("{}: {e}", shot.file));
        assert!(map.from_borders, "{}: expected a borders-only read", shot.file);
        assert_eq!(map.regions.rows(), shot.regions, "{}", shot.file);
        let board = map.regions.clone();
        let outcome = queens::pipeline::Outcome {
            regions: Some(map.regions),
            colors: Some(map.colors),
            from_borders: true,
            ..queens::pipeline::Outcome::failed(queens::Error::NoSolution, 1)
        };
        let colors = display_colors(&outcome).expect("a map colouring");
        let placement = Placement::new(shot.solution.iter().map(|&[r, c]| Cell::new(r, c)).collect());
        let text = share_text(&board, &placement, Some(&colors), Glyph::Crown);
        let mut symbol: BTreeMap<usize, char> = BTreeMap::new();
        for (r, line) in text.lines().enumerate() {
            for (c, ch) in line.chars().enumerate() {
                let cell = Cell::new(r, c);
                if !placement.contains(cell) {
                    let old = symbol.insert(board.label(cell), ch);
                    assert!(
                        old.is_none_or(|o| o == ch),
                        "{}: region {} shows two symbols:\n{text}",
                        shot.file,
                        board.label(cell)
                    );
                }
            }
        }
        for (g, list) in neighbours(&board).iter().enumerate() {
            for &h in list {
                assert_ne!(colors[g], colors[h], "{}: neighbouring regions {g} and {h} share a colour", shot.file);
                assert_ne!(
                    symbol.get(&g),
                    symbol.get(&h),
                    "{}: neighbours {g} and {h} share a symbol:\n{text}",
                    shot.file
                );
            }
        }
        // No white board any more: at least as many colours as the map needs.
        let distinct: BTreeSet<[u8; 3]> = colors.iter().copied().collect();
        assert!(distinct.len() >= 3, "{}: {distinct:?}", shot.file);
        checked += 1;
    }
    assert!(checked >= 30, "only {checked} borders-only boards");
}
