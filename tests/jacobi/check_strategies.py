#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-3-Clause
"""benchmarks/jacobi_strategies.py on hand-made sweep files whose shares are known: measured
times 2, 2.5, 4, 5 ms with the best at row 0, the model's argmin at row 3, the best of its
top 10% at row 1 and the default tiles at row 2 must print 100%, 80.0%, 50.0% and 40.0%; a
sweep whose default did not run prints "-" for it; a file that is not a sweep is one error line.

    check_strategies.py PYTHON SCRIPT WORKDIR      (exit 77: no h5py, the test skips)
"""
import os
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tools"))
from script_check import start  # noqa: E402

python, script, work = start("h5py, numpy")
import h5py  # noqa: E402
import numpy as np  # noqa: E402


def sweep(path, default_point, stencil):
    with h5py.File(path, "w") as f:
        for k, v in {"variant": "cuda/tiled", "stencil": stencil, "n1": 300, "n2": 200, "steps": 40,
                     "dtype": "float32", "measured_points": 4, "best": 0, "model_best": 3,
                     "best_of_model_top": 1, "default_point": default_point, "rmse_within_20": 0.125}.items():
            f.attrs[k] = v
        f["measured_s"] = np.array([2e-3, 2.5e-3, 4e-3, 5e-3, np.nan])


a, b = os.path.join(work, "a.h5"), os.path.join(work, "b.h5")
sweep(a, 2, "heat")
sweep(b, -1, "gradient")
out = subprocess.run([python, script, a, b], capture_output=True, text=True)
assert out.returncode == 0, out.stderr
rows = [l for l in out.stdout.splitlines() if l.startswith("| cuda/tiled")]
assert len(rows) == 2, out.stdout
cells = [c.strip() for c in rows[0].split("|")]
assert cells[2] == "heat" and cells[3] == "300x200", cells
assert cells[7:13] == ["2.000", "50.0%", "40.0%", "80.0%", "100%", "1"], cells  # within 10%: 2 ms only
assert cells[13] == "12.5%", cells
assert [c.strip() for c in rows[1].split("|")][8] == "-", rows[1]
assert "default tiles 50.0% (worst 50.0%)" in out.stdout, out.stdout
assert "model argmin 40.0%" in out.stdout, out.stdout

bad = os.path.join(work, "bad.h5")
with h5py.File(bad, "w") as f:
    f["x"] = np.zeros(3)
out = subprocess.run([python, script, bad], capture_output=True, text=True)
assert out.returncode != 0 and out.stderr.strip().startswith("error: " + bad), out.stderr
print("jacobi_strategies.py: shares, the missing default and a foreign file as expected")
