#!/usr/bin/env python3
"""The sweep file's /points table against its per-column datasets: one row per point, the
same values (NaN where not run), loadable by pandas in one call. Exit 77 without h5py/pandas."""
import math
import sys

try:
    import h5py
    import pandas as pd
except ImportError:
    print("skipped: no h5py/pandas")
    sys.exit(77)

f = h5py.File(sys.argv[1], "r")
points = pd.DataFrame(f["points"][()])
assert len(points) == int(sys.argv[2]), f"{len(points)} points, expected {sys.argv[2]}"
# 3D files add t_S3 and slab_split; 2D files keep their layout without them
three_d = ("t_S3", "slab_split") if f.attrs["dims"] == 3 else ()
for column in ("t_S3", "slab_split"):
    assert (column in points.columns) == (column in three_d) == (column in f), f"{column}: 3D files only"
for column in ("t_T", "t_S1", "t_S2", "threads", "k", "ran", "measured_s", "predicted_s", "tiles", "wavefronts",
               *three_d):
    for a, b in zip(points[column], f[column][()]):
        assert (math.isnan(a) and math.isnan(b)) or a == b, f"{column}: {a} vs {b}"
status = [s.decode() for s in points["status"]]
assert all(s == "ok" for s, r in zip(status, points["ran"]) if r), status
print(f"/points: {len(points)} rows x {len(points.columns)} columns, equal to the column datasets")
