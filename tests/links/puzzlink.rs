//! puzz.link URLs against the shared corpus: every Star Battle manifest URL reads to
//! the manifest's regions and K and re-encodes to itself, and every daily and bonus
//! level survives regions → URL → regions unchanged (but daily level 336, whose
//! regions B and F come in two pieces each, which a puzz.link URL cannot express).

use crate::common;

use queens::puzzle::partition::{self, Pieces};
use queens::puzzle::puzzlink;
use queens::Regions;

#[derive(serde::Deserialize)]
struct StarEntry {
    file: String,
    stars: usize,
    regions: Vec<String>,
    puzzlink: String,
}

fn star_manifest() -> Option<Vec<StarEntry>> {
    Some(common::manifest(&common::corpus_or_skip()?.join("starbattle")))
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

#[derive(serde::Deserialize)]
struct Solved {
    file: String,
    n: usize,
    stars: usize,
    solution: Vec<[usize; 2]>,
    puzzlink: String,
}

/// Every Star Battle puzzle of the corpus up to 14x14, its K hidden: `--stars auto`
/// must find the manifest's K and its solution; and through its URL (K stated) the same.
#[test]
fn starbattle_puzzles_find_their_star_count_and_solution() {
    auto_finds_k_and_solution(|n| n < 17);
}

/// The 17x17 4-star puzzles: the SAT engine answers K = 2..4 (HiGHS K = 1), a few
/// seconds at most per board, so they run with the rest of the suite.
#[test]
fn starbattle_17x17_puzzles_find_their_star_count_and_solution() {
    auto_finds_k_and_solution(|n| n >= 17);
}

fn auto_finds_k_and_solution(size: impl Fn(usize) -> bool + Sync) {
    use queens::pipeline::{self, Config};
    use queens::solve::{stars::solve_auto, SolveOptions};
    use rayon::prelude::*;
    let Some(dir) = common::corpus_or_skip() else { return };
    let entries: Vec<Solved> = common::manifest(&dir.join("starbattle"));
    let entries: Vec<Solved> = entries.into_iter().filter(|e| size(e.n)).collect();
    assert!(!entries.is_empty());
    let opts = SolveOptions { time_limit: std::time::Duration::from_secs(120), ..SolveOptions::default() };
    let failures: Vec<String> = entries
        .par_iter()
        .filter_map(|e| {
            let regions = puzzlink::parse(&e.puzzlink).unwrap().regions;
            let want: Vec<[usize; 2]> = e.solution.clone();
            let got = |p: &queens::Placement| p.cells().iter().map(|c| [c.row, c.col]).collect::<Vec<_>>();
            match solve_auto(&regions, &opts) {
                (Some(k), Ok(p)) if k == e.stars && got(&p) == want => {}
                (k, r) => return Some(format!("{}: auto gave K {k:?}, {:?}", e.file, r.map(|p| got(&p)))),
            }
            let config = Config { solve: opts, ..Config::default() };
            let outcome = pipeline::solve_text(&e.puzzlink, &config);
            match (outcome.k, &outcome.result) {
                (k, Ok(p)) if k == e.stars && got(p) == want => None,
                (k, r) => Some(format!("{}: the URL gave K {k:?}, {r:?}", e.file)),
            }
        })
        .collect();
    assert!(failures.is_empty(), "{} failures:\n{}", failures.len(), failures.join("\n"));
}

/// The search that lets `--stars auto` skip the solver on a K must agree with
/// HiGHS wherever it answers: on every daily level at K = 2 (and 3 where the board
/// could hold it), and on every Star Battle puzzle up to 10x10 at each K.
#[test]
fn the_star_search_never_contradicts_the_solver() {
    use queens::solve::stars::{max_stars, search, Search};
    use queens::solve::{solve, SolveOptions};
    use queens::Error;
    use rayon::prelude::*;
    let Some(dir) = common::corpus_or_skip() else { return };
    let mut boards: Vec<(String, Regions)> = Vec::new();
    for file in ["levels.json", "levels-daily-617-842.json", "levels-bonus.json"] {
        for l in common::levels(file).unwrap() {
            boards.push((format!("{file} {}", l.id), l.board()));
        }
    }
    for e in common::manifest::<StarEntry>(&dir.join("starbattle")) {
        let p = puzzlink::parse(&e.puzzlink).unwrap();
        if p.regions.n() <= 10 {
            boards.push((e.file, p.regions));
        }
    }
    let checked: Vec<Result<usize, String>> = boards
        .par_iter()
        .flat_map(|(name, board)| (1..=max_stars(board.n())).map(move |k| (name, board, k)).collect::<Vec<_>>())
        .map(|(name, board, k)| {
            let said = search(board, k, 2_000);
            if said == Search::Unknown {
                return Ok(0);
            }
            let solver = solve(board, &SolveOptions { stars: k, ..SolveOptions::default() });
            let has = match solver {
                Ok(_) | Err(Error::SeveralSolutions { .. }) => true,
                Err(Error::NoSolution) => false,
                Err(e) => return Err(format!("{name} K={k}: {e}")),
            };
            if has == (said == Search::Found) {
                Ok(1)
            } else {
                Err(format!("{name} K={k}: search {said:?}, solver has a solution: {has}"))
            }
        })
        .collect();
    let failures: Vec<&String> = checked.iter().filter_map(|r| r.as_ref().err()).collect();
    assert!(failures.is_empty(), "{failures:?}");
    let answered: usize = checked.iter().filter_map(|r| r.as_ref().ok()).sum();
    assert!(answered > 900, "the search answered only {answered} cases");
}
