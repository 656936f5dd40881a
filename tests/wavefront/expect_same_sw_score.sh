#!/usr/bin/env bash
# sw-linear on the wavefront skeleton against sw_miniapp (affine gaps with open = extend,
# the linear gap) on the same generated pairs: the same score, for several gap costs.
# usage: expect_same_sw_score.sh GEN_INPUTS DIR "SW_CMD" "WF_CMD"
set -euo pipefail
gen=$1 dir=$2 sw=$3 wf=$4
mkdir -p "$dir"
score_of() { sed -n 's/.*"score":\([0-9-]*\).*/\1/p' | head -n 1; }
checked=0
for spec in "1500 1301 3 2" "777 2049 11 1" "64 64 5 5"; do
  read -r la lb seed gap <<< "$spec"
  pair="$dir/pair_${la}_${lb}.h5"
  "$gen" sw --len-a "$la" --len-b "$lb" --seed "$seed" --plant 40 -o "$pair" > /dev/null
  quick=(--reps 1 --warmup 0 --energy-window 0 --idle-window 0 --json --quiet)
  s=$($sw "$pair" --variant cpu/reference --gap-open "$gap" --gap-extend "$gap" "${quick[@]}" | score_of)
  w=$($wf "$pair" --app sw-linear --gap "$gap" --variant cpu/reference "${quick[@]}" | score_of)
  t=$($wf "$pair" --app sw-linear --gap "$gap" --variant cpu/tiled --cpu-tile 13 "${quick[@]}" | score_of)
  echo "pair $la x $lb gap $gap: sw_miniapp $s, sw-linear $w (cpu/reference), $t (cpu/tiled)"
  if [ -z "$s" ] || [ "$s" != "$w" ] || [ "$s" != "$t" ]; then echo "FAILED: scores differ" >&2; exit 1; fi
  checked=$((checked + 1))
done
echo "ok: $checked pairs"
