//! Cell colors → region map: k-means in CIELAB into exactly N clusters, checked
//! against the second signal, the lines between cells.
//!
//! k-means (kmeans_colors, k-means++ init) runs with several fixed seeds and keeps
//! the lowest inertia, so the same picture always gives the same map. The result
//! is refused, not guessed, when the evidence disagrees: fewer than N distinct
//! colors, a cell whose color sits between two clusters, or thick region borders
//! that contradict the color grouping (two similar purples merged, one shaded
//! region split).

use kmeans_colors::get_kmeans;

use crate::error::{Error, Result};
use crate::puzzle::{region_letter, Cell, Regions};
use crate::vision::cells::CellColors;
use crate::vision::color::Lab;

/// Colors further apart than this (ΔE) are never taken for one region, whatever the lines.
const CONFUSABLE: f32 = 15.0;
/// Seeds tried; the lowest-inertia clustering wins (ties: the earliest seed).
const SEEDS: u64 = 8;
/// Below this ΔE two cluster centers count as one color. The game itself uses
/// near-twins (celadon #B3DFA0 and feijoa #A6D995 are ΔE ≈ 5 apart), so this is
/// small; the per-cell ambiguity test and the borders guard against merges.
const MIN_SEPARATION: f32 = 2.0;

/// The region map read from a picture, with each region's color.
#[derive(Debug, Clone)]
pub struct RegionMap {
    /// Canonical region labels.
    pub regions: Regions,
    /// Mean sRGB color of each region, by canonical label.
    pub colors: Vec<[u8; 3]>,
    /// True when the regions were read from the borders alone because the cells
    /// carry no region colors (a black-and-white Star Battle grid, say).
    pub from_borders: bool,
}

/// Groups the cells into exactly `cells.n` color clusters and cross-checks them
/// against the borders. When the colors cannot be trusted (a tinted or hovered
/// cell, say) but the borders are unambiguous, the borders decide; see
/// [`regions_from_borders`].
pub fn cluster(cells: &CellColors) -> Result<RegionMap> {
    match cluster_by_color(cells) {
        Ok(map)
            if crate::puzzle::partition::check(&map.regions, crate::puzzle::partition::Pieces::Connected).is_ok() =>
        {
            Ok(map)
        }
        // Colors give a region in pieces: the borders may show a discolored cell;
        // if they do not, the map goes on as read and the partition check (or
        // --allow-split-regions) decides.
        Ok(map) => Ok(regions_from_borders(cells).unwrap_or(map)),
        Err(e) => regions_from_borders(cells).ok_or(e),
    }
}

/// The k-means reading with its color and border cross-checks.
fn cluster_by_color(cells: &CellColors) -> Result<RegionMap> {
    let n = cells.n;
    let buf: Vec<_> = cells.lab.iter().map(|l| l.to_palette()).collect();
    let mut best: Option<(f32, Vec<u8>, Vec<Lab>)> = None;
    for seed in 0..SEEDS {
        let km = get_kmeans(n, 100, 0.0005, false, &buf, seed);
        let centroids: Vec<Lab> = km.centroids.iter().map(|&c| Lab::from_palette(c)).collect();
        let inertia: f32 =
            km.indices.iter().zip(&cells.lab).map(|(&i, &l)| l.dist(centroids[usize::from(i)]).powi(2)).sum();
        if best.as_ref().is_none_or(|b| inertia < b.0 - 1e-3) {
            best = Some((inertia, km.indices, centroids));
        }
    }
    let (_, indices, centroids) = best.expect("at least one seed");
    let regions = Regions::from_labels(n, &indices).expect("n*n labels");
    // Centroids by canonical label.
    let mut centers = vec![Lab::default(); regions.region_count()];
    for (i, &k) in indices.iter().enumerate() {
        centers[regions.labels()[i]] = centroids[usize::from(k)];
    }
    if regions.region_count() < n {
        return Err(Error::Regions {
            reason: format!("the {n}x{n} board shows only {} distinct colors, it needs {n}", regions.region_count()),
        });
    }
    // Two clusters of (almost) the same color: the picture has fewer than N colors.
    for a in 0..n {
        for b in a + 1..n {
            if centers[a].dist(centers[b]) < MIN_SEPARATION {
                return Err(Error::Regions {
                    reason: format!(
                        "regions {} and {} have nearly the same color; the board shows fewer than {n} colors",
                        region_letter(a),
                        region_letter(b)
                    ),
                });
            }
        }
    }
    // Every cell must be clearly closer to its own cluster than to any other.
    for cell in regions.cells() {
        let own = regions.label(cell);
        let lab = cells.lab_at(cell);
        let d_own = lab.dist(centers[own]);
        let d_other = (0..n).filter(|&k| k != own).map(|k| lab.dist(centers[k])).fold(f32::INFINITY, f32::min);
        if d_own > 0.6 * d_other {
            return Err(Error::Regions {
                reason: format!(
                    "the color of the cell at row {} col {} lies between two regions",
                    cell.row + 1,
                    cell.col + 1
                ),
            });
        }
    }
    check_borders(cells, &regions)?;
    Ok(RegionMap { colors: mean_colors(cells, &regions), regions, from_borders: false })
}

/// Mean sRGB color of each region's cells, by canonical label.
pub(crate) fn mean_colors(cells: &CellColors, regions: &Regions) -> Vec<[u8; 3]> {
    let mut sums = vec![[0u32; 4]; regions.region_count()];
    for (&label, rgb) in regions.labels().iter().zip(&cells.rgb) {
        let sum = &mut sums[label];
        for (s, &v) in sum.iter_mut().zip(rgb) {
            *s += u32::from(v);
        }
        sum[3] += 1;
    }
    sums.iter().map(|s| [0, 1, 2].map(|c| (s[c] / s[3].max(1)) as u8)).collect()
}

/// Every neighbouring pair with its line width: (a, b, width).
/// The regions the lines draw: neighbouring cells joined wherever the line between
/// them is thinner than `cut` (union-find over the `pairs` of neighbours).
pub(crate) fn join_across_thin(n: usize, pairs: &[(Cell, Cell, f64)], cut: f64) -> Regions {
    let mut parent: Vec<usize> = (0..n * n).collect();
    fn root(p: &mut [usize], mut i: usize) -> usize {
        while p[i] != i {
            p[i] = p[p[i]];
            i = p[i];
        }
        i
    }
    for &(a, b, w) in pairs {
        if w < cut {
            let (ra, rb) = (root(&mut parent, a.row * n + a.col), root(&mut parent, b.row * n + b.col));
            parent[ra.max(rb)] = ra.min(rb);
        }
    }
    let labels: Vec<usize> = (0..n * n).map(|i| root(&mut parent, i)).collect();
    Regions::from_labels(n, &labels).expect("n*n labels")
}

fn line_pairs(cells: &CellColors) -> Vec<(Cell, Cell, f64)> {
    let n = cells.n;
    let mut pairs = Vec::with_capacity(2 * n * n);
    for r in 0..n {
        for c in 0..n {
            if c + 1 < n {
                pairs.push((Cell::new(r, c), Cell::new(r, c + 1), f64::from(cells.line_right[r * n + c])));
            }
            if r + 1 < n {
                pairs.push((Cell::new(r, c), Cell::new(r + 1, c), f64::from(cells.line_below[r * n + c])));
            }
        }
    }
    pairs
}

/// The border reading, used only when the colors failed: split line widths into
/// thin and thick (Otsu, no labels involved), join cells across thin lines, and
/// accept the result only when it is unambiguous: widths clearly bimodal, exactly
/// N pieces, pieces' colors pairwise distinct, and every cell's color matching its
/// piece except at most one (the tinted or hovered cell the colors stumbled on).
fn regions_from_borders(cells: &CellColors) -> Option<RegionMap> {
    let n = cells.n;
    let pairs = line_pairs(cells);
    let mut widths: Vec<f64> = pairs.iter().map(|p| p.2).collect();
    widths.sort_by(f64::total_cmp);
    // Otsu's split of the sorted widths.
    let total: f64 = widths.iter().sum();
    let mut best = (0.0, 0);
    let mut left = 0.0;
    for i in 1..widths.len() {
        left += widths[i - 1];
        let (wl, wr) = (i as f64, (widths.len() - i) as f64);
        let (ml, mr) = (left / wl, (total - left) / wr);
        let between = wl * wr * (ml - mr).powi(2);
        if between > best.0 {
            best = (between, i);
        }
    }
    let split = best.1;
    if split == 0 {
        return None;
    }
    let (thin_max, thick_min) = (widths[split - 1], widths[split]);
    let thin_mean = widths[..split].iter().sum::<f64>() / split as f64;
    let thick_mean = widths[split..].iter().sum::<f64>() / (widths.len() - split) as f64;
    // Clearly bimodal: thick lines well apart from thin ones, with a gap between.
    if thick_mean < 1.6 * thin_mean || thick_min < 1.2 * thin_max {
        return None;
    }
    let regions = join_across_thin(n, &pairs, (thin_max + thick_min) / 2.0);
    if regions.region_count() != n {
        return None;
    }
    // Each piece's color: the median cell color (robust to one odd cell).
    let members = regions.members();
    let centers: Vec<Lab> = members
        .iter()
        .map(|cs| {
            let mut v: Vec<Lab> = cs.iter().map(|&c| cells.lab_at(c)).collect();
            let med = |f: fn(&Lab) -> f32, v: &mut Vec<Lab>| {
                v.sort_by(|a, b| f(a).total_cmp(&f(b)));
                f(&v[v.len() / 2])
            };
            Lab { l: med(|x| x.l, &mut v), a: med(|x| x.a, &mut v), b: med(|x| x.b, &mut v) }
        })
        .collect();
    for a in 0..n {
        for b in a + 1..n {
            if centers[a].dist(centers[b]) < MIN_SEPARATION {
                return None;
            }
        }
    }
    let mut odd = 0;
    for cell in regions.cells() {
        let lab = cells.lab_at(cell);
        let own = lab.dist(centers[regions.label(cell)]);
        let other =
            (0..n).filter(|&k| k != regions.label(cell)).map(|k| lab.dist(centers[k])).fold(f32::INFINITY, f32::min);
        if own > 0.6 * other {
            odd += 1;
        }
    }
    if odd > 1 {
        return None;
    }
    Some(RegionMap { colors: mean_colors(cells, &regions), regions, from_borders: false })
}

/// The line-width evidence: in styles that draw region borders thicker than inner
/// lines, every thick line must separate two colors and every thin one must not.
fn check_borders(cells: &CellColors, regions: &Regions) -> Result<()> {
    let n = cells.n;
    let mut same = Vec::new();
    let mut diff = Vec::new();
    let mut pairs = Vec::new();
    for r in 0..n {
        for c in 0..n {
            let a = Cell::new(r, c);
            for (b, w) in [
                (Cell::new(r, c + 1), cells.line_right.get(r * n + c)),
                (Cell::new(r + 1, c), cells.line_below.get(r * n + c)),
            ] {
                if b.row >= n || b.col >= n {
                    continue;
                }
                let w = f64::from(*w.expect("in range"));
                let is_same = regions.label(a) == regions.label(b);
                if is_same {
                    same.push(w)
                } else {
                    diff.push(w)
                }
                pairs.push((a, b, w, is_same));
            }
        }
    }
    if same.is_empty() || diff.is_empty() {
        return Ok(());
    }
    let med = |v: &mut Vec<f64>| {
        v.sort_by(f64::total_cmp);
        v[v.len() / 2]
    };
    let (thin, thick) = (med(&mut same), med(&mut diff));
    // A style without thicker borders gives no second opinion.
    if thick < 1.5 * thin {
        return Ok(());
    }
    let cut = (thin * thick).sqrt();
    for &(a, b, w, is_same) in &pairs {
        // Margin around the cut: only a clear contradiction counts. A thick line between
        // two cells of one and the same color (within MIN_SEPARATION) cannot hide a
        // merge of two regions, since regions never share a color: some styles draw a
        // few inner lines thick, so that alone is no contradiction.
        // Likewise a thin-looking line between two clearly different colors is no sign of
        // a misread: only colors close enough to be confused (CONFUSABLE) are in doubt.
        // A merge of two near-twin regions still shows as thick lines inside a cluster.
        let delta = cells.lab_at(a).dist(cells.lab_at(b));
        let contradicts =
            if is_same { w > cut * 1.25 && delta >= MIN_SEPARATION } else { w < cut / 1.25 && delta < CONFUSABLE };
        if contradicts {
            let what = if is_same { "a region border" } else { "a thin inner line" };
            return Err(Error::Regions {
                reason: format!(
                    "the line between row {} col {} and row {} col {} looks like {what}, but the colors say otherwise",
                    a.row + 1,
                    a.col + 1,
                    b.row + 1,
                    b.col + 1
                ),
            });
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    const PALETTE: [[u8; 3]; 4] = [[0xBB, 0xA3, 0xE2], [0xB3, 0xDF, 0xA0], [0xA6, 0xD9, 0x95], [0xFF, 0x7B, 0x60]];

    /// Cell colors for `rows` (letters index PALETTE), with thick lines (5 px)
    /// between regions and thin ones (2 px) inside, or all lines 2 px when `flat_lines`.
    fn cells(rows: &[&str], flat_lines: bool) -> CellColors {
        let regions = Regions::from_rows(rows).unwrap();
        let n = regions.n();
        let rgb: Vec<[u8; 3]> = rows.iter().flat_map(|r| r.bytes().map(|b| PALETTE[usize::from(b - b'A')])).collect();
        let width = |a: Cell, b: Cell| if flat_lines || regions.label(a) == regions.label(b) { 2.0 } else { 5.0 };
        let mut line_right = vec![0.0; n * n];
        let mut line_below = vec![0.0; n * n];
        for cell in regions.cells() {
            let i = cell.row * n + cell.col;
            if cell.col + 1 < n {
                line_right[i] = width(cell, Cell::new(cell.row, cell.col + 1));
            }
            if cell.row + 1 < n {
                line_below[i] = width(cell, Cell::new(cell.row + 1, cell.col));
            }
        }
        CellColors { n, lab: rgb.iter().map(|&c| Lab::from_rgb(c)).collect(), rgb, line_right, line_below }
    }

    const BOARD: [&str; 4] = ["AABB", "ACCB", "ACDB", "DDDB"];

    #[test]
    fn near_twin_colors_stay_apart() {
        // Regions B and C are celadon and feijoa, ΔE ≈ 5 apart, as in the game.
        let map = cluster(&cells(&BOARD, false)).unwrap();
        assert_eq!(map.regions.rows(), BOARD);
        assert!(Lab::from_rgb(PALETTE[1]).dist(Lab::from_rgb(PALETTE[2])) < 8.0);
    }

    #[test]
    fn borders_decide_for_a_discolored_cell() {
        let mut c = cells(&BOARD, false);
        // An inspector tints cell (0, 0) a fifth color.
        c.rgb[0] = [0x70, 0x80, 0x90];
        c.lab[0] = Lab::from_rgb(c.rgb[0]);
        let map = cluster(&c).unwrap();
        assert_eq!(map.regions.rows(), BOARD);
    }

    #[test]
    fn without_border_evidence_a_discolored_cell_is_refused() {
        let mut c = cells(&BOARD, true);
        c.rgb[0] = [0x70, 0x80, 0x90];
        c.lab[0] = Lab::from_rgb(c.rgb[0]);
        // What the pipeline accepts: a map that passes the partition check too.
        let accepted = cluster(&c).ok().filter(|m| {
            crate::puzzle::partition::check(&m.regions, crate::puzzle::partition::Pieces::Connected).is_ok()
        });
        // The colors merge the twins to make room for the tint, which splits a
        // region: refused, with no second signal to repair it.
        assert!(accepted.is_none(), "no second signal: must refuse, got {:?}", accepted.map(|m| m.regions.rows()));
    }

    #[test]
    fn fewer_colors_than_n_is_refused() {
        let mut c = cells(&BOARD, false);
        for i in 0..16 {
            if c.rgb[i] == PALETTE[3] {
                c.rgb[i] = PALETTE[0];
                c.lab[i] = Lab::from_rgb(PALETTE[0]);
            }
        }
        let e = cluster(&c).unwrap_err();
        assert_eq!(e.kind(), "regions", "{e}");
    }

    #[test]
    fn a_thick_line_inside_a_color_region_is_refused() {
        // Colors say B and C are one region (same color), borders say two: a merge.
        let mut c = cells(&BOARD, false);
        for i in 0..16 {
            if c.rgb[i] == PALETTE[2] {
                c.rgb[i] = [0xB0, 0xDC, 0x9C];
                c.lab[i] = Lab::from_rgb(c.rgb[i]);
            }
        }
        assert!(cluster(&c).is_err());
    }
}
