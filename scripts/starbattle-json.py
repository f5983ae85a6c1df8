#!/usr/bin/env python3
"""Whole-process Star Battle timings with the difficulty: `queens solve --json --stars K`
per board (engine auto, presolve on, the explanation behind `difficulty` included),
median and max of ms.solve, ms.explain and ms.total per (N, K), and the ratio of the
whole process to ms.solve (the issue asks for at most 1.5 on 17x17 4-star boards).

Run from the project root after `cargo build --release`:
    python3 scripts/starbattle-json.py
(`QUEENS=path/to/queens` times another build.)
Boards: ../shared/corpus/starbattle and ../shared/corpus/starbattle-packs (K >= 2).
"""
import json, os, statistics, subprocess, tempfile
from collections import defaultdict

boards = []
for path in ["../shared/corpus/starbattle/manifest.json", "../shared/corpus/starbattle-packs/manifest.json"]:
    if os.path.exists(path):
        boards += [(e["n"], e["stars"], e["regions"]) for e in json.load(open(path)) if e["stars"] >= 2]
times = defaultdict(list)
with tempfile.TemporaryDirectory() as tmp:
    for i, (n, k, rows) in enumerate(boards):
        f = os.path.join(tmp, f"{i}.txt")
        open(f, "w").write("\n".join(rows) + "\n")
        out = subprocess.run([os.environ.get("QUEENS", "target/release/queens"), "solve", "--json", "-q", "--no-image", "--stars", str(k), f],
                             capture_output=True, text=True).stdout
        rec = json.loads(out)
        ms = rec["ms"]
        times[(n, k)].append((ms["solve"], ms.get("explain", 0.0), ms["total"], rec.get("difficulty") is not None))
print("| N | K | boards | ms.solve median / max | ms.explain median / max | whole process median / max ms | whole ÷ solve median / max | graded |")
print("|---|---|---|---|---|---|---|---|")
med = statistics.median
for (n, k), v in sorted(times.items()):
    s, e, t = [x[0] for x in v], [x[1] for x in v], [x[2] for x in v]
    r = [x[2] / x[0] for x in v]
    print(f"| {n} | {k} | {len(v)} | {med(s):.1f} / {max(s):.1f} | {med(e):.1f} / {max(e):.1f} | "
          f"{med(t):.0f} / {max(t):.0f} | {med(r):.1f} / {max(r):.1f} | {sum(x[3] for x in v)} |")
