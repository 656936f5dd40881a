#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-3-Clause
"""Seed 004's report on the wavefront exhaustive tuning study (benchmarks/wavefront_tune_study.sh):
Markdown tables on stdout, PNG plots in --plots.

    /usr/bin/python3 benchmarks/tune_report.py docs/results/data/autotune_h200x2 \
        --plots docs/results/plots --prefix autotune_h200x2 > report.md

DATA_DIR/tables/*.csv (or DATA_DIR/*.csv) holds one `--tune exhaustive --tune-table` table per
instance: single_d{dsize}_t{tsize}_n{dim} and holdout_... (one GPU), dual_d1_... (two GPUs, cpu-tile
64), apps_{app}_... (nash, lcs, sw-linear, one GPU), apps2_... (the same on two GPUs, band all). Tables: ESR (best / average /
s.d. of the cuda/band points), speed-ups over the serial loop, the seed's insights (band, GPU against
CPU, gpu-tile, halo, dsize). Plots: the best point over (dim, tsize), violins of every point's time
over its instance's best. A row that failed verification is counted, never a best.
"""
import argparse
import glob
import os
import re

import matplotlib
matplotlib.use("Agg")  # files only, no display
import matplotlib.pyplot as plt
import numpy as np
import pandas as pd

KINDS = ["single", "holdout", "large", "dual", "apps", "apps2"]
SYNTHETIC = ("single", "holdout", "large", "dual")
BAND = "cuda/band"


def load(directory):
    """Instances (dicts), their features read from the file name: the cpu/reference row leaves the
    feature columns empty."""
    out, sub = [], os.path.join(directory, "tables")
    for path in glob.glob(os.path.join(sub if os.path.isdir(sub) else directory, "*.csv")):  # the study or its tables/
        name = os.path.splitext(os.path.basename(path))[0]
        kind, _, rest = name.partition("_")
        m = re.match(r"(.+)_t(\d+)_n(\d+)$", rest)
        if kind in KINDS and m:
            syn = kind in SYNTHETIC
            out.append(dict(name=name, kind=kind, app="synthetic" if syn else m[1], dsize=int(m[1][1:]) if syn else None,
                            tsize=int(m[2]), dim=int(m[3]), gpus=1 + (kind in ("dual", "apps2")), t=pd.read_csv(path)))
    return sorted(out, key=lambda i: (KINDS.index(i["kind"]), i["app"], i["dsize"] or 0, i["tsize"], i["dim"]))


def ok_rows(inst, variant=BAND):
    t = inst["t"]
    return t[(t["variant"] == variant) & (t["verification"] != "FAILED") & t["time_s"].notna()]


def best(inst, variant=BAND, where=None):
    """The fastest verified row of `variant` among those `where` keeps; None where there is none."""
    r = ok_rows(inst, variant)
    r = r if where is None else r[where(r)]
    return r.loc[r["time_s"].idxmin()] if len(r) else None


def tbest(inst, variant=BAND, where=None):
    return None if (b := best(inst, variant, where)) is None else b["time_s"]


def one_gpu(insts, dsize=None):
    """The synthetic one-GPU instances (training grid and held out), of one dsize if given."""
    return [i for i in insts if i["kind"] in ("single", "holdout") and dsize in (None, i["dsize"])]


def ms(s):
    return "-" if s is None or pd.isna(s) else f"{s * 1e3:.2f}"


def band_label(row):
    b = int(row["band"])
    return "all" if b == -2 else "CPU only" if b == -1 else f"{row['band_coord']:.2f}"


def point(row, inst):
    """The point in words, only the tunables that act on it (no gpu-tile without GPU cells, ...)."""
    b, words = int(row["band"]), [f"band {band_label(row)}"]
    if b != -1:
        words.append(f"gpu-tile {int(row['gpu-tile'])}")
    if b != -2 and inst["kind"] != "dual":  # dual pins the cpu-tile
        words.append(f"cpu-tile {int(row['cpu-tile'])}")
    if inst["gpus"] == 2 and b != -1:
        words.append(f"halo {int(row['halo'])}")
    return ", ".join(words)


def table(header, body):
    print("| " + " | ".join(header) + " |\n|" + "---|" * len(header))
    for r in body:
        print("| " + " | ".join(str(x) for x in r) + " |")


def esr_table(insts):
    """ESR: best / average / s.d. of every cuda/band point"""
    body = []
    for i in (i for i in insts if i["kind"] in SYNTHETIC):
        t, every = ok_rows(i)["time_s"], i["t"][i["t"]["variant"] == BAND]
        body.append([i["name"], i["dim"], i["tsize"], i["dsize"], i["gpus"], len(every), ms(t.min()), ms(t.mean()),
                     ms(t.std()), f"{t.min() / t.mean():.2f}", point(best(i), i), (every["verification"] == "FAILED").sum()])
    table(["instance", "dim", "tsize", "dsize", "GPUs", "points", "best [ms]", "average [ms]", "s.d. [ms]",
           "best / average", "best point", "failed"], body)


def speedup_table(insts):
    """Speed-up of the best point over the serial loop (cpu/reference)"""
    key = lambda i: (i["app"], i["dsize"], i["tsize"], i["dim"])  # noqa: E731
    two = {key(i): i for i in insts if i["gpus"] == 2}
    body, ups, cpu = [], {}, []
    for i in (i for i in insts if i["gpus"] == 1 and best(i, "cpu/reference") is not None):
        serial, tiled, one = (tbest(i, v) for v in ("cpu/reference", "cpu/tiled", BAND))
        dual = tbest(two[key(i)]) if key(i) in two else None
        top = min(x for x in (tiled, one, dual) if x is not None)  # the best of everything measured
        group = "applications" if i["kind"] == "apps" else "synthetic"
        ups.setdefault(group, []).append(serial / top)
        cpu.append(tiled / top)
        body.append([i["name"], group, ms(serial), ms(tiled), ms(one), ms(dual), f"{serial / top:.1f}x",
                     f"{tiled / top:.2f}x"])
    table(["instance", "kind", "serial [ms]", "best cpu/tiled [ms]", "best cuda/band, 1 GPU [ms]", "best, 2 GPUs [ms]",
           "speed-up over serial", "speed-up over best cpu/tiled"], body)
    print()
    for group, u in list(ups.items()) + [("all", sum(ups.values(), []))]:
        print(f"- {group}: speed-up over serial mean {np.mean(u):.1f}x, max {max(u):.1f}x ({len(u)} instances)")
    print(f"- all: speed-up over best cpu/tiled mean {np.mean(cpu):.2f}x, max {max(cpu):.2f}x")


def band_insight(insts):
    """Insight (a): the best band share (apps2 pins it)"""
    body = []
    for i in (i for i in insts if i["kind"] != "apps2"):
        b = best(i)
        other = best(i, where=lambda r: r["band"] != b["band"])  # the runner-up band: the margin
        cpu = tbest(i, where=lambda r: r["band"] == -1)
        body.append([i["name"], i["gpus"], band_label(b), ms(b["time_s"]), band_label(other),
                     f"{other['time_s'] / b['time_s']:.2f}", f"{cpu / b['time_s']:.2f}"])
    table(["instance", "GPUs", "best band", "best [ms]", "next band", "next / best", "CPU only / best"], body)
    print(f"\nBand 'all' is the best in {sum(r[2] == 'all' for r in body)} of {len(body)} instances.")


def gpu_cpu_insight(insts):
    """Insight (b): GPU (best cuda/band) against CPU (best cpu/tiled) speed, by dim"""
    one = {(i["tsize"], i["dsize"], i["dim"]): i for i in one_gpu(insts)}
    cols = [(t, d) for t in (10, 100) for d in (1, 5)]
    body = [[n] + [f"{tbest(c, 'cpu/tiled') / tbest(c):.2f}x" if c else "-" for c in (one.get((t, d, n)) for t, d in cols)]
            for n in sorted({k[2] for k in one if k[0] in (10, 100)})]
    table(["dim"] + [f"tsize {t}, dsize {d}" for t, d in cols], body)


def tile_insight(insts):
    """Insight (c): the best gpu-tile by tsize (synthetic)"""
    groups = {}
    for i in (i for i in insts if i["kind"] in SYNTHETIC):
        groups.setdefault((i["tsize"], i["gpus"]), []).append(i)
    body = []
    for (tsize, gpus), group in sorted(groups.items()):
        picks = [band_label(b) if int(b["band"]) == -1 else int(b["gpu-tile"]) for b in map(best, group)]
        # each tile's own best (GPU cells only) over the instance's best
        rel = [np.median([tbest(i, where=lambda r: (r["gpu-tile"] == t) & (r["band"] != -1)) / tbest(i) for i in group])
               for t in (1, 8, 32)]
        counts = ", ".join(f"{v}: {picks.count(v)}" for v in sorted(set(picks), key=str))
        body.append([tsize, gpus, len(group), counts] + [f"{x:.2f}" for x in rel])
    table(["tsize", "GPUs", "instances", "best gpu-tile (count)", "tile 1 / best (median)", "tile 8 / best",
           "tile 32 / best"], body)


def halo_insight(insts):
    """Insight (d): halo, the best time per halo over the instance's best (two GPUs)"""
    sel = [i for i in insts if i["gpus"] == 2]
    halos = sorted({int(h) for i in sel for h in ok_rows(i)["halo"]})
    body = []
    for i in sel:
        rows = ok_rows(i)[ok_rows(i)["band"] != -1]  # the CPU-only point has no GPU boundary
        per = rows.groupby("halo")["time_s"].min() / rows["time_s"].min()
        body.append([i["name"], ms(rows["time_s"].min())] + [f"{per[h]:.2f}" if h in per else "-" for h in halos])
    table(["instance", "best [ms]"] + [f"halo {h}" + (" (off)" if h == -1 else "") for h in halos], body)


def dsize_insight(insts):
    """Insight (e): dsize 1 against 5 at equal dim and tsize (one GPU)"""
    one = {(i["dsize"], i["tsize"], i["dim"]): i for i in one_gpu(insts)}
    body = []
    for (d, t, n), a in sorted(one.items()):
        c = one.get((5, t, n))
        if d == 1 and c:
            ba, bc = best(a), best(c)
            body.append([n, t, ms(ba["time_s"]), ms(bc["time_s"]), f"{bc['time_s'] / ba['time_s']:.2f}",
                         f"{tbest(c, 'cpu/tiled') / tbest(a, 'cpu/tiled'):.2f}", point(ba, a), point(bc, c)])
    table(["dim", "tsize", "best dsize 1 [ms]", "best dsize 5 [ms]", "cuda/band 5 / 1", "cpu/tiled 5 / 1",
           "best point dsize 1", "best point dsize 5"], body)


def heat(fig, ax, insts, value, label, title, cmap, vrange, bar):
    """One (tsize x dim) heatmap of the best point, fixed colour range (a constant panel stays
    readable); cells without an instance stay grey."""
    dims, tsizes = sorted({i["dim"] for i in insts}), sorted({i["tsize"] for i in insts})
    grid = np.full((len(tsizes), len(dims)), np.nan)
    for i in insts:
        b, y, x = best(i), tsizes.index(i["tsize"]), dims.index(i["dim"])
        grid[y, x] = value(b)
        ax.text(x, y, label(b), ha="center", va="center", fontsize=8,
                bbox=dict(boxstyle="round,pad=0.15", fc="white", alpha=0.6, lw=0))
    cm = plt.get_cmap(cmap).copy()
    cm.set_bad("lightgrey")
    im = ax.imshow(np.ma.masked_invalid(grid), cmap=cm, vmin=vrange[0], vmax=vrange[1], aspect="auto", origin="lower")
    ax.set_xticks(range(len(dims)), dims, rotation=45)
    ax.set_yticks(range(len(tsizes)), tsizes)
    ax.set(xlabel="dim (grey: no instance)", ylabel="tsize", title=title)
    fig.colorbar(im, ax=ax, label=bar)


def heatmaps(insts, out, prefix, device):
    files = []
    for d in (1, 5):
        fig, axes = plt.subplots(1, 2, figsize=(13, 4.8))
        heat(fig, axes[0], one_gpu(insts, d), lambda b: b["band_coord"], band_label,
             "best band (share of diagonals on the GPU)", "viridis", (0, 1), "band share")
        heat(fig, axes[1], one_gpu(insts, d), lambda b: np.nan if b["band"] == -1 else np.log2(b["gpu-tile"]),
             lambda b: "-" if b["band"] == -1 else str(int(b["gpu-tile"])), "best gpu-tile", "magma", (0, 5),
             "log2(gpu-tile)")
        fig.suptitle(f"cuda/band, one GPU, synthetic dsize {d}: best point of the exhaustive search ({device})")
        files.append(save(fig, out, f"{prefix}_heatmap_d{d}.png"))
    fig, ax = plt.subplots(figsize=(7, 4.5))
    heat(fig, ax, [i for i in insts if i["kind"] == "dual"], lambda b: b["halo_coord"],
         lambda b: f"halo {int(b['halo'])}\nband {band_label(b)}, tile {int(b['gpu-tile'])}",
         f"cuda/band, two GPUs, synthetic dsize 1: best halo\n({device})", "cividis", (-1, 8), "log2(halo + 1), -1 = off")
    return files + [save(fig, out, f"{prefix}_heatmap_halo.png")]


def violins(insts, out, prefix, device):
    files = []
    for d in (1, 5):
        sel = one_gpu(insts, d)
        tsizes = sorted({i["tsize"] for i in sel})
        # log10 before the kernel density, so the violins are drawn on a log axis
        data = [np.log10(np.concatenate([ok_rows(i)["time_s"] / tbest(i) for i in sel if i["tsize"] == t])) for t in tsizes]
        fig, ax = plt.subplots(figsize=(1.4 * len(tsizes) + 3, 4.8))
        ax.violinplot(data, showmedians=True)
        ticks = [v for v in (1, 1.5, 2, 3, 5, 10, 20, 50, 100, 200, 500) if np.log10(v) <= max(map(max, data)) + 0.05]
        ax.set_yticks(np.log10(ticks), [f"{v:g}x" for v in ticks])
        dims = [sorted(i["dim"] for i in sel if i["tsize"] == t) for t in tsizes]
        ax.set_xticks(range(1, len(tsizes) + 1), [f"{t}\n({len(n)} dim{'s' * (len(n) > 1)}: {n[0]}" +
                                                  (f"..{n[-1]})" if len(n) > 1 else ")") for t, n in zip(tsizes, dims)])
        ax.set(xlabel="tsize", ylabel="time / instance's best (log)")
        ax.set_title(f"cuda/band best-point sensitivity, one GPU, synthetic dsize {d}\n({device})")
        ax.grid(axis="y", alpha=0.3)
        files.append(save(fig, out, f"{prefix}_violin_d{d}.png"))
    return files


def save(fig, out, name):
    fig.tight_layout()
    fig.savefig(os.path.join(out, name), dpi=110)
    plt.close(fig)
    return name


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("data_dir", help="the study's directory (its tables/*.csv) or the tables' directory")
    p.add_argument("--plots", help="directory for the PNGs (none drawn without it)")
    p.add_argument("--prefix", default="autotune", help="the PNGs' file-name prefix")
    p.add_argument("--device", default="2 x NVIDIA H200, 32 host cores", help="the machine, for the plot titles")
    a = p.parse_args()
    insts = load(a.data_dir)
    if not insts:
        p.error(f"no tuning tables in {a.data_dir} or {a.data_dir}/tables")
    for section in (esr_table, speedup_table, band_insight, gpu_cpu_insight, tile_insight, halo_insight, dsize_insight):
        print(f"\n### {section.__doc__}\n")  # each section's docstring is its title
        section(insts)
    if a.plots:
        os.makedirs(a.plots, exist_ok=True)
        print("\n### Plots\n")
        for f in heatmaps(insts, a.plots, a.prefix, a.device) + violins(insts, a.plots, a.prefix, a.device):
            # relative to the Markdown's directory, the plots directory's parent (docs/results/)
            print(f"![{f[:-4]}]({os.path.basename(os.path.normpath(a.plots))}/{f})\n")


if __name__ == "__main__":
    main()
