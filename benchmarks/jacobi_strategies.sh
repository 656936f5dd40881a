#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# Seed 001's experiment (thesis Fig. A.7) reduced to what a short GPU lease runs: sizes x
# stencils in 2D and 3D, one --sweep of a tiled variant each (every point verified against cuda/naive or
# kokkos/naive, bit for bit), then four strategies per instance from the sweep files: the
# variant's default tiles, the time model's argmin, the best of the model's top 10% and the
# exhaustive best, with the model's error on the points within 20% of the best.
#
#   OUT=dir BIN=build/gpu/bin benchmarks/jacobi_strategies.sh
#
# VARIANT (cuda/tiled), STENCILS ("jacobi heat laplacian gradient"), SIZES ("4096:256 8192:64",
# side:steps, float32), SWEEP ("" = the tuner's default lists, which hold the default tiles;
# else extra options such as "--sweep-t 4,8,16"). 3D instances: SIZES_3D ("", none; entries
# n1xn2xn3:steps, n1 the planes (--nz), n3 the contiguous side (--nx); SIZES="" then runs 3D only) x STENCILS_3D ("jacobi
# heat laplacian"), swept with SWEEP_3D ("--sweep-split 1,4,16,64": the slab split is a tile
# choice, docs/jacobi.md, "Splitting a slab"). A sweep file already in $OUT is kept (a
# study cut by a time limit resumes). CALIBRATION: the model's constants (default: the device's
# file). PYTHON: an interpreter with h5py (python3). SCALE=small: tiny grids with kokkos/tiled
# and the H100's constants (a CPU test; one 3D size too).
# Writes $OUT/<stencil>_<side>_t<steps>.h5 (3D: <stencil>3d_<n1>x<n2>x<n3>_t<steps>.h5; one per
# instance) and $OUT/strategies.md.
#
#   RESCORE=calibration.json OUT=dir BIN=build/cpu/bin benchmarks/jacobi_strategies.sh
#
# RESCORE: no sweep runs (no GPU needed). Every sweep file $OUT/<instance>.h5 already there is
# re-scored with the model's constants of calibration.json (jacobi_miniapp --sweep --sweep-from:
# the file's measured times kept, the predictions and the model's ranking recomputed; the
# instance's grid, steps, stencil, dtype and variant read from the file) into
# $OUT/rescored/<instance>.h5 (+ .txt, .err), and the table of those is written to
# $OUT/rescored/strategies.md ($OUT/strategies.md, the table as measured, is left alone).
# PYTHON needs h5py here too (it reads each file's instance).
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
OUT=${OUT:-$PWD/jacobi-strategies}
BIN=${BIN:-build/gpu/bin}
mkdir -p "$OUT"
VARIANT=${VARIANT:-cuda/tiled}
STENCILS=${STENCILS:-jacobi heat laplacian gradient}
SIZES=${SIZES-4096:256 8192:64}  # set but empty: no 2D instances
SIZES_3D=${SIZES_3D:-}
STENCILS_3D=${STENCILS_3D:-jacobi heat laplacian}
read -r -a sweep_extra <<< "${SWEEP:-}"
read -r -a sweep_extra_3d <<< "${SWEEP_3D:---sweep-split 1,4,16,64}"
if [ "${SCALE:-}" = small ]; then
  VARIANT=kokkos/tiled SIZES="45:8 70:12" SIZES_3D="21x19x23:6"
  sweep_extra_3d=(--sweep-split 1,4)
  CALIBRATION=${CALIBRATION:-$here/../inputs/calibration/nvidia_h100_80gb_hbm3.json}
fi
if [ -n "${CALIBRATION:-}" ]; then
  sweep_extra+=(--calibration "$CALIBRATION")
  sweep_extra_3d+=(--calibration "$CALIBRATION")
fi
failed=0
if [ -n "${RESCORE:-}" ]; then
  "${PYTHON:-python3}" -c 'import h5py' 2> /dev/null \
    || { echo "error: jacobi_strategies.sh RESCORE needs h5py (Debian: python3-h5py)" >&2; exit 1; }
  shopt -s nullglob
  sweeps=("$OUT"/*.h5)
  [ ${#sweeps[@]} -gt 0 ] || { echo "error: RESCORE: no sweep files $OUT/*.h5 to re-score" >&2; exit 1; }
  mkdir -p "$OUT/rescored"
  rescored=()
  for f in "${sweeps[@]}"; do
    name=$(basename "$f" .h5)
    # The instance as the file has it: variant, grid, steps, stencil, dtype.
    instance=$("${PYTHON:-python3}" -c 'import sys, h5py
a = h5py.File(sys.argv[1], "r").attrs
t = lambda k: a[k].decode() if isinstance(a[k], bytes) else str(a[k])
print(t("variant"), int(a["dims"]), int(a["n1"]), int(a["n2"]), int(a.get("n3", 1)), int(a["steps"]), t("stencil"),
      t("dtype"))' "$f") \
      || { echo "$name: not a readable sweep file" >&2; failed=1; continue; }
    read -r variant dims n1 n2 n3 steps stencil dtype <<< "$instance"
    grid=(--ny "$n1" --nx "$n2")  # 2D: S1 rows, S2 contiguous; 3D: S1 planes, S2, S3 contiguous
    [ "$dims" = 3 ] && grid=(--nz "$n1" --ny "$n2" --nx "$n3")
    [ "$dims" = 1 ] && grid=(--n "$n1")
    "$BIN/jacobi_miniapp" --dims "$dims" "${grid[@]}" --steps "$steps" --stencil "$stencil" \
      --precision "$dtype" --sweep --variant "$variant" --sweep-from "$f" --calibration "$RESCORE" \
      --sweep-output "$OUT/rescored/$name.h5" > "$OUT/rescored/$name.txt" 2> "$OUT/rescored/$name.err" \
      && rescored+=("$OUT/rescored/$name.h5") \
      || { echo "$name: re-scoring failed ($(grep -m1 error "$OUT/rescored/$name.err"))" >&2; failed=1; }
  done
  [ ${#rescored[@]} -gt 0 ] || exit 1
  "${PYTHON:-python3}" "$here/jacobi_strategies.py" "${rescored[@]}" > "$OUT/rescored/strategies.md" || exit 1
  cat "$OUT/rescored/strategies.md"
  exit $failed
fi
# One instance: name, dims, the grid's options, steps, stencil, then the sweep's extra options.
sweep_instance() {
  local name=$1 dims=$2 grid=$3 steps=$4 stencil=$5
  shift 5
  [ -s "$OUT/$name.h5" ] && return
  read -r -a grid_opts <<< "$grid"
  "$BIN/jacobi_miniapp" --dims "$dims" "${grid_opts[@]}" --steps "$steps" --stencil "$stencil" --sweep \
    --variant "$VARIANT" --model --reps 1 --warmup 0 --energy-window 0 --idle-window 0 -q \
    "$@" --sweep-output "$OUT/$name.h5" > "$OUT/$name.txt" 2> "$OUT/$name.err" \
    || { echo "$name: failed ($(grep -m1 error "$OUT/$name.err"))" >&2; failed=1; }
}
for stencil in $STENCILS; do
  for size in $SIZES; do
    side=${size%%:*} steps=${size##*:}
    sweep_instance "${stencil}_${side}_t${steps}" 2 "--nx $side --ny $side" "$steps" "$stencil" "${sweep_extra[@]}"
  done
done
for stencil in $STENCILS_3D; do
  for size in $SIZES_3D; do
    grid=${size%%:*} steps=${size##*:}
    IFS=x read -r n1 n2 n3 <<< "$grid"
    [ -n "$n3" ] || { echo "error: SIZES_3D entry '$size' is not n1xn2xn3:steps" >&2; exit 1; }
    sweep_instance "${stencil}3d_${grid}_t${steps}" 3 "--nz $n1 --ny $n2 --nx $n3" "$steps" "$stencil" \
      "${sweep_extra_3d[@]}"
  done
done
"${PYTHON:-python3}" "$here/jacobi_strategies.py" "$OUT"/*.h5 > "$OUT/strategies.md" || exit 1
cat "$OUT/strategies.md"
exit $failed
