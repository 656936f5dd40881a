#!/usr/bin/env bash
# Every benchmark entry of an app's Google Benchmark binary carries bytes_per_second and
# items_per_second (the field's counters, for compare.py and dashboards), both positive.
#   check_bench_counters.sh BENCH DIR
set -euo pipefail
bench=$1 dir=$2
mkdir -p "$dir"
out="$dir/$(basename "$bench").json"
"$bench" --sizes=64 --variant=cpu/reference --benchmark_min_time=0.01 --benchmark_out="$out" \
    --benchmark_out_format=json > /dev/null
python3 - "$out" <<'PY'
import json, sys
runs = [b for b in json.load(open(sys.argv[1]))["benchmarks"] if b.get("run_type", "iteration") == "iteration"]
assert runs, "no benchmark entries"
for b in runs:
    for key in ("bytes_per_second", "items_per_second"):
        assert b.get(key, 0) > 0, f"{b['name']}: no {key} ({sorted(b)})"
print(f"{len(runs)} entries, each with bytes_per_second and items_per_second")
PY
