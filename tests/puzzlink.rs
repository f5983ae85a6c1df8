//! puzz.link URLs against the shared corpus: every Star Battle manifest URL reads to
//! the manifest's regions and K and re-encodes to itself, and every daily and bonus
//! level survives regions → URL → regions unchanged (but daily level 336, whose
//! regions B and F come in two pieces each, which a puzz.link URL cannot express).

mod common;

use queens::puzzle::partition::{self, Pieces};
use queens::puzzle::puzzlink;

#[derive(serde::Deserialize)]
struct StarEntry {
    file: String,
    stars: usize,
    regions: Vec<String>,
    puzzlink: String,
}

fn star_manifest() -> Option<Vec<StarEntry>> {
    let dir = common::corpus_or_skip()?;
    let text = std::fs::read_to_string(dir.join("starbattle/manifest.json")).expect("starbattle/manifest.json");
    Some(serde_json::from_str(&text).expect("manifest parses"))
}

#[test]
fn starbattle_manifest_urls_read_to_the_manifest_map_and_back() {
    let Some(entries) = star_manifest() else { return };
    assert_eq!(entries.len(), 60);
    for e in &entries {
        let p = puzzlink::parse(&e.puzzlink).unwrap_or_else(|err| panic!("{}: {err}", e.file));
        assert_eq!(p.regions.rows(), e.regions, "{}: regions", e.file);
        assert_eq!(p.stars, e.stars, "{}: stars", e.file);
        assert_eq!(puzzlink::encode(&p.regions, p.stars).as_deref(), Some(&*e.puzzlink), "{}: re-encoding", e.file);
    }
}

#[test]
fn every_daily_and_bonus_level_round_trips_through_a_url() {
    let (mut count, mut no_url) = (0, Vec::new());
    for file in ["levels.json", "levels-daily-617-842.json", "levels-bonus.json"] {
        let Some(levels) = common::levels(file) else { return };
        for l in levels {
            let board = l.board();
            count += 1;
            let Some(url) = puzzlink::encode(&board, 1) else {
                assert!(partition::check(&board, Pieces::Connected).is_err(), "{file} {}: no URL", l.id);
                no_url.push(format!("{file} {}", l.id));
                continue;
            };
            assert!(url.starts_with(&format!("https://puzz.link/p?starbattle/{0}/{0}/1/", l.n)), "{url}");
            let back = puzzlink::parse(&url).unwrap_or_else(|e| panic!("{file} {}: {url}: {e}", l.id));
            assert_eq!(back.regions, board, "{file} {}: {url}", l.id);
            assert_eq!(back.stars, 1);
        }
    }
    assert_eq!(count, 870, "608 + 226 + 36 levels");
    // Only the one level with split regions has no URL.
    assert_eq!(no_url, vec!["levels.json 336"]);
}
