#!/usr/bin/env python3
"""Offline test of a latency-form 3D slab model on the committed split sweep (j3d_sweep_split.h5).

Per sub-slab: tau = lambda_p * 2 sum_x ceil(x t_S2 t_S3 / threads) + lambda_r * t_T (x = t_S1, t_S1+2, ..);
per wavefront: max(waves * serial * (1 + alpha (k_i - 1)), serial + fill) sub-slab steps, the kernels'
SlabGroups (serial, fill, groups) and the achieved blocks per SM k from the file, 132 SMs.
lambda_p, lambda_r fitted (relative least squares, non-negative) on the 16 unsplit points only,
alpha on the split-4 points only; splits 16 and 64 are held out. Usage: latency_model_fit.py [file.h5]
"""
import sys

import h5py
import numpy as np
from scipy.optimize import minimize_scalar, nnls
from scipy.stats import spearmanr

NSM = 132
f = h5py.File(sys.argv[1] if len(sys.argv) > 1 else "j3d_sweep_split.h5", "r")
P, A = f["points"][:], dict(f.attrs)
n1, n2, n3, T = int(A["n1"]), int(A["n2"]), int(A["n3"]), int(A["steps"])
meas, K, split = P["measured_s"], P["k"], P["slab_split"]


def cdiv(a, b):
    return -(-a // b)


def subprisms(ts, tT, n):
    return (n + tT - 1 + ts - 1) // ts


def terms(p, k, alpha):
    tT, tS1, tS2, tS3, spl = (int(p[c]) for c in ("t_T", "t_S1", "t_S2", "t_S3", "slab_split"))
    thr = min(max((tS2 * tS3 + 31) // 32, 1), 8) * 32  # cuda/tiled's default threads (3D)
    half, pitch = tT // 2, 2 * tS1 + tT - 2
    rows2, rows3 = max(1, subprisms(tS2, tT, n2)), subprisms(tS3, tT, n3)
    N = min(max(spl, 1), rows2)
    R = cdiv(rows2, N)
    G = cdiv(rows2, R)
    serial, fill = R * rows3, (G - 1) * R
    pts = 2 * sum(cdiv(x * tS2 * tS3, thr) for x in range(tS1, tS1 + tT - 1, 2))
    a = b = 0.0
    for i in range((T - 1) // half + 2):
        reach = n1 + half - 2 - (0 if i % 2 == 1 else tS1 + half - 1)
        w = 0 if reach < 0 else reach // pitch + 1
        if w == 0:
            continue
        blocks = w * G
        ki, waves = min(k, cdiv(blocks, NSM)), cdiv(blocks, k * NSM)
        s = max(waves * serial * (1 + alpha * (ki - 1)), serial + fill)
        a, b = a + s * pts, b + s * tT
    return a, b


def predict(coef, alpha):
    return np.array([np.dot(terms(p, int(k), alpha), coef) for p, k in zip(P, K)])


m1 = split == 1
X1 = np.array([terms(p, int(k), 0.0) for p, k in zip(P[m1], K[m1])])
coef, _ = nnls(X1 / meas[m1, None], np.ones(m1.sum()))
m4 = split == 4
alpha = minimize_scalar(lambda al: np.mean((predict(coef, al)[m4] / meas[m4] - 1) ** 2), bounds=(0, 1),
                        method="bounded").x
pr = predict(coef, alpha)
err = pr / meas - 1
best = meas.min()
print(f"lambda_p {coef[0] * 1e6:.3f} us, lambda_r {coef[1] * 1e6:.3f} us (unsplit fit), alpha {alpha:.3f} (split 4)")
for s in sorted(set(split)):
    mm = split == s
    print(f"split {s:2d}: RMS {np.sqrt(np.mean(err[mm] ** 2)):.3f}, median predicted/measured {np.median(pr[mm] / meas[mm]):.3f}")
held = split >= 16
print(f"held out (splits 16, 64): RMS {np.sqrt(np.mean(err[held] ** 2)):.3f}")
for lim in (1.2, 1.5):
    w = meas <= lim * best
    print(f"points within {round((lim - 1) * 100)}% of the best: {w.sum()}, RMS {np.sqrt(np.mean(err[w] ** 2)):.3f}")
am = np.argmin(pr)
print("model argmin", tuple(int(P[am][c]) for c in ("t_T", "t_S1", "t_S2", "t_S3", "slab_split")),
      f"measured {meas[am] / best - 1:+.1%} over the best; Spearman {spearmanr(pr, meas).correlation:.3f}")
