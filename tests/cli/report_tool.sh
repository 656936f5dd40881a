#!/usr/bin/env bash
# benchmarks/hpcs_report.py on results a mini-app just wrote: two sizes on 1 and 2 ranks
# (and the 1-rank runs twice, to compare), then csv, compare and plot must give a CSV with
# a row per record, a ratio per run and PNG files. Exit 77 (skipped) without matplotlib.
#   report_tool.sh PYTHON TOOL MPIEXEC APP DIR
set -euo pipefail
py=$1 tool=$2 mpiexec=$3 app=$4 dir=$5
"$py" -c "import matplotlib" 2> /dev/null || { echo "skipped: $py has no matplotlib (Debian: python3-matplotlib)"; exit 77; }
rm -rf "$dir" && mkdir -p "$dir"
run() {  # run RANKS DIMS OUT
  "$mpiexec" -n "$1" "$app" --dims "$2" --variant all --reps 2 --warmup 0 --energy-window 0 --idle-window 0 --json \
      --quiet >> "$3"
}
for dims in 40,45,49,40 80,85,89,80; do
  run 1 $dims "$dir/np1.jsonl"
  run 1 $dims "$dir/np1_again.jsonl"
  run 2 $dims "$dir/np2.jsonl"
done
records=$(cat "$dir"/np1.jsonl "$dir"/np2.jsonl | grep -c '"variant"')
"$py" "$tool" csv "$dir/np1.jsonl" "$dir/np2.jsonl" -o "$dir/all.csv"
rows=$(($(wc -l < "$dir/all.csv") - 1))
[ "$rows" -eq "$records" ] || { echo "FAIL: $rows CSV rows for $records records"; exit 1; }
head -1 "$dir/all.csv" | grep -q '^app,variant,backend,config,dtype,items,ranks,' || { echo "FAIL: CSV header"; exit 1; }
"$py" "$tool" compare "$dir/np1.jsonl" "$dir/np1_again.jsonl" | tee "$dir/compare.txt"
grep -q "geometric mean new/base over" "$dir/compare.txt" || { echo "FAIL: no comparison"; exit 1; }
"$py" "$tool" plot "$dir/np1.jsonl" "$dir/np2.jsonl" -o "$dir/plots"
for png in rate_size.png efficiency.png; do
  [ "$(head -c 8 "$dir/plots/$png" | od -An -tx1 | tr -d ' \n')" = 89504e470d0a1a0a ] || { echo "FAIL: $png is not a PNG"; exit 1; }
done
# power.png from a record's telemetry trace (what a GPU run writes; no GPU needed here)
echo '{"app": "reduction", "variant": "cuda/rk7", "dtype": "float32", "items": 1e6, "ranks": 1, "time_s": 0.01, "rate": 1,
 "result": {"telemetry": {"power_limit_w": 700, "trace": {"t_s": [0, 0.05], "power_w": [120, 410], "sm_clock_mhz": [1980, 1755]}}}}' \
  | tr -d '\n' > "$dir/telemetry.jsonl"
"$py" "$tool" plot "$dir/telemetry.jsonl" -o "$dir/plots_power" > /dev/null
[ "$(head -c 8 "$dir/plots_power/power.png" | od -An -tx1 | tr -d ' \n')" = 89504e470d0a1a0a ] || { echo "FAIL: no power.png"; exit 1; }
if "$py" "$tool" csv "$dir/does_not_exist.jsonl" 2> "$dir/err.txt"; then echo "FAIL: a missing file passed"; exit 1; fi
grep -q "does_not_exist.jsonl: no such file" "$dir/err.txt" || { echo "FAIL: missing-file message"; exit 1; }
echo "report tool: $records records, comparison and plots made"
# strong scaling through the runner: 1 and 2 ranks, a row per rank count with efficiency
# and the split into imbalance and extra work (per-rank medians in every record)
OUT="$dir/scaling" RANKS="1 2" MPIRUN="$mpiexec -n" "$(dirname "$tool")/strong_scaling.sh" mc "$app" \
    --dims 160,85,89,80 --variant cpu/reference --reps 3 --warmup 1 --energy-window 0 --idle-window 0 > "$dir/scaling.txt"
cat "$dir/scaling.txt"
for np in 1 2; do
  grep -qE "^\| matrixchain \| \`cpu/reference\` \| [a-z0-9]+ \| [0-9]+ \| $np \| [0-9.e+-]+ \| [0-9.]+ \| [0-9.]+% \| [0-9.]+% \| -?[0-9.]+% \| -?[0-9.]+% \|" \
      "$dir/scaling.txt" || { echo "FAIL: no scaling row for $np rank(s)"; exit 1; }
done
grep -q '"busy_median_s":\[[0-9.e+-]*,[0-9.e+-]*\]' "$dir/scaling/mc_np2.jsonl" || { echo "FAIL: no per-rank medians"; exit 1; }
echo "strong scaling table made"
