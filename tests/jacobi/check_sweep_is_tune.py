#!/usr/bin/env python3
"""--sweep is a front for --tune=exhaustive: the tuning tables (--tune-table) of a sweep and of
the equivalent --tune run list the same points in the same order, every one verified and
carrying the model's predicted time. Standard library only."""
import csv
import sys

POINT = ("tile-t", "tile-s1", "tile-s2", "threads")


def rows(path):
    with open(path, newline="") as f:
        return list(csv.DictReader(f))


sweep, tune, expected = rows(sys.argv[1]), rows(sys.argv[2]), int(sys.argv[3])
for name, table in (("sweep", sweep), ("tune", tune)):
    assert len(table) == expected, f"{name}: {len(table)} rows, expected {expected}"
    for r in table:
        assert r["source"] == "exhaustive", f"{name}: source {r['source']}"
        assert r["verification"] == "passed", f"{name}: {r}"
        assert float(r["predicted_s"]) > 0, f"{name}: no prediction in {r}"
points = [[tuple(r[c] for c in POINT) for r in t] for t in (sweep, tune)]
assert points[0] == points[1], f"the sweep timed {points[0]}, --tune {points[1]}"
print(f"{expected} points, the same under --sweep and --tune=exhaustive, each predicted")
