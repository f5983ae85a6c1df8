//! Step 1 of finding the board: flat-coloured connected components, the square-ish
//! ones among them (cell candidates), and the largest family of similar-size
//! candidates lined up in rows and columns.

use image::RgbImage;

use crate::puzzle::deadline::Deadline;

/// A flat-colored connected component.
#[derive(Debug, Clone, Copy)]
pub(super) struct Blob {
    pub(super) x0: u32,
    pub(super) y0: u32,
    pub(super) x1: u32,
    pub(super) y1: u32,
    pub(super) area: u32,
}

impl Blob {
    pub(super) fn w(&self) -> f64 {
        f64::from(self.x1 - self.x0 + 1)
    }
    pub(super) fn h(&self) -> f64 {
        f64::from(self.y1 - self.y0 + 1)
    }
    pub(super) fn size(&self) -> f64 {
        (self.w() * self.h()).sqrt()
    }
    pub(super) fn cx(&self) -> f64 {
        f64::from(self.x0 + self.x1 + 1) / 2.0
    }
    pub(super) fn cy(&self) -> f64 {
        f64::from(self.y0 + self.y1 + 1) / 2.0
    }
}

/// How different neighbouring pixels may be and still count as one flat patch.
#[derive(Debug, Clone, Copy)]
pub(super) struct Flatness {
    /// Neighbouring pixels closer than this (max channel difference) continue a run.
    pub(super) step: i16,
    /// A run ends when a pixel drifts this far from the run's first pixel
    /// (stops chaining through a blurred line one small step at a time).
    pub(super) drift: i16,
    /// Runs on consecutive rows join when their means are this close.
    pub(super) link: i32,
}

/// Tolerates JPEG noise and gradients.
pub(super) const NORMAL: Flatness = Flatness { step: 14, drift: 26, link: 22 };
/// For blurred pictures whose thin lines have faded: tried when NORMAL finds no board.
pub(super) const SENSITIVE: Flatness = Flatness { step: 6, drift: 12, link: 10 };

struct Run {
    pub(super) x0: u32,
    pub(super) x1: u32,
    pub(super) mean: [i32; 3],
}

fn find(parent: &mut [u32], mut i: u32) -> u32 {
    while parent[i as usize] != i {
        let p = parent[i as usize];
        parent[i as usize] = parent[p as usize];
        i = p;
    }
    i
}

/// Flat components, with a lookup from pixel to component.
pub(super) struct Segmentation {
    runs: Vec<Run>,
    pub(super) row_start: Vec<usize>,
    /// Blob index of each run.
    pub(super) blob_of_run: Vec<u32>,
    pub(super) blobs: Vec<Blob>,
}

impl Segmentation {
    /// The blob that owns pixel (x, y).
    pub(super) fn blob_at(&self, x: u32, y: u32) -> Option<u32> {
        let row = self.runs.get(self.row_start[y as usize]..self.row_start[y as usize + 1])?;
        let i = row.partition_point(|r| r.x1 <= x);
        (i < row.len()).then(|| self.blob_of_run[self.row_start[y as usize] + i])
    }
}

/// The most runs a segmentation holds: nearly three times what the most detailed
/// corpus picture needs (528,734, a 2.6-megapixel photo of a screen). A picture of
/// noise has a run per pixel, and each run costs [`BYTES_PER_RUN`], so this keeps
/// the segmentation of any picture under 96 MB (a 40-megapixel one took 2 GB).
/// Large pictures are searched shrunk first, with far fewer runs.
pub(super) const MAX_RUNS: usize = 1_500_000;

/// The memory one run costs at most, with its blob: the run (20 bytes), its
/// parent, index and blob number (4 each), its blob (20), rounded up for the
/// vectors' spare room.
pub(super) const BYTES_PER_RUN: u64 = 64;

/// Flat components by run-length encoding: runs of similar pixels per row, joined
/// across rows when they overlap and have similar means. `None` for a picture too
/// detailed for a board to be found in it (more than [`MAX_RUNS`] runs: noise, a photograph).
pub(super) fn flat_blobs(img: &RgbImage, f: Flatness) -> Option<Segmentation> {
    let (w, h) = (img.width() as usize, img.height() as usize);
    let raw = img.as_raw();
    let mut runs: Vec<Run> = Vec::with_capacity(h * 8);
    let mut row_start = Vec::with_capacity(h + 1);
    for y in 0..h {
        if runs.len() + w > MAX_RUNS {
            return None;
        }
        row_start.push(runs.len());
        let row = &raw[y * w * 3..(y + 1) * w * 3];
        let px = |x: usize| [i16::from(row[x * 3]), i16::from(row[x * 3 + 1]), i16::from(row[x * 3 + 2])];
        let far = |a: [i16; 3], b: [i16; 3], limit: i16| {
            (a[0] - b[0]).abs() > limit || (a[1] - b[1]).abs() > limit || (a[2] - b[2]).abs() > limit
        };
        let mut start = 0usize;
        let mut first = px(0);
        let mut prev = first;
        let mut sum = first.map(i32::from);
        for (x, p) in row.chunks_exact(3).enumerate().skip(1) {
            let p = [i16::from(p[0]), i16::from(p[1]), i16::from(p[2])];
            // A run ends on a step between neighbours, or on drifting from its first
            // pixel (which stops chaining through a blurred line in small steps).
            if far(p, prev, f.step) || far(p, first, f.drift) {
                let len = (x - start) as i32;
                runs.push(Run { x0: start as u32, x1: x as u32, mean: sum.map(|s| s / len) });
                start = x;
                first = p;
                sum = [0; 3];
            }
            sum[0] += i32::from(p[0]);
            sum[1] += i32::from(p[1]);
            sum[2] += i32::from(p[2]);
            prev = p;
        }
        let len = (w - start) as i32;
        runs.push(Run { x0: start as u32, x1: w as u32, mean: sum.map(|s| s / len) });
    }
    row_start.push(runs.len());

    let mut parent: Vec<u32> = (0..runs.len() as u32).collect();
    for y in 1..h {
        let (mut i, ie) = (row_start[y - 1], row_start[y]);
        let (mut j, je) = (row_start[y], row_start[y + 1]);
        while i < ie && j < je {
            let (a, b) = (&runs[i], &runs[j]);
            if a.x0 < b.x1 && b.x0 < a.x1 {
                let close = (0..3).all(|k| (a.mean[k] - b.mean[k]).abs() <= f.link);
                if close {
                    let (ra, rb) = (find(&mut parent, i as u32), find(&mut parent, j as u32));
                    if ra != rb {
                        parent[ra.max(rb) as usize] = ra.min(rb);
                    }
                }
            }
            if a.x1 <= b.x1 {
                i += 1;
            } else {
                j += 1;
            }
        }
    }

    let mut index = vec![u32::MAX; runs.len()];
    let mut blobs: Vec<Blob> = Vec::new();
    let mut blob_of_run = vec![0u32; runs.len()];
    for y in 0..h {
        for r in row_start[y]..row_start[y + 1] {
            let root = find(&mut parent, r as u32) as usize;
            let run = &runs[r];
            if index[root] == u32::MAX {
                index[root] = blobs.len() as u32;
                blobs.push(Blob { x0: run.x0, y0: y as u32, x1: run.x1 - 1, y1: y as u32, area: 0 });
            }
            blob_of_run[r] = index[root];
            let b = &mut blobs[index[root] as usize];
            b.x0 = b.x0.min(run.x0);
            b.x1 = b.x1.max(run.x1 - 1);
            b.y1 = y as u32;
            b.area += run.x1 - run.x0;
        }
    }
    Some(Segmentation { runs, row_start, blob_of_run, blobs })
}

/// Square-ish, mostly filled blobs that reach into all four corners of their
/// bounding box (which rules out round icons and text): cell candidates.
pub(super) fn cell_candidates(img: &RgbImage, seg: &Segmentation) -> Vec<Blob> {
    let max_side = f64::from(img.width().min(img.height())) / 3.0;
    seg.blobs
        .iter()
        .enumerate()
        .filter(|&(id, b)| {
            let corner = |fx: f64, fy: f64| {
                let x = b.x0 + (fx * (b.w() - 1.0)).round() as u32;
                let y = b.y0 + (fy * (b.h() - 1.0)).round() as u32;
                seg.blob_at(x, y) == Some(id as u32)
            };
            let (w, h) = (b.w(), b.h());
            w >= 7.0
                && h >= 7.0
                && w <= max_side
                && h <= max_side
                && w.max(h) / w.min(h) <= 1.3
                && f64::from(b.area) / (w * h) >= 0.5
                && [(0.1, 0.1), (0.9, 0.1), (0.1, 0.9), (0.9, 0.9)].iter().all(|&(fx, fy)| corner(fx, fy))
        })
        .map(|(_, b)| *b)
        .collect()
}

/// The largest family of similar-size candidates linked along rows and columns;
/// `None` once `deadline` has passed.
pub(super) fn board_family(cands: &[Blob], deadline: Deadline) -> Option<Vec<Blob>> {
    let n = cands.len();
    let mut parent: Vec<u32> = (0..n as u32).collect();
    let mut order: Vec<usize> = (0..n).collect();
    order.sort_by(|&a, &b| cands[a].cy().total_cmp(&cands[b].cy()));
    for (oi, &i) in order.iter().enumerate() {
        if oi % 256 == 0 && deadline.passed() {
            return None;
        }
        let a = &cands[i];
        let s = a.size();
        for &j in &order[oi + 1..] {
            let b = &cands[j];
            if b.cy() - a.cy() > 3.6 * s {
                break;
            }
            let ratio = s / b.size();
            if !(0.77..=1.3).contains(&ratio) {
                continue;
            }
            let (dx, dy) = ((b.cx() - a.cx()).abs(), (b.cy() - a.cy()).abs());
            let same_row = dy <= 0.2 * s && dx >= 0.9 * s && dx <= 3.4 * s;
            let same_col = dx <= 0.2 * s && dy >= 0.9 * s && dy <= 3.4 * s;
            if same_row || same_col {
                let (ra, rb) = (find(&mut parent, i as u32), find(&mut parent, j as u32));
                if ra != rb {
                    parent[ra.max(rb) as usize] = ra.min(rb);
                }
            }
        }
    }
    let mut area = vec![0f64; n];
    let mut count = vec![0usize; n];
    for (i, cand) in cands.iter().enumerate() {
        let r = find(&mut parent, i as u32) as usize;
        area[r] += f64::from(cand.area);
        count[r] += 1;
    }
    let best = (0..n).filter(|&r| count[r] >= 4).max_by(|&a, &b| area[a].total_cmp(&area[b]));
    Some(match best {
        Some(root) => (0..n).filter(|&i| find(&mut parent, i as u32) as usize == root).map(|i| cands[i]).collect(),
        None => Vec::new(),
    })
}
