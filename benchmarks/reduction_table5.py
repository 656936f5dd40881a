#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-3-Clause
"""Seed 003's Table 5 from the suite's own records: how much each RK step changes
performance, power and energy efficiency, ranked High (> 50%), Mid (30-50%) or Low (< 30%)
as the paper defines them, beside the paper's numbers (digest 003, sections 5.3-5.6).

    reduction_table5.py RUNS.jsonl [RUNS.jsonl ...] [--backend cuda] [--markdown OUT.md]

RUNS.jsonl: reduction_miniapp --json records with an energy window (--energy-window 2), one
file per device and type. Per step k = 2..7 of one backend:
  performance   rate_k / rate_(k-1) - 1          (the step speed-up the table prints)
  power         P_k / P_(k-1) - 1                (the GPU's mean power over the energy window)
  efficiency    (rate_k / P_k) / (rate_(k-1) / P_(k-1)) - 1   (GB/s per W; the paper: Gflops/W,
                the same ratio since a reduction's flops are its elements)
A step the backend lacks (Kokkos has no RK-5: it needs warp-synchronous code) is compared
with the step below it that exists, and the row says so.
"""
import argparse
import sys

from hpcs_records import read_records

# The paper's per-step numbers (digest 003: 5.5 and the Table 5 reconstruction; power: GTX 660 / 970).
PAPER = {
    2: ("avoid divergence", "High (76%)", "Low (-9% / -1%)", "High (90%)"),
    3: ("avoid bank conflicts", "Mid (33%)", "Low (~0)", "Mid (31%)"),
    4: ("first add during load", "High (81%)", "Low (+4% / +3%)", "High (74%)"),
    5: ("unroll the last warp", "Mid (39%)", "Low (+3%)", "Mid (39%)"),
    6: ("complete unroll", "Low (9%)", "Low (0)", "Low (9%)"),
    7: ("cascading (Brent)", "High (165%)", "Low (+2% / +1%)", "High (134%)"),
}


def category(change):
    """The paper's classes, by the size of the change (a fall counts by its size too)."""
    size = abs(change) * 100
    return "High" if size > 50 else "Mid" if size >= 30 else "Low"


def cell(change):
    return "%s (%+.0f%%)" % (category(change), change * 100)


def steps_of(records, backend, path):
    """{k: (rate, power)} of backend/rk1..rk7 with a measured GPU power."""
    out = {}
    for r in records:
        if r.get("app") != "reduction" or r.get("backend") != backend:
            continue
        name = r.get("variant", "")
        if not name.startswith(backend + "/rk") or not name[len(backend) + 3:].isdigit():
            continue
        power = (r.get("energy") or {}).get("gpu_w")
        if power is None or not r.get("rate"):
            continue
        if (r.get("verification") or {}).get("status") == "FAILED":
            sys.exit("error: %s: %s failed its verification; its numbers are not an answer" % (path, name))
        out[int(name[len(backend) + 3:])] = (r["rate"], power)
    if len(out) < 2:
        sys.exit("error: %s: fewer than two %s/rk steps with a measured GPU power (run with --energy-window)"
                 % (path, backend))
    return out


def table(path, backend):
    records = read_records(path)
    steps = steps_of(records, backend, path)
    first = records[0] if records else {}
    device = ", ".join((first.get("provenance") or {}).get("devices", [])) or "unknown device"
    dtype = first.get("dtype", "?")
    rows = []
    for k in range(2, 8):
        if k not in steps:
            continue
        below = max((j for j in steps if j < k), default=None)
        if below is None:
            continue
        (r1, p1), (r0, p0) = steps[k], steps[below]
        perf, power, eff = r1 / r0 - 1, p1 / p0 - 1, (r1 / p1) / (r0 / p0) - 1
        rows.append((k, below, perf, power, eff, p1))
    return device, dtype, rows


def markdown(results, backend):
    lines = []
    for path, (device, dtype, rows) in results:
        lines.append("### %s, %s, %s (`%s`)\n" % (device, dtype, backend, path))
        lines.append("| step | optimization | performance | power | energy efficiency | GPU W | paper: perf. / power / eff. |")
        lines.append("|---|---|---|---|---|---|---|")
        for k, below, perf, power, eff, watts in rows:
            name, pp, pw, pe = PAPER[k]
            step = "RK-%d" % k + ("" if below == k - 1 else " (vs RK-%d)" % below)
            lines.append("| %s | %s | %s | %s | %s | %.0f | %s / %s / %s |"
                         % (step, name, cell(perf), cell(power), cell(eff), watts, pp, pw, pe))
        lines.append("")
    return "\n".join(lines)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("runs", nargs="+")
    ap.add_argument("--backend", default="cuda", help="whose RK ladder (cuda or kokkos)")
    ap.add_argument("--markdown", help="write the tables to this file too")
    a = ap.parse_args()
    results = [(p, table(p, a.backend)) for p in a.runs]
    text = markdown(results, a.backend)
    print(text)
    if a.markdown:
        with open(a.markdown, "w") as f:
            f.write(text + "\n")


if __name__ == "__main__":
    main()
