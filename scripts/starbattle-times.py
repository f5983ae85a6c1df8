#!/usr/bin/env python3
"""Star Battle solve timings from `queens solve --json --no-logic` per board
(no presolve, so no difficulty either: the explanation is timed apart), for
--engine sat and --engine milp in the same run, median and max of ms.solve
(solve plus uniqueness proof) per (N, K), and their ratio. MILP runs on the
boards of corpus/starbattle and tests/data only (on the packs' 21x21 and 25x25
boards it takes minutes); the packs get SAT alone.

Run from the project root after `cargo build --release`:
    python3 scripts/starbattle-times.py [MILP_TIME_LIMIT_SECS]
With BEFORE=path/to/another/queens, that build's --engine sat is timed too, board by
board right after this one's, and the table gains its median / max and the ratio.
Boards: ../shared/corpus/starbattle, ../shared/corpus/starbattle-packs, tests/data/starbattle.
"""
import json, os, statistics, subprocess, sys, tempfile
from collections import defaultdict

limit = sys.argv[1] if len(sys.argv) > 1 else "30"
before = os.environ.get("BEFORE")
boards = []
for path in ["../shared/corpus/starbattle/manifest.json", "../shared/corpus/starbattle-packs/manifest.json",
             "tests/data/starbattle/manifest.json"]:
    if os.path.exists(path):
        boards += [(e["n"], e["stars"], e["regions"], "packs" not in path) for e in json.load(open(path)) if e["stars"] >= 2]
times = defaultdict(lambda: defaultdict(list))
with tempfile.TemporaryDirectory() as tmp:
    for i, (n, k, rows, milp) in enumerate(boards):
        f = os.path.join(tmp, f"{i}.txt")
        open(f, "w").write("\n".join(rows) + "\n")
        runs = [("sat", "target/release/queens")] + ([("before", before)] if before else [])
        runs += [("milp", "target/release/queens")] if milp else []
        for engine, binary in runs:
            out = subprocess.run([binary, "solve", "--json", "-q", "--no-image", "--no-logic", "--stars", str(k),
                                  "--engine", "sat" if engine == "before" else engine, "--time-limit", limit, f], capture_output=True, text=True).stdout
            rec = json.loads(out)
            times[(n, k)][engine].append(rec["ms"]["solve"] if rec["ok"] else float("inf"))
            times[(n, k)][engine + "-total"].append(rec["ms"]["total"])
extra = (" before: sat median / max ms | before ÷ sat (sums) |", "---|---|") if before else ("", "")
print("| N | K | boards | sat median / max ms | milp median / max ms | milp ÷ sat (medians) | sat ms.total median / max ms |" + extra[0])
print("|---|---|---|---|---|---|---|" + extra[1])
for (n, k), t in sorted(times.items()):
    s, m = t["sat"], t["milp"] or [float("nan")]
    med = lambda v: statistics.median(v)
    fmt = lambda v: "timeout" if v == float("inf") else "–" if v != v else f"{v:.1f}"
    print(f"| {n} | {k} | {len(s)} | {fmt(med(s))} / {fmt(max(s))} | {fmt(med(m))} / {fmt(max(m))} | "
          f"{med(m) / med(s):.1f} | {med(t['sat-total']):.0f} / {max(t['sat-total']):.0f} |".replace("nan", "–")
          + (f" {fmt(med(t['before']))} / {fmt(max(t['before']))} | {sum(t['before']) / sum(s):.2f} |" if before else ""))
