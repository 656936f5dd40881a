#!/usr/bin/env python3
"""Markdown tables for docs/results/smith_waterman_*.md from the Smith-Waterman raw result
files in docs/results/data (stdlib only).

usage: summarize_sw.py DATA_DIR
"""
import csv
import json
import os
import re
import sys

data = sys.argv[1]


def path(name):
    return os.path.join(data, name)


def bench(name, title):
    if not os.path.exists(path(name)):
        return
    d = json.load(open(path(name)))
    print(f"\n### {title}\n")
    print("| benchmark | tiling | time [ms] | GCUPS | end-cell score |")
    print("|---|---|---|---|---|")
    for b in d["benchmarks"]:
        label = b.get("label", "")
        tiling = label.split(" score ")[0]
        score = label.split(" score ")[-1] if " score " in label else ""
        err = " (error)" if b.get("error_occurred") else ""
        print(f"| {'/'.join(b['name'].split('/')[1:5])} | {tiling} | {b['real_time']:.1f} | {b.get('GCUPS', 0):.1f} | {score}{err} |")


def status(v):
    # Runs before 2026-11-21 07:00 labelled the unchecked yardstick "passed".
    if v["detail"].startswith("reference for the others") or v["status"] == "not checked":
        return "yardstick (not checked)"
    return v["status"]


def table(name, title):
    if not os.path.exists(path(name)):
        return
    rows = [json.loads(l) for l in open(path(name))]
    print(f"\n### {title}\n")
    print("| variant | tiling | time [s] | GCUPS | J per alignment | above idle [J] | W | nJ/cell | verification |")
    print("|---|---|---|---|---|---|---|---|---|")
    for r in rows:
        e = r["energy"]
        f = lambda v, fmt: "-" if v is None else fmt % v
        print(f"| {r['variant']} | {r['config']} | {r['time_s']:.3f} | {r['rate']:.1f} | {f(e.get('gpu_j_per_rep'), '%.0f')} | "
              f"{f(e.get('gpu_dynamic_j_per_rep'), '%.0f')} | {f(e.get('gpu_w'), '%.0f')} | "
              f"{f(e.get('j_per_item') and e['j_per_item'] * 1e9, '%.3f')} | {status(r['verification'])} |")
    r = rows[0]
    res = r["result"]
    print(f"\nalignment: score {res['score']}, A[{res['start_i']}..{res['end_i']}] ~ B[{res['start_j']}..{res['end_j']}]; "
          f"idle GPU power {rows[0]['energy'].get('gpu_idle_w', 0):.0f} W; {rows[0]['energy']['gpu_source']}")
    sources = sorted({r["result"].get("model_energy", {}).get("constants", {}).get("source", "K20c, Table 5.1 (thesis)")
                      for r in rows if r["result"].get("model_energy")})
    print(f"\nModels printed with each run (bytes; energy in J, constants: {'; '.join(sources) or '-'}):\n")
    print("| variant | Eq.7 traditional | Eq.8 WB (printed) | Eq.9 WT (printed) | per-pass WB | N_P | energy model total / dynamic |")
    print("|---|---|---|---|---|---|---|")
    for r in rows:
        t, e = r["result"].get("model_traffic"), r["result"].get("model_energy")
        if not t:
            continue
        if "multipass" in r["variant"]:
            mp = (f"{t['multipass_wb_printed_bytes']:.3g} | {t['multipass_wt_printed_bytes']:.3g} | "
                  f"{t['multipass_per_pass_bytes']:.3g} | {t['passes']}")
        else:  # Eqs. 8/9 describe the multi-pass kernel only
            mp = "- | - | - | -"
        print(f"| {r['variant']} | {t['traditional_bytes']:.3g} | {mp} | {e['total_j']:.3g} / {e['dynamic_j']:.3g} |")


def traffic():
    if not os.path.exists(path("sw_h200_ncu_traditional.csv")):
        return
    def counters(name):
        vals = {}
        rows = [r for r in csv.reader(open(path(name))) if r and not r[0].startswith("==")]
        head = rows[0]
        for r in rows[1:]:
            d = dict(zip(head, r))
            scale = {"byte": 1, "Kbyte": 1e3, "Mbyte": 1e6, "Gbyte": 1e9, "Tbyte": 1e12}.get(d.get("Metric Unit", ""), 1)
            vals[d["Metric Name"]] = vals.get(d["Metric Name"], 0.0) + float(d["Metric Value"].replace(",", "")) * scale
        return vals
    print("\n### DRAM traffic, Nsight Compute (one repetition, all kernels, app-range replay)\n")
    print("| variant | DRAM read [B] | DRAM write [B] | total [B] | model [B] |")
    print("|---|---|---|---|---|")
    tot = {}
    for tag in ("traditional", "multipass"):
        c = counters(f"sw_h200_ncu_{tag}.csv")
        m = json.loads(open(path(f"sw_h200_ncu_{tag}.jsonl")).readline())["result"]["model_traffic"]
        rd, wr = c["dram__bytes_read.sum"], c["dram__bytes_write.sum"]
        tot[tag] = (rd, wr)
        model = (f"Eq.7: {m['traditional_bytes']:.3g}" if tag == "traditional" else
                 f"Eq.8 {m['multipass_wb_printed_bytes']:.3g}; Eq.9 {m['multipass_wt_printed_bytes']:.3g}; "
                 f"per-pass {m['multipass_per_pass_bytes']:.3g} (N_P = {m['passes']})")
        print(f"| cuda/{tag} | {rd:.4g} | {wr:.4g} | {rd + wr:.4g} | {model} |")
    (tr, tw), (mr, mw) = tot["traditional"], tot["multipass"]
    print(f"\ntraditional / multi-pass: reads {tr / mr:.0f}x, writes {tw / mw:.0f}x, total {(tr + tw) / (mr + mw):.0f}x")


def sweep():
    if not os.path.exists(path("sw_h200_tiling_sweep_2e18.txt")):
        return
    print("\n### cuda/multipass tilings, 2^18 x 2^18 (t_T = 256)\n")
    print("| t_S x t_T | s_S x s_T | time [ms] | GCUPS |")
    print("|---|---|---|---|")
    for line in open(path("sw_h200_tiling_sweep_2e18.txt")):
        m = re.search(r"(\d+) ms GCUPS=([\d.]+)/s .* tile=(\S+) sub=(\S+)", line)
        if m:
            print(f"| {m.group(3)} | {m.group(4)} | {m.group(1)} | {float(m.group(2)):.1f} |")


def scaling(prefix, title):
    files = [path(f"{prefix}_np{np}.jsonl") for np in (1, 2, 4)]
    if not all(os.path.exists(f) for f in files):
        return
    print(f"\n### {title}\n")
    print("| variant | ranks (GPUs) | time [s] | GCUPS | efficiency | alignment (score, start, end) |")
    print("|---|---|---|---|---|---|")
    runs = {}
    for np, f in zip((1, 2, 4), files):
        for l in open(f):
            r = json.loads(l)
            runs[(r["variant"], np)] = r
    for v in sorted({k[0] for k in runs}):
        t1 = runs[(v, 1)]["time_s"]
        for np in (1, 2, 4):
            r = runs[(v, np)]
            res = r["result"]
            print(f"| {v} | {np} ({len(set(r['provenance']['devices']))}) | {r['time_s']:.3f} | {r['rate']:.0f} | "
                  f"{t1 / (np * r['time_s']) * 100:.1f}% | {res['score']}, ({res['start_i']}, {res['start_j']}), "
                  f"({res['end_i']}, {res['end_j']}) |")
    r = runs.get(("cuda/multipass", 1), runs[(sorted({k[0] for k in runs})[0], 1)])
    print(f"\ntiling {r['config']}; resident rows of tiles P_h (multi-pass): {r['result']['details'].get('resident_rows')}"
          + "".join(f"; bands at {np} rank(s): {runs[('cuda/multipass', np)]['result']['details']['bands']}"
                    for np in (1, 2, 4) if "bands" in runs.get(("cuda/multipass", np), {}).get("result", {}).get("details", {}))
          + f"; revision {r['provenance']['git_revision']}")


bench("sw_h200_bench_small.json", "GCUPS by size (Google Benchmark, default tiling)")
bench("sw_h200_bench_nodpx.json", "Without DPX (plain max), 2^18")
bench("sw_h200_bench_large.json", "Large tables: traditional vs multi-pass")
table("sw_h200_table_2e20.jsonl", "sw_miniapp, 2^20 x 2^20, with energy")
traffic()
sweep()
scaling("sw_h200x4_mpi_t256", "Ranks on 4 x H200, 2^21 x 2^21, before column bands, t_T = 256 (default tiling of then otherwise)")
scaling("sw_h200x4_mpi_t128", "Ranks on 4 x H200, 2^21 x 2^21, before column bands, t_T = 128, chunk 1024")
bench("sw_h200_bench_large_21af79f.json", "Large tables with the default tiling since 542fa49 (2048 x 128, 16 x 2)")
for run in ("a", "b"):
    bench(f"sw_h200_dpx_on_2e20_{run}.json", f"DPX on, 2^20, default tiling (run {run})")
    bench(f"sw_h200_dpx_off_2e20_{run}.json", f"DPX off (--dpx=0), 2^20, default tiling (run {run})")
scaling("sw_h200x4_scale_2e22", "Ranks on 4 x H200, 2^22 x 2^22, column bands, default tiling 2048 x 128, 16 x 2")
scaling("sw_h200x4_scale_2e21", "Ranks on 4 x H200, 2^21 x 2^21, column bands, default tiling 2048 x 128, 16 x 2")
bench("sw_h100_bench_2e20_t512x256.json", "H100, 2^20 x 2^20 (earlier default tiling 512 x 256, 8 x 8)")
