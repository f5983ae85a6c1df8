//! Regions from borders alone: Star Battle grids whose cells carry no region
//! colors (all white, one shade, or a few shades of map coloring), where the
//! thick lines between cells are the only thing that draws the regions.
//!
//! For every pair of neighbouring cells we measure the *ink* of the line between
//! them: the luma deviation from each cell's own color, integrated across the
//! line and averaged along it (middle half of the slices, so a star tip or a
//! dash gap does not count). Dashed and dotted lines count at their duty cycle,
//! which only widens the gap to solid thick borders. The inks must split
//! clearly into two groups (Otsu); cells joined across thin lines must form
//! exactly N pieces; and each piece must be one color (up to a few marked
//! cells), so colors and borders agree. Otherwise the picture is refused.

use image::RgbImage;

use crate::error::{Error, Result};
use crate::puzzle::partition::{self, Pieces};
use crate::puzzle::Cell;
use crate::vision::cells::{luma_bilinear, CellColors};
use crate::vision::color::{luma, Lab};
use crate::vision::grid::Grid;
use crate::vision::regions::{self, RegionMap};

/// The thick group's mean must be at least this many times the thin group's.
const MEAN_RATIO: f64 = 2.0;
/// And its weakest member this many times the thin group's strongest.
const GAP_RATIO: f64 = 1.3;
/// A cell further than this (ΔE) from its piece's color disagrees with it.
const OFF_COLOR: f32 = 15.0;
/// Cells of this ΔE or closer count as one color when counting the board's colors.
const SAME_COLOR: f32 = 10.0;

/// The color reading when it stands (a valid map in one piece per region);
/// otherwise the border reading when the borders are unambiguous. When both
/// fail, the more telling reason: the border one on boards without N distinct
/// colors, the color one on colored boards.
pub(crate) fn settle(
    img: &RgbImage,
    grid: &Grid,
    cells: &CellColors,
    by_color: Result<RegionMap>,
) -> Result<RegionMap> {
    if let Ok(map) = &by_color {
        if partition::check(&map.regions, Pieces::Connected).is_ok() {
            return by_color;
        }
    }
    match read(img, grid, cells) {
        Ok(map) => Ok(map),
        // A colored map in pieces goes on as read: the partition check (or
        // --allow-split-regions) decides, as for any map read by colour.
        Err(_) if by_color.is_ok() => by_color,
        Err(e) if color_count(cells) < cells.n => Err(e),
        Err(_) => by_color,
    }
}

/// Reads the regions from the line inks alone (see the module doc).
pub fn read(img: &RgbImage, grid: &Grid, cells: &CellColors) -> Result<RegionMap> {
    let n = cells.n;
    let pairs = inks(img, grid, cells);
    let mut values: Vec<f64> = pairs.iter().map(|p| p.2).collect();
    values.sort_by(f64::total_cmp);
    let refuse = |reason: String| Err(Error::Regions { reason });
    let Some(split) = otsu(&values) else {
        return refuse("the lines between the cells are all alike: no region borders to read".into());
    };
    let (thin, thick) = values.split_at(split);
    let mean = |v: &[f64]| v.iter().sum::<f64>() / v.len() as f64;
    let (thin_max, thick_min) = (thin[thin.len() - 1], thick[0]);
    if mean(thick) < MEAN_RATIO * mean(thin).max(1.0) || thick_min < GAP_RATIO * thin_max.max(1.0) {
        return refuse(format!(
            "the cells show no {n} region colors, and the lines between them are not clearly of two kinds \
             (thick region borders and thin grid lines); use a sharper picture"
        ));
    }
    let regions = crate::vision::regions::join_across_thin(n, &pairs, (thin_max + thick_min) / 2.0);
    if regions.region_count() != n {
        return refuse(format!(
            "the thick borders split the {n}x{n} board into {} regions, it needs {n}",
            regions.region_count()
        ));
    }
    // Colors and borders must agree: each piece one color, up to marked cells.
    let members = regions.members();
    let mut off = 0usize;
    let mut distinct = true;
    let mut centers = Vec::with_capacity(n);
    for cs in &members {
        let center = median_lab(cs.iter().map(|&c| cells.lab_at(c)).collect());
        off += cs.iter().filter(|&&c| cells.lab_at(c).dist(center) > OFF_COLOR).count();
        centers.push(center);
    }
    for a in 0..n {
        for b in a + 1..n {
            distinct &= centers[a].dist(centers[b]) > SAME_COLOR;
        }
    }
    // A mark drawn big can change a cell's sampled color; more than a few such
    // cells means the colors tell another story than the borders.
    if off > (n / 4).max(1) {
        return refuse(format!(
            "the thick borders and the cell colors disagree ({off} cells differ in color from the rest of \
             their region)"
        ));
    }
    Ok(RegionMap { colors: regions::mean_colors(cells, &regions), regions, from_borders: !distinct })
}

/// Ink of every line between neighbouring cells: (a, b, ink).
fn inks(img: &RgbImage, grid: &Grid, cells: &CellColors) -> Vec<(Cell, Cell, f64)> {
    let n = cells.n;
    let mut out = Vec::with_capacity(2 * n * n);
    let mut slices = Vec::new();
    for r in 0..n {
        for c in 0..n {
            for below in [false, true] {
                let other = if below { Cell::new(r + 1, c) } else { Cell::new(r, c + 1) };
                if other.row >= n || other.col >= n {
                    continue;
                }
                let ink = line_ink(img, grid, cells, Cell::new(r, c), other, below, &mut slices);
                out.push((Cell::new(r, c), other, ink));
            }
        }
    }
    out
}

/// Σ|L(d) − L_cell| across the line (d within ±0.12 pitch, reference: the color
/// of the cell on that side), per slice along 80% of the shared edge; the mean
/// of the middle half of the slices.
fn line_ink(
    img: &RgbImage,
    grid: &Grid,
    cells: &CellColors,
    a: Cell,
    b: Cell,
    below: bool,
    slices: &mut Vec<f64>,
) -> f64 {
    let n = cells.n;
    let (la, lb) = (f64::from(luma(cells.rgb[a.row * n + a.col])), f64::from(luma(cells.rgb[b.row * n + b.col])));
    let (cx, cy) = grid.center(a);
    let (pitch, cross) = if below { (grid.py, grid.px) } else { (grid.px, grid.py) };
    let boundary = if below { cy + 0.5 * grid.py } else { cx + 0.5 * grid.px };
    let reach = (0.12 * pitch).max(2.5);
    let step = (2.0 * reach / 24.0).min(0.5);
    let steps = (2.0 * reach / step).ceil() as usize;
    let along = ((0.8 * cross).round() as usize).clamp(8, 48);
    slices.clear();
    for j in 0..along {
        let t = -0.4 + 0.8 * (j as f64 + 0.5) / along as f64;
        let mut total = 0.0;
        for i in 0..=steps {
            let d = -reach + 2.0 * reach * i as f64 / steps as f64;
            let (x, y) = if below { (cx + t * cross, boundary + d) } else { (boundary + d, cy + t * cross) };
            let reference = if d < 0.0 { la } else { lb };
            if let Some(l) = luma_bilinear(img, x, y) {
                total += (l - reference).abs();
            }
        }
        slices.push(total * 2.0 * reach / steps as f64);
    }
    slices.sort_by(f64::total_cmp);
    let (lo, hi) = (slices.len() / 4, slices.len() - slices.len() / 4);
    slices[lo..hi].iter().sum::<f64>() / (hi - lo) as f64
}

/// Otsu's split of sorted values: the index of the first value of the upper group.
fn otsu(sorted: &[f64]) -> Option<usize> {
    let total: f64 = sorted.iter().sum();
    let mut best = (0.0, 0);
    let mut left = 0.0;
    for i in 1..sorted.len() {
        left += sorted[i - 1];
        let (wl, wr) = (i as f64, (sorted.len() - i) as f64);
        let between = wl * wr * (left / wl - (total - left) / wr).powi(2);
        if between > best.0 {
            best = (between, i);
        }
    }
    (best.1 > 0).then_some(best.1)
}

fn median_lab(mut v: Vec<Lab>) -> Lab {
    let mut med = |f: fn(&Lab) -> f32| {
        v.sort_by(|a, b| f(a).total_cmp(&f(b)));
        f(&v[v.len() / 2])
    };
    Lab { l: med(|x| x.l), a: med(|x| x.a), b: med(|x| x.b) }
}

/// How many clearly different colors the cells show (greedy grouping by ΔE).
fn color_count(cells: &CellColors) -> usize {
    let mut groups: Vec<Lab> = Vec::new();
    for &lab in &cells.lab {
        if !groups.iter().any(|g| g.dist(lab) <= SAME_COLOR) {
            groups.push(lab);
        }
    }
    groups.len()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::output::render::{render, GridLines, Marks, Style};
    use crate::vision::{cells, grid};
    use crate::Regions;

    const MAP: [&str; 6] = ["AABBBB", "AABCCB", "DDBCCB", "DEEEFF", "DDEEFF", "DDDEEF"];

    fn read_map(img: &RgbImage) -> Result<RegionMap> {
        let g = grid::detect(img)?;
        let c = cells::sample(img, &g);
        settle(img, &g, &c, regions::cluster(&c))
    }

    fn bordered(lines: GridLines) -> RgbImage {
        let style = Style { cell: 40, margin: 12, bordered: Some(lines), ..Style::default() };
        render(&Regions::from_rows(&MAP).unwrap(), &style, &Marks::default()).0
    }

    /// Fills `cells` with `color` the way a renderer shades them: every
    /// background pixel of the cell, up to its lines.
    fn paint(img: &mut RgbImage, cells: &[(u32, u32)], color: [u8; 3]) {
        let (origin, cell) = (12 + 3, 40); // margin + thick frame: see render_bordered
        for &(r, c) in cells {
            for y in origin + r * cell..origin + (r + 1) * cell {
                for x in origin + c * cell..origin + (c + 1) * cell {
                    if img.get_pixel(x, y).0 == [255, 255, 255] {
                        img.put_pixel(x, y, image::Rgb(color));
                    }
                }
            }
        }
    }

    #[test]
    fn white_grids_read_from_their_borders() {
        for lines in [GridLines::Solid, GridLines::Dotted] {
            let map = read_map(&bordered(lines)).unwrap();
            assert_eq!(map.regions.rows(), MAP);
            assert!(map.from_borders);
        }
    }

    #[test]
    fn map_coloring_shades_still_read_from_borders() {
        // Three shades for six regions (map coloring): the borders decide.
        let mut img = bordered(GridLines::Dotted);
        let labels = Regions::from_rows(&MAP).unwrap();
        let shade = [[255, 255, 255], [200, 200, 200], [150, 150, 150]];
        let mut by_shade: [Vec<(u32, u32)>; 3] = Default::default();
        for cell in labels.cells() {
            by_shade[labels.label(cell) % 3].push((cell.row as u32, cell.col as u32));
        }
        for (s, cells) in by_shade.iter().enumerate() {
            paint(&mut img, cells, shade[s]);
        }
        let map = read_map(&img).unwrap();
        assert_eq!(map.regions.rows(), MAP);
    }

    #[test]
    fn colors_that_split_a_bordered_region_are_refused() {
        // Region B (eight cells) painted half pink, half blue: the borders say one
        // region, the colors two.
        let mut img = bordered(GridLines::Dotted);
        paint(&mut img, &[(0, 2), (0, 3), (0, 4), (0, 5)], [250, 190, 200]);
        paint(&mut img, &[(1, 2), (2, 2), (1, 5), (2, 5)], [170, 200, 250]);
        let e = match read_map(&img) {
            Ok(m) => panic!("{:?} {}", m.regions.rows(), m.from_borders),
            Err(e) => e,
        };
        assert_eq!(e.kind(), "regions", "{e}");
        assert!(e.to_string().contains("disagree"), "{e}");
    }
}
