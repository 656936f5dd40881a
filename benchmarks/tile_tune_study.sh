#!/usr/bin/env bash
# Issue 27 beyond the seed: the wavefront study's exhaustive search and learned models applied to
# Jacobi's HHC tiles (cuda/tiled: tile-t x tile-s1 x tile-s2, the --sweep lists) and to
# Smith-Waterman's tiles (cuda/multipass: tile-rows x tile-cols x sub-rows x sub-cols), over a
# grid of training instances and held-out ones; one tuning table per instance in
# $OUT/tables/, which benchmarks/tune_train.py --app jacobi|smith_waterman learns from.
#
#   OUT=dir BIN=build/gpu/bin benchmarks/tile_tune_study.sh [jacobi] [sw]
#
# Every point is verified against the yardstick run first in the same process (cuda/naive for
# Jacobi, bit for bit; cuda/traditional/2048x128 for Smith-Waterman, exact integers): the CPU
# reference would take minutes at these sizes. A table already in $OUT/tables/ is kept (a study
# cut by a time limit resumes where it stopped). SCALE=small: tiny sizes (a CPU smoke test with
# the Kokkos variants).
set -uo pipefail
OUT=${OUT:-$PWD/tile-tune-study}
BIN=${BIN:-build/gpu/bin}
mkdir -p "$OUT/tables"
parts=("$@")
[ ${#parts[@]} -eq 0 ] && parts=(jacobi sw)
quick=(--reps "${REPS:-1}" --warmup 0 --energy-window 0 --idle-window 0 --quiet --verify-cells 0 --tune=exhaustive)

# tune APP NAME ARGS...: one exhaustive search; its table in $OUT/tables/NAME.csv.
tune() {
  local app=$1 name=$2; shift 2
  [ -s "$OUT/tables/$name.csv" ] && return 0
  "$BIN/$app" "$@" "${quick[@]}" --tune-table "$OUT/tables/$name.csv" > "$OUT/$name.txt" 2> "$OUT/$name.err" \
    || echo "$name: failed ($(grep -m1 error "$OUT/$name.err"))"
}

# Instances: Jacobi 2D "ny:nx:steps:precision" (ny = n1, the hexagons' S1), Smith-Waterman "len_a:len_b".
if [ "${SCALE:-}" = small ]; then
  jacobi_train=(40:50:8:float32 60:60:16:float32 90:70:8:float32 50:90:16:float64)
  jacobi_held=(70:45:12:float32)
  sw_train=(300:300 600:300 300:600 500:500)
  sw_held=(400:700)
  jacobi_variants=kokkos/naive,kokkos/tiled
  sw_variants=cpu/reference,kokkos/wavefront
  sw_args=(--tile-rows 8 --sub-rows 8)  # 6 of the host space's 18 points: a short CI test
else
  # Grids up to 8192^2: each point's set-up and check cost ~13 ns per cell on the GPU machine,
  # more than its run at 64 steps, so long runs on mid-sized grids buy the most points per minute.
  jacobi_train=(2048:2048:256:float32 2048:2048:1024:float32 4096:4096:64:float32 4096:4096:256:float32
                4096:4096:1024:float32 8192:8192:64:float32 8192:8192:256:float32 8192:2048:256:float32
                2048:8192:256:float32 4096:4096:256:float64)
  jacobi_held=(3000:3000:500:float32 6000:6000:128:float32 5000:2500:300:float32 3000:3000:300:float64)
  # Sides that are and are not multiples of the tiles (on an H100 the first 8 alone taught a
  # split that only told powers of two apart: docs/results/autotune_h100.md), up to the 2^20
  # headline run.
  sw_train=(32768:32768 65536:65536 131072:131072 262144:262144 32768:131072 131072:32768 65536:262144
            262144:65536 45000:45000 90000:90000 150000:150000 300000:300000 70000:280000 280000:70000
            600000:600000 1048576:1048576)
  sw_held=(50000:50000 100000:100000 200000:200000 40000:160000 160000:40000)
  jacobi_variants=cuda/naive,cuda/tiled
  sw_variants=cuda/traditional/2048x128,cuda/multipass
  sw_args=()
fi

for part in "${parts[@]}"; do
  case $part in
    jacobi)
      for set in train held; do
        [ $set = train ] && list=("${jacobi_train[@]}") || list=("${jacobi_held[@]}")
        for spec in "${list[@]}"; do
          IFS=: read -r ny nx steps prec <<< "$spec"
          tune jacobi_miniapp "jacobi_${set}_${ny}x${nx}_t${steps}_${prec}" --dims 2 --ny "$ny" --nx "$nx" \
            --steps "$steps" --precision "$prec" --variant "$jacobi_variants" --model
        done
      done ;;
    sw)
      for set in train held; do
        [ $set = train ] && list=("${sw_train[@]}") || list=("${sw_held[@]}")
        for spec in "${list[@]}"; do
          IFS=: read -r la lb <<< "$spec"
          tune sw_miniapp "sw_${set}_${la}x${lb}" --len-a "$la" --len-b "$lb" --variant "$sw_variants" \
            "${sw_args[@]}"
        done
      done ;;
    *) echo "unknown part $part (jacobi, sw)"; exit 2 ;;
  esac
done
