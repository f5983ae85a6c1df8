//! A phone picture is read the way every viewer shows it (issue 35, item 1): pixels
//! stored turned or flipped, with an EXIF orientation tag saying so, give the same
//! answer as the upright picture, for all eight orientations, in a PNG (`eXIf` chunk)
//! and a JPEG (APP1 segment); the overlay is drawn on the upright picture.

use crate::common;

use std::io::Cursor;
use std::path::{Path, PathBuf};

use image::metadata::Orientation;
use image::{DynamicImage, RgbImage};

use crate::common::queens;

/// `image` as a PNG with an `eXIf` chunk holding `tag`, right after IHDR.
fn png_with(image: &RgbImage, tag: u8) -> Vec<u8> {
    let mut png = Vec::new();
    image.write_to(&mut Cursor::new(&mut png), image::ImageFormat::Png).unwrap();
    queens::fuzzing::with_orientation(&png, tag)
}

/// `image` as a JPEG (quality 95) with an APP1 `Exif` segment holding `tag`, right after SOI.
fn jpeg_with(image: &RgbImage, tag: u8) -> Vec<u8> {
    let mut jpeg = Vec::new();
    image::codecs::jpeg::JpegEncoder::new_with_quality(&mut jpeg, 95).encode_image(image).unwrap();
    queens::fuzzing::with_orientation(&jpeg, tag)
}

/// The pixels a camera stores for `upright` when it writes orientation `tag`:
/// applying the tag's transform to them gives `upright` back.
fn stored(upright: &RgbImage, tag: u8) -> RgbImage {
    let inverse = match Orientation::from_exif(tag).unwrap() {
        Orientation::Rotate90 => Orientation::Rotate270,
        Orientation::Rotate270 => Orientation::Rotate90,
        other => other,
    };
    let mut image = DynamicImage::ImageRgb8(upright.clone());
    image.apply_orientation(inverse);
    let image = image.into_rgb8();
    let mut check = DynamicImage::ImageRgb8(image.clone());
    check.apply_orientation(Orientation::from_exif(tag).unwrap());
    assert_eq!(&check.into_rgb8(), upright, "test is broken: orientation {tag} does not undo its inverse");
    image
}

/// The answer `queens solve --json` gives for `file`, without the fields that name the
/// file or time the run (`input`, `output`, `ms`); `grid` too for JPEGs, whose
/// compression artefacts move with the stored pixels.
fn answer(file: &Path, out: &Path, keep_grid: bool) -> serde_json::Value {
    let run = queens().args(["solve", "--json", "-o"]).arg(out).arg(file).output().unwrap();
    let stdout = String::from_utf8_lossy(&run.stdout);
    assert!(run.status.success(), "{}: {stdout}{}", file.display(), String::from_utf8_lossy(&run.stderr));
    let mut v: serde_json::Value = serde_json::from_str(stdout.trim()).unwrap();
    let map = v.as_object_mut().unwrap();
    for field in ["input", "output", "ms"] {
        map.remove(field);
    }
    if !keep_grid {
        map.remove("grid");
    }
    v
}

/// The hint `queens hint` prints for `file`, with the file name taken out.
fn hint(file: &Path, out: &Path) -> String {
    let run = queens().args(["hint", "--reveal", "answer", "-o"]).arg(out).arg(file).output().unwrap();
    let stdout = String::from_utf8_lossy(&run.stdout).into_owned();
    assert!(run.status.success(), "{}: {stdout}{}", file.display(), String::from_utf8_lossy(&run.stderr));
    let name = file.file_stem().unwrap().to_string_lossy().into_owned();
    stdout.lines().skip(1).collect::<Vec<_>>().join("\n").replace(&name, "NAME")
}

fn write(dir: &Path, name: &str, bytes: &[u8]) -> PathBuf {
    let p = dir.join(name);
    std::fs::write(&p, bytes).unwrap();
    p
}

/// A half-played corpus board (marks and a mistake: the hint names cells) stored in
/// each of the eight orientations: the same answer, hint and (PNG) overlay as upright.
#[test]
fn every_exif_orientation_reads_like_the_upright_picture() {
    let Some(corpus) = common::corpus_or_skip() else { return };
    let upright = image::open(corpus.join("played/played-11-android412-mistake.png")).unwrap().into_rgb8();
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("out");
    let png_upright = write(dir.path(), "up.png", &png_with(&upright, 1));
    let jpeg_upright = write(dir.path(), "up.jpg", &jpeg_with(&upright, 1));
    let png_answer = answer(&png_upright, &out, true);
    assert_eq!(png_answer["queens"].as_array().map(Vec::len), Some(10), "test is broken: {png_answer}");
    let png_overlay = std::fs::read(out.join("up.solved.png")).unwrap();
    let png_hint = hint(&png_upright, &out);
    assert!(png_hint.contains("row 9, column 7"), "test is broken: {png_hint}");
    let jpeg_answer = answer(&jpeg_upright, &out, false);
    let jpeg_hint = hint(&jpeg_upright, &out);
    for tag in 2..=8 {
        let turned = stored(&upright, tag);
        let png = write(dir.path(), &format!("o{tag}.png"), &png_with(&turned, tag));
        assert_eq!(answer(&png, &out, true), png_answer, "PNG, orientation {tag}");
        let overlay = std::fs::read(out.join(format!("o{tag}.solved.png"))).unwrap();
        assert!(overlay == png_overlay, "PNG, orientation {tag}: the overlay differs from the upright one's");
        assert_eq!(hint(&png, &out), png_hint, "PNG, orientation {tag}");
        let jpeg = write(dir.path(), &format!("o{tag}.jpg"), &jpeg_with(&turned, tag));
        assert_eq!(answer(&jpeg, &out, false), jpeg_answer, "JPEG, orientation {tag}");
        assert_eq!(hint(&jpeg, &out), jpeg_hint, "JPEG, orientation {tag}");
    }
}

/// The server reads the same way: a JPEG stored turned (orientation 6, what phones
/// write) and a PNG (orientation 8) are answered like the upright picture.
#[tokio::test]
async fn the_server_reads_a_turned_picture_upright() {
    use tower::ServiceExt as _;
    let Some(corpus) = common::corpus_or_skip() else { return };
    let upright = image::open(corpus.join("played/played-11-android412-mistake.png")).unwrap().into_rgb8();
    let solve = |body: Vec<u8>| async move {
        let req = axum::http::Request::builder().method("POST").uri("/api/solve").body(axum::body::Body::from(body));
        let res = queens::app::serve::router(Default::default()).oneshot(req.unwrap()).await.unwrap();
        let bytes = axum::body::to_bytes(res.into_body(), usize::MAX).await.unwrap();
        let v: serde_json::Value = serde_json::from_slice(&bytes).unwrap();
        (v["queens"].clone(), v["regions"].clone(), v["marks"].clone())
    };
    let want = solve(jpeg_with(&upright, 1)).await;
    assert_eq!(want.0.as_array().map(Vec::len), Some(10), "test is broken: {want:?}");
    assert_eq!(solve(jpeg_with(&stored(&upright, 6), 6)).await, want, "JPEG, orientation 6");
    assert_eq!(solve(png_with(&stored(&upright, 8), 8)).await, want, "PNG, orientation 8");
}
