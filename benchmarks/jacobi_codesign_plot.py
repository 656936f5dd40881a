#!/usr/bin/env python3
"""Plots the CSV of `jacobi_miniapp --codesign --codesign-output FILE` (model outputs): per
stencil, every design's workload time against its chip area with the Pareto front (the
thesis' Fig. C.3), and the share of the area spent on vector units against shared memory
(Fig. C.4). Marks the Maxwell dies' design points and, for Jacobi 2D, Table C.2's design.

usage: jacobi_codesign_plot.py CODESIGN.csv -o PLOT.png [--title TEXT]

Exit 77 without matplotlib (the tests skip).
"""
import argparse
import csv
import sys

try:
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
except ImportError:
    print("jacobi_codesign_plot.py: matplotlib is not installed (Debian: python3-matplotlib)", file=sys.stderr)
    sys.exit(77)

TITLES = {"jacobi1d": "Jacobi 1D", "jacobi2d": "Jacobi 2D"}
# (n_SM, n_V, M_SM KB) of the thesis' dies (Table A.2) and of Table C.2's Jacobi 2D design.
DIES = {"GTX 980": (16, 128, 96), "Titan X": (24, 128, 96)}
TABLE_C2 = {"jacobi2d": (32, 128, 24)}


def read(path):
    by_stencil = {}
    with open(path, newline="") as f:
        for row in csv.DictReader(f):
            d = {"stencil": row["stencil"]}
            for k in ("n_sm", "n_v", "m_sm_kb", "pareto"):
                d[k] = int(row[k])
            for k in ("area_mm2", "time_s", "gflops", "vector_unit_share", "register_share", "shared_share"):
                d[k] = float(row[k])
            by_stencil.setdefault(d["stencil"], []).append(d)
    if not by_stencil:
        sys.exit(f"jacobi_codesign_plot.py: {path}: no designs")
    return by_stencil


def point(designs, hw):
    for d in designs:
        if (d["n_sm"], d["n_v"], d["m_sm_kb"]) == hw:
            return d
    return None


def front_panel(ax, stencil, designs):
    rest = [d for d in designs if not d["pareto"]]
    front = sorted((d for d in designs if d["pareto"]), key=lambda d: d["area_mm2"])
    ax.scatter([d["area_mm2"] for d in rest], [d["time_s"] for d in rest], s=4, c="tab:orange", alpha=0.35,
               label=f"designs ({len(designs)})")
    ax.plot([d["area_mm2"] for d in front], [d["time_s"] for d in front], "o-", ms=3, c="tab:blue",
            label=f"Pareto front ({len(front)})")
    ax.axvspan(425, 450, color="grey", alpha=0.15, label="425-450 mm$^2$ (Table C.2)")
    marks = dict(DIES)
    if stencil in TABLE_C2:
        marks["Table C.2"] = TABLE_C2[stencil]
    for name, hw in marks.items():
        d = point(designs, hw)
        if d:
            ax.plot(d["area_mm2"], d["time_s"], "*", ms=11, c="black")
            what = " (no caches)" if name in DIES else ""
            ax.annotate(f"{name} {hw[0]}x{hw[1]}, {hw[2]} KB{what}", (d["area_mm2"], d["time_s"]), fontsize=7,
                        xytext=(4, 4), textcoords="offset points")
    ax.set_yscale("log")
    ax.set_xlabel("chip area, mm$^2$ (28 nm model, no caches)")
    ax.set_ylabel("workload time, s (sum of $T_{alg}$)")
    ax.set_title(f"{TITLES.get(stencil, stencil)}: area vs modelled time")
    ax.legend(fontsize=7, loc="upper right")


def share_panel(ax, stencil, designs):
    rest = [d for d in designs if not d["pareto"]]
    front = [d for d in designs if d["pareto"]]
    for group, colour, label in ((rest, "tab:orange", "others"), (front, "tab:blue", "Pareto")):
        ax.scatter([100 * (d["vector_unit_share"] + d["register_share"]) for d in group],
                   [100 * d["shared_share"] for d in group], s=4 if group is rest else 10, c=colour,
                   alpha=0.35 if group is rest else 0.9, label=label)
    ax.set_xlabel("vector units and their registers, % of area")
    ax.set_ylabel("shared memory, % of area")
    ax.set_title(f"{TITLES.get(stencil, stencil)}: where the area goes (Fig. C.4)")
    ax.legend(fontsize=7)


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("csv")
    p.add_argument("-o", "--output", required=True)
    p.add_argument("--title", default="Codesign search (model outputs, thesis Appendix C)")
    a = p.parse_args()
    by_stencil = read(a.csv)
    stencils = sorted(by_stencil, key=lambda s: list(TITLES).index(s) if s in TITLES else 99)
    fig, axes = plt.subplots(2, len(stencils), figsize=(6.5 * len(stencils), 9), squeeze=False)
    for col, s in enumerate(stencils):
        front_panel(axes[0][col], s, by_stencil[s])
        share_panel(axes[1][col], s, by_stencil[s])
    fig.suptitle(a.title)
    fig.tight_layout()
    fig.savefig(a.output, dpi=90)
    print(f"wrote {a.output}")


if __name__ == "__main__":
    main()
