//! Generated puzzles as people and scripts get them: the text file (with its `#`
//! line saying what it is), the JSON line, the summary line and the file stem.

use serde::Serialize;

use crate::generate::Puzzle;
use crate::puzzle::marks::{Mark, Marks};
use crate::puzzle::{puzzlink, text};

/// The file name of a puzzle without extension: size, stars, grade and seed,
/// so puzzles of different runs never overwrite each other (`9x9-hard-1234`).
pub fn stem(p: &Puzzle) -> String {
    let n = p.regions.n();
    let stars = if p.stars == 1 { String::new() } else { format!("{}star-", p.stars) };
    format!("{n}x{n}-{stars}{}-{}", p.difficulty.grade.name(), p.seed)
}

/// What the puzzle is, in words: `9x9, 1 star, grade hard (score 41), hardest blocked, seed 7`.
fn about(p: &Puzzle) -> String {
    let n = p.regions.n();
    let hardest = p.difficulty.hardest.map_or("none", |t| t.id());
    format!(
        "{n}x{n}, {} star{}, grade {} (score {}), hardest {hardest}, seed {}",
        p.stars,
        if p.stars == 1 { "" } else { "s" },
        p.difficulty.grade.name(),
        p.difficulty.score,
        p.seed
    )
}

/// The text puzzle file: a `#` line saying what was made, the `# stars: K` line,
/// the region lines, and with `with_solution` the solution as a marks block of `Q`s.
pub(crate) fn text_file(p: &Puzzle, with_solution: bool) -> String {
    let marks = with_solution.then(|| {
        let mut m = Marks::new(p.regions.n());
        for &c in p.solution.cells() {
            m.set(c, Mark::Queen);
        }
        m
    });
    format!(
        "# queens generate: {}\n{}{}",
        about(p),
        text::stars_line(p.stars),
        text::write_board(&p.regions, marks.as_ref())
    )
}

/// The puzzle's puzz.link Star Battle URL (generated regions are always in one piece).
pub fn link(p: &Puzzle) -> String {
    puzzlink::encode(&p.regions, p.stars).expect("generated regions are connected")
}

/// The summary line people read: `9x9-hard-7: 9x9, 1 star, grade hard (score 41), …`.
pub fn summary(p: &Puzzle, files: &[String]) -> String {
    let written = if files.is_empty() { String::new() } else { format!(" -> {}", files.join(", ")) };
    format!("{}: {}{written}", stem(p), about(p))
}

#[derive(Serialize)]
struct Record<'a> {
    n: usize,
    stars: usize,
    regions: Vec<String>,
    grade: &'a str,
    hardest: Option<&'a str>,
    score: f64,
    puzzlink: String,
    seed: u64,
    ms: f64,
    #[serde(skip_serializing_if = "Option::is_none")]
    solution: Option<Vec<[usize; 2]>>,
    files: &'a [String],
}

/// One JSON line (no newline): `{"n","stars","regions","grade","hardest","score",
/// "puzzlink","seed","ms","solution"?,"files"}`; `solution` only with `with_solution`.
pub fn json(p: &Puzzle, with_solution: bool, files: &[String]) -> String {
    let record = Record {
        n: p.regions.n(),
        stars: p.stars,
        regions: p.regions.rows(),
        grade: p.difficulty.grade.name(),
        hardest: p.difficulty.hardest.map(|t| t.id()),
        score: p.difficulty.score,
        puzzlink: link(p),
        seed: p.seed,
        ms: p.ms,
        solution: with_solution.then(|| p.solution.cells().iter().map(|c| [c.row, c.col]).collect()),
        files,
    };
    serde_json::to_string(&record).expect("records always serialize")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::{one, Spec, Target};
    use crate::solve::logic::Grade;

    #[test]
    fn the_text_file_reads_back_and_says_what_it_is() {
        let spec =
            Spec { n: 7, stars: 1, target: Target::Grade(Grade::Easy), time_limit: std::time::Duration::from_secs(60) };
        let p = one(&spec, 3).unwrap();
        let file = text_file(&p, true);
        assert!(file.starts_with("# queens generate: 7x7, 1 star, grade easy"), "{file}");
        let (regions, marks) = text::parse_board(&file).unwrap();
        assert_eq!(regions, p.regions);
        assert_eq!(marks.unwrap().queens(), p.solution.cells());
        let line: serde_json::Value = serde_json::from_str(&json(&p, false, &[])).unwrap();
        assert_eq!(line["grade"], "easy");
        assert!(line.get("solution").is_none());
        assert_eq!(puzzlink::parse(line["puzzlink"].as_str().unwrap()).unwrap().regions, p.regions);
    }
}
