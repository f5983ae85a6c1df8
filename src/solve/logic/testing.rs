//! What the engine's unit tests share: a fixed pseudo-random sequence, two 9×9
//! maps to draw boards on, and plain geometries.

use super::board::Geometry;
use crate::puzzle::Regions;

/// Two 9×9 maps the technique tests draw boards on.
pub(crate) const MAPS: [&str; 2] = [
    "111111111\n112333999\n122439999\n124437799\n124666779\n124467799\n122467899\n122555889\n112258899\n",
    "AABBBBBCD\nAAABBBBCD\nAAAEECCCD\nAEEEDCCFD\nAAADDFFFD\nGGGDDDDDD\nDDDDHHHHD\nDIDDDDDHH\nIIIIDDDDH\n",
];

/// A small fixed pseudo-random sequence (xorshift64) for the engine's unit tests.
pub(crate) fn xorshift(mut seed: u64) -> impl FnMut() -> u64 {
    move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    }
}

/// The geometry of an `n`×`n` board whose regions are its rows, `k` stars a unit.
pub(crate) fn geometry(n: usize, k: usize) -> Geometry {
    let labels: Vec<usize> = (0..n * n).map(|i| i / n).collect();
    Geometry::new(&Regions::from_labels(n, &labels).unwrap(), k)
}
