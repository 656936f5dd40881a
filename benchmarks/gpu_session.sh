#!/usr/bin/env bash
# One GPU-machine session: configure and build the suite with that machine's compilers,
# MPI and HDF5, run every test, then the steps asked for. Logs and result files go to $OUT
# (default ./gpu-out); each step prints a short summary.
#
#   KOKKOS_ROOT=/path/to/kokkos-4.x-cuda  PREFIX_PATH=/path/with/include/CLI  \
#   GIT_REVISION=<sha>  benchmarks/gpu_session.sh [build|test|STEP]...
#
# build and test are the suite's; every other STEP is a function step_STEP defined by a
# mini-app in miniapps/<app>/gpu_steps.sh (its header lists its steps). Default: build test
# bench table. Helpers for the steps: has STEP, log MESSAGE, bench_json NAME BINARY ARGS...,
# scaling_ranks, same_across_ranks NAME OUTPUT_OPTION DATASET BINARY ARGS...
set -uo pipefail
OUT=${OUT:-$PWD/gpu-out}
BUILD=${BUILD:-build/gpu}
mkdir -p "$OUT"
steps=("$@")
[ ${#steps[@]} -eq 0 ] && steps=(build test bench table)
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1

has() { local s; for s in "${steps[@]}"; do [ "$s" = "$1" ] && return 0; done; return 1; }
log() { echo "[$(date +%H:%M:%S)] $*" | tee -a "$OUT/session.log"; }
# bench_json NAME BINARY ARGS...: a Google Benchmark binary with JSON output in $OUT/NAME.json.
bench_json() {
  local name=$1 binary=$2; shift 2
  "$BUILD/bin/$binary" --benchmark_out="$OUT/$name.json" --benchmark_out_format=json "$@" > "$OUT/$name.txt" 2>&1
}

# scaling_ranks: "1 2 4 ..." up to the GPUs this machine has (one GPU per rank).
scaling_ranks() {
  local n p=1 out=""
  n=$(nvidia-smi -L 2> /dev/null | grep -c '^GPU') || n=1
  while [ "$p" -le "${n:-1}" ]; do out="$out $p"; p=$((p * 2)); done
  echo "${out# }"
}
# same_across_ranks NAME OUTPUT_OPTION DATASET BINARY ARGS...: the app on 1, 2 and 4 ranks (ranks
# may share a GPU) writing DATASET through OUTPUT_OPTION; prints whether 2 and 4 ranks give
# the same bits as 1, else the largest difference (python3 with numpy and h5py).
same_across_ranks() {
  local name=$1 opt=$2 dataset=$3 binary=$4 np; shift 4
  for np in 1 2 4; do
    mpirun --bind-to none --oversubscribe -n $np "$BUILD/bin/$binary" "$@" --reps 1 --warmup 0 --energy-window 0 \
        --idle-window 0 --quiet "$opt" "$OUT/${name}_np$np.h5" > "$OUT/${name}_np$np.txt" 2>&1 \
      || { echo "$name: $np rank(s) failed: $(grep -m1 error "$OUT/${name}_np$np.txt")"; continue; }
    [ $np = 1 ] && continue
    python3 - "$OUT/${name}_np1.h5" "$OUT/${name}_np$np.h5" "$dataset" "$name" $np <<'PY'
import sys, h5py, numpy as np
a, b = (h5py.File(f, "r")[sys.argv[3]][...] for f in sys.argv[1:3])
what = f"{sys.argv[4]}: {sys.argv[3]} {a.shape} on {sys.argv[5]} ranks"
if a.shape == b.shape and a.tobytes() == b.tobytes():
    print(what, "has the same bits as on 1 rank")
else:
    d = np.abs(a.astype(np.float64) - b.astype(np.float64)) if a.shape == b.shape else None
    print(what, "DIFFERS from 1 rank:", "shape" if d is None else
          f"max |diff| {d.max():.3g}, max |1 rank| {np.abs(a).max():.3g}, {int((d > 0).sum())} elements")
PY
  done | tee -a "$OUT/same_across_ranks.txt"
}

for f in miniapps/*/gpu_steps.sh; do
  # shellcheck source=/dev/null
  source "$f"
done

for s in "${steps[@]}"; do
  case "$s" in
    build | test) ;;
    *) declare -F "step_$s" > /dev/null || { echo "unknown step '$s' (see miniapps/*/gpu_steps.sh)"; exit 2; } ;;
  esac
done

if has build; then
  nvidia-smi --query-gpu=name,pci.bus_id,driver_version,memory.total,clocks.max.sm,power.limit --format=csv \
    > "$OUT/gpu.csv" 2>&1
  log "configure"
  cmake -S . -B "$BUILD" -G Ninja -DCMAKE_BUILD_TYPE=Release -DHPCS_ENABLE_CUDA=ON \
        ${KOKKOS_ROOT:+-DKokkos_ROOT=$KOKKOS_ROOT -DHPCS_ENABLE_KOKKOS=ON} \
        ${PREFIX_PATH:+-DCMAKE_PREFIX_PATH=$PREFIX_PATH} \
        ${GIT_REVISION:+-DHPCS_GIT_REVISION=$GIT_REVISION} > "$OUT/configure.log" 2>&1 \
    || { tail -30 "$OUT/configure.log"; exit 1; }
  grep -A12 "=== hpc_miniapps" "$OUT/configure.log"
  log "build"
  cmake --build "$BUILD" -j "$(nproc)" > "$OUT/build.log" 2>&1 || { grep -B2 -A8 -m5 "error" "$OUT/build.log"; exit 1; }
fi

if has test; then
  log "ctest"
  ctest --test-dir "$BUILD" -j 4 --timeout 300 --output-on-failure > "$OUT/ctest.log" 2>&1
  grep -E "tests passed|\*\*\*|Failed" "$OUT/ctest.log" | tail -15
  grep -c "Skipped\|SKIPPED" "$OUT/ctest.log" | sed 's/^/skip lines in ctest.log: /'
fi

for s in "${steps[@]}"; do
  case "$s" in
    build | test) ;;
    *) "step_$s" ;;
  esac
done
log "done"
