#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-3-Clause
"""A MODEL of time, power and energy against the GPU's SM clock (seed 003's VFS study),
predicted from runs measured at ONE clock: what locking the clock (--gpu-clock) would do,
for machines where it may not be changed. Every output line says it is a model.

    clock_model.py RUNS.jsonl --clocks 900,1200,1500,1755,1980 [--peak-bandwidth GB/s]
                   [--gamma 2.5] [--plot model.png]

RUNS.jsonl: records of any mini-app (--json) with an energy window, so each GPU record
carries result.telemetry (the SM clock observed, f0) and energy (the average power P0 and
the idle power measured before the runs). Per record:

  time    t(f) = t0 * (a * f0 / f + (1 - a))       a: the compute-bound share
  power   P(f) = P_idle + (P0 - P_idle) * (f / f0)^gamma
  energy  E(f) = P(f) * t(f)

The compute-bound share a is 1 for a kernel far from the memory roof and falls to 0 at it:
a = 1 - rate / peak for GB/s records (--peak-bandwidth, measured, e.g. a stream read), else 1.
The seed's findings this reproduces: RK-1..RK-6 (compute-bound) scale almost linearly with the
core clock; RK-7 (near the memory roof) hardly does; energy has a minimum near the default
clock when idle power is large. gamma (dynamic power ~ f V^2, V rising with f) defaults to
2.5; it is an assumption, not a fit. The memory clock is not modelled.
"""
import argparse
import sys

from hpcs_records import read_records as records


def inputs(r, peak):
    """(t0, f0, P0, P_idle, a) of a record, or the reason it cannot be modelled."""
    tel = (r.get("result") or {}).get("telemetry") or {}
    if "absent" in tel or not tel.get("sm_clock_mhz"):
        return "no telemetry (%s)" % tel.get("absent", "no SM clock recorded")
    energy = r.get("energy") or {}
    p0, idle = energy.get("gpu_w"), energy.get("gpu_idle_w")
    if p0 is None:
        p0 = (tel.get("power_w") or {}).get("mean")
    if p0 is None:
        return "no GPU power measured"
    if idle is None:
        idle = 0.0  # no idle baseline: all power scales with the clock (say so below)
    a = 1.0
    if peak and r.get("rate_unit") == "GB/s" and r.get("rate"):
        a = min(1.0, max(0.0, 1.0 - r["rate"] / peak))
    return r["time_s"], tel["sm_clock_mhz"]["mean"], p0, idle, a


def predict(t0, f0, p0, idle, a, f, gamma):
    t = t0 * (a * f0 / f + (1.0 - a))
    p = idle + (p0 - idle) * (f / f0) ** gamma
    return t, p, p * t


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("runs")
    ap.add_argument("--clocks", required=True, help="SM clocks to predict, MHz, comma-separated")
    ap.add_argument("--peak-bandwidth", type=float, help="the device's measured read bandwidth (GB/s)")
    ap.add_argument("--gamma", type=float, default=2.5, help="dynamic power ~ f^gamma (assumed)")
    ap.add_argument("--plot", help="PNG of time and energy against the clock")
    a = ap.parse_args()
    try:
        clocks = [float(c) for c in a.clocks.split(",")]
    except ValueError:
        sys.exit("error: --clocks %s: expected MHz values separated by commas" % a.clocks)
    if not clocks or min(clocks) <= 0:
        sys.exit("error: --clocks %s: expected positive MHz values" % a.clocks)
    curves = []
    print("MODEL (not a measurement): time, power and energy against the SM clock, from one measured clock")
    print("| variant | items | measured at [MHz] | a (compute share) | clock [MHz] | time [ms] | power [W] | energy [J] |")
    print("|---|---|---|---|---|---|---|---|")
    for r in records(a.runs):
        got = inputs(r, a.peak_bandwidth)
        if isinstance(got, str):
            print("| %s | %s | - | - | - | %s | | |" % (r.get("variant"), r.get("items"), got))
            continue
        t0, f0, p0, idle, share = got
        rows = [(f,) + predict(t0, f0, p0, idle, share, f, a.gamma) for f in clocks]
        curves.append((r["variant"], rows))
        for f, t, p, e in rows:
            print("| %s | %s | %.0f | %.2f | %.0f | %.4g | %.1f | %.4g |" % (
                r["variant"], r.get("items"), f0, share, f, t * 1e3, p, e))
    if not curves:
        sys.exit("error: %s: no record with GPU telemetry and power (run with an energy window on a GPU)" % a.runs)
    if a.plot:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
        fig, (ax, ax2) = plt.subplots(1, 2, figsize=(10, 4))
        for name, rows in curves:
            ax.plot([x[0] for x in rows], [x[1] * 1e3 for x in rows], marker="o", label=name)
            ax2.plot([x[0] for x in rows], [x[3] for x in rows], marker="o", label=name)
        ax.set_xlabel("SM clock [MHz]")
        ax.set_ylabel("time [ms] (model)")
        ax2.set_xlabel("SM clock [MHz]")
        ax2.set_ylabel("energy per repetition [J] (model)")
        fig.suptitle("MODEL from one measured clock (gamma %.2g)" % a.gamma)
        ax.legend(fontsize=7)
        fig.tight_layout()
        fig.savefig(a.plot, dpi=110)
    return 0


if __name__ == "__main__":
    sys.exit(main())
