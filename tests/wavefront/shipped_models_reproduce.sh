#!/usr/bin/env bash
# The shipped models are what benchmarks/tune_train.py makes of the committed study tables
# (docs/results/data/autotune_*): the wavefront H100 file and the Smith-Waterman H100 file
# (tiles/sw_*.csv) in full content, the H200 pair's trees. Also the two-GPU class (first in each
# wavefront file, the only one with a halo tree) and its halo cascade, which reads only what that
# class predicts (it once failed with a KeyError). Exit 77 without scikit-learn.
#   shipped_models_reproduce.sh PYTHON SOURCE_DIR WORK_DIR
set -euo pipefail
py=$1 src=$2 dir=$3
"$py" -c "import sklearn, pandas" 2> /dev/null || { echo "skipped: $py has no scikit-learn/pandas"; exit 77; }
rm -rf "$dir" && mkdir -p "$dir"
train() {  # DEVICE TABLES OUT
  "$py" "$src/benchmarks/tune_train.py" --variant cuda/band --device "$1" --train "$2/single_*.csv" \
    --test "$2/holdout_*.csv" --apps "$2/apps_*.csv" --dual "$2/dual_*.csv" -o "$3" --report "$dir/report.md" > "$dir/train.log"
}
train "NVIDIA H100 80GB HBM3" "$src/docs/results/data/autotune_h100/tables" "$dir/h100.json"
train "NVIDIA H200" "$src/docs/results/data/autotune_h200x2/tables" "$dir/h200.json"
tiles=$src/docs/results/data/autotune_h100/tiles
"$py" "$src/benchmarks/tune_train.py" --app smith_waterman --variant cuda/multipass --device "NVIDIA H100 80GB HBM3" \
  --train "$tiles/sw_train_*.csv" --test "$tiles/sw_held_*.csv" -o "$dir/sw_h100.json" > "$dir/train_sw.log"
"$py" - "$src/inputs/tuning/wavefront" "$dir" "$src/inputs/tuning/smith_waterman" << 'PY'
import json, sys
shipped, made, sw_shipped = sys.argv[1], sys.argv[2], sys.argv[3]
load = lambda p: json.load(open(p))
sw_s, sw_m = load(f"{sw_shipped}/nvidia_h100_80gb_hbm3.json"), load(f"{made}/sw_h100.json")
assert sw_s == sw_m, "smith_waterman/nvidia_h100_80gb_hbm3.json differs from a retrain of the committed tables"
h100_s, h100_m = load(f"{shipped}/nvidia_h100_80gb_hbm3.json"), load(f"{made}/h100.json")
bad = [k for k in set(h100_s) | set(h100_m) if h100_s.get(k) != h100_m.get(k)]
assert not bad, f"nvidia_h100_80gb_hbm3.json differs from a retrain of the committed tables in {bad}"
h200_s, h200_m = load(f"{shipped}/nvidia_h200.json"), load(f"{made}/h200.json")
assert h200_s["models"] == h200_m["models"], "nvidia_h200.json's trees differ from a retrain of the committed tables"
for name, m in (("H100", h100_m), ("H200", h200_m)):
    two = [model for model in m["models"] if model.get("when") == [{"feature": "gpu-count", "min": 2}]]
    assert len(two) == 1 and m["models"][0] is two[0], f"{name}: the two-GPU class is not the file's first"
    for model in m["models"]:
        trees = {p["tunable"] for p in model["predict"]}
        assert ("halo" in trees) == (model is two[0]), f"{name}: a halo tree outside the two-GPU class, or none in it"
        reads = json.dumps([p for p in model["predict"] if p["tunable"] == "halo"])
        for t in ("band", "cpu-tile", "gpu-tile"):
            assert f"pred({t})" not in reads or t in trees, f"{name}: the halo reads pred({t}), which no tree predicts"
print("shipped models reproduce from the committed tables; the two-GPU class comes first and alone has a halo "
      "tree, which reads only predicted tunables")
PY
