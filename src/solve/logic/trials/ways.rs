//! How many ways a unit's stars can still go: the count a case split orders its
//! units by (fewest first) and skips a unit by (more than [`MAX_CASES`]).

use crate::solve::logic::board::{Board, CellState, Geometry};

/// Most ways one unit's stars may go for a case split to be worth trying. Units
/// are tried fewest ways first, so more only costs when every smaller unit fails:
/// the corpus's 14×14 3★ boards need units of up to a few dozen ways, its 17×17
/// 4★ boards up to about a thousand (059's column 12: 1,001). The step's budget,
/// not this, bounds what a split costs.
pub(crate) const MAX_CASES: usize = 2_000;

/// Queens of `cells` on `b`.
pub(crate) fn queens(b: &Board, cells: &[usize]) -> usize {
    cells.iter().filter(|&&i| b.cells[i] == CellState::Queen).count()
}

/// How many ways `need` stars go on `cands` (sorted) with no two touching, when
/// that is at most `cap`; `None` when there are more. A case split counts every
/// unit's ways at each step, so the candidates are bits of one word (a unit
/// rarely has more than 64 cells left), with the ones each touches as a mask.
pub(crate) fn count_ways(g: &Geometry, cands: &[usize], need: usize, cap: usize) -> Option<usize> {
    if cands.len() > 64 {
        let total = each_way(g, cands, need, cap, &mut |_| {});
        return (total <= cap).then_some(total);
    }
    /// The ways on the candidates `left` (bits), stopping past `cap`: the first
    /// candidate left holds a star (and the ones it touches do not), or not.
    fn go(left: u64, need: usize, touching: &[u64], cap: usize) -> usize {
        if need == 0 {
            return 1;
        }
        if (left.count_ones() as usize) < need {
            return 0;
        }
        let j = left.trailing_zeros() as usize;
        let rest = left & (left - 1);
        let with = go(rest & !touching[j], need - 1, touching, cap);
        if with > cap {
            return with;
        }
        with + go(rest, need, touching, cap - with)
    }
    let touching: Vec<u64> = cands
        .iter()
        .map(|&c| cands.iter().enumerate().filter(|(_, d)| g.neighbours[c].contains(d)).fold(0, |m, (k, _)| m | 1 << k))
        .collect();
    let all = u64::MAX.checked_shr(64 - cands.len() as u32).unwrap_or(0);
    let total = go(all, need, &touching, cap);
    (total <= cap).then_some(total)
}

/// Every way of `need` stars on `cands` (cells in the unit's order), no two
/// touching, in the order a case split follows them (each way's cells in the
/// unit's order, ways by their first cell, then their second...); `None` past `cap`.
pub(crate) fn list_ways(g: &Geometry, cands: &[usize], need: usize, cap: usize) -> Option<Vec<Vec<usize>>> {
    let mut out = Vec::new();
    let total = each_way(g, cands, need, cap, &mut |way| out.push(way.to_vec()));
    (total <= cap).then_some(out)
}

/// The ways of [`list_ways`], each handed to `visit` in that order, star by
/// star on the list (what [`count_ways`] counts on bits, for a unit with more
/// than 64 cells left); how many, stopping past `cap`.
fn each_way(g: &Geometry, cands: &[usize], need: usize, cap: usize, visit: &mut dyn FnMut(&[usize])) -> usize {
    fn go(
        g: &Geometry,
        cands: &[usize],
        need: usize,
        chosen: &mut Vec<usize>,
        cap: usize,
        visit: &mut dyn FnMut(&[usize]),
    ) -> usize {
        if chosen.len() == need {
            visit(chosen);
            return 1;
        }
        let mut total = 0;
        for (j, &c) in cands.iter().enumerate() {
            if cands.len() - j < need - chosen.len() || total > cap {
                break;
            }
            if chosen.iter().all(|&d| !g.neighbours[d].contains(&c)) {
                chosen.push(c);
                total += go(g, &cands[j + 1..], need, chosen, cap - total, visit);
                chosen.pop();
            }
        }
        total
    }
    go(g, cands, need, &mut Vec::with_capacity(need), cap, visit)
}

#[cfg(test)]
pub(crate) fn ways_of(g: &Geometry, b: &Board, unit: usize) -> Option<usize> {
    let (need, cands) = open_cells(g, b, unit)?;
    count_ways(g, &cands, need, MAX_CASES)
}

/// The stars `unit` still needs on `b` and its unknown cells, when it needs some
/// and has cells left.
pub(crate) fn open_cells(g: &Geometry, b: &Board, unit: usize) -> Option<(usize, Vec<usize>)> {
    let cands: Vec<usize> = g.units[unit].iter().copied().filter(|&i| b.cells[i] == CellState::Unknown).collect();
    let need = g.k.saturating_sub(queens(b, &g.units[unit]));
    (need > 0 && !cands.is_empty()).then_some((need, cands))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ways_on_bits_count_as_ways_star_by_star_do() {
        // Every unit of a few corpus-like boards, empty and with cells ruled out,
        // for every star count and a cap that some exceed.
        let mut x: u64 = 0x2545_F491_4F6C_DD1D;
        for (n, k) in [(5, 1), (8, 1), (10, 2), (14, 3), (17, 4)] {
            let g = Geometry::new(&crate::puzzle::Regions::from_rows(&stripes(n)).expect("regions"), k);
            for u in 0..g.units.len() {
                for _ in 0..4 {
                    x ^= x << 13;
                    x ^= x >> 7;
                    x ^= x << 17;
                    let cands: Vec<usize> = g.units[u].iter().copied().filter(|&i| (x >> (i % 64)) & 3 != 0).collect();
                    for cands in [&cands[..], &cands[..cands.len().min(1)], &[]] {
                        for need in 0..=k + 1 {
                            for cap in [0, 1, 5, 50, 2_000] {
                                // The list, star by star, holds as many as the bits count,
                                // each of `need` cells apart, in the search's order (by place
                                // in `cands`, first cells first).
                                let count = count_ways(&g, cands, need, cap);
                                let listed = list_ways(&g, cands, need, cap);
                                assert_eq!(
                                    listed.as_ref().map(Vec::len),
                                    count,
                                    "n {n} unit {u} cells {cands:?} need {need} cap {cap}"
                                );
                                let places = |w: &Vec<usize>| {
                                    w.iter().map(|c| cands.iter().position(|d| d == c).unwrap()).collect::<Vec<_>>()
                                };
                                let places: Vec<Vec<usize>> = listed.iter().flatten().map(places).collect();
                                assert!(places.windows(2).all(|p| p[0] < p[1]), "in order, each once");
                                for (w, p) in listed.iter().flatten().zip(&places) {
                                    assert!(w.len() == need && p.windows(2).all(|p| p[0] < p[1]));
                                    assert!(w.iter().all(|a| w.iter().all(|b| !g.neighbours[*a].contains(b))));
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    /// Regions of `n` cells each: row r's cells, shifted by r, in stripes that wrap.
    fn stripes(n: usize) -> Vec<String> {
        (0..n).map(|r| (0..n).map(|c| (b'A' + ((c + r / 2) % n) as u8) as char).collect()).collect()
    }
}
