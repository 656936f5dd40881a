#!/usr/bin/env bash
# Builds the libFuzzer targets (preset fuzz: clang, ASan + UBSan) and runs each for a bounded
# time on a copy of its seed corpus; exits non-zero on any finding (crash, sanitizer report,
# foreign exception, timeout over 10 s, more than 2 GB of memory), naming the input that
# caused it. docs/fuzzing.md describes the targets and the recorded long run.
#   tests/fuzz/run_fuzz.sh SECONDS_PER_TARGET [target...]     (no target: all of them, as the
#   fuzz build lists them from tests/fuzz/CMakeLists.txt in build/fuzz/fuzz_targets.txt)
# Environment: HPCS_FUZZ_JOBS targets at a time (default 1), HPCS_FUZZ_RUNS executions per
# target instead of a time limit (0: off), HPCS_FUZZ_OUT logs, corpora and findings
# (default build/fuzz/runs), HPCS_FUZZ_NO_BUILD=1 to use the built targets as they are.
set -uo pipefail
cd "$(dirname "$0")/../.."
[ $# -ge 1 ] || { echo "usage: $0 SECONDS_PER_TARGET [target...]" >&2; exit 2; }
seconds=$1
shift
if [ -z "${HPCS_FUZZ_NO_BUILD:-}" ]; then
  cmake --preset fuzz > /dev/null && cmake --build --preset fuzz > /dev/null || { echo "run_fuzz: build failed" >&2; exit 1; }
fi
targets=("$@")
[ ${#targets[@]} -gt 0 ] || read -ra targets < build/fuzz/fuzz_targets.txt
out=${HPCS_FUZZ_OUT:-build/fuzz/runs}
jobs=${HPCS_FUZZ_JOBS:-1}
runs=${HPCS_FUZZ_RUNS:-0}
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_btl_vader_single_copy_mechanism=none
export UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1

# One target: its own corpus copy, log and artifacts under $out/<target>/.
run_one() {
  local t=$1 dir=$out/$1 leaks=1
  rm -rf "$dir" && mkdir -p "$dir/corpus" "$dir/artifacts"
  cp tests/fuzz/corpus/"$t"/* "$dir/corpus/" 2> /dev/null
  # LeakSanitizer cannot stop the world once Open MPI's threads run (the HDF5 loaders).
  case $t in *h5*) leaks=0 ;; esac
  local limit=(-max_total_time="$seconds")
  [ "$runs" -gt 0 ] && limit=(-runs="$runs")
  local start=$SECONDS
  ASAN_OPTIONS=detect_leaks=$leaks:abort_on_error=1 build/fuzz/bin/fuzz_"$t" "${limit[@]}" -rss_limit_mb=2048 \
    -timeout=10 -detect_leaks=$leaks -print_final_stats=1 -artifact_prefix="$dir/artifacts/" "$dir/corpus" \
    > "$dir/log" 2>&1
  local rc=$? took=$((SECONDS - start))
  local execs cov
  execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$dir/log")
  cov=$(grep -E '^#[0-9]+' "$dir/log" | tail -1 | grep -oE 'cov: [0-9]+ ft: [0-9]+ corp: [0-9]+/[0-9]+[a-zA-Z]*')
  if [ $rc -ne 0 ] || [ -n "$(ls -A "$dir/artifacts")" ]; then
    echo "FINDING fuzz_$t (exit $rc, ${took} s): $(ls "$dir"/artifacts/* 2> /dev/null | tr '\n' ' ')"
    grep -E 'FINDING|ERROR|SUMMARY|runtime error' "$dir/log" | head -5 | sed 's/^/    /'
    echo "    log: $dir/log; replay: build/fuzz/bin/fuzz_$t <file>"
    return 1
  fi
  echo "ok fuzz_$t: ${execs:-?} executions in ${took} s, ${cov}"
}

status=0
pids=()
for t in "${targets[@]}"; do
  [ -x build/fuzz/bin/fuzz_"$t" ] || { echo "run_fuzz: no target fuzz_$t" >&2; status=1; continue; }
  run_one "$t" &
  pids+=($!)
  if [ ${#pids[@]} -ge "$jobs" ]; then
    wait "${pids[0]}" || status=1
    pids=("${pids[@]:1}")
  fi
done
for p in "${pids[@]}"; do wait "$p" || status=1; done
[ $status -eq 0 ] && echo "run_fuzz: no finding in ${#targets[@]} targets" || echo "run_fuzz: FINDINGS (see above)"
exit $status
