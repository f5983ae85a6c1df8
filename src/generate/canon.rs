//! Layouts up to the board's symmetries: two puzzles are the same when one is the
//! other turned or mirrored (the 8 symmetries of the square) and its regions
//! renamed. [`key`] is one fixed representative of that class; [`Seen`] remembers them.

use std::collections::HashSet;

use crate::puzzle::{Cell, Regions};

/// The layout's representative: of its 8 turned and mirrored copies, each with
/// labels renumbered in row-major order of first appearance, the smallest.
pub fn key(regions: &Regions) -> Vec<u8> {
    let n = regions.n();
    let mut best: Option<Vec<u8>> = None;
    for symmetry in 0..8 {
        let mut names = vec![u8::MAX; regions.region_count()];
        let mut next = 0u8;
        let mut out = Vec::with_capacity(n * n);
        for r in 0..n {
            for c in 0..n {
                let (sr, sc) = transform(symmetry, n, r, c);
                let l = regions.label(Cell::new(sr, sc));
                if names[l] == u8::MAX {
                    names[l] = next;
                    next = next.wrapping_add(1);
                }
                out.push(names[l]);
            }
        }
        if best.as_ref().is_none_or(|b| out < *b) {
            best = Some(out);
        }
    }
    best.expect("eight symmetries")
}

/// Where cell (r, c) of the turned or mirrored board comes from.
fn transform(symmetry: u8, n: usize, r: usize, c: usize) -> (usize, usize) {
    let m = n - 1;
    let (r, c) = if symmetry & 4 != 0 { (c, r) } else { (r, c) };
    let r = if symmetry & 1 != 0 { m - r } else { r };
    let c = if symmetry & 2 != 0 { m - c } else { c };
    (r, c)
}

/// The layouts already used (by this run, or by `--not-in` files).
#[derive(Debug, Default, Clone)]
pub struct Seen {
    keys: HashSet<Vec<u8>>,
}

impl Seen {
    /// Nothing seen yet.
    pub fn new() -> Self {
        Self::default()
    }

    /// True when this layout, or a turned or mirrored copy, was seen.
    pub fn contains(&self, regions: &Regions) -> bool {
        self.keys.contains(&key(regions))
    }

    /// Remembers `regions`; false when it (or a symmetric copy) was already there.
    pub fn insert(&mut self, regions: &Regions) -> bool {
        self.keys.insert(key(regions))
    }

    /// How many distinct layouts are remembered.
    pub fn len(&self) -> usize {
        self.keys.len()
    }

    /// True when nothing is remembered.
    pub fn is_empty(&self) -> bool {
        self.keys.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(rows: &[&str]) -> Regions {
        Regions::from_rows(rows).unwrap()
    }

    #[test]
    fn turned_mirrored_and_renamed_copies_share_a_key() {
        let a = board(&["AAB", "ACB", "CCB"]);
        let turned = board(&["CAA", "CCA", "BBB"]); // a turned a quarter to the right
        let mirrored = board(&["BAA", "BCA", "BCC"]);
        let renamed = board(&["XXY", "XZY", "ZZY"]);
        assert_eq!(key(&a), key(&turned));
        assert_eq!(key(&a), key(&mirrored));
        assert_eq!(key(&a), key(&renamed));
        assert_ne!(key(&a), key(&board(&["AAB", "ACB", "CBB"])));
        let mut seen = Seen::new();
        assert!(seen.insert(&a));
        assert!(!seen.insert(&turned));
        assert!(seen.contains(&mirrored));
        assert_eq!(seen.len(), 1);
    }
}
