#!/usr/bin/env python3
"""Markdown tables for docs/results/jacobi_*.md from the Jacobi raw result files in
docs/results/data (stdlib only): jacobi_bench JSON, jacobi_miniapp JSON lines, and the
printed sweep table.

usage: summarize_jacobi.py DATA_DIR [PREFIX]   (PREFIX: file prefix, default jacobi_h200_)
"""
import json
import os
import sys

data = sys.argv[1]
prefix = sys.argv[2] if len(sys.argv) > 2 else "jacobi_h200_"
COPY_GBS = 4280.0  # H200 device-to-device copy, read + write (shared/device/README.md)


def path(name, pre=None):
    return os.path.join(data, (pre or prefix) + name)


def bench(name, title):
    if not os.path.exists(path(name)):
        return
    d = json.load(open(path(name)))
    print(f"\n### {title}\n")
    params = json.loads(d["context"].get("hpcs_parameters", "{}"))
    steps = d["context"].get("jacobi_steps", params.get("steps", "?"))
    print(f"revision `{d['context'].get('hpcs_git_revision', '?')}`, {d['context'].get('hpcs_device', '?')}, "
          f"{steps} steps\n")
    print("| variant | size | time [ms] | Gcell/s | eff. GB/s | % of copy | tiles / launch facts |")
    print("|---|---|---|---|---|---|---|")
    naive = {}
    for b in d["benchmarks"]:
        parts = b["name"].split("/")
        variant, size = "/".join(parts[1:3]), parts[4]
        if b.get("error_occurred"):
            print(f"| {variant} | {size} | error: {b.get('error_message', '')} | | | | |")
            continue
        # counters of jacobi_bench since the common bench main: Gcell, bytes_per_second;
        # earlier files: Gcells/s, GB/s
        if "Gcell" in b:
            rate, gbs = b["Gcell"], b.get("bytes_per_second", 0) / 1e9
        else:
            gbs = b.get("GB/s", 0) / 1e9 if b.get("GB/s", 0) > 1e6 else b.get("GB/s", 0)
            rate = b.get("Gcells/s", 0)
        facts = b.get("label", "")
        try:
            j = json.loads(facts)
            keep = {k: j[k] for k in ("t_T", "t_S1", "t_S2", "threads_per_block", "team_size", "blocks_per_sm",
                                       "launches", "dispatches") if k in j}
            facts = ", ".join(f"{k}={v}" for k, v in keep.items())
        except ValueError:
            pass
        if variant.endswith("/naive"):
            naive[variant.split("/")[0]] = rate
        print(f"| {variant} | {size} | {b['real_time']:.1f} | {rate:.1f} | {gbs:.0f} | {100 * gbs / COPY_GBS:.1f}% | {facts} |")
    for backend, rate in naive.items():
        for b in d["benchmarks"]:
            if b["name"].split("/")[1:3] == [backend, "tiled"] and not b.get("error_occurred"):
                print(f"\n{backend}/tiled vs {backend}/naive: {b.get('Gcell', b.get('Gcells/s', 0)) / rate:.2f}x")


def table(name, title, pre=None):
    if not os.path.exists(path(name, pre)):
        return
    rows = [json.loads(l) for l in open(path(name, pre)) if l.strip()]
    if not rows:
        return
    prov = rows[0].get("provenance", {})
    print(f"\n### {title}\n")
    cmd = prov.get("command_line", "?")
    cmd = " ".join(cmd) if isinstance(cmd, list) else cmd
    print(f"revision `{prov.get('git_revision', '?')}`, devices {sorted(set(prov.get('devices', [])))}, command: `{cmd}`\n")
    print("| variant | config | time [ms] (median, device) | Gcell/s | J / run | W | verification | model time [ms] | model J |")
    print("|---|---|---|---|---|---|---|---|---|")
    for r in rows:
        e = r.get("energy", {})
        joules = e.get("gpu_j_per_rep")
        watts = e.get("gpu_w")
        m = r.get("result", {}).get("model") or {}
        mt = f"{m['time_s'] * 1e3:.1f}" if "time_s" in m else "-"
        me = f"{m['energy_j']:.1f}" if "energy_j" in m else "-"
        j = f"{joules:.1f}" if isinstance(joules, (int, float)) else "-"
        w = f"{watts:.0f}" if isinstance(watts, (int, float)) else "-"
        v = r["verification"]
        print(f"| {r['variant']} | {r['config']} | {r['time_s'] * 1e3:.1f} | {r['rate']:.1f} | {j} | {w} | "
              f"{v['status']} | {mt} | {me} |")


bench("bench_2d_f32_8192.json", "Jacobi 2D float32, 8192 x 8192, 1024 steps (jacobi_bench)")
bench("bench_1d_f32_2e24.json", "Jacobi 1D float32, 2^24 points, 1024 steps (jacobi_bench)")
bench("bench_2d_f64_8192.json", "Jacobi 2D float64, 8192 x 8192, 512 steps (jacobi_bench)")
bench("bench_2d_f64_8192_kokkos.json", "Jacobi 2D float64, 8192 x 8192, 512 steps, Kokkos (jacobi_bench)")
table("table_2d.jsonl", "jacobi_miniapp 2D 8192^2 x 1024, energy and model")
table("table_1d.jsonl", "jacobi_miniapp 1D 2^24 x 1024, energy and model")
sweep = path("sweep_2d.txt")
if os.path.exists(sweep):
    print("\n### HHC tile sweep (cuda/tiled, 2D float32 8192^2 x 256 steps, revision 96c9d02, printed by --sweep)\n")
    print("```")
    print(open(sweep).read().rstrip())
    print("```")
print("\n## On an H100 with its own calibration\n")
table("table_2d.jsonl", "jacobi_miniapp 2D 8192^2 x 1024 on an H100, energy and model", "jacobi_h100_")
table("table_1d.jsonl", "jacobi_miniapp 1D 2^24 x 1024 on an H100, energy and model", "jacobi_h100_")
print("\n## Earlier revisions\n")
bench("bench_2d_f32_8192_540e18d.json", "2D float32 when the fast HHC kernel landed (CUDA only)")
bench("bench_2d_f32_8192_f6c6520.json", "2D float32 before the fast kernel (generic HHC kernel only)")
bench("bench_1d_f32_2e24_8f31239.json", "1D float32 with the first Kokkos variants")
bench("bench_2d_kokkos_small_tiles.json", "kokkos/tiled 2D before its defaults fitted team scratch (tiles given by hand)")
table("table_2d_96c9d02.jsonl", "jacobi_miniapp 2D when the fast HHC kernel landed (CUDA only)")
table("table_2d_8f31239.jsonl", "jacobi_miniapp 2D with the generic HHC kernel in bands, and the first kokkos/naive")
table("table_1d_8f31239.jsonl", "jacobi_miniapp 1D with the first Kokkos variants")
