//! Recognising a filled five-pointed star, the mark Star Battle players place
//! (pzprjs draws it green, penpa-edit black), by the shape of its outline.
//!
//! Why a shape of its own: the mark reader ([`crate::vision::marks`]) measures the ink
//! connected to the middle of a cell inside a square clear of the lines. A Star Battle
//! star fills most of its cell, so its tips reach that square's edge and, on small
//! cells, touch a region border, which joins the border's ink to the star's: its box
//! and fill then say nothing. Its outline seen from its own centre does: walking out
//! from the centre along rays, the ink ends at five tips of about the same length,
//! evenly spaced (72° apart), with five notches between them at well under the tips'
//! length. A border touching one tip only lengthens that tip; a crown, a dot, an X or
//! a blot gives another count, other spacing or no notches. Everything is measured
//! relative to the cell pitch and to the cell's own background colour, so no palette,
//! theme or size is assumed.

use image::RgbImage;

/// Rays around the centre (3° apart): each of the five tips spans several.
const RAYS: usize = 120;
/// How far a ray may go, in pitches: inside the cell, short of the middle of its lines.
const REACH: f64 = 0.45;
/// L1 RGB distance from the cell's background above which a pixel is ink (as the mark
/// reader's own threshold: clear of JPEG noise and anti-aliasing).
const INK: i32 = 100;

/// True when the ink around `(cx, cy)` (a cell's middle, in pixels) is a filled
/// five-pointed star on background `bg`, its tips between 0.15 and `REACH` pitches
/// from its centre.
pub(crate) fn is_star(img: &RgbImage, (cx, cy): (f64, f64), pitch: f64, bg: [u8; 3]) -> bool {
    let ink = |x: f64, y: f64| -> bool {
        let (x, y) = (x.round(), y.round());
        if x < 0.0 || y < 0.0 || x >= f64::from(img.width()) || y >= f64::from(img.height()) {
            return false;
        }
        let p = img.get_pixel(x as u32, y as u32).0;
        (0..3).map(|k| (i32::from(p[k]) - i32::from(bg[k])).abs()).sum::<i32>() > INK
    };
    let reach = REACH * pitch;
    let (mut x, mut y) = (cx, cy);
    let mut radii = [0.0f64; RAYS];
    // The star's centre is its outline's centroid: a couple of rounds from the
    // cell's middle find it when the grid fit is off by a few pixels.
    for _ in 0..3 {
        if !ink(x, y) {
            return false;
        }
        outline(&ink, (x, y), reach, &mut radii);
        let (mut sx, mut sy, mut area) = (0.0, 0.0, 0.0);
        for (k, &r) in radii.iter().enumerate() {
            let a = angle(k);
            sx += r * r * r * a.cos();
            sy += r * r * r * a.sin();
            area += r * r;
        }
        if area <= 0.0 {
            return false;
        }
        x += 2.0 / 3.0 * sx / area;
        y += 2.0 / 3.0 * sy / area;
    }
    // A star is centred in its cell: a centre far off is ink of something else.
    if (x - cx).hypot(y - cy) > 0.15 * pitch || !ink(x, y) {
        return false;
    }
    outline(&ink, (x, y), reach, &mut radii);
    five_tips(&radii, pitch, reach)
}

/// The angle of ray `k`, in radians.
fn angle(k: usize) -> f64 {
    k as f64 * std::f64::consts::TAU / RAYS as f64
}

/// For each ray from `c`, how far the ink goes without a gap (in pixels, at most `reach`).
fn outline(ink: &dyn Fn(f64, f64) -> bool, (x, y): (f64, f64), reach: f64, radii: &mut [f64; RAYS]) {
    for (k, r) in radii.iter_mut().enumerate() {
        let (dx, dy) = (angle(k).cos(), angle(k).sin());
        let mut d = 0.0;
        while d + 0.5 <= reach && ink(x + (d + 0.5) * dx, y + (d + 0.5) * dy) {
            d += 0.5;
        }
        *r = d;
    }
}

/// The outline's lengths by angle have exactly five long arcs (the tips), about 72°
/// apart and of about one length, with notches well short of them between. Rays
/// that run out to `reach` met something beyond the star (a tip touching a region
/// border): they count as a tip's, but not toward the tips' length.
fn five_tips(radii: &[f64; RAYS], pitch: f64, reach: f64) -> bool {
    let mut sorted: Vec<f64> = radii.iter().copied().filter(|&r| r + 0.5 <= reach).collect();
    // A star's tips are narrow: most rays end on its own outline.
    if sorted.len() < RAYS * 3 / 4 {
        return false;
    }
    sorted.sort_by(f64::total_cmp);
    let (low, high) = (sorted[sorted.len() / 10], sorted[sorted.len() * 9 / 10]);
    // Tips 0.15–0.45 pitch from the centre; notches between a fifth and two thirds
    // of a tip's length (a regular star's are 0.38), so no disc, blob or thin cross.
    if high < 0.15 * pitch || low < 0.2 * high || low > 0.67 * high {
        return false;
    }
    // With hysteresis: an arc starts above 80 % of the way from notch to tip and ends
    // below half way, so a pixel step on a tip's flank never splits it into two,
    // and a notch blurred shallow (a small JPEG star) still parts two tips.
    let (enter, leave) = (low + 0.8 * (high - low), low + 0.5 * (high - low));
    // Start the circular scan in a notch so no arc is cut in two.
    let Some(start) = (0..RAYS).find(|&k| radii[k] < leave) else { return false };
    let mut arcs: Vec<(f64, f64)> = Vec::new(); // (centre angle in rays, longest ray)
    let mut run: Option<(usize, usize, f64)> = None; // (first and last ray above `enter`, longest)
    for i in 1..=RAYS {
        let r = radii[(start + i) % RAYS];
        let at = start + i;
        match &mut run {
            None if r > enter => run = Some((at, at, r)),
            Some((_, last, longest)) if r >= leave => {
                if r > enter {
                    *last = at;
                }
                *longest = longest.max(r);
            }
            Some((first, last, longest)) => {
                arcs.push(((*first + *last) as f64 / 2.0, *longest));
                run = None;
            }
            None => {}
        }
    }
    if arcs.len() != 5 {
        return false;
    }
    // Evenly spaced: every gap 72° give or take 15°; tips of one length (a border
    // touching a tip only makes it longer).
    let step = RAYS as f64 / 5.0;
    let slack = 15.0 / 360.0 * RAYS as f64;
    (0..5).all(|i| {
        let gap = (arcs[(i + 1) % 5].0 - arcs[i].0).rem_euclid(RAYS as f64);
        (gap - step).abs() <= slack && arcs[i].1 >= 0.75 * high
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A white cell of `pitch` px (a picture three cells wide, the cell in the
    /// middle) with a filled `points`-pointed star of outer radius `outer` and inner
    /// radius `inner` (in pitches), tip up, centred `off` pitches right of the middle.
    fn star(pitch: u32, points: usize, outer: f64, inner: f64, off: f64) -> RgbImage {
        let side = 3 * pitch;
        let p = f64::from(pitch);
        let (cx, cy) = (1.5 * p + off * p, 1.5 * p);
        let vertices: Vec<(f64, f64)> = (0..2 * points)
            .map(|k| {
                let r = if k % 2 == 0 { outer } else { inner } * p;
                let a = -std::f64::consts::FRAC_PI_2 + k as f64 * std::f64::consts::PI / points as f64;
                (cx + r * a.cos(), cy + r * a.sin())
            })
            .collect();
        RgbImage::from_fn(side, side, |x, y| {
            let (px, py) = (f64::from(x) + 0.5, f64::from(y) + 0.5);
            // Even-odd rule over the polygon's edges.
            let mut inside = false;
            for i in 0..vertices.len() {
                let ((x1, y1), (x2, y2)) = (vertices[i], vertices[(i + 1) % vertices.len()]);
                if (y1 > py) != (y2 > py) && px < x1 + (py - y1) * (x2 - x1) / (y2 - y1) {
                    inside = !inside;
                }
            }
            image::Rgb(if inside { [0, 150, 0] } else { [255, 255, 255] })
        })
    }

    fn seen(img: &RgbImage, pitch: u32) -> bool {
        let p = f64::from(pitch);
        is_star(img, (1.5 * p, 1.5 * p), p, [255, 255, 255])
    }

    /// Stars 14 px across and up: smaller ones (a 20 px cell's) may be unsure.
    #[test]
    fn five_pointed_stars_of_any_size_and_a_little_off_the_middle() {
        for pitch in [24, 33, 60, 100] {
            for (outer, off) in [(0.4, 0.0), (0.3, 0.05), (0.36, -0.1)] {
                assert!(seen(&star(pitch, 5, outer, 0.38 * outer, off), pitch), "pitch {pitch} R {outer} off {off}");
            }
        }
    }

    #[test]
    fn other_shapes_are_no_stars() {
        for pitch in [33, 60] {
            // A disc (a star whose notches are as long as its tips), four and six
            // points, a star too small, and an empty cell.
            assert!(!seen(&star(pitch, 5, 0.3, 0.3, 0.0), pitch));
            assert!(!seen(&star(pitch, 4, 0.4, 0.15, 0.0), pitch));
            assert!(!seen(&star(pitch, 6, 0.4, 0.2, 0.0), pitch));
            assert!(!seen(&star(pitch, 5, 0.1, 0.04, 0.0), pitch));
            assert!(!seen(&RgbImage::from_pixel(3 * pitch, 3 * pitch, image::Rgb([255, 255, 255])), pitch));
        }
    }
}
