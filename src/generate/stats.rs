//! Region-size statistics of a set of boards, to compare generated boards with the
//! game's: the share of 1- and 2-cell regions, the mean sorted region sizes, and a
//! distance between two sets' size distributions.

use crate::puzzle::Regions;

/// Region-size statistics of boards of one size N.
#[derive(Debug, Clone, PartialEq)]
pub struct SizeStats {
    /// Board side N.
    pub n: usize,
    /// How many boards.
    pub boards: usize,
    /// Share of all regions that have one cell.
    pub ones: f64,
    /// Share of all regions that have two cells.
    pub twos: f64,
    /// Mean size of the k-th smallest region, k = 0..N.
    pub sorted: Vec<f64>,
    /// How many regions have each size (index = size in cells).
    pub histogram: Vec<usize>,
}

impl SizeStats {
    /// The statistics of `boards` (all of side `n`; others are skipped).
    pub fn of<'a>(n: usize, boards: impl IntoIterator<Item = &'a Regions>) -> Self {
        let mut sorted = vec![0.0; n];
        let mut histogram = vec![0usize; n * n + 1];
        let mut count = 0;
        for regions in boards.into_iter().filter(|r| r.n() == n && r.region_count() == n) {
            let mut sizes: Vec<usize> = regions.members().iter().map(Vec::len).collect();
            sizes.sort_unstable();
            for (k, &s) in sizes.iter().enumerate() {
                sorted[k] += s as f64;
                histogram[s] += 1;
            }
            count += 1;
        }
        let regions = (count * n).max(1) as f64;
        SizeStats {
            n,
            boards: count,
            ones: histogram[1] as f64 / regions,
            twos: histogram.get(2).copied().unwrap_or(0) as f64 / regions,
            sorted: sorted.iter().map(|s| s / count.max(1) as f64).collect(),
            histogram,
        }
    }

    /// The earth mover's distance between the two region-size distributions, in
    /// cells: how far, on average, a region's size must move to turn one
    /// distribution into the other (0 = the same distribution).
    pub fn distance(&self, other: &SizeStats) -> f64 {
        let cdf = |s: &SizeStats| {
            let total = s.histogram.iter().sum::<usize>().max(1) as f64;
            let mut acc = 0.0;
            s.histogram
                .iter()
                .map(|&h| {
                    acc += h as f64 / total;
                    acc
                })
                .collect::<Vec<f64>>()
        };
        let (a, b) = (cdf(self), cdf(other));
        (0..a.len().max(b.len()))
            .map(|i| (a.get(i).copied().unwrap_or(1.0) - b.get(i).copied().unwrap_or(1.0)).abs())
            .sum()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_small_regions_and_measures_distance() {
        let a = Regions::from_rows(&["ABB", "CCC", "CCC"]).unwrap(); // sizes 1, 2, 6
        let b = Regions::from_rows(&["AAA", "BBB", "CCC"]).unwrap(); // sizes 3, 3, 3
        let sa = SizeStats::of(3, [&a]);
        assert_eq!(sa.boards, 1);
        assert!((sa.ones - 1.0 / 3.0).abs() < 1e-9 && (sa.twos - 1.0 / 3.0).abs() < 1e-9);
        assert_eq!(sa.sorted, vec![1.0, 2.0, 6.0]);
        let sb = SizeStats::of(3, [&b]);
        assert_eq!(sa.distance(&sa), 0.0);
        // Moving 1→3, 2→3 and 6→3 is 2 + 1 + 3 = 6 cells over 3 regions.
        assert!((sa.distance(&sb) - 2.0).abs() < 1e-9, "{}", sa.distance(&sb));
    }
}
