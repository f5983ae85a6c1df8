//! `--debug-dir`: pictures of each stage, so a detection problem can be read from
//! an image rather than guessed at.
//!
//! Per input: `<stem>.grid.png` (the screenshot with the fitted lattice drawn in
//! magenta), `<stem>.cells.png` (the sampled color of every cell) and
//! `<stem>.map.png` (the region map that was read, drawn like the game). They never
//! replace a file (an input, an earlier run's pictures): see [`write()`].

use std::path::Path;

use image::{Rgb, RgbImage};

use crate::error::{Error, Result};
use crate::output::render::{self, Marks, Style};
use crate::pipeline::{Outcome, Picture};

/// The debug pictures of an input, by the name each ends in.
const PICTURES: [&str; 3] = ["grid", "cells", "map"];

/// Writes the debug pictures of one input into `dir`, each under a name no file has
/// (`<stem>-2.grid.png` when `<stem>.grid.png`, `.cells.png` or `.map.png` exists).
pub fn write(dir: &Path, stem: &str, pic: &Picture, outcome: &Outcome) -> Result<()> {
    std::fs::create_dir_all(dir)
        .map_err(|e| Error::io(format_args!("cannot create {}", crate::output::names::path(dir)), &e))?;
    // Never over an input or any file already there (an earlier run's pictures
    // included): the first `<stem>`, `<stem>-2`, … whose three names are all free.
    let free = |base: &String| {
        PICTURES.iter().all(|n| std::fs::symlink_metadata(dir.join(format!("{base}.{n}.png"))).is_err())
    };
    let base = std::iter::once(stem.to_string())
        .chain((2..).map(|k| format!("{stem}-{k}")))
        .find(free)
        .expect("some name is free");
    let save = |name: &str, img: &RgbImage| {
        crate::output::files::write_new(
            &dir.join(format!("{base}.{name}.png")),
            &crate::output::overlay::encode_png(img),
        )
    };
    let Some(grid) = pic.grid else { return Ok(()) };
    let mut lattice = pic.image.clone();
    let magenta = Rgb([255, 0, 255]);
    for k in 0..=grid.n {
        let x = grid.x0 + k as f64 * grid.px;
        let y = grid.y0 + k as f64 * grid.py;
        for t in 0..(grid.n as f64 * grid.py) as u32 {
            put(&mut lattice, x, grid.y0 + f64::from(t), magenta);
        }
        for t in 0..(grid.n as f64 * grid.px) as u32 {
            put(&mut lattice, grid.x0 + f64::from(t), y, magenta);
        }
    }
    save("grid", &lattice)?;
    if let Some(cells) = &pic.cells {
        let s = 24u32;
        let mut img = RgbImage::new(s * grid.n as u32, s * grid.n as u32);
        for (i, rgb) in cells.rgb.iter().enumerate() {
            let (r, c) = ((i / grid.n) as u32, (i % grid.n) as u32);
            for y in 0..s - 1 {
                for x in 0..s - 1 {
                    img.put_pixel(c * s + x, r * s + y, Rgb(*rgb));
                }
            }
        }
        save("cells", &img)?;
    }
    if let Some(regions) = &outcome.regions {
        // A map read from borders has no colors to show: draw it bordered.
        let bordered = outcome.from_borders.then_some(render::GridLines::Solid);
        let style = Style { cell: 32, margin: 8, colors: outcome.colors.clone(), bordered, ..Style::default() };
        let marks = Marks { crowns: crate::output::report::shown_placement(outcome).cloned(), crosses: Vec::new() };
        save("map", &render::render(regions, &style, &marks).0)?;
    }
    Ok(())
}

fn put(img: &mut RgbImage, x: f64, y: f64, c: Rgb<u8>) {
    if x >= 0.0 && y >= 0.0 && (x as u32) < img.width() && (y as u32) < img.height() {
        img.put_pixel(x as u32, y as u32, c);
    }
}
