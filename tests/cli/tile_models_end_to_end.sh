#!/usr/bin/env bash
# The learned tuner on Jacobi's and Smith-Waterman's tiles end to end on a CPU (issue 27, beyond
# the seed): benchmarks/tile_tune_study.sh's small instances (Kokkos Serial), tune_train.py
# --app jacobi|smith_waterman learns from them (leave-one-out and held-out scores), and
# --tune=model runs the point the model predicts, verified. Exit 77 (skipped) without
# scikit-learn or without the Kokkos variants.
#   tile_models_end_to_end.sh PYTHON BIN_DIR STUDY_SCRIPT TRAIN_SCRIPT DIR
set -euo pipefail
py=$1 bin=$2 study=$3 train=$4 dir=$5
"$py" -c "import sklearn, pandas" 2> /dev/null || { echo "skipped: $py has no scikit-learn/pandas"; exit 77; }
"$bin/jacobi_miniapp" --list | grep -qx kokkos/tiled || { echo "skipped: no Kokkos variants in this build"; exit 77; }
rm -rf "$dir" && mkdir -p "$dir"
OUT="$dir" BIN="$bin" SCALE=small bash "$study" jacobi sw | tee "$dir/study.txt"
! grep -q failed "$dir/study.txt"
q=(--reps 1 --warmup 0 --energy-window 0 --idle-window 0 --quiet --json)
check() {  # check APP RECORDS: one record, the model's point, verified
  "$py" - "$@" <<'PY'
import sys, json
app, path = sys.argv[1], sys.argv[2]
recs = [json.loads(l) for l in open(path)]
mine = [r for r in recs if r["result"].get("tuning", {}).get("source") == "model"]
assert len(mine) == 1, [r["result"].get("tuning") for r in recs]
t = mine[0]["result"]["tuning"]
assert t["model"].endswith(app + "_model.json") and t["predicted"], t
assert mine[0]["verification"]["status"] == "passed", mine[0]["verification"]
print(app, "model:", t["model_name"], "predicted", t["predicted"], "ran", t["point"])
PY
}
for app in jacobi smith_waterman; do
  [ $app = jacobi ] && { variant=kokkos/tiled; prefix=jacobi; } || { variant=kokkos/wavefront; prefix=sw; }
  "$py" "$train" --app $app --variant $variant --device cpu --train "$dir/tables/${prefix}_train_*.csv" \
    --test "$dir/tables/${prefix}_held_*.csv" -o "$dir/${app}_model.json" --report "$dir/${app}_report.md" > /dev/null
  grep -q "leave-one-out" "$dir/${app}_report.md"
done
"$bin/jacobi_miniapp" --dims 2 --ny 70 --nx 45 --steps 12 --variant kokkos/tiled --tune=model \
  --tuning-model "$dir/jacobi_model.json" "${q[@]}" > "$dir/jacobi_model.jsonl"
check jacobi "$dir/jacobi_model.jsonl"
"$bin/sw_miniapp" --len-a 400 --len-b 700 --variant kokkos/wavefront --tile-rows 8 --sub-rows 8 --tune=model \
  --tuning-model "$dir/smith_waterman_model.json" "${q[@]}" > "$dir/sw_model.jsonl"
check smith_waterman "$dir/sw_model.jsonl"
