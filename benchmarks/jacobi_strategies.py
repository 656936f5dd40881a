#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-3-Clause
"""Thesis Fig. A.7 from jacobi_miniapp --sweep files (benchmarks/jacobi_strategies.sh): per
instance, the measured time of four tile choices as a share of the exhaustive best (best /
choice, 100% = the best): the variant's default tiles, the time model's argmin, the best of the
model's top 10% (points predicted within 10% of its minimum) and the best itself, with the
model's RMS error on the points measured within 20% of the best (thesis A.6), then the means
beside the thesis' numbers.

    jacobi_strategies.py sweep.h5 [more.h5 ...] > strategies.md
"""
import math
import sys

try:
    import h5py
except ImportError:
    sys.exit("error: jacobi_strategies.py needs h5py (Debian: python3-h5py)")

THESIS = "thesis (A.7, GTX 980/K20c): the model's top 10% within 9% of the best on average, 17% at most; RMSE below 10%"


def text(v):
    return v.decode() if isinstance(v, bytes) else str(v)


def instance(path):
    """One sweep file's four strategies: shares of the best time (None where not measured)."""
    try:
        f = h5py.File(path, "r")
    except OSError as e:
        sys.exit("error: %s: not a readable sweep file (%s)" % (path, e))
    a = f.attrs
    if "measured_points" not in a:
        sys.exit("error: %s: no 'measured_points' attribute: not a jacobi_miniapp --sweep-output file" % path)
    sides = ("n1", "n2", "n3") if int(a.get("dims", 2)) == 3 else ("n1", "n2")  # 3D sweeps carry n3
    row = {"file": path, "variant": text(a["variant"]), "stencil": text(a.get("stencil", "jacobi")),
           "grid": "x".join(str(int(a[k])) for k in sides), "steps": int(a["steps"]), "dtype": text(a["dtype"]),
           "points": int(a["measured_points"])}
    if row["points"] == 0:
        return row
    measured = f["measured_s"][()]
    best = float(measured[int(a["best"])])
    share = lambda i: best / float(measured[i]) if i is not None and i >= 0 else None
    default = int(a["default_point"]) if "default_point" in a else -1
    row.update({"default": share(default), "argmin": share(int(a["model_best"])),
                "top10": share(int(a["best_of_model_top"])), "best_ms": 1e3 * best,
                "rmse20": float(a["rmse_within_20"]), "within10": int(sum(1 for m in measured if m <= 1.1 * best))})
    return row


def pct(x):
    return "-" if x is None or (isinstance(x, float) and math.isnan(x)) else "%.1f%%" % (100 * x)


def main(paths):
    if not paths:
        sys.exit("error: no sweep files given (jacobi_strategies.sh writes them)")
    rows = [instance(p) for p in paths]
    print("Four tile strategies per instance, as a share of the exhaustive best (thesis Fig. A.7).\n")
    print("| variant | stencil | grid | steps | dtype | points | best [ms] | default tiles | model argmin | "
          "best of model top 10% | exhaustive | points within 10% | model RMSE, points within 20% |")
    print("|---|---|---|---|---|---|---|---|---|---|---|---|---|")
    for r in rows:
        if r["points"] == 0:
            print("| %s | %s | %s | %d | %s | 0 | - | - | - | - | - | - | - |" % (
                r["variant"], r["stencil"], r["grid"], r["steps"], r["dtype"]))
            continue
        print("| %s | %s | %s | %d | %s | %d | %.3f | %s | %s | %s | 100%% | %d | %s |" % (
            r["variant"], r["stencil"], r["grid"], r["steps"], r["dtype"], r["points"], r["best_ms"],
            pct(r["default"]), pct(r["argmin"]), pct(r["top10"]), r["within10"], pct(r["rmse20"])))
    ran = [r for r in rows if r["points"] > 0]
    if ran:
        def mean(k):
            xs = [r[k] for r in ran if r[k] is not None]
            return sum(xs) / len(xs) if xs else None
        worst = lambda k: min((r[k] for r in ran if r[k] is not None), default=None)
        print("\nMeans over %d instance(s): default tiles %s (worst %s), model argmin %s (worst %s), best of the "
              "model's top 10%% %s (worst %s), model RMSE within 20%% %s." % (
                  len(ran), pct(mean("default")), pct(worst("default")), pct(mean("argmin")), pct(worst("argmin")),
                  pct(mean("top10")), pct(worst("top10")), pct(mean("rmse20"))))
    print("\n" + THESIS + ".")


if __name__ == "__main__":
    main(sys.argv[1:])
