//! Page backgrounds for `render`: a plain page, or pages whose colour moves
//! (the pastel gradient of LinkedIn's weekly Bonus page, a radial glow, a
//! diagonal blend), and the Bonus page's furniture drawn over them.
//!
//! The moving backgrounds exist to test the reader: a strip of page beside the
//! board changes colour along the board, which a reader that takes "flat patches
//! of different colours" for cells would read as one more row of cells.

use image::{Rgb, RgbImage};

/// What the page behind the board looks like.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Background {
    /// One flat page colour (the daily puzzle's page).
    #[default]
    Plain,
    /// A vertical pastel gradient, pink at the top through cream and yellow to
    /// blue-grey at the bottom, like the LinkedIn Bonus page.
    Gradient,
    /// A radial glow centred up and left of the middle, fading to a blue rim.
    Radial,
    /// A diagonal blend from mint at the top left to peach at the bottom right.
    Diagonal,
}

/// Colour stops (position 0..1, colour) of the light and dark vertical gradient.
const GRADIENT_LIGHT: [(f64, [f64; 3]); 4] = [
    (0.0, [250.0, 212.0, 226.0]),  // pink
    (0.38, [252.0, 241.0, 224.0]), // cream
    (0.62, [251.0, 238.0, 188.0]), // yellow
    (1.0, [192.0, 205.0, 224.0]),  // blue-grey
];
const GRADIENT_DARK: [(f64, [f64; 3]); 4] =
    [(0.0, [66.0, 34.0, 56.0]), (0.38, [58.0, 48.0, 40.0]), (0.62, [56.0, 52.0, 28.0]), (1.0, [26.0, 36.0, 56.0])];
const RADIAL_LIGHT: [(f64, [f64; 3]); 3] =
    [(0.0, [252.0, 248.0, 255.0]), (0.55, [226.0, 220.0, 246.0]), (1.0, [170.0, 196.0, 238.0])];
const RADIAL_DARK: [(f64, [f64; 3]); 3] =
    [(0.0, [70.0, 70.0, 100.0]), (0.55, [40.0, 40.0, 64.0]), (1.0, [12.0, 16.0, 30.0])];
const DIAGONAL_LIGHT: [(f64, [f64; 3]); 3] =
    [(0.0, [196.0, 240.0, 218.0]), (0.5, [246.0, 246.0, 226.0]), (1.0, [255.0, 206.0, 186.0])];
const DIAGONAL_DARK: [(f64, [f64; 3]); 3] =
    [(0.0, [18.0, 54.0, 46.0]), (0.5, [40.0, 40.0, 36.0]), (1.0, [70.0, 32.0, 30.0])];

/// The colour at `t` (0..1) of a piecewise linear ramp.
fn ramp(stops: &[(f64, [f64; 3])], t: f64) -> [u8; 3] {
    let t = t.clamp(0.0, 1.0);
    let i = stops.iter().rposition(|s| s.0 <= t).unwrap_or(0).min(stops.len() - 2);
    let ((t0, a), (t1, b)) = (stops[i], stops[i + 1]);
    let f = ((t - t0) / (t1 - t0)).clamp(0.0, 1.0);
    [0, 1, 2].map(|k| (a[k] + (b[k] - a[k]) * f).round() as u8)
}

/// Paints the whole page of `img` with `background` (`plain` is the flat `page` colour).
pub(crate) fn paint(img: &mut RgbImage, background: Background, dark: bool, page: [u8; 3]) {
    let (w, h) = (f64::from(img.width()), f64::from(img.height()));
    let color = |x: f64, y: f64| -> [u8; 3] {
        match background {
            Background::Plain => page,
            Background::Gradient => ramp(if dark { &GRADIENT_DARK } else { &GRADIENT_LIGHT }, y / h),
            Background::Radial => {
                let (cx, cy) = (0.38 * w, 0.3 * h);
                let r = ((x - cx).powi(2) + (y - cy).powi(2)).sqrt() / (w.max(h) * 0.85);
                ramp(if dark { &RADIAL_DARK } else { &RADIAL_LIGHT }, r)
            }
            Background::Diagonal => ramp(if dark { &DIAGONAL_DARK } else { &DIAGONAL_LIGHT }, (x + y) / (w + h)),
        }
    };
    for (x, y, p) in img.enumerate_pixels_mut() {
        *p = Rgb(color(f64::from(x) + 0.5, f64::from(y) + 0.5));
    }
}

/// The Bonus page's furniture over a moving background: a title ("Bonus Puzzle"
/// as word-shaped bars) and a back arrow in the header band `0..header`, and two
/// pill buttons (Undo, Hint) in the band below the board at `footer_y`.
pub(crate) fn bonus_furniture(
    img: &mut RgbImage,
    dark: bool,
    board: (u32, u32, u32),
    header: u32,
    footer_y: u32,
    footer: u32,
    cell: u32,
) {
    let (bx, _, side) = board;
    let ink = if dark { [236, 236, 240] } else { [30, 30, 36] };
    // Title: two words of text height, centred over the board.
    let text_h = (header / 5).max(3);
    let ty = header / 2 - text_h / 2;
    let words = [side * 22 / 100, side * 26 / 100];
    let gap = (cell / 4).max(2);
    let total = words[0] + gap + words[1];
    let mut x = bx + side.saturating_sub(total) / 2;
    for wlen in words {
        blend_rect(img, x, ty, wlen, text_h, ink, 1.0);
        x += wlen + gap;
    }
    // A back arrow at the left: a short bar.
    blend_rect(img, bx, ty, (cell / 2).max(4), text_h, ink, 1.0);
    // Two translucent pills under the board.
    let bh = (footer / 3).max(4);
    let by = footer_y + footer / 3;
    let bw = side.saturating_sub(gap) / 2;
    let alpha = if dark { 0.12 } else { 0.6 };
    for k in 0..2 {
        let x0 = bx + k * (bw + gap);
        blend_rect(img, x0, by, bw, bh, [255, 255, 255], alpha);
        // Outline, one pixel per 40 px of cell.
        let t = (cell / 40).max(1);
        blend_rect(img, x0, by, bw, t, ink, 0.5);
        blend_rect(img, x0, by + bh - t, bw, t, ink, 0.5);
        blend_rect(img, x0, by, t, bh, ink, 0.5);
        blend_rect(img, x0 + bw - t, by, t, bh, ink, 0.5);
        // The label: a short bar in the middle.
        let lw = bw / 4;
        blend_rect(img, x0 + (bw - lw) / 2, by + bh / 2 - text_h / 4, lw, (text_h / 2).max(2), ink, 0.9);
    }
}

/// Blends `color` over a rectangle at opacity `alpha`, clipped to the image.
fn blend_rect(img: &mut RgbImage, x: u32, y: u32, w: u32, h: u32, color: [u8; 3], alpha: f64) {
    for yy in y..(y + h).min(img.height()) {
        for xx in x..(x + w).min(img.width()) {
            let p = img.get_pixel_mut(xx, yy);
            p.0 = [0, 1, 2].map(|k| (f64::from(p.0[k]) * (1.0 - alpha) + f64::from(color[k]) * alpha).round() as u8);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_gradient_runs_pink_to_blue_grey() {
        let mut img = RgbImage::new(10, 400);
        paint(&mut img, Background::Gradient, false, [0, 0, 0]);
        let top = img.get_pixel(5, 0).0;
        let bottom = img.get_pixel(5, 399).0;
        assert!(top[0] > top[2], "pink at the top: {top:?}");
        assert!(bottom[2] > bottom[0], "blue-grey at the bottom: {bottom:?}");
        // It moves smoothly: no step above 2 levels between neighbouring rows.
        for y in 1..400 {
            let (a, b) = (img.get_pixel(5, y - 1).0, img.get_pixel(5, y).0);
            assert!((0..3).all(|k| a[k].abs_diff(b[k]) <= 2), "row {y}: {a:?} -> {b:?}");
        }
    }

    #[test]
    fn plain_is_flat_and_others_move() {
        for bg in [Background::Plain, Background::Gradient, Background::Radial, Background::Diagonal] {
            let mut img = RgbImage::new(100, 100);
            paint(&mut img, bg, true, [9, 9, 9]);
            let moved = img.pixels().any(|p| p != img.get_pixel(0, 0));
            assert_eq!(moved, bg != Background::Plain, "{bg:?}");
        }
    }
}
