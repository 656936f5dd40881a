#!/usr/bin/env bash
# A long run on a machine with many cores: PROCS processes per target, all sharing one
# corpus per target (libFuzzer re-reads it, -reload=1, so finds spread), each for SECONDS;
# prints each target's executions summed over its processes and any finding. Uses the built
# targets as they are (tests/fuzz/run_fuzz.sh builds them).
#   tests/fuzz/run_parallel.sh OUT SECONDS PROCS target...
# Environment: HPCS_FUZZ_BIN where the targets are (default build/fuzz/bin); HPCS_BUNDLE_ENV
# an env.sh to source first (targets built on another machine and carried with
# ../shared/device/bundle.sh). docs/results/fuzz.md records the runs.
set -uo pipefail
cd "$(dirname "$0")/../.."
[ $# -ge 4 ] || { echo "usage: $0 OUT SECONDS PROCS target..." >&2; exit 2; }
out=$1 seconds=$2 procs=$3
shift 3
bin=${HPCS_FUZZ_BIN:-build/fuzz/bin}
# shellcheck disable=SC1090
[ -n "${HPCS_BUNDLE_ENV:-}" ] && source "$HPCS_BUNDLE_ENV"
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_btl_vader_single_copy_mechanism=none
export UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1
for t in "$@"; do
  [ -x "$bin/fuzz_$t" ] || { echo "run_parallel: no target $bin/fuzz_$t" >&2; exit 1; }
  rm -rf "${out:?}/$t" && mkdir -p "$out/$t/corpus" "$out/$t/artifacts"
  cp tests/fuzz/corpus/"$t"/* "$out/$t/corpus/"
  for k in $(seq 1 "$procs"); do
    # LeakSanitizer cannot stop the world once Open MPI's threads run (the HDF5 loaders).
    ASAN_OPTIONS=detect_leaks=0:abort_on_error=1 "$bin/fuzz_$t" -max_total_time="$seconds" -rss_limit_mb=2048 \
      -timeout=10 -detect_leaks=0 -print_final_stats=1 -seed=$((1000 * k + 7)) -reload=1 \
      -artifact_prefix="$out/$t/artifacts/p$k-" "$out/$t/corpus" > "$out/$t/log.$k" 2>&1 &
  done
done
wait
status=0
for t in "$@"; do
  total=0
  for f in "$out/$t"/log.*; do
    n=$(sed -n 's/^stat::number_of_executed_units: *//p' "$f")
    total=$((total + ${n:-0}))
    if grep -qE 'ERROR|runtime error|SUMMARY' "$f"; then echo "FINDING in $f"; status=1; fi
  done
  [ -n "$(ls -A "$out/$t/artifacts")" ] && status=1
  echo "$t: $total executions over $procs processes in $seconds s; corpus $(ls "$out/$t/corpus" | wc -l);" \
       "findings $(ls "$out/$t/artifacts" | wc -l); $(grep -E '^#[0-9]+' "$out/$t/log.1" | tail -1 | grep -oE 'cov: [0-9]+ ft: [0-9]+')"
done
exit $status
