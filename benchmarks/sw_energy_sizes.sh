#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# Seed 000's energy claim (the thesis: multi-pass used 13% less energy than the traditional
# kernel) at today's tiling: both CUDA variants on one pair of length 2^k x 2^k for each k in
# LOG2 (default 16..22), in one run per size, energy from NVML over a window of repeated runs
# (ENERGY_WINDOW seconds, default 2), every result checked against the other variant's.
#
#   BUILD=build/gpu OUT=dir benchmarks/sw_energy_sizes.sh [sw_miniapp options...]
#
# Writes OUT/sw_energy_<k>.jsonl / .txt and OUT/sw_energy_sizes.md (per size: time, energy,
# average power of each variant, and multi-pass's energy saving over traditional).
set -uo pipefail
BUILD=${BUILD:-build/gpu}
OUT=${OUT:-$PWD/gpu-out}
LOG2=${LOG2:-16 17 18 19 20 21 22}
mkdir -p "$OUT"
for k in $LOG2; do
  n=$((1 << k))
  "$BUILD/bin/sw_miniapp" --len-a "$n" --len-b "$n" --plant $(( n / 4 < 10000 ? n / 4 : 10000 )) --variant cuda/traditional,cuda/multipass \
    --reps 3 --energy-window "${ENERGY_WINDOW:-2}" --json "$@" > "$OUT/sw_energy_$k.jsonl" 2> "$OUT/sw_energy_$k.txt" \
    || echo "2^$k: failed: $(grep -m1 error "$OUT/sw_energy_$k.txt")" >&2
done
"${PYTHON:-python3}" - "$OUT" $LOG2 > "$OUT/sw_energy_sizes.md" <<'PY'
import json, sys
out, ks = sys.argv[1], sys.argv[2:]
print("| length | traditional [s] | J | W | multi-pass [s] | J | W | multi-pass energy vs traditional | verification |")
print("|---|---|---|---|---|---|---|---|---|")
for k in ks:
    try:
        recs = {r["variant"]: r for r in map(json.loads, open("%s/sw_energy_%s.jsonl" % (out, k))) if "variant" in r}
    except (OSError, ValueError):
        print("| 2^%s | (no records) |||||||" % k)
        continue
    t, m = recs.get("cuda/traditional"), recs.get("cuda/multipass")
    cell = lambda r: ("%.4g | %.4g | %.0f" % (r["time_s"], r["energy"]["gpu_j_per_rep"], r["energy"]["gpu_w"])
                      if r and r.get("energy", {}).get("gpu_j_per_rep") is not None else "- | - | -")
    save = ("%+.1f%%" % (100 * (m["energy"]["gpu_j_per_rep"] / t["energy"]["gpu_j_per_rep"] - 1))
            if t and m and t["energy"].get("gpu_j_per_rep") and m["energy"].get("gpu_j_per_rep") else "-")
    status = ", ".join("%s %s" % (v.split("/")[1], r["verification"]["status"]) for v, r in recs.items())
    print("| 2^%s | %s | %s | %s | %s |" % (k, cell(t), cell(m), save, status))
print("\nThesis (K20c, its tiling): multi-pass 13% less energy than traditional.")
PY
cat "$OUT/sw_energy_sizes.md"
