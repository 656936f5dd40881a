#!/usr/bin/env python3
"""Markdown tables for docs/results/ from the reduction's raw result files (stdlib only).

usage: summarize_reduction.py DATA_DIR PREFIX
reads PREFIX_rk_table_f32_2e28.jsonl, PREFIX_rk_table_i32_2e28.jsonl (reduction_miniapp --json),
PREFIX_bench_f32_2e28.json, PREFIX_bench_i32_f64_2e28.json (reduction_bench JSON) and
PREFIX_rk7_sweep_f32_2e28.json, whichever exist."""
import json
import os
import sys


def fmt(v, f):
    return "-" if v is None else f % v


def rk_table(path):
    rows = [json.loads(l) for l in open(path)]
    print("| variant | config | t_med [ms] (%s) | GB/s | step | total | J/rep | J/rep above idle | nJ/elem | W |"
          % rows[-1]["time_kind"])
    print("|---|---|---|---|---|---|---|---|---|---|")
    for r in rows:
        e = r["energy"]
        print("| %s | %s | %.4f | %.1f | %s | %s | %s | %s | %s | %s |" % (
            r["variant"], r["config"], r["time_s"] * 1e3, r["rate"], fmt(r["step_speedup"], "%.2fx"),
            fmt(r["cumulative_speedup"], "%.2fx"), fmt(e.get("gpu_j_per_rep"), "%.3f"),
            fmt(e.get("gpu_dynamic_j_per_rep"), "%.3f"),
            fmt(e.get("j_per_item") and e["j_per_item"] * 1e9 if e.get("gpu_j_per_rep") else None, "%.3f"),
            fmt(e.get("gpu_w"), "%.0f")))
    r = rows[-1]
    print("\nidle GPU power before the runs: %s W; energy window %.1f s per variant; %s" % (
        fmt(r["energy"].get("gpu_idle_w"), "%.1f"), r["energy"].get("window_s", 0), r["energy"]["gpu_source"]))


def bench(path, stat="median"):
    d = json.load(open(path))
    rows = [b for b in d["benchmarks"] if b.get("aggregate_name", stat) == stat]
    cub = {}
    for b in rows:
        parts = b["name"].split("/")
        if parts[2] == "cub":
            cub[parts[3]] = b["real_time"]
    print("| benchmark | label | time [ms] | GB/s (1e9) | of CUB |")
    print("|---|---|---|---|---|")
    for b in rows:
        parts = b["name"].split("/")
        t = b["real_time"]
        ref = cub.get(parts[3])
        print("| %s | %s | %.4f | %.0f | %s |" % ("/".join(parts[1:4]), b.get("label", ""), t, b["GB"],
                                                 fmt(ref / t * 100 if ref else None, "%.1f%%")))
    reps = max((b.get("repetitions", 1) for b in rows), default=1)
    print("\n%s repetitions per benchmark, %s shown; time = device time (CUDA events) unless labelled wall" % (
        reps, stat))


def sweep(path):
    d = json.load(open(path))
    print("| variant | launch shape | time [ms] | GB/s (1e9) |")
    print("|---|---|---|---|")
    for b in d["benchmarks"]:
        print("| %s | %s | %.4f | %.0f |" % ("/".join(b["name"].split("/")[1:3]), b["label"].replace(" (device time)", ""),
                                           b["real_time_ms"], b["GB_per_s"]))


def main():
    data, prefix = sys.argv[1], sys.argv[2]
    parts = [("rk_table_f32_2e28.jsonl", rk_table), ("rk_table_i32_2e28.jsonl", rk_table),
             ("bench_f32_2e28.json", bench), ("bench_i32_f64_2e28.json", bench),
             ("rk7_sweep_f32_2e28.json", sweep), ("mpi2_f32_2e29.jsonl", rk_table)]
    for suffix, fn in parts:
        path = os.path.join(data, prefix + "_" + suffix)
        if os.path.exists(path):
            print("\n### %s\n" % suffix)
            fn(path)


if __name__ == "__main__":
    main()
