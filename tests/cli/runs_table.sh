#!/usr/bin/env bash
# The HDF5 results file's /runs_table against the --csv table of the same run: pandas loads
# each in one call, with the same columns, rows, variants and times. Exit 77 (skipped)
# without h5py and pandas (Debian: python3-h5py python3-pandas).
#   runs_table.sh PYTHON MPIEXEC RANKS APP DIR [APP ARGS...]
set -euo pipefail
py=$1 mpiexec=$2 ranks=$3 app=$4 dir=$5
shift 5
"$py" -c "import h5py, pandas" 2> /dev/null || { echo "skipped: $py has no h5py/pandas"; exit 77; }
rm -rf "$dir" && mkdir -p "$dir"
"$mpiexec" -n "$ranks" "$app" "$@" --variant all --reps 2 --warmup 0 --energy-window 0 --idle-window 0 --quiet \
    --csv "$dir/runs.csv" -o "$dir/runs.h5" > "$dir/table.txt"
"$py" - "$dir/runs.csv" "$dir/runs.h5" <<'PY'
import sys, math, h5py, pandas as pd
csv = pd.read_csv(sys.argv[1])
h5 = pd.DataFrame(h5py.File(sys.argv[2], "r")["runs_table"][()])
for c in h5.columns:  # HDF5 variable-length strings come back as bytes
    if h5[c].dtype == object:
        h5[c] = h5[c].str.decode("utf-8")
assert list(h5.columns) == list(csv.columns), f"columns differ: {list(h5.columns)} vs {list(csv.columns)}"
assert len(h5) == len(csv) > 0, f"{len(h5)} table rows, {len(csv)} CSV rows"
assert list(h5["variant"]) == list(csv["variant"]), "variants differ"
assert (h5["ranks"] == csv["ranks"]).all() and h5["ranks"].dtype.kind == "i", "ranks"
for a, b in zip(h5["time_s"], csv["time_s"]):
    assert math.isclose(a, b, rel_tol=1e-8), f"time_s {a} vs {b}"
print(f"runs_table: {len(h5)} runs, {len(h5.columns)} columns, the same as the CSV")
PY
