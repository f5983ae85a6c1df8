#!/usr/bin/env python3
"""Star Battle timings of the whole `queens solve --json --grade --stars K` per board
(engine auto, the explanation behind `difficulty` included), per (N, K): the
median and max of ms.solve, ms.explain, ms.total (the input inside the process) and of
the whole process as the shell sees it (wall clock from start to exit: start-up,
reading, solve beside the explanation, JSON, exit), and the ratios of ms.total and of
the whole process to ms.solve (the issue asks for at most 1.5 on 17x17 4-star boards).
Beside it, the whole process of the same solve without the grading (`solve --json`
without `--grade`, as a user runs it: the explanation never runs), and the
ratio of the two: what the grading adds to the whole process (and the ratio of that
process to ms.solve: what the process costs before any grading).

Each board runs RUNS times (3 by default); a board's figures are the medians of its
runs. The first lines are the start-up floor: the median wall clock of `queens --version`.

Run from the project root after `cargo build --release`:
    python3 scripts/starbattle-json.py
`QUEENS=path/to/queens` times another build; `BEFORE=path/to/old/queens` times a second
build in the same run, alternating with the first board by board, and adds its whole
process and ratio (a build that knows `--grade`). `ONLY=17` keeps the groups of that N.
Boards: ../shared/corpus/starbattle and ../shared/corpus/starbattle-packs (K >= 2).
"""
import json, os, statistics, subprocess, tempfile, time
from collections import defaultdict

med = statistics.median
queens = os.environ.get("QUEENS", "target/release/queens")
before = os.environ.get("BEFORE")
runs = int(os.environ.get("RUNS", "3"))
only = os.environ.get("ONLY")
builds = [queens] + ([before] if before else [])


def wall(cmd):
    t = time.perf_counter()
    out = subprocess.run(cmd, capture_output=True, text=True).stdout
    return (time.perf_counter() - t) * 1000.0, out


def floors():
    """The median wall clock of `--version` per build, 50 runs each, alternating."""
    t = {b: [] for b in builds}
    for _ in range(50):
        for b in builds:
            t[b].append(wall([b, "--version"])[0])
    return {b: med(v) for b, v in t.items()}


boards = []
for path in ["../shared/corpus/starbattle/manifest.json", "../shared/corpus/starbattle-packs/manifest.json"]:
    if os.path.exists(path):
        boards += [(e["n"], e["stars"], e["regions"]) for e in json.load(open(path))
                   if e["stars"] >= 2 and (not only or e["n"] == int(only))]
for b, ms in floors().items():
    print(f"start-up floor, `{b} --version`: {ms:.1f} ms (median of 50, builds alternating)")
print()

# times[build][(n, k)]: per board (solve, explain, total, whole, graded, total/solve, whole/solve)
times = {b: defaultdict(list) for b in builds}
with tempfile.TemporaryDirectory() as tmp:
    for i, (n, k, rows) in enumerate(boards):
        f = os.path.join(tmp, f"{i}.txt")
        open(f, "w").write("\n".join(rows) + "\n")
        per = {b: [] for b in builds}
        for _ in range(runs):
            for b in builds:
                w, out = wall([b, "solve", "--json", "--grade", "-q", "--no-image", "--stars", str(k), f])
                plain, _ = wall([b, "solve", "--json", "-q", "--no-image", "--stars", str(k), f])
                rec = json.loads(out)
                ms = rec["ms"]
                per[b].append((ms["solve"], ms.get("explain", 0.0), ms["total"], w, rec.get("difficulty") is not None, plain))
        for b in builds:
            v = per[b]
            times[b][(n, k)].append(tuple(med(x[j] for x in v) for j in range(4))
                                    + (v[0][4], med(x[2] / x[0] for x in v), med(x[3] / x[0] for x in v),
                                       med(x[5] for x in v), med(x[3] / x[5] for x in v), med(x[5] / x[0] for x in v)))

head = ("| N | K | boards | ms.solve median / max | ms.explain median / max | ms.total median / max "
        "| whole process median / max ms | ms.total ÷ solve median / max | whole ÷ solve median / max | graded "
        "| whole without grading median / max ms | without grading ÷ solve median / max "
        "| whole with ÷ without grading median / max |")
cols = 13
if before:
    head += " before: whole process median / max ms | before: whole ÷ solve median / max |"
    cols += 2
print(head)
print("|" + "---|" * cols)


def mm(xs, digits=1):
    return f"{med(xs):.{digits}f} / {max(xs):.{digits}f}"


for key in sorted(times[queens]):
    n, k = key
    v = times[queens][key]
    col = lambda j: [x[j] for x in v]
    line = (f"| {n} | {k} | {len(v)} | {mm(col(0))} | {mm(col(1))} | {mm(col(2))} | {mm(col(3))} | "
            f"{mm(col(5))} | {mm(col(6))} | {sum(col(4))} | {mm(col(7))} | {mm(col(9))} | {mm(col(8))} |")
    if before:
        u = times[before][key]
        line += f" {mm([x[3] for x in u])} | {mm([x[6] for x in u])} |"
    print(line)
