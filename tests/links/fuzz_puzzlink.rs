//! The puzz.link fuzz target without libFuzzer: the saved seeds give their known
//! results, and a deterministic mutation run (byte flips, inserts, deletes,
//! truncations and splices of real URLs, from a fixed seed) must never panic.
//! `fuzz/README.md` says how to run the real fuzzer (`cargo +nightly fuzz run puzzlink`).

use crate::common;

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::PathBuf;

use queens::fuzzing::puzzlink as target;
use queens::puzzle::puzzlink;

fn seed(name: &str) -> Vec<u8> {
    let p = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("fuzz/regressions/puzzlink").join(name);
    std::fs::read(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
}

#[test]
fn saved_seeds_give_their_known_results() {
    let text = |name: &str| String::from_utf8(seed(name)).unwrap();
    let five = puzzlink::parse(&text("five-1star.txt")).unwrap();
    assert_eq!((five.regions.n(), five.stars), (5, 1));
    let ten = puzzlink::parse(&text("ten-2star.txt")).unwrap();
    assert_eq!((ten.regions.n(), ten.stars, ten.regions.region_count()), (10, 2, 10));
    let one = puzzlink::parse(&text("one-by-one.txt")).unwrap();
    assert_eq!(one.regions.n(), 1);
    // 40x40 with no borders at all: too short (it needs 624 border characters).
    for (name, what) in [
        ("too-short.txt", "too short"),
        ("big-empty-borders.txt", "too short"),
        ("huge-size.txt", "wrong size"),
        ("non-ascii.txt", "bad character"),
    ] {
        let e = puzzlink::parse(&String::from_utf8_lossy(&seed(name))).unwrap_err();
        assert_eq!(e.kind(), "parse");
        assert!(e.to_string().contains(what), "{name}: {e}");
    }
}

#[test]
fn mutated_urls_never_panic() {
    let mut seeds: Vec<Vec<u8>> =
        ["five-1star.txt", "ten-2star.txt", "one-by-one.txt", "too-short.txt"].iter().map(|n| seed(n)).collect();
    if let Some(dir) = common::corpus() {
        let entries: Vec<serde_json::Value> = common::manifest(&dir.join("starbattle"));
        seeds.extend(entries.iter().map(|e| e["puzzlink"].as_str().unwrap().as_bytes().to_vec()));
    }
    // Bytes a URL mutation likes: digits, base-32 letters past v, separators, UTF-8.
    let alphabet: &[u8] = b"0123456789abcdefuvwxyzAV/?:.%#-+ \n\x00\xff\xc3\xa9";
    let mut rng = common::planted::Rng::new(0x5eed_cafe_f00d_d00d);
    let donors: Vec<&[u8]> = seeds.iter().map(Vec::as_slice).collect();
    let (mut parsed, mut panics) = (0, Vec::new());
    for round in 0..20_000 {
        let mut data = seeds[rng.below(seeds.len())].clone();
        for _ in 0..=rng.below(4) {
            let at = rng.below(data.len() + 1);
            let kind = rng.below(6);
            common::mutate::edit(&mut data, kind, at, alphabet, &donors, &mut rng);
        }
        // Small boards are solved by the target; keep the run short by solving few.
        let solve_too = round % 50 == 0;
        let outcome = catch_unwind(AssertUnwindSafe(|| {
            if solve_too {
                target(&data);
            } else if let Ok(p) = puzzlink::parse(&String::from_utf8_lossy(&data)) {
                let url = puzzlink::encode(&p.regions, p.stars).expect("regions from a URL have a URL");
                assert_eq!(puzzlink::parse(&url).unwrap(), p);
                return true;
            }
            false
        }));
        match outcome {
            Ok(ok) => parsed += usize::from(ok),
            Err(_) => panics.push(String::from_utf8_lossy(&data).into_owned()),
        }
    }
    assert!(panics.is_empty(), "{} mutated URLs panic, first: {:?}", panics.len(), panics.first());
    // The run explores both sides: some mutants still parse, most do not.
    assert!(parsed > 100, "only {parsed} mutants parsed");
}
