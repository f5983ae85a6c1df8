#!/usr/bin/env python3
"""The issue's PySAT anchor on this machine, beside `queens` in the same run: per
Star Battle board, PySAT (Glucose 4 by default) on the plain encoding (binary "no
touching" clauses, PySAT's CardEnc.equals with its sequential counter per row,
column and region), solve plus the blocking-clause proof, timed in-process after the
clauses are built; then `queens solve --json --stars K --engine sat` (its
`ms.solve`: building the clauses and the theory, solve and proof). Each board
three times, the two alternated, the fastest of each kept. Median and max ms per
(N, K), their ratio, and every board on which queens is the slower (at least the
three closest boards).

Needs `pip install python-sat`. Run from the project root after `cargo build --release`:
    python3 scripts/pysat-anchor.py [SOLVER] [--also DIR]...
Boards: ../shared/corpus/starbattle, ../shared/corpus/starbattle-packs, tests/data/starbattle,
and every text puzzle of each DIR given with --also (boards made by `queens generate
--size 15 --stars 3`, say: each says its K in its `# stars:` line).
"""
import json, os, statistics, subprocess, sys, tempfile, time
from collections import defaultdict
from pysat.card import CardEnc, EncType
from pysat.solvers import Solver

args = sys.argv[1:]
also = [args[i + 1] for i, a in enumerate(args) if a == "--also" and i + 1 < len(args)]
plain = [a for i, a in enumerate(args) if a != "--also" and (i == 0 or args[i - 1] != "--also")]
name = plain[0] if plain else "glucose4"
boards = []
for d in also:
    for f in sorted(os.listdir(d)):
        if f.endswith(".txt"):
            text = open(os.path.join(d, f)).read().splitlines()
            k = next(int(l.split(":")[1]) for l in text if l.startswith("# stars:"))
            rows = [l.strip() for l in text if l.strip() and not l.startswith("#")]
            boards.append((len(rows), k, rows))
for path in ["../shared/corpus/starbattle/manifest.json", "../shared/corpus/starbattle-packs/manifest.json",
             "tests/data/starbattle/manifest.json"]:
    if os.path.exists(path):
        boards += [(e["n"], e["stars"], e["regions"]) for e in json.load(open(path)) if e["stars"] >= 2]

def pysat_ms(n, k, rows):
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
    t = time.perf_counter()
    with Solver(name=name, bootstrap_with=clauses) as s:
        assert s.solve()
        model = s.get_model()
        s.add_clause([-x for x in model[:n * n] if x > 0])
        assert not s.solve()
    return (time.perf_counter() - t) * 1e3

times = defaultdict(lambda: ([], []))
ratios = []
with tempfile.TemporaryDirectory() as tmp:
    for i, (n, k, rows) in enumerate(boards):
        f = os.path.join(tmp, f"{i}.txt")
        open(f, "w").write("\n".join(rows) + "\n")
        p, q = [], []
        for _ in range(3):
            p.append(pysat_ms(n, k, rows))
            out = subprocess.run(["target/release/queens", "solve", "--json", "-q", "--no-image", "--stars", str(k),
                                  "--engine", "sat", f], capture_output=True, text=True).stdout
            q.append(json.loads(out)["ms"]["solve"])
        times[(n, k)][0].append(min(p))
        times[(n, k)][1].append(min(q))
        ratios.append((min(q) / min(p), n, k, "".join(rows)[:12], min(p), min(q)))
print(f"| N | K | boards | PySAT {name} median / max ms | queens sat median / max ms | PySAT ÷ queens (medians / maxima) |")
print("|---|---|---|---|---|---|")
med = statistics.median
for (n, k), (p, q) in sorted(times.items()):
    print(f"| {n} | {k} | {len(p)} | {med(p):.1f} / {max(p):.1f} | {med(q):.1f} / {max(q):.1f} | {med(p) / med(q):.1f} / {max(p) / max(q):.1f} |")
ratios.sort(reverse=True)
slower = [r for r in ratios if r[0] > 1]
print(f"\n{len(slower)} of {len(boards)} boards slower than PySAT; those, or at least the three closest:")
for r, n, k, start, p, q in ratios[:max(3, len(slower))]:
    print(f"- {n}x{n} {k}★ (map starting {start}): PySAT {p:.1f} ms, queens {q:.1f} ms ({r:.2f}×)")
