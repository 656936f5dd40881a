#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# Seed 001's experiment (thesis Fig. A.7) reduced to what a short GPU lease runs: sizes x 2D
# stencils, one --sweep of a tiled variant each (every point verified against cuda/naive or
# kokkos/naive, bit for bit), then four strategies per instance from the sweep files: the
# variant's default tiles, the time model's argmin, the best of the model's top 10% and the
# exhaustive best, with the model's error on the points within 20% of the best.
#
#   OUT=dir BIN=build/gpu/bin benchmarks/jacobi_strategies.sh
#
# VARIANT (cuda/tiled), STENCILS ("jacobi heat laplacian gradient"), SIZES ("4096:256 8192:64",
# side:steps, float32), SWEEP ("" = the tuner's default lists, which hold the default tiles;
# else extra options such as "--sweep-t 4,8,16"). A sweep file already in $OUT is kept (a
# study cut by a time limit resumes). CALIBRATION: the model's constants (default: the device's
# file). PYTHON: an interpreter with h5py (python3). SCALE=small: tiny grids with kokkos/tiled
# and the H100's constants (a CPU test).
# Writes $OUT/<stencil>_<side>_t<steps>.h5 (one per instance) and $OUT/strategies.md.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
OUT=${OUT:-$PWD/jacobi-strategies}
BIN=${BIN:-build/gpu/bin}
mkdir -p "$OUT"
VARIANT=${VARIANT:-cuda/tiled}
STENCILS=${STENCILS:-jacobi heat laplacian gradient}
SIZES=${SIZES:-4096:256 8192:64}
read -r -a sweep_extra <<< "${SWEEP:-}"
if [ "${SCALE:-}" = small ]; then
  VARIANT=kokkos/tiled SIZES="45:8 70:12"
  CALIBRATION=${CALIBRATION:-$here/../inputs/calibration/nvidia_h100_80gb_hbm3.json}
fi
[ -n "${CALIBRATION:-}" ] && sweep_extra+=(--calibration "$CALIBRATION")
failed=0
for stencil in $STENCILS; do
  for size in $SIZES; do
    side=${size%%:*} steps=${size##*:}
    name=${stencil}_${side}_t${steps}
    [ -s "$OUT/$name.h5" ] && continue
    "$BIN/jacobi_miniapp" --dims 2 --nx "$side" --ny "$side" --steps "$steps" --stencil "$stencil" --sweep \
      --variant "$VARIANT" --model --reps 1 --warmup 0 --energy-window 0 --idle-window 0 -q \
      "${sweep_extra[@]}" --sweep-output "$OUT/$name.h5" > "$OUT/$name.txt" 2> "$OUT/$name.err" \
      || { echo "$name: failed ($(grep -m1 error "$OUT/$name.err"))" >&2; failed=1; }
  done
done
"${PYTHON:-python3}" "$here/jacobi_strategies.py" "$OUT"/*.h5 > "$OUT/strategies.md" || exit 1
cat "$OUT/strategies.md"
exit $failed
