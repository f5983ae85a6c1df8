#!/usr/bin/env python3
"""Whole-process `queens explain` times on every Star Battle board of the corpus and
the packs (K >= 2), median of RUNS runs a board (3 by default), one process at a
time, and the slowest boards named. With BEFORE=path/to/another/queens, that build
is timed too, alternated with this one board by board, and the table gains its
median and the ratio; the two builds' printed explanations are compared, and every
board whose explanation differs is listed (with its step counts).

Run from the project root after `cargo build --release`:
    python3 scripts/explain-times.py [SLOWEST]
    BEFORE=/tmp/queens-before python3 scripts/explain-times.py 10
ONLY=059 keeps the boards whose name contains 059. Boards: ../shared/corpus/starbattle
and ../shared/corpus/starbattle-packs, written as text puzzles with --stars K.
"""
import json, os, statistics, subprocess, sys, tempfile, time

slowest = int(sys.argv[1]) if len(sys.argv) > 1 else 8
runs = int(os.environ.get("RUNS", "3"))
before = os.environ.get("BEFORE")
only = os.environ.get("ONLY", "")
boards = []
for path in ["../shared/corpus/starbattle/manifest.json", "../shared/corpus/starbattle-packs/manifest.json"]:
    for e in json.load(open(path)):
        name = e.get("file", e.get("id", "?")).split(".")[0]
        if e["stars"] >= 2 and only in name:
            boards.append((name, e["n"], e["stars"], e["regions"]))


def explain(binary, f, k):
    t = time.perf_counter()
    out = subprocess.run([binary, "explain", "--stars", str(k), f], capture_output=True, text=True).stdout
    return time.perf_counter() - t, out


def steps(out):
    line = next((l for l in out.splitlines() if "solved by logic in" in l), "")
    return line.split("solved by logic in ")[1].split(" steps")[0] if line else "unsolved"


rows, differ = [], []
with tempfile.TemporaryDirectory() as tmp:
    for name, n, k, regions in boards:
        f = os.path.join(tmp, f"{name}.txt")
        open(f, "w").write("\n".join(regions) + "\n")
        new, old, out_new, out_old = [], [], "", ""
        for _ in range(runs):
            t, out_new = explain("target/release/queens", f, k)
            new.append(t)
            if before:
                t, out_old = explain(before, f, k)
                old.append(t)
        if before and out_new != out_old:
            differ.append((name, steps(out_old), steps(out_new)))
        rows.append((name, n, k, statistics.median(new), statistics.median(old) if old else None, steps(out_new)))

head = "| board | N | K | steps | ms |" + (" before ms | after ÷ before |" if before else "")
print(f"{len(rows)} boards, median of {runs} runs each; the {slowest} slowest (by this build):\n")
print(head)
print("|---|---|---|---|---|" + ("---|---|" if before else ""))
for name, n, k, t, b, s in sorted(rows, key=lambda r: -r[3])[:slowest]:
    extra = f" {b * 1000:.0f} | {t / b:.2f} |" if before else ""
    print(f"| {name} | {n} | {k} | {s} | {t * 1000:.0f} |{extra}")
over = [r for r in rows if r[3] >= 1.0]
print(f"\nboards at 1 s or more: {len(over)} of {len(rows)}; max {max(r[3] for r in rows) * 1000:.0f} ms,"
      f" median {statistics.median(r[3] for r in rows) * 1000:.0f} ms")
if before:
    print(f"before: max {max(r[4] for r in rows) * 1000:.0f} ms, median {statistics.median(r[4] for r in rows) * 1000:.0f} ms,"
          f" at 1 s or more: {sum(r[4] >= 1.0 for r in rows)}; total after ÷ before "
          f"{sum(r[3] for r in rows) / sum(r[4] for r in rows):.2f}")
    print(f"explanations that differ: {len(differ)}" + "".join(f"\n  {d[0]}: {d[1]} -> {d[2]} steps" for d in differ))
