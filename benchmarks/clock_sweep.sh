#!/usr/bin/env bash
# Seed 003's clock study, measured: one run of a mini-app per SM clock, each locked with
# --gpu-clock for its runs only and reset after (docs/reduction.md). Where locking is not
# permitted the first run fails with the mini-app's error and nothing changes; there,
# benchmarks/clock_model.py predicts the curves from one run at the clocks as found.
# Only on machines you own: never on lent or shared ones.
#
#   OUT=dir benchmarks/clock_sweep.sh build/bin/reduction_miniapp "990 1410 1755 1980" --variant 'cuda/*'
set -euo pipefail
app=$1 clocks=$2
shift 2
OUT=${OUT:-$PWD/clock-sweep}
mkdir -p "$OUT"
for mhz in $clocks; do
  "$app" "$@" --gpu-clock "$mhz" --energy-window "${WINDOW:-2}" --json --quiet > "$OUT/clock_$mhz.jsonl"
  echo "clock $mhz MHz: $(grep -c '"variant"' "$OUT/clock_$mhz.jsonl") record(s) in $OUT/clock_$mhz.jsonl"
done
