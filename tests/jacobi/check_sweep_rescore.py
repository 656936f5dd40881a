#!/usr/bin/env python3
"""A sweep re-scored with --sweep-from against the sweep it came from: the same points in the same
(measured) order with the same measured times and statuses; with "same" (the calibration the
sweep had) the same predictions, ranking and summary, bit for bit; with "differ" (another
calibration) other predictions of the points that ran. The copy names its source. Exit 77
without h5py/numpy.

    check_sweep_rescore.py sweep.h5 rescored.h5 same|differ
"""
import sys

try:
    import h5py
    import numpy as np
except ImportError:
    print("skipped: no h5py/numpy")
    sys.exit(77)

source, rescored, mode = sys.argv[1], sys.argv[2], sys.argv[3]
a, b = h5py.File(source, "r"), h5py.File(rescored, "r")
for key in ("variant", "dims", "n1", "n2", "steps", "dtype", "stencil", "measured_points", "status"):
    assert a.attrs[key] == b.attrs[key], f"attribute {key}: {a.attrs[key]!r} vs {b.attrs[key]!r}"
# 3D: t_S3 and slab_split too (--slab-split; a point per split)
three_d = [c for c in ("t_S3", "slab_split") if c in a] if a.attrs["dims"] == 3 else []
for column in ("t_T", "t_S1", "t_S2", "threads", "ran", "measured_s", *three_d):
    assert np.array_equal(a[column][()], b[column][()], equal_nan=True), f"{column} differs"
ran = a["ran"][()].astype(bool)
assert ran.any(), "no point ran in the source sweep"
summary = ("best", "model_best", "best_of_model_top", "model_top_points", "top_gap", "model_best_gap",
           "rmse_within_20", "default_point", "default_gap")
if mode == "same":
    for column in ("k", "in_model_top", "predicted_s", "predicted_ideal_s", "tiles", "wavefronts"):
        assert np.array_equal(a[column][()], b[column][()], equal_nan=True), f"{column} differs"
    for key in summary:
        assert np.array_equal(a.attrs[key], b.attrs[key], equal_nan=True), \
            f"attribute {key}: {a.attrs[key]!r} vs {b.attrs[key]!r}"
elif mode == "differ":
    pa, pb = a["predicted_s"][()][ran], b["predicted_s"][()][ran]
    assert (pa != pb).all(), f"predictions of the points that ran should all differ: {pa} vs {pb}"
else:
    sys.exit("mode: same or differ")
note = b["provenance"].attrs["measured_from"]
note = note.decode() if isinstance(note, bytes) else note
assert note == source, f"provenance measured_from {note!r}, expected {source!r}"
print(f"{rescored}: {int(ran.sum())} points that ran, measured times of {source}, predictions {mode}")
