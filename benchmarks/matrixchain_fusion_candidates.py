#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-3-Clause
"""Where fusion should pay (issue 31): chains whose data exceeds the GPU's L2 and for which the
thesis' model predicts the fused plan moves much less data than the unfused one. Only the
planner runs (`matrixchain_miniapp --plan-only`, CPU, milliseconds per chain); the GPU step
times the chosen chains (matrixchain_random_chains.py --dims-file).

Random chains in three families (written down: the thesis gives none): tall (P0 large), wide
(Pn large) and bulge (one inner side large, so an intermediate is big), every other side
uniform in [MIN_DIM, MAX_DIM], Python's random.Random(seed).

    matrixchain_fusion_candidates.py BUILD_DIR [--chains 200] [--precision float64]
        [--fast-memory 8192] [--l2-mb 50] [--top 12] [--dims-file chains.txt]

Prints one table (predicted F / S, the chain's footprint against the L2) and writes the top
chains' P lists, one per line, to --dims-file.
"""
import argparse
import os
import random
import re
import subprocess
import sys

S_LINE = re.compile(r"^S \(OpTree unfused, D\.18\)\s+=\s+(\d+) elements")
F_LINE = re.compile(r"^F \+ P0 Pn \(fused, D\.23\)\s+=\s+(\d+) elements")
PLAN_LINE = re.compile(r"^fused plan: (.*)$")


def chain(rng, family, a):
    n = rng.randint(3, 6)
    dims = [rng.randint(a.min_dim, a.max_dim) for _ in range(n + 1)]
    big = rng.randint(a.big_min, a.big_max)
    if family == "tall":
        dims[0] = big
    elif family == "wide":
        dims[-1] = big
    else:  # bulge: one inner side
        dims[rng.randint(1, n - 1)] = big
    return dims


def plan(exe, dims, a):
    """(S, F, fused tree) from the planner's report; exits naming the chain on a failure."""
    cmd = [exe, "--plan-only", "--dims", ",".join(map(str, dims)), "--precision", a.precision, "--fast-memory",
           str(a.fast_memory)]
    p = subprocess.run(cmd, capture_output=True, text=True)
    if p.returncode != 0:
        sys.exit("error: --dims %s: the planner failed: %s" % (",".join(map(str, dims)), p.stderr.strip()[-300:]))
    s = f = tree = None
    for line in p.stdout.splitlines():
        s = int(S_LINE.match(line).group(1)) if S_LINE.match(line) else s
        f = int(F_LINE.match(line).group(1)) if F_LINE.match(line) else f
        tree = PLAN_LINE.match(line).group(1) if PLAN_LINE.match(line) else tree
    if s is None or f is None:
        sys.exit("error: --dims %s: no S / F line in the planner's report" % ",".join(map(str, dims)))
    return s, f, tree


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("build")
    ap.add_argument("--chains", type=int, default=200, help="random chains per family")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--min-dim", type=int, default=128)
    ap.add_argument("--max-dim", type=int, default=2048)
    ap.add_argument("--big-min", type=int, default=16384)
    ap.add_argument("--big-max", type=int, default=131072)
    ap.add_argument("--precision", choices=["float32", "float64"], default="float64")
    ap.add_argument("--fast-memory", type=int, default=8192, help="M in elements (a block's share on the GPU)")
    ap.add_argument("--l2-mb", type=float, default=50.0, help="the GPU's L2 in MB (H100: 50)")
    ap.add_argument("--top", type=int, default=12)
    ap.add_argument("--dims-file", default="")
    a = ap.parse_args()
    exe = os.path.join(a.build, "bin", "matrixchain_miniapp")
    if not os.access(exe, os.X_OK):
        sys.exit("error: %s: no matrixchain_miniapp there" % exe)
    rng = random.Random(a.seed)
    elem = 8 if a.precision == "float64" else 4
    rows = []
    for family in ("tall", "wide", "bulge"):
        for _ in range(a.chains):
            dims = chain(rng, family, a)
            footprint = elem * (sum(p * q for p, q in zip(dims, dims[1:])) + dims[0] * dims[-1])
            if footprint <= a.l2_mb * 1e6:
                continue
            s, f, tree = plan(exe, dims, a)
            if f < s:
                rows.append({"family": family, "dims": dims, "S": s, "F": f, "tree": tree, "mb": footprint / 1e6})
    rows.sort(key=lambda r: r["F"] / r["S"])
    print("%d of %d chains exceed %.0f MB and have a fused pair (%s, M = %d); the %d with the lowest F / S:\n" % (
        len(rows), 3 * a.chains, a.l2_mb, a.precision, a.fast_memory, min(a.top, len(rows))))
    print("| family | P | footprint [MB] | S [elements] | F [elements] | F / S | fused plan |")
    print("|---|---|---|---|---|---|---|")
    for r in rows[:a.top]:
        print("| %s | %s | %.0f | %d | %d | %.3f | %s |" % (r["family"], ",".join(map(str, r["dims"])), r["mb"], r["S"],
                                                          r["F"], r["F"] / r["S"], r["tree"]))
    if a.dims_file:
        with open(a.dims_file, "w") as out:
            out.writelines(",".join(map(str, r["dims"])) + "\n" for r in rows[:a.top])
    return 0


if __name__ == "__main__":
    sys.exit(main())
