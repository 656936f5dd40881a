#!/usr/bin/env bash
# SPDX-License-Identifier: BSD-3-Clause
# GEM's CPU ladder on one node (seed 002, digest section 5): cpu/serial and cpu/simd on one
# thread, cpu/openmp at each OMP_NUM_THREADS, one rank, the same molecule; every run's --json
# records into one file, then the ladder and the Amdahl fit of benchmarks/gem_amdahl.py.
#   BUILD=build/release OUT=dir THREADS="1 2 4 8 16" benchmarks/gem_cpu_scaling.sh [gem_miniapp options...]
# Options default to GEM's 1uwo_A size as docs/results/data/gem_h100 ran it (--atoms 1441
# --density 3.8: 16,520 vertices), so GPU=docs/results/data/gem_h100/gem_1441_region1.jsonl
# (one or more files) gives the GPU speed-ups at the same size. REPS (3) timed runs after
# WARMUP (1); ISAS="sse2 avx2" adds cpu/simd runs at those instruction sets
# (HPCS_GEM_SIMD_ISA) beside the widest.
# Threads are bound close, one a core (OMP_PROC_BIND, OMP_PLACES; set them to override).
# Writes OUT/gem_cpu_scaling.jsonl (records), .log (the runs' tables) and .txt (the fit).
set -uo pipefail
BUILD=${BUILD:-build/default}
OUT=${OUT:-$PWD/gem-cpu-out}
THREADS=${THREADS:-1 2 4 8 16}
REPS=${REPS:-3}
WARMUP=${WARMUP:-1}
ISAS=${ISAS:-}
here=$(cd "$(dirname "$0")" && pwd)
exe=$BUILD/bin/gem_miniapp
[ -x "$exe" ] || { echo "error: no $exe (set BUILD to a build directory)" >&2; exit 2; }
[ $# -gt 0 ] || set -- --atoms 1441 --density 3.8
export OMP_PROC_BIND=${OMP_PROC_BIND:-close} OMP_PLACES=${OMP_PLACES:-cores}
mkdir -p "$OUT"
records=$OUT/gem_cpu_scaling.jsonl log=$OUT/gem_cpu_scaling.log
: > "$records"
: > "$log"
failed=0
# One rank, started without mpirun: a launcher binds a lone rank to one core by default.
run() {  # run LABEL THREADS [extra options...]
  local label=$1 threads=$2
  shift 2
  echo "== $label, OMP_NUM_THREADS=$threads" >> "$log"
  if ! OMP_NUM_THREADS=$threads "$exe" "$@" --reps "$REPS" --warmup "$WARMUP" --json >> "$records" 2>> "$log"; then
    echo "$label on $threads thread(s) failed: $(grep -m1 'error' "$log" || tail -1 "$log")" >&2
    failed=1
  fi
}
run "cpu/serial, cpu/simd" 1 "$@" --variant cpu/serial,cpu/simd
for isa in $ISAS; do
  HPCS_GEM_SIMD_ISA=$isa run "cpu/simd $isa" 1 "$@" --variant cpu/simd
done
for t in $THREADS; do
  run "cpu/openmp" "$t" "$@" --variant cpu/openmp
done
gpu=()
[ -n "${GPU:-}" ] && read -ra gpu <<< "--gpu $GPU"  # GPU: one or more record files
/usr/bin/python3 "$here/gem_amdahl.py" "$records" "${gpu[@]}" | tee "$OUT/gem_cpu_scaling.txt" || failed=1
exit $failed
