//! The emoji symbol of each region for the share text: a nearest-colour matching
//! in which no symbol is used twice while symbols last.
//!
//! Picking each region's nearest square on its own merges regions whose colours
//! are near the same square (two pastel regions both become ⬜), and the shared
//! board then shows fewer regions than it has. Instead the regions are matched to
//! distinct symbols at the least total colour distance (CIELAB): the nine coloured
//! squares first, then, above nine regions, the nine coloured circles too. Only
//! past eighteen regions are symbols used again, each once more before any thrice.

use crate::vision::color::Lab;

/// The nine squares, with the colours they show on common emoji fonts.
const SQUARES: [(&str, [u8; 3]); 9] = [
    ("🟥", [221, 46, 68]),
    ("🟧", [244, 144, 12]),
    ("🟨", [253, 203, 88]),
    ("🟩", [120, 177, 89]),
    ("🟦", [85, 172, 238]),
    ("🟪", [170, 142, 214]),
    ("🟫", [193, 105, 79]),
    ("⬛", [49, 55, 61]),
    ("⬜", [230, 231, 232]),
];

/// The nine circles, used above nine regions.
const CIRCLES: [(&str, [u8; 3]); 9] = [
    ("🔴", [221, 46, 68]),
    ("🟠", [244, 144, 12]),
    ("🟡", [253, 203, 88]),
    ("🟢", [120, 177, 89]),
    ("🔵", [85, 172, 238]),
    ("🟣", [170, 142, 214]),
    ("🟤", [193, 105, 79]),
    ("⚫", [49, 55, 61]),
    ("⚪", [230, 231, 232]),
];

/// Extra cost of a circle over the square of the same colour, in CIELAB units:
/// small beside real colour differences; it settles ties between a square and its
/// circle in favour of the square.
const CIRCLE_COST: f32 = 0.5;

/// Extra cost of each reuse of a symbol (only past eighteen regions): more than
/// any colour distance, so every symbol is used once before any is used twice.
const REUSE_COST: f32 = 1_000.0;

/// The number of distinct symbols: past this many regions some must repeat.
pub const DISTINCT_SYMBOLS: usize = SQUARES.len() + CIRCLES.len();

/// The symbol of each region, given the regions' display colours (by label).
/// Distinct symbols for up to [`DISTINCT_SYMBOLS`] regions, squares only up to nine.
pub(crate) fn region_symbols(colors: &[[u8; 3]]) -> Vec<&'static str> {
    if colors.is_empty() {
        return Vec::new();
    }
    let base: Vec<(&str, [u8; 3], f32)> = if colors.len() <= SQUARES.len() {
        SQUARES.iter().map(|&(s, c)| (s, c, 0.0)).collect()
    } else {
        SQUARES.iter().map(|&(s, c)| (s, c, 0.0)).chain(CIRCLES.iter().map(|&(s, c)| (s, c, CIRCLE_COST))).collect()
    };
    // Past the distinct symbols, offer each symbol again at a reuse cost per round.
    let rounds = colors.len().div_ceil(base.len());
    let pool: Vec<(&str, Lab, f32)> = (0..rounds)
        .flat_map(|round| {
            base.iter().map(move |&(s, c, extra)| (s, Lab::from_rgb(c), extra + round as f32 * REUSE_COST))
        })
        .collect();
    let labs: Vec<Lab> = colors.iter().map(|&c| Lab::from_rgb(c)).collect();
    let cost: Vec<Vec<f32>> =
        labs.iter().map(|lab| pool.iter().map(|&(_, sym, extra)| lab.dist(sym) + extra).collect()).collect();
    assignment(&cost).into_iter().map(|j| pool[j].0).collect()
}

/// [`region_symbols`], then no two neighbouring regions alike: past eighteen
/// regions, where symbols repeat, a region whose symbol a neighbour already has
/// (in label order) takes the symbol nearest its colour that no neighbour has,
/// among the least used. `neighbours[g]` lists the regions touching region `g`.
pub(crate) fn region_symbols_apart(colors: &[[u8; 3]], neighbours: &[Vec<usize>]) -> Vec<&'static str> {
    let mut symbols = region_symbols(colors);
    let all: Vec<(&str, Lab)> = SQUARES.iter().chain(CIRCLES.iter()).map(|&(s, c)| (s, Lab::from_rgb(c))).collect();
    for g in 0..symbols.len() {
        let around = |s: &str, symbols: &[&str]| neighbours[g].iter().any(|&h| h != g && symbols[h] == s);
        if !neighbours[g].iter().any(|&h| h < g && symbols[h] == symbols[g]) {
            continue;
        }
        let lab = Lab::from_rgb(colors[g]);
        let uses = |s: &str, symbols: &[&str]| symbols.iter().filter(|&&t| t == s).count();
        if let Some(&(s, _)) = all
            .iter()
            .filter(|(s, _)| !around(s, &symbols))
            .min_by(|a, b| uses(a.0, &symbols).cmp(&uses(b.0, &symbols)).then(lab.dist(a.1).total_cmp(&lab.dist(b.1))))
        {
            symbols[g] = s;
        }
    }
    symbols
}

/// The least-cost assignment of each row to a distinct column (rows ≤ columns):
/// the Hungarian method with potentials, O(rows² · columns). Ties go to the
/// lower column, so the result is deterministic.
fn assignment(cost: &[Vec<f32>]) -> Vec<usize> {
    let n = cost.len();
    let m = cost[0].len();
    debug_assert!(n <= m);
    let c = |i: usize, j: usize| f64::from(cost[i - 1][j - 1]);
    // 1-based potentials u (rows), v (columns); owner[j] is the row matched to column j.
    let (mut u, mut v) = (vec![0.0f64; n + 1], vec![0.0f64; m + 1]);
    let mut owner = vec![0usize; m + 1];
    let mut way = vec![0usize; m + 1];
    for i in 1..=n {
        owner[0] = i;
        let mut j0 = 0;
        let mut minv = vec![f64::INFINITY; m + 1];
        let mut used = vec![false; m + 1];
        loop {
            used[j0] = true;
            let i0 = owner[j0];
            let (mut delta, mut j1) = (f64::INFINITY, 0);
            for j in 1..=m {
                if used[j] {
                    continue;
                }
                let cur = c(i0, j) - u[i0] - v[j];
                if cur < minv[j] {
                    minv[j] = cur;
                    way[j] = j0;
                }
                if minv[j] < delta {
                    delta = minv[j];
                    j1 = j;
                }
            }
            for j in 0..=m {
                if used[j] {
                    u[owner[j]] += delta;
                    v[j] -= delta;
                } else {
                    minv[j] -= delta;
                }
            }
            j0 = j1;
            if owner[j0] == 0 {
                break;
            }
        }
        loop {
            let j1 = way[j0];
            owner[j0] = owner[j1];
            j0 = j1;
            if j0 == 0 {
                break;
            }
        }
    }
    let mut of_row = vec![0usize; n];
    for j in 1..=m {
        if owner[j] != 0 {
            of_row[owner[j] - 1] = j - 1;
        }
    }
    of_row
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn assignment_is_optimal_on_a_small_case() {
        // Greedy by row would give row 0 column 0 (cost 1) and row 1 column 1 (cost 10);
        // the best is 2 + 2.
        let cost = vec![vec![1.0, 2.0, 50.0], vec![2.0, 10.0, 50.0]];
        assert_eq!(assignment(&cost), vec![1, 0]);
    }

    #[test]
    fn near_colours_get_distinct_squares() {
        // Two near-white regions and two near-yellow ones: nearest-alone merges them.
        let colors = [[235, 235, 235], [225, 228, 230], [250, 205, 90], [245, 210, 100]];
        let symbols = region_symbols(&colors);
        let mut unique = symbols.clone();
        unique.sort_unstable();
        unique.dedup();
        assert_eq!(unique.len(), 4, "{symbols:?}");
        assert!(symbols.iter().all(|s| SQUARES.iter().any(|q| q.0 == *s)), "{symbols:?}");
        // Exact colours still get their own square.
        assert_eq!(region_symbols(&[[221, 46, 68], [85, 172, 238]]), vec!["🟥", "🟦"]);
    }

    #[test]
    fn neighbours_get_different_symbols_past_eighteen_regions() {
        // 30 regions in a row, each touching the next: reuse must skip neighbours.
        let colors: Vec<[u8; 3]> = (0..30).map(|i| [(i * 8) as u8; 3]).collect();
        let neighbours: Vec<Vec<usize>> = (0..30)
            .map(|g: usize| [g.checked_sub(1), (g < 29).then_some(g + 1)].into_iter().flatten().collect())
            .collect();
        let symbols = region_symbols_apart(&colors, &neighbours);
        for g in 1..30 {
            assert_ne!(symbols[g - 1], symbols[g], "{symbols:?}");
        }
    }

    #[test]
    fn circles_only_above_nine_regions_and_reuse_only_past_eighteen() {
        let gray = |i: usize| [(i * 12) as u8; 3];
        for k in [1, 9, 10, 18, 19, 30] {
            let colors: Vec<[u8; 3]> = (0..k).map(gray).collect();
            let symbols = region_symbols(&colors);
            let mut unique = symbols.clone();
            unique.sort_unstable();
            unique.dedup();
            assert_eq!(unique.len(), k.min(DISTINCT_SYMBOLS), "{k} regions: {symbols:?}");
            let circles = symbols.iter().filter(|s| CIRCLES.iter().any(|c| c.0 == **s)).count();
            if k <= DISTINCT_SYMBOLS {
                // Circles only above nine regions; then as many as the colours call for.
                assert!(circles >= k.saturating_sub(SQUARES.len()), "{k} regions: {symbols:?}");
                assert!(k > SQUARES.len() || circles == 0, "{k} regions: {symbols:?}");
            } else {
                let most = unique.iter().map(|u| symbols.iter().filter(|s| *s == u).count()).max().unwrap();
                assert_eq!(most, k.div_ceil(DISTINCT_SYMBOLS), "{k} regions: {symbols:?}");
            }
        }
    }
}
