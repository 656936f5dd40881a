#!/usr/bin/env python3
"""A copy of a sweep file without one column (its dataset and its /points field), as a file
written before that column existed would be. Exit 77 without h5py/numpy.

    drop_sweep_column.py sweep.h5 copy.h5 column
"""
import shutil
import sys

try:
    import h5py
    import numpy as np
except ImportError:
    print("skipped: no h5py/numpy")
    sys.exit(77)

source, copy, column = sys.argv[1], sys.argv[2], sys.argv[3]
shutil.copyfile(source, copy)
with h5py.File(copy, "r+") as f:
    assert column in f, f"{source} has no {column!r} dataset"
    del f[column]
    points = f["points"][()]
    kept = [n for n in points.dtype.names if n != column]
    table = np.empty(len(points), dtype=[(n, points.dtype[n]) for n in kept])
    for n in kept:
        table[n] = points[n]
    del f["points"]
    f["points"] = table
print(f"{copy}: {source} without {column!r}")
