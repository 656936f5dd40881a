#!/usr/bin/env bash
# compute-sanitizer (memcheck, racecheck, synccheck, initcheck) over every CUDA variant of
# every mini-app at small sizes. The sizes come from each app's miniapps/<app>/gpu_steps.sh:
# an array SANITIZE_<p> (p: the prefix of <p>_miniapp) holds one argument list per run,
# separated by '--next'.
#
#   BUILD=build/gpu OUT=gpu-out benchmarks/gpu_sanitize.sh [tool...]
#
# Writes $OUT/sanitize/<app>_<run>_<tool>.log and $OUT/sanitize_summary.txt (one line per
# run: app, run, tool, exit code, compute-sanitizer's error summary); exits 1 on any error.
set -uo pipefail
BUILD=${BUILD:-build/gpu}
OUT=${OUT:-$PWD/gpu-out}
SAN=${COMPUTE_SANITIZER:-$(command -v compute-sanitizer || echo /usr/local/cuda/bin/compute-sanitizer)}
tools=("$@")
[ ${#tools[@]} -eq 0 ] && tools=(memcheck racecheck synccheck initcheck)
mkdir -p "$OUT/sanitize"
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
log() { :; }  # gpu_steps.sh files may call it at source time
for f in miniapps/*/gpu_steps.sh; do
  # shellcheck source=/dev/null
  source "$f"
done

status=0
: > "$OUT/sanitize_summary.txt"
for binary in "$BUILD"/bin/*_miniapp; do
  app=$(basename "${binary%_miniapp}")
  declare -p "SANITIZE_${app}" > /dev/null 2>&1 || { echo "$app: no SANITIZE_${app} in its gpu_steps.sh" | tee -a "$OUT/sanitize_summary.txt"; status=1; continue; }
  declare -n runs="SANITIZE_${app}"
  run=0 args=()
  for word in "${runs[@]}" --next; do
    if [ "$word" != --next ]; then args+=("$word"); continue; fi
    run=$((run + 1))
    for tool in "${tools[@]}"; do
      logf="$OUT/sanitize/${app}_${run}_${tool}.log"
      timeout 900 "$SAN" --tool "$tool" --error-exitcode 99 "$binary" "${args[@]}" --reps 1 --warmup 0 \
          --energy-window 0 --idle-window 0 > "$logf" 2>&1
      rc=$?
      summary=$(grep -E "ERROR SUMMARY|RACECHECK SUMMARY" "$logf" | tail -1)
      echo "$app run$run (${args[*]}) $tool rc=$rc ${summary:-no summary}" | tee -a "$OUT/sanitize_summary.txt"
      [ $rc -eq 0 ] && [ -n "$summary" ] || status=1
    done
    args=()
  done
  unset -n runs
done
exit $status
