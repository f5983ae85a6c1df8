//! Layouts: a random star placement, regions grown around it in the game's style,
//! and the cell moves that keep that placement a solution.
//!
//! Cells are row-major indices `r * n + c` here; labels are region numbers
//! `0..n`, not yet canonical (a [`Regions`] is made at the end).

use crate::generate::rng::Rng;
use crate::puzzle::{Cell, Placement, Regions};

/// Search nodes one placement try may visit before it starts over.
const PLACE_NODES: usize = 20_000;
/// Placement tries before giving up (25×25 6★ needs a few dozen at worst).
const PLACE_TRIES: usize = 100;

/// A random placement of `k` stars per row and column, no two touching (regions
/// come later, so any such placement can be a solution). `None` when the node
/// budget ran out on every try.
pub fn place(n: usize, k: usize, rng: &mut Rng) -> Option<Vec<usize>> {
    for _ in 0..PLACE_TRIES {
        let mut rows: Vec<Vec<usize>> = Vec::with_capacity(n);
        let mut counts = vec![0usize; n];
        let mut nodes = 0;
        if place_rows(n, k, rng, &mut rows, &mut counts, &mut nodes) {
            return Some(rows.iter().enumerate().flat_map(|(r, cols)| cols.iter().map(move |&c| r * n + c)).collect());
        }
    }
    None
}

/// Depth-first, row by row: each row picks `k` columns (in a random order) that
/// touch neither each other nor the row above, keeping every column able to reach
/// `k` stars in the rows left.
fn place_rows(
    n: usize,
    k: usize,
    rng: &mut Rng,
    rows: &mut Vec<Vec<usize>>,
    counts: &mut [usize],
    nodes: &mut usize,
) -> bool {
    let r = rows.len();
    if r == n {
        return true;
    }
    let above: Vec<usize> = rows.last().cloned().unwrap_or_default();
    let mut order: Vec<usize> = (0..n).filter(|&c| counts[c] < k && above.iter().all(|&a| a.abs_diff(c) > 1)).collect();
    rng.shuffle(&mut order);
    // Columns with the least room to spare first (a column that must take a star
    // in this row comes before any choice), random among equals.
    let slack = |c: usize| (n - r).div_ceil(2) as isize - (k - counts[c]) as isize;
    order.sort_by_key(|&c| slack(c));
    let mut picked = Vec::with_capacity(k);
    pick_row(n, k, rng, rows, counts, nodes, &order, 0, &mut picked)
}

/// Chooses the rest of this row's columns from `order[from..]`, then recurses into the next row.
#[allow(clippy::too_many_arguments)]
fn pick_row(
    n: usize,
    k: usize,
    rng: &mut Rng,
    rows: &mut Vec<Vec<usize>>,
    counts: &mut [usize],
    nodes: &mut usize,
    order: &[usize],
    from: usize,
    picked: &mut Vec<usize>,
) -> bool {
    *nodes += 1;
    if *nodes > PLACE_NODES {
        return false;
    }
    if picked.len() == k {
        // Every column must still be able to get its k stars: with `left` rows to
        // go, no two of them adjacent, and not the next row if this one has a star.
        // Two neighbouring columns too: each pair of rows gives them one 2×2 block,
        // so at most one star between them (without this, 20×20 5★ never places).
        let left = n - rows.len() - 1;
        let need = |c: usize| k - counts[c] - usize::from(picked.contains(&c));
        let room = |here: bool| if here { left / 2 } else { left.div_ceil(2) };
        let feasible = (0..n).all(|c| need(c) <= room(picked.contains(&c)))
            && (1..n).all(|c| need(c - 1) + need(c) <= room(picked.contains(&c) || picked.contains(&(c - 1))));
        if !feasible {
            return false;
        }
        let mut row = picked.clone();
        row.sort_unstable();
        for &c in &row {
            counts[c] += 1;
        }
        rows.push(row);
        if place_rows(n, k, rng, rows, counts, nodes) {
            return true;
        }
        for &c in &rows.pop().expect("pushed above") {
            counts[c] -= 1;
        }
        return false;
    }
    for i in from..order.len() {
        let c = order[i];
        if picked.iter().any(|&p| p.abs_diff(c) <= 1) {
            continue;
        }
        picked.push(c);
        if pick_row(n, k, rng, rows, counts, nodes, order, i + 1, picked) {
            return true;
        }
        picked.pop();
        if *nodes > PLACE_NODES {
            return false;
        }
    }
    false
}

/// How region sizes are spread, as fractions of the board at evenly spaced ranks,
/// smallest first; a board's targets are read off this curve.
///
/// Queens: the mean sorted region sizes of the 9×9 daily levels (divided by 81):
/// one large region of about a third of the board, the rest growing gently.
/// Star Battle (K ≥ 2): the mean of the 17×17 4★ corpus boards, much flatter
/// (every region must hold K stars apart).
const QUEENS_PROFILE: [f64; 9] = [0.036, 0.047, 0.056, 0.065, 0.078, 0.091, 0.117, 0.167, 0.343];
const STARS_PROFILE: [f64; 17] = [
    0.031, 0.035, 0.038, 0.041, 0.042, 0.045, 0.048, 0.050, 0.053, 0.055, 0.058, 0.060, 0.064, 0.068, 0.075, 0.088,
    0.149,
];

/// Target sizes for the `n` regions, in cells, summing to `n * n`, in a random
/// order, each jittered by up to ±`jitter` percent.
fn targets(n: usize, k: usize, jitter: usize, rng: &mut Rng) -> Vec<usize> {
    let profile: &[f64] = if k == 1 { &QUEENS_PROFILE } else { &STARS_PROFILE };
    let at = |u: f64| {
        let x = u * (profile.len() - 1) as f64;
        let i = (x as usize).min(profile.len() - 2);
        profile[i] + (profile[i + 1] - profile[i]) * (x - i as f64)
    };
    let raw: Vec<f64> = (0..n)
        .map(|i| {
            let u = if n == 1 { 1.0 } else { i as f64 / (n - 1) as f64 };
            let wobble = 100 + rng.below(2 * jitter + 1) - jitter;
            at(u) * wobble as f64
        })
        .collect();
    let total: f64 = raw.iter().sum();
    let cells = (n * n) as f64;
    let mut sizes: Vec<usize> = raw.iter().map(|w| ((w / total * cells).round() as usize).max(k)).collect();
    rng.shuffle(&mut sizes);
    sizes
}

/// Regions grown around `stars` (k per row and column): each region gets k stars
/// that lie close together, joined by a path, then all regions grow one random
/// frontier cell at a time toward their target sizes. `None` when the stars
/// could not be joined (a rare dead end; the caller tries another placement).
pub fn grow(n: usize, k: usize, stars: &[usize], rng: &mut Rng) -> Option<Vec<usize>> {
    // Joining k stars can be cut off by another region's path: a few fresh tries,
    // then the tiles way (which cannot be cut off, but tries are random too).
    let mut label = (0..10)
        .find_map(|_| join_groups(n, k, stars, rng))
        .or_else(|| (0..10).find_map(|_| tile_groups(n, k, stars, rng)))?;
    let targets = targets(n, k, 30, rng);
    let mut size: Vec<usize> = (0..n).map(|g| label.iter().filter(|&&l| l == g).count()).collect();
    let mut left = label.iter().filter(|&&l| l == usize::MAX).count();
    let mut frontier: Vec<Vec<usize>> = vec![Vec::new(); n];
    while left > 0 {
        for (g, f) in frontier.iter_mut().enumerate() {
            f.clear();
            f.extend((0..n * n).filter(|&i| label[i] == usize::MAX && neighbours(n, i).any(|j| label[j] == g)));
        }
        let open: Vec<usize> = (0..n).map(|g| usize::from(!frontier[g].is_empty())).collect();
        // Below target: grow in proportion to what is missing; all at target: fill the holes.
        let need: Vec<usize> = (0..n).map(|g| open[g] * targets[g].saturating_sub(size[g])).collect();
        let g = rng.weighted(&need).or_else(|| rng.weighted(&open)).expect("unlabelled cells touch some region");
        // A few cells per scan: the frontier is rebuilt less often, the shapes stay random.
        for _ in 0..3 {
            let f = &frontier[g];
            let i = f[rng.below(f.len())];
            if label[i] != usize::MAX {
                break;
            }
            label[i] = g;
            size[g] += 1;
            left -= 1;
            if left == 0 || size[g] >= targets[g] {
                break;
            }
        }
    }
    // A region walled in early stays at a cell or two, which the game's boards
    // rarely have: it takes cells from its neighbours, up to its target or K + 2.
    let star_at: Vec<bool> = (0..n * n).map(|i| stars.contains(&i)).collect();
    for g in 0..n {
        while size[g] < targets[g].min(k + 2) {
            let mut edge: Vec<usize> = (0..n * n)
                .filter(|&i| label[i] != g && !star_at[i] && size[label[i]] > k + 2)
                .filter(|&i| neighbours(n, i).any(|j| label[j] == g))
                .collect();
            rng.shuffle(&mut edge);
            let Some(i) = edge.into_iter().find(|&i| connected_without(n, &label, label[i], i)) else { break };
            size[label[i]] -= 1;
            label[i] = g;
            size[g] += 1;
        }
    }
    Some(label)
}

/// Labels each region's k stars (each with its nearest ungrouped stars) and a
/// path joining them; `None` when some path was cut off.
fn join_groups(n: usize, k: usize, stars: &[usize], rng: &mut Rng) -> Option<Vec<usize>> {
    let mut label = vec![usize::MAX; n * n];
    let star_at: Vec<bool> = (0..n * n).map(|i| stars.contains(&i)).collect();
    let mut order = stars.to_vec();
    rng.shuffle(&mut order);
    let mut grouped = vec![false; n * n];
    let mut groups: Vec<Vec<usize>> = Vec::with_capacity(n);
    for &s in &order {
        if grouped[s] {
            continue;
        }
        grouped[s] = true;
        let mut group = vec![s];
        while group.len() < k {
            let near = order
                .iter()
                .copied()
                .filter(|&t| !grouped[t])
                .min_by_key(|&t| group.iter().map(|&g| distance(n, g, t)).min().unwrap_or(0))?;
            grouped[near] = true;
            group.push(near);
        }
        groups.push(group);
    }
    // Short joins first, over all regions: a long path laid early walls off others.
    let mut joins: Vec<(usize, usize, usize)> = Vec::new();
    for (g, group) in groups.iter().enumerate() {
        label[group[0]] = g;
        for (j, &s) in group.iter().enumerate().skip(1) {
            let d = group[..j].iter().map(|&t| distance(n, s, t)).min().unwrap_or(0);
            joins.push((d, g, s));
        }
    }
    joins.sort_by_key(|&(d, _, _)| d);
    for (_, g, s) in joins {
        join(n, &mut label, &star_at, g, s, rng)?;
    }
    Some(label)
}

/// Labels each region's k stars and paths joining them, the dense boards' way
/// (17×17 4★ and up, where the paths of [`join_groups`] wall each other off):
/// every star first claims the cells nearest to it (a breadth-first race, random
/// tie order), the tiles are shared out into `n` connected sets of `k` (the tile
/// with the fewest free neighbours first, so none is left stranded), and each
/// region keeps only shortest paths inside its own tiles. `None` when the sharing
/// out got stuck.
fn tile_groups(n: usize, k: usize, stars: &[usize], rng: &mut Rng) -> Option<Vec<usize>> {
    let mut tile = vec![usize::MAX; n * n];
    let mut queue: std::collections::VecDeque<usize> = std::collections::VecDeque::new();
    for (t, &s) in stars.iter().enumerate() {
        tile[s] = t;
        queue.push_back(s);
    }
    while let Some(i) = queue.pop_front() {
        let mut next: Vec<usize> = neighbours(n, i).filter(|&j| tile[j] == usize::MAX).collect();
        rng.shuffle(&mut next);
        for j in next {
            tile[j] = tile[i];
            queue.push_back(j);
        }
    }
    let tiles = stars.len();
    let mut adjacent = vec![Vec::new(); tiles];
    for i in 0..n * n {
        for j in neighbours(n, i) {
            if tile[i] != tile[j] && !adjacent[tile[i]].contains(&tile[j]) {
                adjacent[tile[i]].push(tile[j]);
            }
        }
    }
    let mut group = vec![usize::MAX; tiles];
    let free_around = |t: usize, group: &[usize]| adjacent[t].iter().filter(|&&u| group[u] == usize::MAX).count();
    for g in 0..n {
        let mut order: Vec<usize> = (0..tiles).filter(|&t| group[t] == usize::MAX).collect();
        rng.shuffle(&mut order);
        let first = *order.iter().min_by_key(|&&t| free_around(t, &group))?;
        group[first] = g;
        for _ in 1..k {
            let mut next: Vec<usize> =
                (0..tiles).filter(|&t| group[t] == usize::MAX && adjacent[t].iter().any(|&u| group[u] == g)).collect();
            rng.shuffle(&mut next);
            let pick = *next.iter().min_by_key(|&&t| free_around(t, &group))?;
            group[pick] = g;
        }
    }
    // Inside each region's tiles, shortest paths from its first star to the others.
    let mut label = vec![usize::MAX; n * n];
    // Its own stars may lie on a path (a star can hold its tile together); the
    // other regions' cells, stars included, are walls.
    let no_stars = vec![false; n * n];
    let mut inside: Vec<bool> = vec![false; n * n];
    for g in 0..n {
        let mine: Vec<usize> = (0..tiles).filter(|&t| group[t] == g).collect();
        for i in 0..n * n {
            inside[i] = group[tile[i]] == g;
        }
        label[stars[mine[0]]] = g;
        for &t in &mine[1..] {
            if label[stars[t]] == g {
                continue; // already on the path to another of its stars
            }
            // Other regions' cells are walls here: mark them taken for the search.
            let mut walled = label.clone();
            for i in 0..n * n {
                if !inside[i] && walled[i] == usize::MAX {
                    walled[i] = usize::MAX - 1;
                }
            }
            join(n, &mut walled, &no_stars, g, stars[t], rng)?;
            for i in 0..n * n {
                if walled[i] == g {
                    label[i] = g;
                }
            }
        }
    }
    Some(label)
}

/// Chebyshev distance between two cells.
fn distance(n: usize, a: usize, b: usize) -> usize {
    (a / n).abs_diff(b / n).max((a % n).abs_diff(b % n))
}

/// The 4-neighbours of cell `i`.
pub fn neighbours(n: usize, i: usize) -> impl Iterator<Item = usize> {
    let (r, c) = (i / n, i % n);
    [(r > 0).then(|| i - n), (r + 1 < n).then(|| i + n), (c > 0).then(|| i - 1), (c + 1 < n).then(|| i + 1)]
        .into_iter()
        .flatten()
}

/// Labels a shortest path (breadth first, random tie order) from region `g` to the
/// star `target` through free cells without stars; `None` when there is none.
fn join(n: usize, label: &mut [usize], star_at: &[bool], g: usize, target: usize, rng: &mut Rng) -> Option<()> {
    let mut from = vec![usize::MAX; n * n];
    let mut queue: std::collections::VecDeque<usize> = (0..n * n).filter(|&i| label[i] == g).collect();
    let mut start: Vec<usize> = queue.drain(..).collect();
    rng.shuffle(&mut start);
    queue.extend(start.iter().copied());
    for &s in &start {
        from[s] = s;
    }
    while let Some(i) = queue.pop_front() {
        let mut next: Vec<usize> = neighbours(n, i).collect();
        rng.shuffle(&mut next);
        for j in next {
            if from[j] != usize::MAX || label[j] != usize::MAX {
                continue;
            }
            if j == target {
                let mut at = i;
                label[j] = g;
                while label[at] != g {
                    label[at] = g;
                    at = from[at];
                }
                return Some(());
            }
            if !star_at[j] {
                from[j] = i;
                queue.push_back(j);
            }
        }
    }
    None
}

/// True when region `g` stays one 4-connected piece without cell `without`.
pub(crate) fn connected_without(n: usize, label: &[usize], g: usize, without: usize) -> bool {
    let total = label.iter().filter(|&&l| l == g).count() - usize::from(label[without] == g);
    let Some(start) = (0..n * n).find(|&i| label[i] == g && i != without) else { return total == 0 };
    let mut seen = vec![false; n * n];
    seen[start] = true;
    let mut stack = vec![start];
    let mut reached = 1;
    while let Some(i) = stack.pop() {
        for j in neighbours(n, i) {
            if !seen[j] && j != without && label[j] == g {
                seen[j] = true;
                reached += 1;
                stack.push(j);
            }
        }
    }
    reached == total
}

/// The moves of cell `i` to a neighbouring region that keep its own region in
/// one piece: the regions it may join.
pub(crate) fn moves_of(n: usize, label: &[usize], i: usize) -> Vec<usize> {
    let own = label[i];
    let mut to: Vec<usize> = neighbours(n, i).map(|j| label[j]).filter(|&l| l != own).collect();
    to.sort_unstable();
    to.dedup();
    if to.is_empty() || !connected_without(n, label, own, i) {
        return Vec::new();
    }
    to
}

/// The `count` regions with the fewest cells (the lower label first among equals).
pub fn smallest(n: usize, label: &[usize], count: usize) -> Vec<usize> {
    let mut size = vec![0usize; n];
    label.iter().for_each(|&l| size[l] += 1);
    let mut order: Vec<usize> = (0..n).collect();
    order.sort_by_key(|&g| (size[g], g));
    order.truncate(count);
    order
}

/// The labels as a [`Regions`] (canonical letters).
pub fn regions(n: usize, label: &[usize]) -> Regions {
    Regions::from_labels(n, label).expect("n * n labels")
}

/// Cell indices as a [`Placement`].
pub fn placement(n: usize, cells: &[usize]) -> Placement {
    Placement::new(cells.iter().map(|&i| Cell::new(i / n, i % n)).collect())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::check;
    use crate::puzzle::partition::{self, Pieces};

    #[test]
    fn placements_follow_the_rules_and_regions_hold_k_stars_each() {
        for (n, k) in [(5, 1), (9, 1), (10, 2), (14, 3), (17, 4), (21, 5), (25, 6)] {
            for seed in 0..3 {
                let mut rng = Rng::new(seed);
                let stars =
                    place(n, k, &mut rng).unwrap_or_else(|| panic!("a placement for {n}x{n} {k}-star seed {seed}"));
                assert_eq!(stars.len(), n * k);
                let label =
                    grow(n, k, &stars, &mut rng).unwrap_or_else(|| panic!("regions for {n}x{n} {k}-star seed {seed}"));
                let regions = regions(n, &label);
                partition::check(&regions, Pieces::Connected).unwrap();
                check::check(&regions, k, &placement(n, &stars)).unwrap();
            }
        }
    }

    #[test]
    fn a_move_never_splits_the_region_it_leaves() {
        // A 1×3 bar of region 0 in the middle row: its middle cell holds it together.
        let label = vec![1, 1, 1, 0, 0, 0, 2, 2, 2];
        assert!(moves_of(3, &label, 4).is_empty());
        assert_eq!(moves_of(3, &label, 3), vec![1, 2]);
    }
}
