#!/usr/bin/env bash
# Seed 004's measurements on one machine (docs/results/wavefront_*.md): the best configuration
# of each application against the serial loop and cpu/tiled, and the seed's tuning insights
# (dim, tsize, dsize, band against CPU strength; halo with two GPUs), as JSON records in $OUT
# that benchmarks/wavefront_report.py turns into tables.
#
#   OUT=dir BIN=build/gpu/bin benchmarks/wavefront_study.sh [speedup] [dim] [tsize] [dsize] [cpu] [sw] [halo]
#
# Every GPU record is verified against cpu/tiled's result (itself checked against the serial
# loop in the speedup part); SCALE=small runs tiny sizes (a smoke test on a CPU machine).
set -uo pipefail
OUT=${OUT:-$PWD/wavefront-study}
default_parts=(speedup dim tsize dsize cpu sw)
source "$(dirname "$0")/wavefront_study_common.sh" "$@"
size() { if [ "$small" = small ]; then echo "$2"; else echo "$1"; fi; }
reps=(--reps "${REPS:-3}" --warmup 1)
quick=(--energy-window 0 --idle-window 0 --json --quiet)

# run NAME ARGS...: one wavefront_miniapp process; its records in $OUT/NAME.jsonl (run_once:
# one untimed-free repetition, for the serial loop).
run() {
  local name=$1; shift
  miniapp "$name" "$OUT/$name.jsonl" "$@" "${reps[@]}" "${quick[@]}"
}
run_once() {
  local name=$1; shift
  miniapp "$name" "$OUT/$name.jsonl" "$@" --reps 1 --warmup 0 "${quick[@]}"
}
gpu_variants='cpu/tiled,cuda/band/*,kokkos/band/*'
cpu_some='cpu/tiled,cpu/tiled/cputile16,cpu/tiled/cputile64'  # the sweeps' CPU side

for part in "${parts[@]}"; do
  case $part in
    speedup)  # serial, every CPU tile, every GPU tile at three band widths
      instance() {  # instance TAG DIM ARGS...
        local tag="speedup_$1" dim=$2 band; shift 2
        run_once "${tag}_serial" "$@" --dim "$dim" --variant cpu/reference --no-verify
        run "${tag}_cpu" "$@" --dim "$dim" --variant 'cpu/tiled,cpu/tiled/*'
        for band in -2 $((dim / 2)) $((dim / 8)); do
          run "${tag}_band$band" "$@" --dim "$dim" --band "$band" --variant "$gpu_variants" --verify-cells 0
        done
      }
      instance synthetic_d1 "$(size 4000 60)" --app synthetic --dsize 1 --tsize 100
      instance synthetic_d5 "$(size 3000 60)" --app synthetic --dsize 5 --tsize 100
      instance nash "$(size 3100 40)" --app nash --tsize 100
      instance lcs "$(size 20000 90)" --app lcs
      instance sw-linear "$(size 20000 90)" --app sw-linear ;;
    dim)  # insight 1: below some dim the CPU wins
      for dim in $(size "300 600 1200 2400 4800" "20 40"); do
        run "dim_$dim" --dim "$dim" --tsize 100 --variant "$cpu_some,cuda/band/*" --band -2 --verify-cells 0
      done ;;
    tsize)  # insight 2: tsize must be large enough for the GPU
      for tsize in 1 10 100 1000 $(size 5000 ""); do
        run "tsize_$tsize" --dim "$(size 2000 40)" --tsize "$tsize" --variant "$cpu_some,cuda/band/*" --band -2 --verify-cells 0
      done ;;
    dsize)  # insight 3: transfers grow with dsize
      for dsize in 1 5 8; do
        run "dsize_$dsize" --dim "$(size 6000 50)" --tsize 10 --dsize "$dsize" --band "$(size 1500 10)" \
            --variant 'cpu/tiled,cuda/band/*' --verify-cells 0
      done ;;
    cpu)  # insight 5: a weaker CPU wants a larger band (threads stand for the CPU's strength)
      dim=$(size 2400 60)
      for threads in 2 16; do
        for band in -1 0 $((dim / 16)) $((dim / 4)) $((dim / 2)) -2; do
          run "cpu_t${threads}_band$band" --dim "$dim" --tsize 100 --threads "$threads" --band "$band" \
              --variant 'cuda/band/gputile1,cuda/band/gputile8' --verify-cells 0
        done
      done ;;
    sw)  # GCUPS of sw-linear and lcs against sw_miniapp's multi-pass kernel on the same pair
      n=$(size 50000 200)
      "$BIN/gen_inputs" sw --len-a "$n" --len-b "$n" --seed 7 -o "$OUT/pair.h5" > /dev/null
      "$BIN/sw_miniapp" "$OUT/pair.h5" --gap-open 2 --gap-extend 2 --variant 'cuda/*' --verify-cells 0 "${reps[@]}" "${quick[@]}" \
        > "$OUT/sw_miniapp.jsonl" 2> "$OUT/sw_miniapp.err" || echo "sw_miniapp failed"
      for app in sw-linear lcs; do
        run "sw_$app" "$OUT/pair.h5" --app "$app" --gap 2 --band -2 --variant 'cpu/tiled,cuda/band/*,kokkos/band/*' --verify-cells 0
      done ;;
    halo)  # insight 4 (two GPUs): a larger halo swaps less and recomputes more
      for spec in "10 $(size 8000 60)" "1000 $(size 4000 40)"; do
        read -r tsize dim <<< "$spec"
        run "halo_t${tsize}_one" --dim "$dim" --tsize "$tsize" --gpu-count 1 \
            --variant 'cpu/tiled,cuda/band/gputile1,cuda/band/gputile8' --verify-cells 0
        for halo in -1 0 2 8 32 128; do
          [ "$small" = small ] && [ "$halo" -gt 8 ] && continue
          run "halo_t${tsize}_h$halo" --dim "$dim" --tsize "$tsize" --gpu-count 2 --halo "$halo" \
              --variant 'cuda/band/gputile1,cuda/band/gputile8' --verify-cells 0
        done
      done ;;
    *) echo "unknown part '$part'"; exit 2 ;;
  esac
done
echo "records in $OUT"
