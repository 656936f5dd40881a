#!/usr/bin/env python3
"""Predicted against measured savings of fusion over random chains (issue 15): for each chain,
matrixchain_miniapp runs cuda/unfused (OpTree, every product unfused) and cuda/fused (the
fusion DP's plan) with the same M; predicted saving = 1 - model(fused) / model(unfused)
(the DP's S and F + P0 Pn, and the traffic of the executed tiles), measured saving =
1 - t(fused) / t(unfused) (device medians). Reports Pearson and Spearman correlations.

Chains (written down, as the thesis' were not): n uniform in [3, 8] matrices, every P[m]
uniform in [MIN_DIM, MAX_DIM], Python's random.Random(seed).

  benchmarks/matrixchain_random_chains.py BUILD_DIR OUT_DIR [--chains 100] [--seed 1]
      [--dims-file FILE]    # the chains of FILE (one P list per line, e.g. from
                            # matrixchain_fusion_candidates.py) instead of random ones
"""
import argparse
import csv
import json
import os
import random
import signal
import statistics
import subprocess
import sys


def ranks(v):
    order = sorted(range(len(v)), key=lambda i: v[i])
    r = [0.0] * len(v)
    i = 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and v[order[j + 1]] == v[order[i]]:
            j += 1
        for k in range(i, j + 1):
            r[order[k]] = (i + j) / 2
        i = j + 1
    return r


def pearson(x, y):
    if len(x) < 3 or statistics.pstdev(x) == 0 or statistics.pstdev(y) == 0:
        return float("nan")
    mx, my = statistics.fmean(x), statistics.fmean(y)
    cov = sum((a - mx) * (b - my) for a, b in zip(x, y))
    return cov / (len(x) * statistics.pstdev(x) * statistics.pstdev(y))


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("build")
    ap.add_argument("out")
    ap.add_argument("--chains", type=int, default=100)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--min-dim", type=int, default=256)
    ap.add_argument("--max-dim", type=int, default=2048)
    ap.add_argument("--fast-memory", default="auto")
    ap.add_argument("--precision", default="float32")
    ap.add_argument("--dims-file", default="", help="chains to run, one comma-separated P list per line")
    a = ap.parse_args()
    rng = random.Random(a.seed)
    os.makedirs(a.out, exist_ok=True)
    rows = []
    exe = os.path.join(a.build, "bin", "matrixchain_miniapp")
    # a time limit (SIGTERM) ends the loop; the chains done so far are summarized
    signal.signal(signal.SIGTERM, lambda *_: (_ for _ in ()).throw(KeyboardInterrupt()))
    try:
        run_chains(a, rng, exe, rows)
    except KeyboardInterrupt:
        print(f"stopped after {len(rows)} chains", file=sys.stderr)
    summarize(a, rows)
    return 0


def chains(a, rng):
    """The chains to run: the --dims-file's lines, else --chains random ones."""
    if a.dims_file:
        try:
            lines = [line.strip() for line in open(a.dims_file) if line.strip()]
        except OSError as e:
            sys.exit("error: --dims-file %s: %s" % (a.dims_file, e.strerror))
        for k, line in enumerate(lines, 1):
            try:
                yield [int(x) for x in line.split(",")]
            except ValueError:
                sys.exit("error: --dims-file %s:%d: not a comma-separated list of integers: %s" % (a.dims_file, k, line))
        return
    for _ in range(a.chains):
        n = rng.randint(3, 8)
        yield [rng.randint(a.min_dim, a.max_dim) for _ in range(n + 1)]


def run_chains(a, rng, exe, rows):
    for c, dims in enumerate(chains(a, rng)):
        cmd = [exe, "--dims", ",".join(map(str, dims)), "--variant", "cuda/unfused,cuda/fused", "--fast-memory",
               a.fast_memory, "--precision", a.precision, "--reps", "7", "--warmup", "2", "--energy-window", "0",
               "--idle-window", "0", "--verify-cells", "0", "--json"]
        p = subprocess.run(cmd, capture_output=True, text=True)
        recs = {}
        for line in p.stdout.splitlines():
            if line.startswith("{"):
                r = json.loads(line)
                recs[r["variant"]] = r
        if p.returncode != 0 or len(recs) != 2:
            print(f"chain {c} {dims}: failed (exit {p.returncode}): {p.stderr.strip()[-300:]}", file=sys.stderr)
            continue
        u, f = recs["cuda/unfused"], recs["cuda/fused"]
        pu, pf = u["result"]["plan"], f["result"]["plan"]
        tu, tf = u["time_s"], f["time_s"]
        rows.append({"chain": c, "dims": ",".join(map(str, dims)), "fused_tree": pf["tree"],
                     "fused_pairs": pf["tree"].count("["), "predicted_S": pu["predicted_elements"],
                     "predicted_F": pf["predicted_elements"], "counted_unfused": pu["model_elements"],
                     "counted_fused": pf["model_elements"], "t_unfused_s": tu, "t_fused_s": tf,
                     "verified": f["verification"]["status"]})


def summarize(a, rows):
    with open(os.path.join(a.out, "matrixchain_random_chains.csv"), "w", newline="") as fh:
        w = csv.DictWriter(fh, fieldnames=list(rows[0].keys()) if rows else ["chain"])
        w.writeheader()
        w.writerows(rows)
    pred = [1 - r["predicted_F"] / r["predicted_S"] for r in rows]
    counted = [1 - r["counted_fused"] / r["counted_unfused"] for r in rows]
    meas = [1 - r["t_fused_s"] / r["t_unfused_s"] for r in rows]
    fused_rows = [i for i, r in enumerate(rows) if r["fused_pairs"] > 0]
    summary = {"chains": len(rows), "chains_with_fusion": len(fused_rows), "min_dim": a.min_dim, "max_dim": a.max_dim,
               "fast_memory": a.fast_memory, "precision": a.precision, "seed": a.seed,
               "mean_predicted_saving": statistics.fmean(pred) if rows else None,
               "mean_counted_saving": statistics.fmean(counted) if rows else None,
               "mean_measured_saving": statistics.fmean(meas) if rows else None,
               "pearson_predicted_measured": pearson(pred, meas), "spearman_predicted_measured": pearson(ranks(pred), ranks(meas)),
               "pearson_counted_measured": pearson(counted, meas),
               "pearson_on_fused_chains": pearson([pred[i] for i in fused_rows], [meas[i] for i in fused_rows]),
               "measured_faster_share": sum(m > 0 for m in meas) / len(meas) if meas else None,
               "all_verified": all(r["verified"] in ("passed", "not checked") for r in rows)}
    json.dump(summary, open(os.path.join(a.out, "matrixchain_random_chains.json"), "w"), indent=1)
    print(json.dumps(summary, indent=1))


if __name__ == "__main__":
    sys.exit(main())
