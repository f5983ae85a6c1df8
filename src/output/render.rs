//! Drawing a puzzle the way the game looks: a page, a board with thick region
//! borders and thin inner lines, optional crowns or X marks. Or, with
//! [`Style::bordered`], the way Star Battle grids look: white cells, black region
//! borders and frame, thin solid or dotted grid lines, stars.
//!
//! Used by `queens render` to make `samples/` and round-trip test images, and by
//! `--debug-dir` to draw the region map that was read.

use image::{Rgb, RgbImage};

use crate::output::background::{self, Background};
use crate::output::report::region_color;
use crate::puzzle::marks::{Mark, Marks as PlayerMarks};
use crate::puzzle::{Cell, Placement, Regions};
use crate::vision::grid::Grid;

/// How the rendered page looks.
#[derive(Debug, Clone)]
pub struct Style {
    /// Cell size in pixels (lines included).
    pub cell: u32,
    /// Page margin around the board.
    pub margin: u32,
    /// Dark page theme.
    pub dark: bool,
    /// Region colors by label; `None` uses the game's usual palette.
    pub colors: Option<Vec<[u8; 3]>>,
    /// Draw page furniture (a header bar above, a button below) like a full screenshot.
    pub furniture: bool,
    /// The page behind the board; moving backgrounds get the Bonus page's furniture.
    pub background: Background,
    /// The borders-only look (Star Battle) with these thin grid lines; `None` is the game's look.
    pub bordered: Option<GridLines>,
    /// How a player's marks are drawn in the bordered look.
    pub star_marks: StarMarks,
    /// The bordered look's regions filled in greys, as penpa-edit's grey map
    /// colouring draws them (white, light grey, grey; neighbours differ where three
    /// shades allow), so boards in that look can be made for tests.
    pub shaded: bool,
}

/// How a Star Battle player's page draws their marks (the bordered look's
/// `render --marks board`), so test and sample boards look like the real ones.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum StarMarks {
    /// penpa-edit: black stars, thin black X's for "no star".
    #[default]
    Penpa,
    /// The puzz.link player (pzprjs): green stars, short green dashes for "no star".
    Pzprjs,
}

/// The thin lines between cells of one region, in the bordered look.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GridLines {
    /// Solid grey lines.
    Solid,
    /// Dashed grey lines (as puzz.link and penpa draw them).
    Dotted,
}

impl Default for Style {
    fn default() -> Self {
        Style {
            cell: 60,
            margin: 40,
            dark: false,
            colors: None,
            furniture: false,
            background: Background::Plain,
            bordered: None,
            star_marks: StarMarks::default(),
            shaded: false,
        }
    }
}

/// What to draw in the cells.
#[derive(Debug, Clone, Default)]
pub struct Marks {
    /// Crowns on these cells (stars in the bordered look).
    pub crowns: Option<Placement>,
    /// X marks on these cells.
    pub crosses: Vec<Cell>,
}

/// How the game draws a player's crowns.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum CrownStyle {
    /// Black crowns while playing; crowns that attack another crown are drawn red, as the game does.
    #[default]
    Black,
    /// Gold crowns, as on a finished board.
    Gold,
}

/// How the game draws a player's "no queen here" marks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum CrossStyle {
    /// A small X.
    #[default]
    X,
    /// A small dot (some versions of the game).
    Dot,
}

/// A player's board drawn the way the game draws it (for `render --marks board` and round trips).
#[derive(Debug, Clone)]
pub struct GameMarks {
    /// The player's queens and X marks.
    pub marks: PlayerMarks,
    /// How crowns look.
    pub crown: CrownStyle,
    /// How X marks look.
    pub cross: CrossStyle,
}

/// A player's board holding crowns on `crowns` and X marks on `crosses` (a solution
/// drawn as the game draws a player's crowns).
pub fn game_board(n: usize, crowns: &Placement, crosses: &[Cell]) -> PlayerMarks {
    let mut board = PlayerMarks::new(n);
    for &cell in crosses {
        board.set(cell, Mark::Cross);
    }
    for &cell in crowns.cells() {
        board.set(cell, Mark::Queen);
    }
    board
}

/// Renders `regions` in `style` with `marks`; returns the picture and the board's lattice.
pub fn render(regions: &Regions, style: &Style, marks: &Marks) -> (RgbImage, Grid) {
    render_with(regions, style, marks, None)
}

/// The size in pixels, (width, height), of the picture [`render_with`] draws for an
/// `n`×`n` board, counted in 64 bits so that no `--cell` or `--margin` wraps around:
/// callers check it against their pixel budget before drawing.
pub(crate) fn picture_size(n: usize, style: &Style) -> (u64, u64) {
    let (n, cell, margin) = (n as u64, u64::from(style.cell), u64::from(style.margin));
    let board = n * cell;
    if style.bordered.is_some() {
        let side = board + 2 * (margin + (cell / 12).max(2));
        return (side, side);
    }
    let w = board + 2 * margin + 2 * (cell / 10).max(3);
    (w, w + if style.furniture { 4 * cell } else { 0 })
}

/// [`render`], plus a player's marks drawn in the game's own style.
pub fn render_with(regions: &Regions, style: &Style, marks: &Marks, game: Option<&GameMarks>) -> (RgbImage, Grid) {
    if let Some(lines) = style.bordered {
        let (mut img, grid) = render_bordered(regions, style, lines, marks);
        if let Some(g) = game {
            draw_star_marks(&mut img, &grid, &g.marks, style.star_marks);
        }
        return (img, grid);
    }
    let n = regions.n() as u32;
    let cell = style.cell;
    let thick = (cell / 12).max(2);
    let thin = (cell / 40).max(1);
    let border = (cell / 10).max(3);
    let board = n * cell;
    let header = if style.furniture { cell * 2 } else { 0 };
    let footer = if style.furniture { cell * 2 } else { 0 };
    let (w, h) = (board + 2 * style.margin + 2 * border, board + 2 * style.margin + 2 * border + header + footer);
    let page = if style.dark { [27, 31, 35] } else { [246, 244, 240] };
    let mut img = RgbImage::from_pixel(w, h, Rgb(page));
    let (bx, by) = (style.margin + border, style.margin + border + header);
    if style.background != Background::Plain {
        background::paint(&mut img, style.background, style.dark, page);
        if style.furniture {
            let footer_y = by + board + border;
            background::bonus_furniture(&mut img, style.dark, (bx, by, board), header, footer_y, footer, cell);
        }
    } else if style.furniture {
        let bar = if style.dark { [45, 50, 58] } else { [255, 255, 255] };
        fill(&mut img, 0, 0, w, header * 3 / 4, bar);
        let button = if style.dark { [60, 66, 76] } else { [222, 226, 232] };
        fill(&mut img, bx, by + board + border + footer / 4, board, footer / 2, button);
    }
    // Outer border.
    let ink = [0, 0, 0];
    fill(&mut img, bx - border, by - border, board + 2 * border, board + 2 * border, ink);
    for r in 0..n {
        for c in 0..n {
            let here = Cell::new(r as usize, c as usize);
            let label = regions.label(here);
            let color = region_color(style.colors.as_deref(), label);
            let (x, y) = (bx + c * cell, by + r * cell);
            fill(&mut img, x, y, cell, cell, color);
            // Lines on the right and bottom edge of the cell: thick between regions.
            let differs = |o: Cell| regions.label(o) != label;
            if c + 1 < n {
                let t = if differs(Cell::new(r as usize, c as usize + 1)) { thick } else { thin };
                fill(&mut img, x + cell - t.div_ceil(2), y, t, cell, ink_for(t == thin, color));
            }
            if r + 1 < n {
                let t = if differs(Cell::new(r as usize + 1, c as usize)) { thick } else { thin };
                fill(&mut img, x, y + cell - t.div_ceil(2), cell, t, ink_for(t == thin, color));
            }
            if c > 0 {
                let t = if differs(Cell::new(r as usize, c as usize - 1)) { thick } else { thin };
                fill(&mut img, x, y, t / 2, cell, ink_for(t == thin, color));
            }
            if r > 0 {
                let t = if differs(Cell::new(r as usize - 1, c as usize)) { thick } else { thin };
                fill(&mut img, x, y, cell, t / 2, ink_for(t == thin, color));
            }
        }
    }
    let grid = Grid { n: n as usize, x0: f64::from(bx), y0: f64::from(by), px: f64::from(cell), py: f64::from(cell) };
    for &c in &marks.crosses {
        draw_cross(&mut img, &grid, c);
    }
    if let Some(p) = &marks.crowns {
        crate::output::overlay::draw_mut(&mut img, &grid, p);
    }
    if let Some(g) = game {
        draw_game_marks(&mut img, &grid, regions, g);
    }
    (img, grid)
}

/// Game crowns: gold with a darker rim, or black (red when clashing), no halo.
const GOLD: [u8; 3] = [246, 182, 20];
const GOLD_RIM: [u8; 3] = [176, 112, 10];
const BLACK: [u8; 3] = [20, 20, 22];
const CLASH_RED: [u8; 3] = [214, 40, 40];

fn draw_game_marks(img: &mut RgbImage, grid: &Grid, regions: &Regions, g: &GameMarks) {
    let queens = g.marks.queens();
    // The game's clash rule: same row, column or region, or touching.
    let clashes = |a: Cell| {
        queens.iter().any(|&b| {
            b != a
                && (a.row == b.row
                    || a.col == b.col
                    || regions.label(a) == regions.label(b)
                    || (a.row.abs_diff(b.row) <= 1 && a.col.abs_diff(b.col) <= 1))
        })
    };
    for cell in g.marks.crosses() {
        match g.cross {
            CrossStyle::X => draw_cross(img, grid, cell),
            CrossStyle::Dot => draw_dot(img, grid, cell),
        }
    }
    for &cell in &queens {
        debug_assert_eq!(g.marks.get(cell), Mark::Queen);
        let (fill, rim) = match g.crown {
            CrownStyle::Gold => (GOLD, Some(GOLD_RIM)),
            CrownStyle::Black if clashes(cell) => (CLASH_RED, None),
            CrownStyle::Black => (BLACK, None),
        };
        crate::output::overlay::draw_crown(img, grid, cell, fill, rim);
    }
}

/// A small filled dot in the middle of a cell.
fn draw_dot(img: &mut RgbImage, grid: &Grid, cell: Cell) {
    let (cx, cy) = grid.center(cell);
    let r = (grid.px.min(grid.py) * 0.07).max(1.5);
    let (x0, x1) = ((cx - r).floor().max(0.0) as u32, (cx + r).ceil() as u32);
    let (y0, y1) = ((cy - r).floor().max(0.0) as u32, (cy + r).ceil() as u32);
    for y in y0..=y1.min(img.height() - 1) {
        for x in x0..=x1.min(img.width() - 1) {
            let (dx, dy) = (f64::from(x) + 0.5 - cx, f64::from(y) + 0.5 - cy);
            if dx * dx + dy * dy <= r * r {
                img.put_pixel(x, y, Rgb([60, 60, 60]));
            }
        }
    }
}

/// The bordered look: a white page and cells, every line centred on its cell
/// boundary (the frame too), black region borders, thin grey grid lines.
fn render_bordered(regions: &Regions, style: &Style, lines: GridLines, marks: &Marks) -> (RgbImage, Grid) {
    let n = regions.n() as u32;
    let cell = style.cell;
    let thick = (cell / 12).max(2);
    let thin = (cell / 40).max(1);
    let board = n * cell;
    let pad = style.margin + thick;
    let side = board + 2 * pad;
    let mut img = RgbImage::from_pixel(side, side, Rgb([255, 255, 255]));
    let (bx, by) = (pad, pad);
    let grey = [110, 110, 110];
    // Dashes a little longer than their gaps, scaled with the cell.
    let dash = (cell / 10).max(2);
    let dotted = lines == GridLines::Dotted;
    if style.shaded {
        let shades = grey_shades(regions);
        for r in 0..n {
            for c in 0..n {
                let shade = shades[regions.label(Cell::new(r as usize, c as usize))];
                fill(&mut img, bx + c * cell, by + r * cell, cell, cell, [shade; 3]);
            }
        }
    }
    // Thin lines first, so borders drawn afterwards cover their ends.
    for k in 1..n {
        let p = k * cell - thin / 2;
        let mut t = 0;
        while t < board {
            let len = if dotted { dash.min(board - t) } else { board - t };
            fill(&mut img, bx + p, by + t, thin, len, grey);
            fill(&mut img, bx + t, by + p, len, thin, grey);
            t += if dotted { dash + dash * 3 / 4 } else { board };
        }
    }
    let at = |r: u32, c: u32| regions.label(Cell::new(r as usize, c as usize));
    let half = thick / 2;
    for r in 0..n {
        for c in 0..n {
            let (x, y) = (bx + c * cell, by + r * cell);
            // Left edge of the cell: the frame or a region border.
            if c == 0 || at(r, c - 1) != at(r, c) {
                fill(&mut img, x - half, y - half, thick, cell + thick, [0, 0, 0]);
            }
            if r == 0 || at(r - 1, c) != at(r, c) {
                fill(&mut img, x - half, y - half, cell + thick, thick, [0, 0, 0]);
            }
            if c == n - 1 {
                fill(&mut img, x + cell - half, y - half, thick, cell + thick, [0, 0, 0]);
            }
            if r == n - 1 {
                fill(&mut img, x - half, y + cell - half, cell + thick, thick, [0, 0, 0]);
            }
        }
    }
    let grid = Grid { n: n as usize, x0: f64::from(bx), y0: f64::from(by), px: f64::from(cell), py: f64::from(cell) };
    for &c in &marks.crosses {
        draw_cross(&mut img, &grid, c);
    }
    if let Some(p) = &marks.crowns {
        crate::output::overlay::draw_glyph_mut(&mut img, &grid, p, crate::output::overlay::Glyph::Star);
    }
    (img, grid)
}

/// Each region's grey (by label) in penpa-edit's grey map colouring: white, light
/// grey and grey, the first one no neighbouring region has, taken region by region
/// in label order; a fourth, paler grey where all three are taken.
fn grey_shades(regions: &Regions) -> Vec<u8> {
    const GREYS: [u8; 4] = [255, 204, 153, 230];
    let n = regions.n();
    let count = regions.region_count();
    let mut next_to = vec![Vec::new(); count];
    for r in 0..n {
        for c in 0..n {
            let a = regions.label(Cell::new(r, c));
            for (dr, dc) in [(0, 1), (1, 0)] {
                if r + dr < n && c + dc < n {
                    let b = regions.label(Cell::new(r + dr, c + dc));
                    if a != b {
                        next_to[a].push(b);
                        next_to[b].push(a);
                    }
                }
            }
        }
    }
    // Regions take their grey in label order, so only lower labels have one yet.
    let mut shades: Vec<u8> = Vec::with_capacity(count);
    for (region, neighbours) in next_to.iter().enumerate() {
        let taken: Vec<u8> = neighbours.iter().filter(|&&b| b < region).map(|&b| shades[b]).collect();
        shades.push(GREYS.iter().copied().find(|g| !taken.contains(g)).unwrap_or(GREYS[3]));
    }
    shades
}

/// pzprjs's green, for its stars and its "no star" dashes.
const PZPRJS_GREEN: [u8; 3] = [0, 150, 0];

/// A Star Battle player's stars and "no star" marks, as `look` draws them.
fn draw_star_marks(img: &mut RgbImage, grid: &Grid, marks: &PlayerMarks, look: StarMarks) {
    let px = grid.px.min(grid.py);
    for cell in marks.crosses() {
        let (cx, cy) = grid.center(cell);
        match look {
            StarMarks::Penpa => {
                // A thin X a little over half the cell across.
                let (half, t) = (px * 0.27, (px / 40.0).max(1.0));
                crate::output::overlay::draw_x(img, (cx, cy), half, t, [0, 0, 0]);
            }
            StarMarks::Pzprjs => {
                // A short level dash.
                let (w, h) = ((px * 0.18).round().max(3.0), (px * 0.04).round().max(1.0));
                fill(
                    img,
                    (cx - w / 2.0).round() as u32,
                    (cy - h / 2.0).round() as u32,
                    w as u32,
                    h as u32,
                    PZPRJS_GREEN,
                );
            }
        }
    }
    for cell in marks.queens() {
        match look {
            StarMarks::Penpa => crate::output::overlay::draw_flat_star(img, grid, cell, [0, 0, 0], 0.76),
            StarMarks::Pzprjs => crate::output::overlay::draw_flat_star(img, grid, cell, PZPRJS_GREEN, 0.7),
        }
    }
}

/// Thin inner lines are a darker shade of the cell (as in the game); borders are black.
fn ink_for(thin: bool, cell: [u8; 3]) -> [u8; 3] {
    if thin {
        cell.map(|v| (u16::from(v) * 55 / 100) as u8)
    } else {
        [0, 0, 0]
    }
}

fn fill(img: &mut RgbImage, x: u32, y: u32, w: u32, h: u32, color: [u8; 3]) {
    for yy in y..(y + h).min(img.height()) {
        for xx in x..(x + w).min(img.width()) {
            img.put_pixel(xx, yy, Rgb(color));
        }
    }
}

/// A small X in the middle of a cell, like the game's "not here" mark.
fn draw_cross(img: &mut RgbImage, grid: &Grid, cell: Cell) {
    let (cx, cy) = grid.center(cell);
    // Thin strokes about a fifth of the cell wide, like the game's.
    let half = grid.px * 0.11;
    let t = (grid.px * 0.012).max(0.5);
    let steps = (half * 4.0) as i32;
    for i in -steps..=steps {
        let d = f64::from(i) / 4.0;
        for (sx, sy) in [(d, d), (d, -d)] {
            let (x, y) = (cx + sx, cy + sy);
            let r = t.ceil() as i32;
            for oy in -r..=r {
                for ox in -r..=r {
                    let (px, py) = (
                        (x + f64::from(ox) * t / f64::from(r.max(1))) as u32,
                        (y + f64::from(oy) * t / f64::from(r.max(1))) as u32,
                    );
                    if px < img.width() && py < img.height() {
                        img.put_pixel(px, py, Rgb([40, 40, 40]));
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Ink of `color` (within 60 in every channel) in the middle half of `cell`.
    fn ink(img: &RgbImage, grid: &Grid, cell: Cell, color: [u8; 3]) -> usize {
        let (cx, cy) = grid.center(cell);
        let r = grid.px / 4.0;
        let mut count = 0;
        for y in (cy - r) as u32..(cy + r) as u32 {
            for x in (cx - r) as u32..(cx + r) as u32 {
                count += usize::from(img.get_pixel(x, y).0.iter().zip(color).all(|(&a, b)| a.abs_diff(b) < 60));
            }
        }
        count
    }

    #[test]
    fn star_battle_marks_look_like_each_players_page() {
        let regions = Regions::from_rows(&["AABB", "AABB", "CCDD", "CCDD"]).unwrap();
        let mut marks = PlayerMarks::new(4);
        marks.set(Cell::new(0, 0), Mark::Queen);
        marks.set(Cell::new(1, 2), Mark::Cross);
        let game = GameMarks { marks, crown: CrownStyle::Black, cross: CrossStyle::X };
        for (look, color) in [(StarMarks::Penpa, [0, 0, 0]), (StarMarks::Pzprjs, PZPRJS_GREEN)] {
            let style = Style { cell: 48, bordered: Some(GridLines::Dotted), star_marks: look, ..Style::default() };
            let (img, grid) = render_with(&regions, &style, &Marks::default(), Some(&game));
            let (star, cross, blank) = (
                ink(&img, &grid, Cell::new(0, 0), color),
                ink(&img, &grid, Cell::new(1, 2), color),
                ink(&img, &grid, Cell::new(3, 3), color),
            );
            // A star fills much of the middle, a "no star" mark a little, a blank cell none.
            assert!(star > 150 && cross > 5 && cross < star && blank == 0, "{look:?}: {star} {cross} {blank}");
        }
    }
}
