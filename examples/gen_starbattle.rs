//! Generates the unique Star Battle boards of `tests/data/starbattle/`.
//!
//! Deterministic (a fixed-seed xorshift RNG written here, no crate), so running it
//! again writes the same files:
//!
//! ```text
//! cargo run --release --example gen_starbattle -- tests/data/starbattle
//! ```
//!
//! For each size: a random valid star placement (K per row and column, none
//! touching; the SAT engine finds it, from a few random stars fixed first), then N regions grown around it (each region starts at one star and
//! reaches out along shortest free paths to K stars in all, then the rest of the
//! board is shared out), then made unique: while the SAT engine finds a second
//! solution, a cell that is a star in the second solution but not in ours moves to a
//! neighbouring region. That cell holds no star of ours, so our placement stays a
//! solution, and the second one now has K−1 stars in one region: it is gone. The
//! last SAT call proves uniqueness and returns our placement, which passes the rule
//! check. Each board is written as a text puzzle with a `# stars: K` comment line
//! (the text parser skips `#` lines: solve them with `--stars K`), and
//! `manifest.json` lists every board with its K and solution.

use std::collections::VecDeque;
use std::fmt::Write as _;
use std::time::Duration;

use queens::generate::layout::neighbours;
use queens::puzzle::check;
use queens::solve::deadline::Deadline;
use queens::solve::sat;
use queens::{Cell, Error, Placement, Regions};

/// xorshift64*: small, fast, and the same on every machine.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    fn shuffle<T>(&mut self, v: &mut [T]) {
        for i in (1..v.len()).rev() {
            v.swap(i, self.below(i + 1));
        }
    }
}

/// K stars per row and column, none touching: the SAT engine on a board whose
/// regions are its rows, with a few random stars fixed first so that each call
/// lands on a different placement (None: those stars admit none; try again).
fn stars(n: usize, k: usize, rng: &mut Rng) -> Option<Vec<bool>> {
    let rows = Regions::from_labels(n, &(0..n * n).map(|i| i / n).collect::<Vec<_>>()).expect("rows as regions");
    let mut fixed = vec![None; n * n];
    let (mut per_row, mut per_col) = (vec![0; n], vec![0; n]);
    for _ in 0..4 {
        let i = rng.below(n * n);
        let (r, c) = (i / n, i % n);
        let touching =
            (0..n * n).any(|j| fixed[j] == Some(true) && (j / n).abs_diff(r) <= 1 && (j % n).abs_diff(c) <= 1);
        if !touching && per_row[r] < k && per_col[c] < k {
            fixed[i] = Some(true);
            per_row[r] += 1;
            per_col[c] += 1;
        }
    }
    let placement = match sat::solve(&rows, k, &fixed, Deadline::after(Duration::from_secs(20))) {
        Ok(p) | Err(Error::SeveralSolutions { first: p, .. }) => p,
        Err(e) => {
            eprintln!("  {e}");
            return None;
        }
    };
    let mut star = vec![false; n * n];
    placement.cells().iter().for_each(|c| star[c.row * n + c.col] = true);
    Some(star)
}

/// N connected regions of K stars each around `star` (row-major flags), or None.
fn grow(n: usize, k: usize, star: &[bool], rng: &mut Rng) -> Option<Vec<usize>> {
    let mut owner: Vec<Option<usize>> = vec![None; n * n];
    let mut stars: Vec<usize> = (0..n * n).filter(|&i| star[i]).collect();
    rng.shuffle(&mut stars);
    let mut count = vec![1; n];
    for (region, &s) in stars.iter().take(n).enumerate() {
        owner[s] = Some(region);
    }
    // Each needy region in turn claims a shortest free path to the nearest unclaimed star.
    loop {
        let mut needy: Vec<usize> = (0..n).filter(|&g| count[g] < k).collect();
        if needy.is_empty() {
            break;
        }
        rng.shuffle(&mut needy);
        for g in needy {
            let mut prev: Vec<Option<usize>> = vec![None; n * n];
            let mut seen = vec![false; n * n];
            let mut queue: VecDeque<usize> = (0..n * n).filter(|&i| owner[i] == Some(g)).collect();
            queue.iter().for_each(|&i| seen[i] = true);
            let mut found = None;
            while let Some(i) = queue.pop_front() {
                let mut next: Vec<usize> = neighbours(n, i).filter(|&j| !seen[j] && owner[j].is_none()).collect();
                rng.shuffle(&mut next);
                for j in next {
                    seen[j] = true;
                    prev[j] = Some(i);
                    if star[j] {
                        found = Some(j);
                        break;
                    }
                    queue.push_back(j);
                }
                if found.is_some() {
                    break;
                }
            }
            let mut at = found?;
            count[g] += 1;
            while owner[at].is_none() {
                owner[at] = Some(g);
                at = prev[at].expect("the path leads back to the region");
            }
        }
    }
    // The rest: random growth of any region into a free neighbouring cell (no stars are left).
    while owner.iter().any(Option::is_none) {
        let frontier: Vec<(usize, usize)> = (0..n * n)
            .filter(|&i| owner[i].is_none())
            .flat_map(|i| neighbours(n, i).filter_map(|j| owner[j]).map(move |g| (i, g)).collect::<Vec<_>>())
            .collect();
        let (i, g) = frontier[rng.below(frontier.len())];
        owner[i] = Some(g);
    }
    Some(owner.into_iter().map(|o| o.expect("every cell has a region")).collect())
}

/// True when region `g` minus cell `skip` is still one connected piece, and not empty.
fn connected_without(n: usize, labels: &[usize], g: usize, skip: usize) -> bool {
    (0..n * n).any(|i| labels[i] == g && i != skip) && queens::generate::layout::connected_without(n, labels, g, skip)
}

/// One unique board: its labels and solution, or None (the caller tries again).
fn board(n: usize, k: usize, rng: &mut Rng) -> Option<(Regions, Placement)> {
    let Some(star) = stars(n, k, rng) else {
        eprintln!("  no stars");
        return None;
    };
    let target = Placement::new((0..n * n).filter(|&i| star[i]).map(|i| Cell::new(i / n, i % n)).collect());
    let Some(mut labels) = grow(n, k, &star, rng) else {
        eprintln!("  no regions");
        return None;
    };
    for _ in 0..400 {
        let regions = Regions::from_labels(n, &labels).expect("n regions");
        check::check(&regions, k, &target).expect("our placement stays a solution");
        let deadline = Deadline::after(Duration::from_secs(60));
        let second = match sat::solve(&regions, k, &[], deadline) {
            Ok(p) => return (p == target).then_some((regions, target)),
            Err(Error::SeveralSolutions { first, second }) => {
                if first == target {
                    second
                } else {
                    first
                }
            }
            Err(e) => panic!("{n}x{n} {k}: {e}"),
        };
        let mut moves: Vec<(usize, usize)> = second
            .cells()
            .iter()
            .map(|c| c.row * n + c.col)
            .filter(|&i| !star[i])
            .flat_map(|i| neighbours(n, i).map(move |j| (i, j)).collect::<Vec<_>>())
            .filter(|&(i, j)| labels[j] != labels[i] && connected_without(n, &labels, labels[i], i))
            .collect();
        if moves.is_empty() {
            eprintln!("  stuck");
            return None;
        }
        rng.shuffle(&mut moves);
        let (i, j) = moves[0];
        labels[i] = labels[j];
    }
    None
}

fn main() {
    let out = std::path::PathBuf::from(std::env::args().nth(1).unwrap_or_else(|| "tests/data/starbattle".into()));
    std::fs::create_dir_all(&out).expect("output folder");
    let all = [(10, 2, 6), (14, 3, 5), (17, 4, 5), (20, 5, 4), (25, 6, 4)];
    // Optional second argument: only the boards of this side (to remake one size).
    let only: Option<usize> = std::env::args().nth(2).map(|a| a.parse().expect("a board side"));
    let sizes: Vec<_> = all.into_iter().filter(|s| only.is_none_or(|n| n == s.0)).collect();
    // Boards of the sizes remade replace theirs in the manifest; the others stay.
    let manifest_path = out.join("manifest.json");
    let mut manifest: Vec<serde_json::Value> =
        std::fs::read_to_string(&manifest_path).ok().and_then(|t| serde_json::from_str(&t).ok()).unwrap_or_default();
    manifest.retain(|e| !sizes.iter().any(|s| e["n"] == s.0));
    for (n, k, count) in sizes {
        // One seed per size, so remaking one size gives the same boards as remaking all.
        let mut rng = Rng(0x5EED_57A2_BA77_1E00 ^ (n as u64) << 40);
        let mut made = 0;
        let mut tries = 0;
        while made < count {
            tries += 1;
            let Some((regions, solution)) = board(n, k, &mut rng) else {
                if tries % 50 == 0 {
                    eprintln!("{n}x{n}: {tries} tries");
                }
                continue;
            };
            made += 1;
            let file = format!("{n}x{n}-{k}star-{made}.txt");
            let mut text =
                format!("# {n}x{n} Star Battle, {k} stars per row, column and region (made by gen_starbattle)\n");
            writeln!(text, "# stars: {k}").unwrap();
            for row in regions.rows() {
                writeln!(text, "{row}").unwrap();
            }
            std::fs::write(out.join(&file), text).expect("write board");
            let stars: Vec<[usize; 2]> = solution.cells().iter().map(|c| [c.row, c.col]).collect();
            manifest.push(serde_json::json!({
                "file": file, "n": n, "stars": k, "regions": regions.rows(), "solution": stars,
            }));
            eprintln!("{file}: unique ({tries} tries)");
        }
    }
    manifest.sort_by_key(|e| (e["n"].as_u64(), e["file"].as_str().map(str::to_owned)));
    let json = serde_json::to_string_pretty(&manifest).expect("json");
    std::fs::write(manifest_path, json + "\n").expect("write manifest");
}
