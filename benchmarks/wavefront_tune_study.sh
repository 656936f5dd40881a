#!/usr/bin/env bash
# Seed 004's exhaustive search (docs/autotuning.md): `wavefront_miniapp --tune exhaustive` over
# a grid of synthetic instances (dim x tsize x dsize) and over the real applications (nash, lcs,
# sw-linear), one tuning table per instance in $OUT/tables/. benchmarks/tune_train.py learns
# models from them; benchmarks/tune_report.py draws the best/average/s.d. table, heatmaps and
# violins.
#
#   OUT=dir BIN=build/gpu/bin benchmarks/wavefront_tune_study.sh [single] [dual] [apps] [holdout] [large]
#
# single: cuda/band's one-GPU space (band x cpu-tile x gpu-tile) and cpu/tiled's, the serial
#         loop once (its time is the speed-up's baseline).
# dual:   two GPUs from one rank (--gpu-count 2, --cpu-tile 64 pinned): band x gpu-tile x halo.
# apps:   nash, lcs, sw-linear in the one-GPU space, the serial loop beside them.
# holdout: synthetic instances off the training grid (dims and tsizes between its points).
# large:  the seed's far corners beyond that budget (dim 30,000 and 100,000 at tsize 10, tsize
#         12,000 at dim 300; dsize 1): no serial loop (hours), cpu/tiled first as the yardstick
#         (it equals the serial loop bit for bit in every test). On an H100 + 16 cores dim 30,000
#         took 9 minutes, tsize 12,000 at dim 300 2 minutes; dim 100,000 has 11x the cells of
#         30,000 (about 30 minutes, estimated, not run: a lent call stops at 10). LARGE_GRID
#         ("10:30000 12000:300" style, as the grid below) picks instances. Not a default part.
# The grid keeps dim^2 x tsize under about 4e9 cell-units (each instance's CPU-heavy points
# then take seconds, not minutes); SCALE=small runs tiny sizes (a smoke test on a CPU).
set -uo pipefail
OUT=${OUT:-$PWD/tune-study}
default_parts=(single dual apps holdout)
source "$(dirname "$0")/wavefront_study_common.sh" "$@"
mkdir -p "$OUT/tables"
gpu=${GPU_VARIANT:-cuda/band}  # kokkos/band: the smoke test on a CPU
quick=(--reps "${REPS:-1}" --warmup 0 --energy-window 0 --idle-window 0 --quiet)

# tune NAME VARIANTS ARGS...: one exhaustive search; its table in $OUT/tables/NAME.csv. A table
# already there is kept (the table is written whole at the end, so a study cut by a time limit
# resumes at the instance it stopped in).
tune() {
  local name=$1 variants=$2; shift 2
  [ -s "$OUT/tables/$name.csv" ] && return 0
  miniapp "$name" "$OUT/$name.txt" "$@" --variant "$variants" --tune exhaustive --tune-table "$OUT/tables/$name.csv" \
    "${quick[@]}" --verify-cells "${VERIFY_CELLS:-4000000}"
}

# The grid: "tsize:dim dim ..." (dim^2 x tsize <= ~4e9).
if [ "$small" = small ]; then
  grid=("10:40 90" "1000:30")
  held=("30:60")
  dual_grid=("10:60")
else
  grid=("10:500 1000 2000 3100 6000 10000" "100:500 1000 2000 3100" "1000:500 1000 1500" "4000:500 700")
  held=("30:800 2500" "300:1400" "2000:600")
  dual_grid=("10:1000 3100 10000" "100:1000 3100" "1000:1000")
fi
large_grid=("10:30000 100000" "12000:300")
[ -n "${LARGE_GRID:-}" ] && read -r -a large_grid <<< "$LARGE_GRID"
[ "$small" = small ] && large_grid=("10:150" "2000:20")

# The real applications, app:tsize:dim (APP_SPECS="lcs:1:5000 ..." runs some of them).
if [ -n "${APP_SPECS:-}" ]; then
  read -r -a app_specs <<< "$APP_SPECS"
elif [ "$small" = small ]; then
  app_specs=(nash:10:50 nash:100:50 lcs:1:70 sw-linear:1:70)
else
  app_specs=(nash:10:1000 nash:100:3100 lcs:1:20000 sw-linear:1:20000 lcs:1:5000 sw-linear:1:5000)
fi

for part in "${parts[@]}"; do
  case $part in
    single|holdout)
      [ "$part" = single ] && set_grid=("${grid[@]}") || set_grid=("${held[@]}")
      for dsize in 1 5; do
        for entry in "${set_grid[@]}"; do
          tsize=${entry%%:*}
          for dim in ${entry#*:}; do
            tune "${part}_d${dsize}_t${tsize}_n${dim}" "cpu/reference,cpu/tiled,$gpu" \
              --app synthetic --dsize "$dsize" --tsize "$tsize" --dim "$dim" --gpu-count 1
          done
        done
      done ;;
    large)
      for entry in "${large_grid[@]}"; do
        tsize=${entry%%:*}
        for dim in ${entry#*:}; do
          VERIFY_CELLS=0 tune "large_d1_t${tsize}_n${dim}" "cpu/tiled,$gpu" --app synthetic --dsize 1 \
            --tsize "$tsize" --dim "$dim" --gpu-count 1
        done
      done ;;
    dual)
      [ -n "${DUAL_GRID:-}" ] && read -r -a dual_grid <<< "$DUAL_GRID"
      for entry in "${dual_grid[@]}"; do
        tsize=${entry%%:*}
        for dim in ${entry#*:}; do
          tune "dual_d1_t${tsize}_n${dim}" "$gpu" --app synthetic --dsize 1 --tsize "$tsize" --dim "$dim" \
            --gpu-count 2 --cpu-tile 64
        done
      done ;;
    apps)
      for spec in "${app_specs[@]}"; do
        IFS=: read -r app tsize dim <<< "$spec"
        tune "apps_${app}_t${tsize}_n${dim}" "cpu/reference,cpu/tiled,$gpu" --app "$app" --tsize "$tsize" \
          --dim "$dim" --gpu-count 1
        # the same instance on two GPUs from one rank: gpu-tile x halo, every cell on the GPUs
        [ "$small" = small ] || tune "apps2_${app}_t${tsize}_n${dim}" "$gpu" --app "$app" --tsize "$tsize" \
          --dim "$dim" --gpu-count 2 --band -2
      done ;;
    *) echo "unknown part $part (single, dual, apps, holdout, large)"; exit 2 ;;
  esac
done
