//! The penpa-edit fuzz target without libFuzzer: the saved seeds (penpa save texts)
//! give their known results, and a deterministic mutation run over penpa's text
//! (byte flips, inserts, deletes, truncations, spliced numbers, lines dropped or
//! repeated, from a fixed seed), packed into links, must never panic.
//! `fuzz/README.md` says how to run the real fuzzer (`cargo +nightly fuzz run penpa`).

use crate::common;

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::PathBuf;

use queens::fuzzing::penpa as target;
use queens::puzzle::penpa;

fn seed(name: &str) -> String {
    let p = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("fuzz/regressions/penpa").join(name);
    std::fs::read_to_string(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
}

#[test]
fn saved_seeds_give_their_known_results() {
    let played = penpa::parse(&penpa::pack(&seed("played-9x9.txt"))).unwrap();
    assert_eq!((played.regions.n(), played.stars, played.regions.region_count()), (9, Some(1), 9));
    let marks = played.marks.expect("the seed carries the sample's marks");
    assert_eq!((marks.queens().len(), marks.crosses().len()), (1, 10));
    // No genre tag and no number: still a board, K left to the solver.
    let bare = penpa::parse(&penpa::pack(&seed("no-tags-no-number.txt"))).unwrap();
    assert_eq!((bare.regions, bare.stars), (played.regions, None));
    for (name, what) in [("hex-grid.txt", "\"hex\" grid"), ("huge-margins.txt", "margins are wider")] {
        let e = penpa::parse(&penpa::pack(&seed(name))).unwrap_err();
        assert_eq!(e.kind(), "parse");
        assert!(e.to_string().contains(what), "{name}: {e}");
    }
}

#[test]
fn mutated_penpa_texts_never_panic() {
    let mut seeds: Vec<String> = ["played-9x9.txt", "no-tags-no-number.txt"].iter().map(|n| seed(n)).collect();
    if let Some(dir) = common::corpus() {
        let entries: Vec<serde_json::Value> = common::manifest(&dir.join("starbattle-played"));
        for e in entries.iter().step_by(6) {
            seeds.push(penpa::text(e["penpa_edit_link"].as_str().unwrap()).unwrap());
        }
    }
    // Bytes a JSON mutation likes: digits, brackets, quotes, separators, UTF-8.
    let alphabet: &[u8] = b"0123456789-,:{}[]\"\n star21e.";
    let mut rng = common::planted::Rng::new(0x09e9_a5ee_d0dd_ba11);
    let donors: Vec<&[u8]> = seeds.iter().map(|s| s.as_bytes()).collect();
    let (mut parsed, mut panics) = (0, Vec::new());
    for round in 0..20_000 {
        let mut data = seeds[rng.below(seeds.len())].clone().into_bytes();
        for _ in 0..=rng.below(4) {
            let at = rng.below(data.len() + 1);
            match rng.below(7) {
                5 => {
                    // Drop or repeat a whole line.
                    let text = String::from_utf8_lossy(&data).into_owned();
                    let mut lines: Vec<&str> = text.split('\n').collect();
                    let i = rng.below(lines.len());
                    if rng.below(2) == 0 {
                        lines.remove(i);
                    } else {
                        lines.insert(i, lines[i]);
                    }
                    data = lines.join("\n").into_bytes();
                }
                kind => common::mutate::edit(&mut data, kind, at, alphabet, &donors, &mut rng),
            }
        }
        let solve_too = round % 50 == 0;
        let outcome = catch_unwind(AssertUnwindSafe(|| {
            if solve_too {
                target(&data);
                false
            } else {
                penpa::parse(&penpa::pack(&String::from_utf8_lossy(&data))).is_ok()
            }
        }));
        match outcome {
            Ok(ok) => parsed += usize::from(ok),
            Err(_) => panics.push(String::from_utf8_lossy(&data).into_owned()),
        }
    }
    assert!(panics.is_empty(), "{} mutated texts panic, first: {:?}", panics.len(), panics.first());
    // The run explores both sides: many mutants still parse, many do not.
    assert!(parsed > 1000 && parsed < 19_000, "{parsed} mutants parsed");
}
