#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# Smith-Waterman strong scaling on one node: the same pair on 1, 2 and 4 ranks (one GPU
# each), parallel efficiency T_1 / (n T_n) from sw_miniapp's device time (median of reps).
#   BUILD=build/gpu OUT=dir benchmarks/sw_scaling.sh NAME LEN_A LEN_B [sw_miniapp options...]
# Writes OUT/NAME_np{1,2,4}.jsonl and .txt, prints one line per rank count. RANKS picks
# the rank counts; without 1 among them, T1=seconds gives the one-rank time to compare with.
set -uo pipefail
name=$1 len_a=$2 len_b=$3
shift 3
BUILD=${BUILD:-build/gpu}
OUT=${OUT:-$PWD/gpu-out}
RANKS=${RANKS:-1 2 4}
mkdir -p "$OUT"
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
for np in $RANKS; do
  mpirun -n "$np" --bind-to none "$BUILD/bin/sw_miniapp" --len-a "$len_a" --len-b "$len_b" --plant 20000 \
      --variant cuda/multipass --energy-window 0 --json "$@" \
      > "$OUT/${name}_np$np.jsonl" 2> "$OUT/${name}_np$np.txt" || echo "$name np=$np failed: $(tail -2 "$OUT/${name}_np$np.txt")"
done
python3 - "$OUT" "$name" "$RANKS" ${T1:-} <<'PY'
import json, sys
out, name, ranks = sys.argv[1], sys.argv[2], [int(x) for x in sys.argv[3].split()]
rows = {}
for np in ranks:
    try:
        for line in open(f"{out}/{name}_np{np}.jsonl"):
            r = json.loads(line)
            rows[np] = r
    except (OSError, ValueError):
        pass
t1 = rows[1]["time_s"] if 1 in rows else float(sys.argv[4]) if len(sys.argv) > 4 else None
for np in ranks:
    if np not in rows:
        continue
    r = rows[np]
    d = r["result"].get("details", {})
    eff = f"{t1 / (np * r['time_s']) * 100:5.1f}%" if t1 else "    -"
    print(f"{name:28} ranks {np}: {r['time_s']:8.3f} s {r['rate']:8.1f} GCUPS efficiency {eff}"
          f"  score {r['result']['score']} end ({r['result']['end_i']}, {r['result']['end_j']})"
          f"  bands {d.get('bands')} P_h {d.get('resident_rows')}  {r['config']}")
PY
