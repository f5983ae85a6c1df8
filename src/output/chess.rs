//! The chess-queens report for people and for JSON (the model is `solve::chess`).

use std::fmt::Write as _;

use serde::Serialize;

use crate::solve::chess::ChessReport;

/// The JSON shape of a report; field order is the key order.
#[derive(Serialize)]
struct ReportJson {
    n: usize,
    lb: usize,
    ub: usize,
    /// An `f64`, so serde_json always writes it with a decimal point (`4.0`).
    lp: f64,
    milp: usize,
    heuristic: Vec<[usize; 2]>,
    queens: Vec<[usize; 2]>,
}

/// The report as one JSON object:
/// `{"n":4,"lb":3,"ub":4,"lp":4.0,"milp":4,"heuristic":[[r,c],...],"queens":[[r,c],...]}`
/// with 0-based cells and exactly these keys, in this order.
pub fn to_json(r: &ChessReport) -> String {
    let cells = |v: &[(usize, usize)]| v.iter().map(|&(i, j)| [i, j]).collect();
    let json = ReportJson {
        n: r.n,
        lb: r.lb,
        ub: r.ub,
        lp: r.lp,
        milp: r.milp,
        heuristic: cells(&r.heuristic),
        queens: cells(&r.queens),
    };
    serde_json::to_string(&json).expect("a report of numbers always serializes")
}

/// The report for people: the bounds table (`LB | UB | z(LP) | z(MILP)` and one
/// row of values), then the heuristic board, then the optimal board (`Q` / `.`).
pub fn to_table(r: &ChessReport) -> String {
    let headers = ["LB", "UB", "z(LP)", "z(MILP)"];
    let values = [r.lb.to_string(), r.ub.to_string(), format!("{:?}", r.lp), r.milp.to_string()];
    // Each column as wide as the wider of its header and its value, so they line up.
    let widths: Vec<usize> = headers.iter().zip(&values).map(|(h, v)| h.len().max(v.len())).collect();
    let row =
        |cells: &[&str]| cells.iter().zip(&widths).map(|(c, &w)| format!("{c:>w$}")).collect::<Vec<_>>().join(" | ");
    let mut out = String::new();
    let _ = writeln!(out, "{}", row(&headers));
    let _ = writeln!(out, "{}", row(&values.iter().map(String::as_str).collect::<Vec<_>>()));
    let _ = writeln!(out, "\nheuristic ({} pieces):", r.lb);
    out.push_str(&board(r.n, &r.heuristic));
    let _ = writeln!(out, "\noptimal ({} pieces):", r.milp);
    out.push_str(&board(r.n, &r.queens));
    out
}

/// An n×n board with `Q` on the given squares and `.` elsewhere, one line per row.
fn board(n: usize, cells: &[(usize, usize)]) -> String {
    let mut out = String::new();
    for i in 0..n {
        let row: Vec<&str> = (0..n).map(|j| if cells.contains(&(i, j)) { "Q" } else { "." }).collect();
        let _ = writeln!(out, "{}", row.join(" "));
    }
    out
}
