#!/usr/bin/env python3
"""Tables of benchmarks/wavefront_study.sh's records (markdown on stdout).

    python3 benchmarks/wavefront_report.py DIR

Times are medians of the timed repetitions (wall clock, CPU and GPU phases together). A record
that failed verification is shown as FAILED and never counts as a best.
"""
import glob
import json
import os
import sys


def records(directory, prefix):
    out = []
    for path in sorted(glob.glob(os.path.join(directory, prefix + "*.jsonl"))):
        name = os.path.basename(path)[: -len(".jsonl")]
        with open(path) as f:
            for line in f:
                line = line.strip()
                if line.startswith("{"):
                    r = json.loads(line)
                    r["_file"] = name
                    out.append(r)
    return out


def ok(r):
    return r["verification"]["status"] in ("passed", "not checked")


def best(rs, pred=lambda r: True):
    rs = [r for r in rs if ok(r) and pred(r)]
    return min(rs, key=lambda r: r["time_s"]) if rs else None


def ms(r):
    return f"{r['time_s'] * 1e3:.2f}" if r else "-"


def band_of(r):
    b = r["run"]["band"]
    return "all" if b == -2 else ("CPU only" if b == -1 else str(b))


def failed(rs):
    return [r for r in rs if r["verification"]["status"] == "FAILED"]


def speedup_table(d):
    rows = []
    tags = sorted({r["_file"].rsplit("_", 1)[0] for r in records(d, "speedup_")})
    for tag in tags:
        rs = records(d, tag + "_")
        serial = best(rs, lambda r: r["variant"] == "cpu/reference")
        cpu = best(rs, lambda r: r["backend"] == "cpu" and r["variant"] != "cpu/reference")
        cuda = best(rs, lambda r: r["backend"] == "cuda")
        kokkos = best(rs, lambda r: r["backend"] == "kokkos")
        if not serial:
            continue
        run = serial["run"]
        what = f"{run['app']} {run['rows']}^2" + (f", tsize {run['tsize']}" if "tsize" in run else "") + (
            f", dsize {run['dsize']}" if "dsize" in run else "")
        gpu = min([x for x in (cuda, kokkos) if x], key=lambda r: r["time_s"], default=None)
        rows.append(
            f"| {what} | {ms(serial)} | {ms(cpu)} ({cpu['variant'].split('/')[-1] if cpu else '-'}) | "
            f"{ms(cuda)} (band {band_of(cuda) if cuda else '-'}, {cuda['variant'].split('/')[-1] if cuda else '-'}) | "
            f"{ms(kokkos)} (band {band_of(kokkos) if kokkos else '-'}, {kokkos['variant'].split('/')[-1] if kokkos else '-'}) | "
            f"{serial['time_s'] / gpu['time_s']:.1f}x | {cpu['time_s'] / gpu['time_s']:.2f}x | {len(failed(rs))} |"
            if gpu and cpu else f"| {what} | {ms(serial)} | {ms(cpu)} | - | - | - | - | {len(failed(rs))} |")
    print("| instance | serial [ms] | best cpu/tiled [ms] | best cuda/band [ms] | best kokkos/band [ms] | best / serial | best / best cpu/tiled | failed |")
    print("|---|---|---|---|---|---|---|---|")
    print("\n".join(rows))


def crossover_table(d, prefix, key):
    print(f"| {key} | best cpu/tiled [ms] | best cuda/band, every cell on the GPU [ms] | GPU / CPU speed | failed |")
    print("|---|---|---|---|---|")
    groups = {}
    for r in records(d, prefix):
        groups.setdefault(int(r["_file"].split("_")[-1]), []).append(r)
    for k in sorted(groups):
        rs = groups[k]
        cpu = best(rs, lambda r: r["backend"] == "cpu")
        gpu = best(rs, lambda r: r["backend"] == "cuda")
        ratio = f"{cpu['time_s'] / gpu['time_s']:.2f}x" if cpu and gpu else "-"
        print(f"| {k} | {ms(cpu)} | {ms(gpu)} ({gpu['variant'].split('/')[-1] if gpu else '-'}) | {ratio} | {len(failed(rs))} |")


def dsize_table(d):
    print("| dsize | element [B] | frontier copies [MB] | copies [ms] | band phase [ms] | whole run [ms] | failed |")
    print("|---|---|---|---|---|---|---|")
    groups = {}
    for r in records(d, "dsize_"):
        groups.setdefault(int(r["_file"].split("_")[-1]), []).append(r)
    for k in sorted(groups):
        rs = groups[k]
        g = best(rs, lambda r: r["backend"] == "cuda")
        if not g:
            continue
        det = g["result"].get("details", {})
        print(f"| {k} | {g['run']['element_bytes']} | {det.get('transfer_bytes', 0) / 1e6:.2f} | "
              f"{det.get('transfer_s', 0) * 1e3:.3f} | {det.get('band_s', 0) * 1e3:.2f} | {ms(g)} | {len(failed(rs))} |")


def cpu_strength_table(d):
    print("| host threads | band | best time [ms] | best of the row |")
    print("|---|---|---|---|")
    by_threads = {}
    for r in records(d, "cpu_t"):
        by_threads.setdefault(r["run"]["threads"], []).append(r)
    for t in sorted(by_threads):
        rs = by_threads[t]
        overall = best(rs)
        for band in sorted({r["run"]["band"] for r in rs}, key=lambda b: (b == -2, b)):
            b = best(rs, lambda r: r["run"]["band"] == band)
            mark = "**best**" if overall and b and b["time_s"] == overall["time_s"] else ""
            print(f"| {t} | {band_of(b) if b else band} | {ms(b)} | {mark} |")


def sw_table(d):
    print("| program | variant | GCUPS | time [ms] | verified |")
    print("|---|---|---|---|---|")
    for r in records(d, "sw_"):
        if r["backend"] == "cpu" and r["variant"] != "cpu/tiled":
            continue
        print(f"| {r['app']} {r['run'].get('app', '')} | {r['variant']} | {r['rate']:.2f} | {ms(r)} | {r['verification']['status']} |")


def halo_table(d):
    print("| tsize | GPUs | halo | best time [ms] | gpu-tile | failed |")
    print("|---|---|---|---|---|---|")
    for r0 in sorted({r["run"]["tsize"] for r in records(d, "halo_")}):
        rs = [r for r in records(d, "halo_") if r["run"]["tsize"] == r0]
        for key in sorted({(r["run"]["gpu_count"], r["run"]["halo"]) for r in rs}):
            b = best(rs, lambda r: r["backend"] == "cuda" and (r["run"]["gpu_count"], r["run"]["halo"]) == key)
            f = [r for r in failed(rs) if (r["run"]["gpu_count"], r["run"]["halo"]) == key]
            print(f"| {r0} | {key[0]} | {key[1] if key[0] == 2 else '-'} | {ms(b)} | "
                  f"{b['variant'].split('/')[-1] if b else '-'} | {len(f)} |")


def main():
    d = sys.argv[1]
    sections = [("Speed-up of the best configuration", "speedup_", speedup_table),
                ("Insight 1: dim (synthetic, tsize 100, dsize 1)", "dim_", lambda d: crossover_table(d, "dim_", "dim")),
                ("Insight 2: tsize (synthetic, dsize 1)", "tsize_", lambda d: crossover_table(d, "tsize_", "tsize")),
                ("Insight 3: dsize (synthetic, tsize 10)", "dsize_", dsize_table),
                ("Insight 5: CPU strength against band (synthetic, tsize 100)", "cpu_t", cpu_strength_table),
                ("GCUPS against sw_miniapp on the same pair", "sw_", sw_table),
                ("Insight 4: halo with two GPUs (synthetic)", "halo_", halo_table)]
    for title, prefix, table in sections:
        if records(d, prefix):
            print(f"\n### {title}\n")
            table(d)


if __name__ == "__main__":
    main()
