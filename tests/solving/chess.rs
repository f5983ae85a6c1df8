//! The chess-queens model: bounds, optima and placements for small boards, the
//! attack rule, the dual certificate and the JSON shape.

use std::time::Duration;

use queens::output::chess::{to_json, to_table};
use queens::solve::chess::*;

/// Generous: every board here solves in well under a second.
const LIMIT: Duration = Duration::from_secs(60);

fn no_two_attack(cells: &[(usize, usize)], piece: Piece) -> bool {
    cells.iter().enumerate().all(|(k, &a)| cells[k + 1..].iter().all(|&b| !attacks(a, b, piece)))
}

#[test]
fn four_by_four_reproduces_the_issue_table() {
    let r = solve(4, Piece::Queens, LIMIT).unwrap();
    assert_eq!(r.n, 4);
    assert_eq!(r.lb, 3);
    // 1-based (1,1), (2,3), (4,2) in the issue.
    assert_eq!(r.heuristic, vec![(0, 0), (1, 2), (3, 1)]);
    assert_eq!(r.ub, 4);
    assert!((r.lp - 4.0).abs() < 1e-6, "z(LP) = {}", r.lp);
    assert_eq!(r.milp, 4);
    assert_eq!(r.queens.len(), 4);
    assert!(no_two_attack(&r.queens, Piece::Queens));
}

#[test]
fn heuristic_on_four_by_four_leaves_row_three_empty() {
    assert_eq!(heuristic(4, Piece::Queens), vec![(0, 0), (1, 2), (3, 1)]);
}

#[test]
fn known_optima() {
    for (n, best) in [(1, 1), (2, 1), (3, 2), (5, 5), (6, 6), (8, 8)] {
        let r = solve(n, Piece::Queens, LIMIT).unwrap();
        assert_eq!(r.milp, best, "n = {n}");
        assert_eq!(r.queens.len(), best, "n = {n}");
    }
}

#[test]
fn rooks_on_four_by_four() {
    let r = solve(4, Piece::Rooks, LIMIT).unwrap();
    assert!((r.lp - 4.0).abs() < 1e-6, "z(LP) = {}", r.lp);
    assert_eq!(r.milp, 4);
    assert_eq!(r.ub, 4);
    // Rooks never block the greedy: it places one per row on the diagonal.
    assert_eq!(r.heuristic, vec![(0, 0), (1, 1), (2, 2), (3, 3)]);
    assert!(no_two_attack(&r.queens, Piece::Rooks));
}

#[test]
fn placements_are_valid_and_bounds_ordered_up_to_ten() {
    for piece in [Piece::Queens, Piece::Rooks] {
        for n in 1..=10 {
            let r = solve(n, piece, LIMIT).unwrap();
            assert_eq!(r.n, n);
            assert_eq!(r.queens.len(), r.milp, "{piece:?} n = {n}");
            assert_eq!(r.heuristic.len(), r.lb, "{piece:?} n = {n}");
            assert!(no_two_attack(&r.queens, piece), "{piece:?} n = {n}: {:?}", r.queens);
            assert!(no_two_attack(&r.heuristic, piece), "{piece:?} n = {n}: {:?}", r.heuristic);
            assert!(r.queens.iter().chain(&r.heuristic).all(|&(i, j)| i < n && j < n));
            assert!(r.queens.windows(2).all(|w| w[0] < w[1]), "queens sorted and distinct");
            assert!(r.heuristic.windows(2).all(|w| w[0] < w[1]), "heuristic sorted and distinct");
            assert!(r.lb <= r.milp && r.milp <= r.ub, "{piece:?} n = {n}: {r:?}");
            assert!(r.milp as f64 <= r.lp + 1e-6 && r.lp <= r.ub as f64 + 1e-6, "{piece:?} n = {n}: {r:?}");
            // The known optimum: n for n ≥ 4 (and for rooks always), 1 for n = 2, 2 for n = 3.
            let best = match (piece, n) {
                (Piece::Queens, 2) => 1,
                (Piece::Queens, 3) => 2,
                _ => n,
            };
            assert_eq!(r.milp, best, "{piece:?} n = {n}");
        }
    }
}

#[test]
fn json_for_four_by_four() {
    let r = solve(4, Piece::Queens, LIMIT).unwrap();
    let text = to_json(&r);
    assert!(text.contains("\"lp\":4.0"), "lp must print with a decimal point: {text}");
    let v: serde_json::Value = serde_json::from_str(&text).unwrap();
    let obj = v.as_object().unwrap();
    let keys: Vec<&str> = obj.keys().map(String::as_str).collect();
    let mut expected = vec!["n", "lb", "ub", "lp", "milp", "heuristic", "queens"];
    // serde_json's map sorts keys; the order on the wire is checked on the text below.
    let mut sorted = keys.clone();
    sorted.sort_unstable();
    expected.sort_unstable();
    assert_eq!(sorted, expected);
    let order: Vec<usize> = ["\"n\"", "\"lb\"", "\"ub\"", "\"lp\"", "\"milp\"", "\"heuristic\"", "\"queens\""]
        .iter()
        .map(|k| text.find(k).unwrap())
        .collect();
    assert!(order.windows(2).all(|w| w[0] < w[1]), "key order: {text}");
    assert_eq!(v["n"], 4);
    assert_eq!(v["lb"], 3);
    assert_eq!(v["ub"], 4);
    assert_eq!(v["lp"].as_f64(), Some(4.0));
    assert!(v["lp"].is_f64());
    assert_eq!(v["milp"], 4);
    assert_eq!(v["heuristic"], serde_json::json!([[0, 0], [1, 2], [3, 1]]));
    let queens: Vec<(usize, usize)> = serde_json::from_value(v["queens"].clone()).unwrap();
    assert_eq!(queens, r.queens);
    assert_eq!(queens.len(), 4);
    assert!(no_two_attack(&queens, Piece::Queens));
}

#[test]
fn table_for_four_by_four() {
    let r = solve(4, Piece::Queens, LIMIT).unwrap();
    let t = to_table(&r);
    let lines: Vec<&str> = t.lines().collect();
    assert_eq!(lines[0], "LB | UB | z(LP) | z(MILP)");
    let values: Vec<&str> = lines[1].split('|').map(str::trim).collect();
    assert_eq!(values, vec!["3", "4", "4.0", "4"]);
    // Two 4×4 boards: the heuristic's 3 queens, then the optimum's 4.
    let board_rows: Vec<&&str> =
        lines.iter().filter(|l| !l.is_empty() && l.chars().all(|c| "Q. ".contains(c))).collect();
    assert_eq!(board_rows.len(), 8);
    assert_eq!(board_rows[..4], [&"Q . . .", &". . Q .", &". . . .", &". Q . ."]);
    let optimal_q: usize = board_rows[4..].iter().map(|l| l.matches('Q').count()).sum();
    assert_eq!(optimal_q, 4);
    assert!(board_rows[4..].iter().all(|l| l.matches('Q').count() == 1));
}

#[test]
fn attack_rule() {
    let q = Piece::Queens;
    let r = Piece::Rooks;
    // Same row, same column.
    assert!(attacks((2, 0), (2, 7), q));
    assert!(attacks((0, 5), (6, 5), q));
    assert!(attacks((2, 0), (2, 7), r));
    assert!(attacks((0, 5), (6, 5), r));
    // Both diagonals, in both argument orders.
    assert!(attacks((1, 1), (4, 4), q));
    assert!(attacks((4, 4), (1, 1), q));
    assert!(attacks((0, 3), (3, 0), q));
    assert!(attacks((3, 0), (0, 3), q));
    // A knight's move is no attack for either piece.
    assert!(!attacks((0, 0), (1, 2), q));
    assert!(!attacks((3, 3), (1, 4), q));
    assert!(!attacks((0, 0), (1, 2), r));
    // Rooks ignore diagonals.
    assert!(!attacks((1, 1), (4, 4), r));
    assert!(!attacks((0, 3), (3, 0), r));
}

#[test]
fn dual_certificate_is_feasible_with_value_n() {
    for piece in [Piece::Queens, Piece::Rooks] {
        for n in [1, 2, 3, 4, 5, 8, 12, 30] {
            assert_eq!(dual_certificate(n, piece), Ok(n), "{piece:?} n = {n}");
        }
    }
}

#[test]
fn a_tiny_time_limit_is_an_error_not_a_wrong_answer() {
    // HiGHS may or may not finish 30 queens in a microsecond; either way the
    // answer is right or an error, never a sub-optimal "optimum".
    match solve(30, Piece::Queens, Duration::from_micros(1)) {
        Ok(r) => assert_eq!(r.milp, 30),
        Err(e) => assert_eq!(e.kind(), "solver"),
    }
}
