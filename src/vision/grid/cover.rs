//! A board under a dialog: when no board is found, is that because a panel (the
//! game's "You Win!" dialog, another window) sits on top of one?
//!
//! Method: a covered board leaves its cells showing around the panel. So a
//! large, mostly filled flat component that does not touch the picture's edge is
//! a panel candidate, and it covers a board when, on at least two of its sides,
//! three or more flat tiles of one size abut it in a row at a regular pitch (the
//! cells, or the slivers of cells it cuts), with the same pitch on every such side.
//! A photo, a plain page or a lone button has no such ring of cells. Nothing here
//! knows the dialog's colour, text or size.

use image::RgbImage;

use super::blobs::{flat_blobs, Blob, NORMAL, SENSITIVE};

/// Panels tried at most (largest first).
const MAX_PANELS: usize = 12;
/// Fewest tiles in a row along one side of the panel.
const MIN_TILES: usize = 3;

#[derive(Clone, Copy)]
enum Side {
    Top,
    Bottom,
    Left,
    Right,
}

/// When a panel covers part of a board, about how many cells it hides.
pub(super) fn hidden_cells(img: &RgbImage) -> Option<usize> {
    let seg = flat_blobs(img, NORMAL)?;
    let (w, h) = (img.width(), img.height());
    let short = f64::from(w.min(h));
    let filled = |b: &Blob, share: f64| f64::from(b.area) / (b.w() * b.h()) >= share;
    let tiles: Vec<&Blob> = seg
        .blobs
        .iter()
        .filter(|b| b.w() >= 5.0 && b.h() >= 5.0 && b.w().max(b.h()) <= short / 3.0 && filled(b, 0.5))
        .collect();
    // A panel's edge may fade into a dark page through its shadow or a dark frame
    // in small steps: panels come from the stricter segmentation.
    let strict = flat_blobs(img, SENSITIVE)?;
    let mut panels: Vec<&Blob> = strict
        .blobs
        .iter()
        .filter(|b| {
            b.x0 > 0 && b.y0 > 0 && b.x1 + 1 < w && b.y1 + 1 < h && b.w().min(b.h()) >= short / 6.0 && filled(b, 0.45)
        })
        .collect();
    panels.sort_by_key(|b| std::cmp::Reverse(b.area));
    panels.into_iter().take(MAX_PANELS).find_map(|panel| {
        let pitches: Vec<f64> = [Side::Top, Side::Bottom, Side::Left, Side::Right]
            .into_iter()
            .filter_map(|side| row_pitch(panel, &tiles, side))
            .collect();
        let (lo, hi) = pitches.iter().fold((f64::MAX, 0.0f64), |(lo, hi), &p| (lo.min(p), hi.max(p)));
        (pitches.len() >= 2 && hi <= lo * 1.15).then(|| {
            let pitch = (lo + hi) / 2.0;
            ((panel.w() * panel.h()) / (pitch * pitch)).round().max(1.0) as usize
        })
    })
}

/// The pitch of a row of like tiles abutting `side` of `panel`, if there is one.
fn row_pitch(panel: &Blob, tiles: &[&Blob], side: Side) -> Option<f64> {
    // Along the side: (start, end) of the panel; for a tile, its extent along and
    // its near edge's distance from the panel (outside, or cut by it).
    let (p0, p1) = match side {
        Side::Top | Side::Bottom => (panel.x0, panel.x1),
        Side::Left | Side::Right => (panel.y0, panel.y1),
    };
    let mut row: Vec<(f64, f64)> = Vec::new(); // (center along, length along)
    for t in tiles {
        let (a0, a1, center, gap, across) = match side {
            Side::Top => (t.x0, t.x1, t.cx(), f64::from(panel.y0) - f64::from(t.y1), t.h()),
            Side::Bottom => (t.x0, t.x1, t.cx(), f64::from(t.y0) - f64::from(panel.y1), t.h()),
            Side::Left => (t.y0, t.y1, t.cy(), f64::from(panel.x0) - f64::from(t.x1), t.w()),
            Side::Right => (t.y0, t.y1, t.cy(), f64::from(t.x0) - f64::from(panel.x1), t.w()),
        };
        let along = f64::from(a1 - a0 + 1);
        // Beside the panel (its center within the side), touching it or one line
        // away from it, and not the panel's own content.
        let within = center > f64::from(p0) && center < f64::from(p1);
        if within && gap >= -1.0 && gap <= 0.3 * along.max(across) + 2.0 {
            row.push((center, along));
        }
    }
    if row.len() < MIN_TILES {
        return None;
    }
    row.sort_by(|a, b| a.0.total_cmp(&b.0));
    let mut lengths: Vec<f64> = row.iter().map(|r| r.1).collect();
    lengths.sort_by(f64::total_cmp);
    let length = lengths[lengths.len() / 2];
    // Tiles of one size, each the next one's neighbour: a regular pitch a little
    // longer than a tile (the line between two cells).
    let like: Vec<f64> = row.iter().filter(|r| (r.1 - length).abs() <= 0.2 * length).map(|r| r.0).collect();
    if like.len() < MIN_TILES {
        return None;
    }
    let mut steps: Vec<f64> = like.windows(2).map(|p| p[1] - p[0]).collect();
    steps.sort_by(f64::total_cmp);
    let pitch = steps[steps.len() / 2];
    let regular = steps.iter().filter(|&&s| (s - pitch).abs() <= 0.12 * pitch).count();
    (pitch >= length && pitch <= 1.5 * length && regular + 1 >= MIN_TILES && regular * 4 >= steps.len() * 3)
        .then_some(pitch)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::output::render::{render, Style};
    use crate::Regions;
    use image::Rgb;

    fn fill(img: &mut RgbImage, (x0, y0, x1, y1): (u32, u32, u32, u32), color: [u8; 3]) {
        for y in y0..y1 {
            for x in x0..x1 {
                img.put_pixel(x, y, Rgb(color));
            }
        }
    }

    /// A 9×9 board of 60 px cells whose regions are its rows.
    fn board() -> (RgbImage, super::super::Grid) {
        let labels: Vec<usize> = (0..81).map(|i| i / 9).collect();
        let regions = Regions::from_labels(9, &labels).unwrap();
        render(&regions, &Style { cell: 60, margin: 40, ..Style::default() }, &Default::default())
    }

    #[test]
    fn a_panel_over_a_board_is_found_with_about_the_cells_it_hides() {
        let (mut img, g) = board();
        // 4 × 3 cells' worth of panel, not aligned with the cells.
        let (x0, y0) = ((g.x0 + 2.3 * g.px) as u32, (g.y0 + 3.4 * g.py) as u32);
        fill(&mut img, (x0, y0, x0 + (4.0 * g.px) as u32, y0 + (3.0 * g.py) as u32), [104, 64, 150]);
        assert_eq!(hidden_cells(&img), Some(12));
        // Over a corner of the board: two sides of it still show cells.
        let (mut img, g) = board();
        let side = (9.0 * g.px) as u32;
        let (bx, by) = (g.x0 as u32, g.y0 as u32);
        fill(&mut img, (bx + side / 2, by + side / 2, bx + side + 30, by + side + 30), [40, 40, 60]);
        assert!(hidden_cells(&img).is_some());
    }

    #[test]
    fn a_board_in_plain_view_or_a_page_without_one_is_not_covered() {
        assert_eq!(hidden_cells(&board().0), None);
        let mut page = RgbImage::from_pixel(800, 600, Rgb([245, 245, 245]));
        assert_eq!(hidden_cells(&page), None);
        // A dialog on a page, three buttons in a row under it: cells on one side only.
        fill(&mut page, (200, 100, 600, 400), [104, 64, 150]);
        for k in 0..3 {
            fill(&mut page, (220 + k * 130, 410, 330 + k * 130, 450), [30, 100, 200]);
        }
        assert_eq!(hidden_cells(&page), None);
    }
}
