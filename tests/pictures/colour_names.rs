//! Colour names, checked over every region colour the game's levels use: each
//! distinct colour of the corpus levels' `colors` fields gets the name a player would
//! say for it (the name the hint sentences use: "the blue region").

use crate::common;

use std::collections::BTreeMap;

use queens::vision::color::color_name;

/// Every distinct colour of the corpus levels, with the name a player uses for it.
const EXPECTED: [(&str, &str); 26] = [
    // The daily levels' palette.
    ("#96beff", "blue"),
    ("#b3dfa0", "green"),
    ("#ff7b60", "red"),
    ("#bba3e2", "purple"),
    ("#dfdfdf", "grey"),
    ("#ffc992", "orange"),
    ("#e6f388", "yellow"),
    ("#b9b29e", "tan"),
    ("#dfa0bf", "pink"),
    ("#95cbcf", "teal"),
    ("#55ebe2", "cyan"),
    // Bonus and community levels.
    ("#faa889", "salmon"),
    ("#5bba6f", "dark green"),
    ("#af96dc", "purple"),
    ("#91f5ad", "mint"),
    ("#fbbf81", "orange"),
    ("#c9c9ee", "lavender"),
    ("#ffffff", "white"),
    ("#85b5fc", "blue"),
    ("#a6d995", "green"),
    ("#fe93f1", "pink"),
    ("#ada68e", "tan"),
    ("#d9d9d9", "grey"),
    ("#dcf079", "yellow"),
    ("#f96c51", "red"),
    ("#d895b2", "pink"),
];

fn rgb(hex: &str) -> [u8; 3] {
    let v = u32::from_str_radix(hex.trim_start_matches('#'), 16).expect("hex colour");
    [(v >> 16) as u8, (v >> 8) as u8, v as u8]
}

#[test]
fn every_region_colour_of_the_corpus_levels_has_its_expected_name() {
    let mut seen: BTreeMap<String, usize> = BTreeMap::new();
    for file in ["levels.json", "levels-daily-617-842.json", "levels-bonus.json", "levels-community.json"] {
        let Some(levels) = common::levels(file) else { return };
        for level in levels {
            // A few community levels have a region without a colour (a documented quirk).
            for hex in level.colors.iter().flatten() {
                *seen.entry(hex.to_ascii_lowercase()).or_default() += 1;
            }
        }
    }
    let expected: BTreeMap<&str, &str> = EXPECTED.into_iter().collect();
    let unlisted: Vec<&String> = seen.keys().filter(|h| !expected.contains_key(h.as_str())).collect();
    assert!(unlisted.is_empty(), "corpus colours without an expected name: {unlisted:?}");
    let unused: Vec<&&str> = expected.keys().filter(|h| !seen.contains_key(**h)).collect();
    assert!(unused.is_empty(), "expected names for colours the corpus no longer has: {unused:?}");
    let wrong: Vec<String> = EXPECTED
        .iter()
        .filter(|(hex, name)| color_name(rgb(hex)) != *name)
        .map(|(hex, name)| format!("{hex} ({} regions): expected {name}, got {}", seen[*hex], color_name(rgb(hex))))
        .collect();
    assert!(wrong.is_empty(), "{} of {} colours misnamed:\n{}", wrong.len(), EXPECTED.len(), wrong.join("\n"));
}
