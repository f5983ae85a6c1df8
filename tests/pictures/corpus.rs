//! Screenshots from ../shared/corpus: every region map read exactly, or refused
//! with a reason — never a wrong map. Known refusals are listed with why, so a
//! new refusal (or a fixed one) fails the test.

use crate::common;

use std::collections::BTreeMap;

use queens::pipeline::{solve_image, Config};
use queens::Error;
use rayon::prelude::*;

/// Real screenshots we refuse today, with the reason a person can see in the picture.
/// (None: the cut-off crop and the DevTools capture, with its tinted cell and line
/// labels in the margin, are both read.)
const KNOWN_REFUSALS: [(&str, &str); 0] = [];

/// Per file: Ok when the map matched, else the error kind (a wrong map panics).
type Results = BTreeMap<String, Result<(), &'static str>>;

/// How many screenshots the manifest lists, and each one's result.
fn read_all(folder: &str) -> Option<(usize, Results)> {
    let (dir, shots) = common::shots(folder)?;
    let results: Vec<(String, Result<(), &'static str>)> = shots
        .par_iter()
        .map(|shot| {
            let bytes = std::fs::read(dir.join(&shot.file)).expect("corpus file");
            let (outcome, _) = solve_image(&bytes, &Config::default());
            let got = outcome.regions.as_ref().map(|r| r.rows());
            let result = match &outcome.result {
                Ok(p) => {
                    // Never a wrong answer: an accepted map must be the labelled map.
                    assert_eq!(got.as_ref(), Some(&shot.regions), "{}: WRONG region map accepted", shot.file);
                    let cols: Vec<usize> = p.cells().iter().map(|c| c.col).collect();
                    assert_eq!(cols, shot.solution, "{}: wrong solution", shot.file);
                    Ok(())
                }
                Err(e @ Error::SeveralSolutions { .. }) => panic!("{}: {e}", shot.file),
                Err(e) => Err(e.kind()),
            };
            (shot.file.clone(), result)
        })
        .collect();
    Some((shots.len(), results.into_iter().collect()))
}

#[test]
fn browser_screenshots_all_read_exactly() {
    let Some((count, results)) = read_all("browser") else { return };
    assert_eq!(count, 120);
    let refused: Vec<_> = results.iter().filter(|(_, r)| r.is_err()).collect();
    assert!(refused.is_empty(), "refused: {refused:?}");
}

#[test]
fn real_screenshots_read_exactly_or_known_refusal() {
    let Some((count, results)) = read_all("real") else { return };
    assert_eq!(count, 45);
    let refused: BTreeMap<&str, &str> =
        results.iter().filter_map(|(f, r)| r.as_ref().err().map(|k| (f.as_str(), *k))).collect();
    let expected: BTreeMap<&str, &str> = KNOWN_REFUSALS.into_iter().collect();
    assert_eq!(refused, expected, "refusals changed (update KNOWN_REFUSALS if one was fixed)");
}

#[test]
fn played_screenshots_read_exactly_or_refused_under_the_win_panel() {
    let Some((count, results)) = read_all("played") else { return };
    assert_eq!(count, 60);
    // Crowns, X marks and red clash crowns never break the map; only a board under
    // the "You Win!" panel may be refused (never read with its hidden cells guessed).
    let refused: Vec<_> = results.iter().filter(|(f, r)| r.is_err() && !f.ends_with("-dialog.png")).collect();
    assert!(refused.is_empty(), "refused: {refused:?}");
}
