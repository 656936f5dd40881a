#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-3-Clause
"""One row per profiled kernel launch from Nsight Compute's `--csv --page details` output.

    ncu --clock-control none --section SpeedOfLight ... --csv --page details APP ... > run.csv
    python3 benchmarks/ncu_kernels.py run.csv [more.csv ...] [--metrics "Duration,Registers Per Thread"]

ncu's own lines (==PROF==, the app's output) are skipped; a metric a file lacks prints as "-".
The default columns are what the Kokkos-vs-CUDA and RK-step studies read (issues 28 and 30):
time, throughput against peak, occupancy, the launch shape, spills, issue efficiency, and where
asked for (--section SourceCounters, InstructionStats, raw --metrics) divergence, active threads
per warp, shared-memory bank conflicts and barrier stalls.
"""
import argparse
import csv
import io
import os
import sys

DEFAULT = [
    "Duration", "Compute (SM) Throughput", "Memory Throughput", "DRAM Throughput", "Grid Size", "Block Size",
    "Registers Per Thread", "Dynamic Shared Memory Per Block", "Achieved Occupancy", "Issue Slots Busy",
    "Warp Cycles Per Issued Instruction", "L1/TEX Hit Rate", "L2 Hit Rate", "Local Memory Spilling Requests",
    "Branch Efficiency", "Avg. Divergent Branches", "Avg. Active Threads Per Warp",
    "Avg. Not Predicated Off Threads Per Warp",
    "l1tex__data_bank_conflicts_pipe_lsu_mem_shared.sum",
    "smsp__average_warps_issue_stalled_barrier_per_issue_active.ratio"
]


def launches(path):
    """[(kernel name, {metric: "value unit"})] in the file's order."""
    with open(path, newline="") as f:
        lines = [line for line in f if line.startswith('"')]
    rows = list(csv.DictReader(io.StringIO("".join(lines))))
    if not rows:
        raise KeyError("no kernel rows")
    out, index = [], {}
    for r in rows:
        key = r["ID"]
        if key not in index:
            index[key] = len(out)
            out.append((r["Kernel Name"], {}))
        unit = r.get("Metric Unit") or ""
        value = r["Metric Value"]
        out[index[key]][1][r["Metric Name"]] = f"{value} {unit}".strip() if unit not in ("", "%") else value + unit
    return out


def short(name, width=60):
    """The kernel's name without template noise: Kokkos' functor or CUDA's function."""
    for marker in ("ParallelFor<", "ParallelReduce<"):
        if marker in name:
            name = name.split(marker, 1)[1]
            break
    name = name.replace("void ", "").replace("(anonymous namespace)::", "").replace("unnamed>::", "")
    return name if len(name) <= width else name[:width - 3] + "..."


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("files", nargs="+")
    p.add_argument("--metrics", help="comma-separated metric names (default: the studies' set)")
    a = p.parse_args()
    wanted = a.metrics.split(",") if a.metrics else DEFAULT
    for path in a.files:
        try:
            ks = launches(path)
        except (OSError, KeyError, csv.Error, UnicodeDecodeError) as e:
            sys.exit(f"error: {path}: not ncu --csv --page details output ({e})")
        present = [m for m in wanted if any(m in k[1] for k in ks)]
        print(f"\n{os.path.basename(path)}: {len(ks)} kernel launch(es)\n")
        print("| kernel | " + " | ".join(present) + " |")
        print("|---" * (len(present) + 1) + "|")
        for name, m in ks:
            print(f"| {short(name)} | " + " | ".join(m.get(x, "-") for x in present) + " |")


if __name__ == "__main__":
    main()
