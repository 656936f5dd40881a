#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-3-Clause
"""Seed 001, Appendix B on measured sweeps: the thesis' "Model B" (the energy model's constants
fitted by L1 regression on a random 10% of the measured points, tested on the other 90%) and the
B.7 table (how often the energy model's argmin tile misses the measured energy-optimal one, and
by how much), from Jacobi records with energy and the model (docs/jacobi.md):

    jacobi_miniapp --dims 2 --nx 8192 --ny 8192 --steps 256 --sweep --variant cuda/tiled \\
        --energy-window 1 --json > sweep.jsonl          # one line per point, several instances
    jacobi_energy_fit.py sweep.jsonl [more.jsonl ...] [--train-share 0.1] [--seed 1] [--report r.md]

The model (B.2-B.6, jacobi_model.cpp): E = P_stat T + N_tiles (e_gs M_io + e_sr u_sr V_tile +
E_iter V_tile). It is linear in its constants, so the fit is an LP (scipy's linprog replaces the
thesis' AMPL + Cbc): minimise sum_i |A_i x - E_i| with x >= 0. The thesis fits e_sr, e_fadd and
e_fmul apart across three codes (SW, J1D, J2D); on one stencil they only ever appear as
N_tiles V_tile (u_sr e_sr + E_iter), and N_tiles V_tile is the number of updates whatever the
tiles (up to partial tiles), so they are one constant here, e_update (joules per update: the
shared-memory words and the arithmetic of one point), beside P_stat and e_gs. Each record gives
T (time_s), E (energy.gpu_j_per_rep) and from result.model N_tiles (tiles), M_io (m_io_words)
and V_tile (v_tile).
"""
import argparse
import json
import math
import sys

import numpy as np
from scipy.optimize import linprog

PARAMS = ["p_stat_w", "e_gs_j_per_word", "e_update_j"]


def load(paths):
    """Rows: instance key, tiles, design row, measured energy, the records' own model energy."""
    rows = []
    for path in paths:
        for n, line in enumerate(open(path), 1):
            line = line.strip()
            if not line.startswith("{"):
                continue
            try:
                r = json.loads(line)
            except ValueError as e:
                sys.exit("error: %s:%d: not a JSON record (%s)" % (path, n, e))
            res, energy = r.get("result", {}), r.get("energy") or {}
            model, joules = res.get("model"), energy.get("gpu_j_per_rep")
            if not model or joules is None or r.get("verification", {}).get("status") == "FAILED":
                continue  # no model, no GPU energy, or a wrong result: not a point of the fit
            n = float(model["tiles"])
            a = [float(r["time_s"]), n * float(model["m_io_words"]), n * float(model["v_tile"])]
            run = r.get("run", {})
            key = "%s %s %sD %sx%s T=%s %s" % (r.get("variant"), run.get("stencil", "jacobi"), run.get("dims"),
                                               run.get("n1"), run.get("n2"), run.get("steps"), r.get("dtype"))
            tiles = json.dumps(res.get("tiles", {}), sort_keys=True)
            rows.append({"key": key, "tiles": tiles, "a": a, "e": float(joules), "model_a": model.get("energy_j")})
    return rows


def fit_l1(A, e):
    """min sum |A x - e| over x >= 0, as an LP in (x, t): A x - t <= e, -A x - t <= -e."""
    m, k = A.shape
    c = np.concatenate([np.zeros(k), np.ones(m)])
    A_ub = np.block([[A, -np.eye(m)], [-A, -np.eye(m)]])
    b_ub = np.concatenate([e, -e])
    res = linprog(c, A_ub=A_ub, b_ub=b_ub, bounds=[(0, None)] * (k + m), method="highs")
    if not res.success:
        sys.exit("error: the L1 fit failed: " + res.message)
    return res.x[:k]


def rmse_pct(pred, meas):
    return 100.0 * math.sqrt(float(np.mean(((pred - meas) / meas) ** 2)))


def b7_table(rows, predicted):
    """Per instance: the measured energy-optimal tile against the model's argmin (B.7)."""
    by = {}
    for r, p in zip(rows, predicted):
        if p is not None and not math.isnan(p):
            by.setdefault(r["key"], []).append((r, p))
    out = []
    for key, pts in sorted(by.items()):
        best = min(pts, key=lambda q: q[0]["e"])
        pick = min(pts, key=lambda q: q[1])
        err = 100.0 * (pick[0]["e"] - best[0]["e"]) / best[0]["e"]
        out.append((key, len(pts), pick[0]["tiles"] != best[0]["tiles"], err))
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("records", nargs="+", help="JSON-lines files of jacobi_miniapp --json runs with --model and energy")
    ap.add_argument("--train-share", type=float, default=0.1, help="share of the points the fit sees (thesis: 0.1)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--report", default="", help="write the Markdown report here too")
    ap.add_argument("--json", default="", help="write the fitted constants and scores as JSON")
    a = ap.parse_args()
    if not 0 < a.train_share < 1:
        sys.exit("error: --train-share %g: must lie strictly between 0 and 1" % a.train_share)
    rows = load(a.records)
    if len(rows) < 2 * len(PARAMS):
        sys.exit("error: %s: %d point(s) with model and GPU energy; need %d or more (run with --model and "
                 "--energy-window > 0 on a GPU)" % (", ".join(a.records), len(rows), 2 * len(PARAMS)))
    A, e = np.array([r["a"] for r in rows]), np.array([r["e"] for r in rows])
    rng = np.random.default_rng(a.seed)
    order = rng.permutation(len(rows))
    n_train = max(len(PARAMS), int(round(a.train_share * len(rows))))
    train, test = order[:n_train], order[n_train:]
    x = fit_l1(A[train], e[train])
    pred_b = A @ x
    model_a = [r["model_a"] for r in rows]
    have_a = all(v is not None for v in model_a)
    lines = ["Model B: L1 fit on %d of %d points (seed %d), tested on the other %d." % (
        len(train), len(rows), a.seed, len(test)), "",
             "| constant | Model B |", "|---|---|"]
    lines += ["| %s | %.4g |" % (n, v) for n, v in zip(PARAMS, x)]
    scores = {"rmse_test_pct_model_b": rmse_pct(pred_b[test], e[test])}
    lines += ["", "| model | RMSE on the test points | max error |", "|---|---|---|",
              "| Model B (fitted) | %.2f%% | %.2f%% |" % (scores["rmse_test_pct_model_b"],
                                                        100 * float(np.max(np.abs(pred_b[test] - e[test]) / e[test])))]
    if have_a:
        pa = np.array(model_a, dtype=float)
        scores["rmse_test_pct_model_a"] = rmse_pct(pa[test], e[test])
        lines.append("| Model A (the calibration's constants, as recorded) | %.2f%% | %.2f%% |" % (
            scores["rmse_test_pct_model_a"], 100 * float(np.max(np.abs(pa[test] - e[test]) / e[test]))))
    for name, pred in (("Model A", model_a if have_a else None), ("Model B", list(pred_b))):
        if pred is None:
            continue
        table = b7_table(rows, pred)
        wrong = sum(1 for t in table if t[2])
        errs = np.array([t[3] for t in table])
        lines += ["", "B.7 with %s: %d instance(s), wrong tile picked in %d, E_err RMSE %.2f%%, max %.2f%% "
                  "(thesis, Model A on a K20c: J2D 125 experiments, 0 wrong, 0.00%%)" % (
                      name, len(table), wrong, math.sqrt(float(np.mean(errs ** 2))), float(np.max(errs))),
                  "", "| instance | points | wrong pick | E_err |", "|---|---|---|---|"]
        lines += ["| %s | %d | %s | %.2f%% |" % (k, n, "yes" if w else "no", err) for k, n, w, err in table]
        scores["b7_" + name.replace(" ", "_").lower()] = {"instances": len(table), "wrong": wrong,
                                                          "max_err_pct": float(np.max(errs))}
    text = "\n".join(lines) + "\n"
    print(text)
    if a.report:
        with open(a.report, "w") as f:
            f.write(text)
    if a.json:
        with open(a.json, "w") as f:
            json.dump({"constants": dict(zip(PARAMS, map(float, x))), "points": len(rows), "train": len(train),
                       "scores": scores}, f, indent=1)


if __name__ == "__main__":
    main()
