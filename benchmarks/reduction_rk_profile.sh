#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# Seed 003's profiler evidence per RK step (issue 30): Nsight Compute on each of cuda/rk1..rk7
# and cuda/cub, clocks as found (--clock-control none: lent machines' clocks are not ours),
# one timed repetition, the kernels of that repetition only. Reads what the paper shows per
# step: divergent branches and branch efficiency (SourceCounters), active threads per warp
# (InstructionStats), shared-memory bank conflicts and barrier stalls (raw metrics), SM and
# memory throughput against peak (SpeedOfLight), occupancy.
#   BUILD=build/gpu OUT=dir N=16777216 DTYPE=float32 benchmarks/reduction_rk_profile.sh
# Writes OUT/rk_ncu_<variant>.csv (ncu --csv --page details) and OUT/rk_ncu.md (the table).
set -uo pipefail
BUILD=${BUILD:-build/gpu}
OUT=${OUT:-$PWD/rk-profile}
N=${N:-16777216}
DTYPE=${DTYPE:-float32}
NCU=${NCU:-$(command -v ncu || echo /usr/local/cuda/bin/ncu)}
here=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$OUT"
sections=(--section SpeedOfLight --section Occupancy --section LaunchStats --section SourceCounters
          --section InstructionStats --section WarpStateStats)
metrics=l1tex__data_bank_conflicts_pipe_lsu_mem_shared.sum,smsp__average_warps_issue_stalled_barrier_per_issue_active.ratio
failed=0
files=()
for v in cuda/rk1 cuda/rk2 cuda/rk3 cuda/rk4 cuda/rk5 cuda/rk6 cuda/rk7 cuda/cub; do
  tag=rk_ncu_${v//\//_}
  # HPCS_PROFILE_RANGE=1: only the result run sits inside cudaProfilerStart/Stop.
  if HPCS_PROFILE_RANGE=1 "$NCU" --clock-control none --profile-from-start off "${sections[@]}" --metrics "$metrics" \
      --csv --page details "$BUILD/bin/reduction_miniapp" --variant "$v" --n "$N" --type "$DTYPE" --reps 1 \
      --warmup 0 --energy-window 0 --idle-window 0 --quiet > "$OUT/$tag.csv" 2> "$OUT/$tag.err"; then
    files+=("$OUT/$tag.csv")
  else
    echo "$v: ncu failed: $(tail -1 "$OUT/$tag.err")" >&2
    failed=1
  fi
done
[ ${#files[@]} -gt 0 ] && python3 "$here/ncu_kernels.py" "${files[@]}" | tee "$OUT/rk_ncu.md"
exit $failed
