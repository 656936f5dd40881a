#!/usr/bin/env bash
# The autotuner end to end on a CPU (issue 27): --tune=exhaustive tables on small instances
# (2 ranks), checked (one row per legal point, every one verified, the HDF5 /tuning_table the
# same as the CSV), --tune=random:N, then benchmarks/tune_train.py learns a model from them
# and --tune=model runs the point it predicts. Exit 77 (skipped) without scikit-learn.
#   tune_end_to_end.sh PYTHON MPIEXEC APP TRAIN_SCRIPT DIR
set -euo pipefail
py=$1 mpiexec=$2 app=$3 train=$4 dir=$5
"$py" -c "import sklearn, pandas, h5py" 2> /dev/null || { echo "skipped: $py has no scikit-learn/pandas/h5py"; exit 77; }
rm -rf "$dir" && mkdir -p "$dir"
q=(--reps 1 --warmup 0 --energy-window 0 --idle-window 0 --quiet)
variant=kokkos/band  # Kokkos Serial where built, else the CPU tiles
"$app" --list | grep -qx "$variant" || variant=cpu/tiled
# --tune=X, not --tune X: Open MPI's mpiexec takes "--tune FILE" as its own option.
for inst in "41 10" "67 10" "53 150" "88 150" "61 40"; do
  read -r dim tsize <<< "$inst"
  "$mpiexec" -n 2 "$app" --dim "$dim" --tsize "$tsize" --variant "$variant" --tune=exhaustive \
    --tune-table "$dir/t_${dim}_${tsize}.csv" -o "$dir/t_${dim}_${tsize}.h5" "${q[@]}" > "$dir/t_${dim}_${tsize}.txt"
done
"$mpiexec" -n 2 "$app" --dim 61 --tsize 40 --variant "$variant" --tune=random:5 --tune-table "$dir/random.csv" "${q[@]}" \
  > "$dir/random.txt"
"$py" - "$dir" "$variant" <<'PY'
import sys, glob, re, h5py, pandas as pd
d, variant = sys.argv[1], sys.argv[2]
for path in glob.glob(d + "/t_*.csv"):
    t = pd.read_csv(path)
    summary = open(path[:-4] + ".txt").read()
    m = re.search(r"tuning %s \(exhaustive\): (\d+) point\(s\) of (\d+) legal, 0 failed" % re.escape(variant), summary)
    assert m, "no summary line in " + summary
    rows = t[t["variant"] == variant]
    assert len(rows) == int(m.group(1)) == int(m.group(2)) > 1, (len(rows), m.groups())
    assert (rows["verification"] == "passed").all(), rows["verification"].tolist()
    tunables = [c[:-6] for c in t.columns if c.endswith("_coord")]
    assert len(rows.drop_duplicates(subset=tunables)) == len(rows), "a point was timed twice"
    assert (rows["source"] == "exhaustive").all() and rows["time_s"].gt(0).all()
    h5 = pd.DataFrame(h5py.File(path[:-4] + ".h5", "r")["tuning_table"][()])
    assert len(h5) == len(t) and list(h5.columns) == list(t.columns), "HDF5 /tuning_table differs from the CSV"
r = pd.read_csv(d + "/random.csv")
legal = pd.read_csv(d + "/t_61_40.csv")
want = min(5, len(legal[legal["variant"] == variant]))  # cpu/tiled's space has 4 points
assert len(r[(r["variant"] == variant) & (r["source"] == "random:5")]) == want, r
print("exhaustive and random tables: right rows, every point verified")
PY
"$py" "$train" --variant "$variant" --device cpu --train "$dir/t_*_1[05]*.csv" --test "$dir/t_61_40.csv" \
  -o "$dir/model.json" --report "$dir/report.md" > /dev/null
"$mpiexec" -n 2 "$app" --dim 61 --tsize 40 --variant "$variant" --tune=model --tuning-model "$dir/model.json" --json \
  "${q[@]}" > "$dir/model.jsonl"
"$py" - "$dir" <<'PY'
import sys, json
d = sys.argv[1]
recs = [json.loads(l) for l in open(d + "/model.jsonl")]
assert len(recs) == 1, len(recs)
t = recs[0]["result"]["tuning"]
assert t["source"] == "model" and t["model"].endswith("model.json") and t["predicted"], t
assert recs[0]["verification"]["status"] == "passed", recs[0]["verification"]
print("model:", t["model_name"], "predicted", t["predicted"], "ran", t["point"])
PY
