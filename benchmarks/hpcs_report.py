#!/usr/bin/env python3
"""One report tool for the results of every mini-app (the JSON lines of --json, any app).

  hpcs_report.py csv RESULTS... [-o OUT.csv]         every record as one CSV row
  hpcs_report.py compare BASE NEW                     time ratios per run (Google Benchmark's compare.py style)
  hpcs_report.py scaling RESULTS... [--t1 SECONDS]     strong scaling: efficiency, imbalance, energy per rank
  hpcs_report.py plot RESULTS... -o DIR [--roof-bandwidth GB/s] [--roof-compute GFLOP/s]
      ladder.png      speedup of each step over its backend's first step, per app and backend
      rate_size.png   rate (the app's unit) against problem size, one line per variant
      efficiency.png  parallel efficiency T(1) / (p T(p)) against ranks, per variant and size
      roof.png        each run's bytes/s or GFLOP/s against the device roofs given
      power.png       GPU board power (and SM clock) against time per variant, from the
                      records' result.telemetry traces (the timed repetitions and energy window)

RESULTS are files of JSON records (matrixchain_miniapp --json > run.jsonl, etc.). Runs are
matched by (app, variant, dtype, items, ranks). Needs matplotlib only for `plot` (Debian:
python3-matplotlib)."""
import argparse
import csv
import math
import os
import sys

from hpcs_records import read_numbered

COLUMNS = ["app", "variant", "backend", "config", "dtype", "items", "ranks", "step", "time_kind", "time_s", "rate",
           "rate_unit", "gflops", "step_speedup", "cumulative_speedup", "gpu_j_per_rep", "gpu_w", "verification",
           "device", "git_revision", "created_utc", "source"]


def load(paths):
    """The records of every file, each with the file it came from."""
    records = []
    for path in paths:
        for n, r in read_numbered(path):
            if "variant" not in r or "time_s" not in r:
                sys.exit(f"error: {path}:{n}: not a mini-app record (no variant / time_s)")
            r["_source"] = path
            records.append(r)
    if not records:
        sys.exit("error: no records in " + ", ".join(paths))
    return records


def row(r):
    e = r.get("energy") or {}
    prov = r.get("provenance") or {}
    return {"app": r.get("app"), "variant": r["variant"], "backend": r.get("backend"), "config": r.get("config"),
            "dtype": r.get("dtype"), "items": r.get("items"), "ranks": r.get("ranks"), "step": r.get("step"),
            "time_kind": r.get("time_kind"), "time_s": r["time_s"], "rate": r.get("rate"),
            "rate_unit": r.get("rate_unit"), "gflops": r.get("gflops"), "step_speedup": r.get("step_speedup"),
            "cumulative_speedup": r.get("cumulative_speedup"), "gpu_j_per_rep": e.get("gpu_j_per_rep"),
            "gpu_w": e.get("gpu_w"), "verification": (r.get("verification") or {}).get("status"),
            "device": (prov.get("devices") or [None])[0], "git_revision": prov.get("git_revision"),
            "created_utc": prov.get("created_utc"), "source": r["_source"]}


def key(r):
    return (r.get("app"), r["variant"], r.get("dtype"), r.get("items"), r.get("ranks"))


def cmd_csv(a):
    out = open(a.output, "w", newline="") if a.output else sys.stdout
    w = csv.DictWriter(out, fieldnames=COLUMNS)
    w.writeheader()
    for r in load(a.results):
        w.writerow(row(r))
    return 0


def cmd_compare(a):
    base = {key(r): r for r in load([a.base])}
    new = {key(r): r for r in load([a.new])}
    both = [k for k in base if k in new]
    if not both:
        sys.exit("error: no run of " + a.new + " matches one of " + a.base + " (app, variant, dtype, items, ranks)")
    print(f"{'app':12} {'variant':28} {'dtype':8} {'items':>14} {'ranks':>5} {'base ms':>11} {'new ms':>11} "
          f"{'new/base':>9} {'change':>8}")
    ratios = []
    for k in both:
        tb, tn = base[k]["time_s"], new[k]["time_s"]
        ratio = tn / tb if tb > 0 else float("nan")
        ratios.append(ratio)
        print(f"{k[0] or '':12} {k[1]:28} {k[2] or '':8} {k[3] or 0:14} {k[4] or 1:5} {tb * 1e3:11.4f} {tn * 1e3:11.4f} "
              f"{ratio:9.3f} {100 * (ratio - 1):+7.1f}%")
    good = [x for x in ratios if x > 0 and math.isfinite(x)]
    if good:
        print(f"geometric mean new/base over {len(good)} run(s): {math.exp(sum(map(math.log, good)) / len(good)):.3f}")
    for k in base:
        if k not in new:
            print(f"only in base: {k[1]} ({k[0]}, {k[2]}, {k[3]} items, {k[4]} ranks)")
    return 0


def scaling_groups(records):
    """Runs of the same problem (app, variant, dtype, items) by rank count; the last record wins."""
    groups = {}
    for r in records:
        groups.setdefault((r.get("app"), r["variant"], r.get("dtype"), r.get("items")), {})[r.get("ranks") or 1] = r
    return groups


def fmt(v, spec):
    return "-" if v is None else format(v, spec)


def cmd_scaling(a):
    """Efficiency T1 / (p Tp) = 1 - imbalance - extra work, exactly, with Tp the slowest rank's
    median and m the mean of the ranks' medians: imbalance = (Tp - m) / Tp (ranks waiting for
    the slowest), extra work = (p m - T1) / (p Tp) (work that does not shrink with p: replicated
    set-up, launch latency, a GPU less busy on a smaller share). Without per-rank medians the
    two are not separated. Per-rank medians are device times, or for wall-timed runs each rank's
    time before the barrier that ends a repetition."""
    groups = scaling_groups(load(a.results))
    if a.title:
        print(f"### {a.title}\n")
    print("| app | variant | dtype | items | ranks | T_p [ms] | speedup | efficiency | wall efficiency "
          "| imbalance | extra work | J/rep (all GPUs) | J/rep per rank | energy vs 1 rank |")
    print("|---|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|---:|")
    for (app, variant, dtype, items), by in sorted(groups.items(), key=lambda kv: str(kv[0])):
        one = by.get(1)
        t1 = one["time_s"] if one else a.t1
        w1 = one["wall_s"]["median"] if one and one.get("wall_s") else None
        e1 = (one.get("energy") or {}).get("gpu_j_per_rep") if one else None
        for p in sorted(by):
            r = by[p]
            tp = r["time_s"]
            eff = t1 / (p * tp) if t1 and tp > 0 else None
            wp = (r.get("wall_s") or {}).get("median")
            weff = w1 / (p * wp) if w1 and wp else None
            pr = r.get("per_rank") or {}
            med = [x for x in (pr.get("device_median_s" if r.get("time_kind") == "device" else "busy_median_s") or [])
                   if x]
            imb = extra = None
            if len(med) == p and tp > 0:
                m = sum(med) / p
                imb = (tp - m) / tp
                extra = (p * m - t1) / (p * tp) if t1 else None
            e = r.get("energy") or {}
            ej = e.get("gpu_j_per_rep")
            per = (r.get("per_rank") or {}).get("gpu_j_per_rep") or []
            per_s = ("%.3g" % (sum(per) / len(per)) + (" (%.3g-%.3g)" % (min(per), max(per)) if len(per) > 1 else "")
                     if per else "-")
            print(f"| {app} | `{variant}` | {dtype} | {items} | {p} | {tp * 1e3:.4g} | {fmt(t1 / tp if t1 else None, '.2f')} "
                  f"| {fmt(eff and 100 * eff, '.1f')}% | {fmt(weff and 100 * weff, '.1f')}% | {fmt(imb and 100 * imb, '.1f')}% "
                  f"| {fmt(extra if extra is None else 100 * extra, '.1f')}% | {fmt(ej, '.3g')} | {per_s} "
                  f"| {fmt(ej / e1 if ej and e1 else None, '.2f')} |")
    return 0


def cmd_plot(a):
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    records = load(a.results)
    os.makedirs(a.output, exist_ok=True)
    made = []

    # ladder: cumulative speedup per step, per (app, backend), the largest problem of each
    ladders = {}
    for r in records:
        if r.get("step", 0) > 0 and r.get("cumulative_speedup"):
            ladders.setdefault((r["app"], r["backend"], r.get("dtype"), r.get("items")), []).append(r)
    if ladders:
        fig, ax = plt.subplots(figsize=(8, 4.5))
        for (app, backend, dtype, items), rs in sorted(ladders.items(), key=lambda kv: str(kv[0])):
            rs.sort(key=lambda r: r["step"])
            steps, speedups = [r["step"] for r in rs], [r["cumulative_speedup"] for r in rs]
            ax.plot(steps, speedups, marker="o", label=f"{app} {backend} {dtype} {items:.3g}")
            for r, x, y in zip(rs, steps, speedups):  # each step named by its algorithm
                ax.annotate(r["variant"].split("/")[1], (x, y), fontsize=7, xytext=(3, 3), textcoords="offset points")
        ax.set_yscale("log")
        made.append(save_lines(fig, ax, a.output, "ladder.png", "optimization ladder", "step on the backend's ladder",
                               "speedup over the backend's first step"))

    # rate against size, per variant (and ranks)
    series = {}
    for r in records:
        series.setdefault((r.get("app"), r["variant"], r.get("dtype"), r.get("ranks")), []).append(r)
    sized = {k: v for k, v in series.items() if len({r.get("items") for r in v}) > 1}
    if sized:
        fig, ax = plt.subplots(figsize=(8, 4.5))
        for (app, variant, dtype, ranks), rs in sorted(sized.items(), key=lambda kv: str(kv[0])):
            rs.sort(key=lambda r: r["items"])
            ax.plot([r["items"] for r in rs], [r["rate"] for r in rs], marker="o", label=f"{variant} {dtype} x{ranks}")
        ax.set_xscale("log")
        ax.set_yscale("log")
        units = ", ".join(sorted({str(r.get('rate_unit')) for r in records}))
        made.append(save_lines(fig, ax, a.output, "rate_size.png", "rate against problem size",
                               f"problem size (items: {units})", "rate"))

    # parallel efficiency against ranks
    scaling = {}
    for r in records:
        scaling.setdefault((r.get("app"), r["variant"], r.get("dtype"), r.get("items")), {})[r.get("ranks", 1)] = r
    scaling = {k: v for k, v in scaling.items() if 1 in v and len(v) > 1}
    if scaling:
        fig, ax = plt.subplots(figsize=(8, 4.5))
        for (app, variant, dtype, items), by in sorted(scaling.items(), key=lambda kv: str(kv[0])):
            ps = sorted(by)
            t1 = by[1]["time_s"]
            ax.plot(ps, [t1 / (p * by[p]["time_s"]) for p in ps], marker="o", label=f"{variant} {dtype} {items:.3g}")
        ax.set_ylim(0, 1.1)
        made.append(save_lines(fig, ax, a.output, "efficiency.png", "strong scaling", "ranks",
                               "parallel efficiency T(1) / (p T(p))"))

    # against the roofs: GB/s runs against the bandwidth, GFLOP/s against the compute roof
    if a.roof_bandwidth or a.roof_compute:
        fig, ax = plt.subplots(figsize=(8, 4.5))
        names, fractions, colors = [], [], []
        label = lambda r: f"{r.get('app')} {r['variant']} ({r.get('items', 0):.3g} {r.get('dtype', '')})"
        for r in records:
            if r.get("rate_unit") == "GB/s" and a.roof_bandwidth:
                names.append(label(r))
                fractions.append(r["rate"] / a.roof_bandwidth)
                colors.append("tab:blue")
            elif r.get("gflops") or (r.get("rate_unit") == "GFLOP/s" and r.get("rate")):
                if a.roof_compute:
                    names.append(label(r))
                    fractions.append((r.get("gflops") or r["rate"]) / a.roof_compute)
                    colors.append("tab:orange")
        fig.set_size_inches(8, max(4.5, 0.22 * len(names) + 1))
        ax.barh(range(len(names)), fractions, color=colors)
        ax.set_yticks(range(len(names)), names, fontsize=7)
        ax.axvline(1.0, color="k", lw=1)
        ax.set_xlabel("fraction of the roof\nblue: bandwidth %s GB/s; orange: compute %s GFLOP/s" % (a.roof_bandwidth, a.roof_compute))
        ax.set_title("runs against the device's roofs")
        made.append(save(fig, a.output, "roof.png"))

    # power against time, per variant: the telemetry trace of each GPU record
    traced = [r for r in records if (r.get("result") or {}).get("telemetry", {}).get("trace", {}).get("power_w")]
    if traced:
        fig, (ax, ax2) = plt.subplots(2, 1, figsize=(8, 6), sharex=True)
        for r in traced:
            tr = r["result"]["telemetry"]["trace"]
            lbl = f"{r['variant']} {r.get('dtype', '')} {r.get('items', 0):.3g}"
            n = min(len(tr["t_s"]), len(tr["power_w"]))
            ax.plot(tr["t_s"][:n], tr["power_w"][:n], label=lbl)
            m = min(len(tr["t_s"]), len(tr.get("sm_clock_mhz", [])))
            if m:
                ax2.plot(tr["t_s"][:m], tr["sm_clock_mhz"][:m], label=lbl)
        limits = {r["result"]["telemetry"].get("power_limit_w") for r in traced} - {None}
        for w in limits:
            ax.axhline(w, color="k", lw=0.8, ls="--")
        ax.set_ylabel("GPU board power [W]" + (" (dashed: limit)" if limits else ""))
        ax2.set_ylabel("SM clock [MHz]")
        ax2.set_xlabel("seconds since the first timed repetition")
        ax.set_title("power and clock per variant (NVML, read-only)")
        ax.legend(fontsize=7)
        ax.grid(True, alpha=0.3)
        ax2.grid(True, alpha=0.3)
        made.append(save(fig, a.output, "power.png"))

    if not made:
        sys.exit("error: nothing to plot (no ladder steps, no sizes, no rank counts, no roofs given, no power traces)")
    for m in made:
        print(m)
    return 0


def save(fig, directory, name):
    path = os.path.join(directory, name)
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    return path


def save_lines(fig, ax, directory, name, title, xlabel, ylabel):
    """A line plot's labels, legend and grid (the same on every one), then save()."""
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)
    ax.set_title(title)
    ax.legend(fontsize=7)
    ax.grid(True, which="both", alpha=0.3)
    return save(fig, directory, name)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0], epilog=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="cmd", required=True)
    c = sub.add_parser("csv", help="records as CSV")
    c.add_argument("results", nargs="+")
    c.add_argument("-o", "--output")
    c.set_defaults(func=cmd_csv)
    m = sub.add_parser("compare", help="time ratios of two result sets")
    m.add_argument("base")
    m.add_argument("new")
    m.set_defaults(func=cmd_compare)
    g = sub.add_parser("scaling", help="strong-scaling table (Markdown)")
    g.add_argument("results", nargs="+")
    g.add_argument("--t1", type=float, help="one-rank time (s) where the results have no one-rank run")
    g.add_argument("--title")
    g.set_defaults(func=cmd_scaling)
    p = sub.add_parser("plot", help="PNG plots")
    p.add_argument("results", nargs="+")
    p.add_argument("-o", "--output", required=True)
    p.add_argument("--roof-bandwidth", type=float, help="device bandwidth roof (GB/s, measured)")
    p.add_argument("--roof-compute", type=float, help="device compute roof (GFLOP/s)")
    p.set_defaults(func=cmd_plot)
    a = ap.parse_args()
    for f in getattr(a, "results", []) + [getattr(a, "base", None), getattr(a, "new", None)]:
        if f and not os.path.isfile(f):
            sys.exit(f"error: {f}: no such file")
    return a.func(a)


if __name__ == "__main__":
    sys.exit(main())
