#!/usr/bin/env python3
"""The issue's PySAT anchor on this machine, beside `queens` in the same run, board by
board: PySAT (Glucose 4 by default) on the plain encoding (binary "no touching"
clauses, PySAT's CardEnc.equals with its sequential counter per row, column and
region), solve plus the blocking-clause proof.

Two modes:
- in-process (the default): PySAT timed in this process after the clauses are
  built, beside `queens solve --json --stars K --engine sat`'s `ms.solve` (building
  the clauses and the theory, solve and proof).
- `--process`: whole processes, as a user meets them: `python3 THIS --solve FILE K`
  (start-up, import, reading, encoding, solve and proof, printing the stars) beside
  `queens solve --json -q --no-image --stars K FILE` (no `--grade`), each timed
  from spawn to exit; `queens`'s own `ms.total` and `ms.solve` are kept too.

Each board `--runs` times (default 3), the two alternated, the fastest of each kept.
Prints per (N, K) the median and max ms and their ratios, every board on which queens
is the slower (at least the three closest boards), and queens's three slowest boards.

Needs `pip install python-sat`. Run from the project root after `cargo build --release`:
    python3 scripts/pysat-anchor.py [SOLVER] [--process] [--runs R] [--only] [--boards] [--also DIR]...
With `--boards`, every board's own line follows the summary: its group, PySAT's and
queens's time and their ratio, the slowest for queens first in each group.
Boards: ../shared/corpus/starbattle, ../shared/corpus/starbattle-packs, tests/data/starbattle
(not with `--only`), and every text puzzle of each DIR given with --also (boards made
by `cargo run --release --example unique_boards -- DIR 15 3 COUNT`, or by `queens
generate --size 15 --stars 3`: each says its K in its `# stars:` line).
"""
import json, os, statistics, subprocess, sys, tempfile, time
from collections import defaultdict
from pysat.card import CardEnc, EncType
from pysat.solvers import Solver

QUEENS = "target/release/queens"


def clauses_of(n, k, rows):
    """The plain encoding: cell (r, c) is variable r·n + c + 1."""
    v = lambda r, c: r * n + c + 1
    clauses = []
    for r in range(n):
        for c in range(n):
            for dr, dc in [(0, 1), (1, -1), (1, 0), (1, 1)]:
                if 0 <= r + dr < n and 0 <= c + dc < n:
                    clauses.append([-v(r, c), -v(r + dr, c + dc)])
    units = [[v(r, c) for c in range(n)] for r in range(n)] + [[v(r, c) for r in range(n)] for c in range(n)]
    regions = {}
    for r in range(n):
        for c in range(n):
            regions.setdefault(rows[r][c], []).append(v(r, c))
    top = n * n
    for u in units + list(regions.values()):
        enc = CardEnc.equals(lits=u, bound=k, top_id=top, encoding=EncType.seqcounter)
        clauses += enc.clauses
        top = max(top, enc.nv)
    return clauses


def solve_and_prove(name, n, clauses):
    """The stars of the one solution (asserted unique), and the solve's ms."""
    t = time.perf_counter()
    with Solver(name=name, bootstrap_with=clauses) as s:
        assert s.solve()
        model = s.get_model()
        stars = [x for x in model[:n * n] if x > 0]
        s.add_clause([-x for x in stars])
        assert not s.solve()
    return stars, (time.perf_counter() - t) * 1e3


def read_board(path):
    text = open(path).read().splitlines()
    k = next((int(l.split(":")[1]) for l in text if l.startswith("# stars:")), None)
    rows = [l.strip() for l in text if l.strip() and not l.startswith("#")]
    return len(rows), k, rows


if len(sys.argv) >= 2 and sys.argv[1] == "--solve":
    # One whole PySAT process: `--solve FILE K [SOLVER]`.
    n, _, rows = read_board(sys.argv[2])
    stars, _ = solve_and_prove(sys.argv[4] if len(sys.argv) > 4 else "glucose4", n, clauses_of(n, int(sys.argv[3]), rows))
    print(json.dumps([[(x - 1) // n, (x - 1) % n] for x in stars]))
    sys.exit(0)

args = sys.argv[1:]
also = [args[i + 1] for i, a in enumerate(args) if a == "--also" and i + 1 < len(args)]
runs = next((int(args[i + 1]) for i, a in enumerate(args) if a == "--runs" and i + 1 < len(args)), 3)
process = "--process" in args
takes_value = {"--also", "--runs"}
plain = [a for i, a in enumerate(args) if not a.startswith("--") and (i == 0 or args[i - 1] not in takes_value)]
name = plain[0] if plain else "glucose4"

boards = []  # (name, n, k, rows)
for d in also:
    for f in sorted(os.listdir(d)):
        if f.endswith(".txt"):
            n, k, rows = read_board(os.path.join(d, f))
            boards.append((f, n, k, rows))
if "--only" not in args:
    for path in ["../shared/corpus/starbattle/manifest.json", "../shared/corpus/starbattle-packs/manifest.json",
                 "tests/data/starbattle/manifest.json"]:
        if os.path.exists(path):
            where = "/".join(path.split("/")[-3:-1])  # corpus/starbattle, data/starbattle, …
            boards += [(f"{where}/{e.get('file') or e.get('id')}", e["n"], e["stars"], e["regions"])
                       for e in json.load(open(path)) if e["stars"] >= 2]


def queens_run(f, k, whole):
    """`queens` on one board: (its time, its record)."""
    cmd = [QUEENS, "solve", "--json", "-q", "--no-image", "--stars", str(k)]
    if not whole:
        cmd += ["--engine", "sat"]
    t = time.perf_counter()
    out = subprocess.run(cmd + [f], capture_output=True, text=True).stdout
    took = (time.perf_counter() - t) * 1e3
    rec = json.loads(out)
    assert rec["ok"], f"queens did not solve {f}: {rec['error']}"
    return (took if whole else rec["ms"]["solve"]), rec


def pysat_run(f, n, k, rows, whole):
    if not whole:
        return solve_and_prove(name, n, clauses_of(n, k, rows))
    t = time.perf_counter()
    out = subprocess.run([sys.executable, __file__, "--solve", f, str(k), name], capture_output=True, text=True)
    took = (time.perf_counter() - t) * 1e3
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout), took


times = defaultdict(lambda: ([], [], [], []))  # per (n, k): pysat, queens, ms.total, ms.solve
per_board = []
with tempfile.TemporaryDirectory() as tmp:
    for i, (board, n, k, rows) in enumerate(boards):
        f = os.path.join(tmp, f"{i}.txt")
        open(f, "w").write("\n".join(rows) + "\n")
        p, q, total, solve = [], [], [], []
        for _ in range(runs):
            stars, took = pysat_run(f, n, k, rows, process)
            p.append(took)
            took, rec = queens_run(f, k, process)
            q.append(took)
            total.append(rec["ms"]["total"])
            solve.append(rec["ms"]["solve"])
            theirs = sorted([(x - 1) // n, (x - 1) % n] for x in stars) if not process else sorted(stars)
            assert sorted(rec["queens"]) == theirs, f"{board}: queens and PySAT disagree"
        t = times[(n, k)]
        for into, values in zip(t, (p, q, total, solve)):
            into.append(min(values))
        per_board.append((min(q) / min(p), board, n, k, min(p), min(q)))

med = statistics.median
what = "whole process" if process else "in-process solve + proof"
print(f"{what}, {len(boards)} boards, fastest of {runs} alternated runs each\n")
if process:
    print(f"| N | K | boards | PySAT {name} process median / max ms | queens process median / max ms "
          "| PySAT ÷ queens (medians / maxima) | queens ms.total − ms.solve median / max |")
    print("|---|---|---|---|---|---|---|")
else:
    print(f"| N | K | boards | PySAT {name} median / max ms | queens sat median / max ms "
          "| PySAT ÷ queens (medians / maxima) |")
    print("|---|---|---|---|---|---|")
for (n, k), (p, q, total, solve) in sorted(times.items()):
    row = (f"| {n} | {k} | {len(p)} | {med(p):.1f} / {max(p):.1f} | {med(q):.1f} / {max(q):.1f} "
           f"| {med(p) / med(q):.1f} / {max(p) / max(q):.1f} |")
    if process:
        gap = [a - b for a, b in zip(total, solve)]
        row += f" {med(gap):.2f} / {max(gap):.2f} |"
    print(row)
per_board.sort(reverse=True)
slower = [b for b in per_board if b[0] > 1]
print(f"\n{len(slower)} of {len(boards)} boards slower than PySAT; those, or at least the three closest:")
for r, board, n, k, p, q in per_board[:max(3, len(slower))]:
    print(f"- {board} ({n}x{n} {k}★): PySAT {p:.1f} ms, queens {q:.1f} ms ({r:.2f}×)")
print("\nqueens's three slowest boards:")
for r, board, n, k, p, q in sorted(per_board, key=lambda b: -b[5])[:3]:
    print(f"- {board} ({n}x{n} {k}★): queens {q:.1f} ms, PySAT {p:.1f} ms ({r:.2f}×)")
if "--boards" in args:
    print(f"\n| board | N | K | PySAT {name} ms | queens ms | queens ÷ PySAT |")
    print("|---|---|---|---|---|---|")
    for r, board, n, k, p, q in sorted(per_board, key=lambda b: (b[2], b[3], -b[5])):
        print(f"| {board} | {n} | {k} | {p:.1f} | {q:.1f} | {r:.2f} |")
