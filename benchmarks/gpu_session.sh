#!/usr/bin/env bash
# One GPU-machine session: configure and build the suite with that machine's compilers,
# MPI and HDF5, run every test, then the reduction benchmarks. Logs and result files go
# to $OUT (default ./gpu-out); a short summary is printed last.
#
#   KOKKOS_ROOT=/path/to/kokkos-4.x-cuda  PREFIX_PATH=/path/with/include/CLI  \
#   GIT_REVISION=<sha>  benchmarks/gpu_session.sh [build|test|bench|sweep|table|mpi|sw|swsweep|swtable|swtraffic|swmpi]...
#
# Steps (default: build test bench table): build, test (ctest), bench (Google Benchmark,
# 2^28 elements, float32 for every variant, int32/float64 for the fastest ones), sweep (RK-7
# launch shapes), table (the RK-1..7 table of the mini-app with energy, float32 and int32,
# as JSON lines and HDF5), mpi (2 ranks, 2^28 elements per rank: one GPU per rank where
# the machine has two), sw (Smith-Waterman GCUPS, 2^14..2^20 squared, DPX on and off),
# swsweep (Smith-Waterman multi-pass tilings at 2^18), swtable (sw_miniapp at 2^20 with
# energy and the models), swtraffic (DRAM bytes by Nsight Compute vs the models), swmpi
# (Smith-Waterman on 1, 2 and 4 ranks, one GPU each, parallel efficiency), jacobi (jacobi_bench at
# the issue's sizes), jacobicalib (model micro-benchmarks), jacobitable (jacobi_miniapp with energy
# and --model; CALIBRATION=file), jacobisweep (HHC tile sweep; SWEEP_ARGS for the grid).
set -uo pipefail
OUT=${OUT:-$PWD/gpu-out}
BUILD=${BUILD:-build/gpu}
mkdir -p "$OUT"
steps=("$@")
[ ${#steps[@]} -eq 0 ] && steps=(build test bench table)
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1

has() { local s; for s in "${steps[@]}"; do [ "$s" = "$1" ] && return 0; done; return 1; }
log() { echo "[$(date +%H:%M:%S)] $*" | tee -a "$OUT/session.log"; }

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
  "$BUILD/bin/reduction_test" --gtest_brief=1 > "$OUT/reduction_test.log" 2>&1
  grep -cE "^\[  SKIPPED" "$OUT/reduction_test.log" | sed 's/^/skipped reduction tests: /'
fi

bench() {  # bench NAME ARGS...: Google Benchmark with JSON output
  local name=$1; shift
  "$BUILD/bin/reduction_bench" --benchmark_out="$OUT/$name.json" --benchmark_out_format=json "$@" \
    > "$OUT/$name.txt" 2>&1
}

if has bench; then
  log "benchmarks: 2^28 float32, every variant"
  bench bench_f32_2e28 --sizes=2^28 --types=float32 --benchmark_min_time=0.5 --benchmark_repetitions=5 \
        --benchmark_report_aggregates_only=true
  log "benchmarks: 2^28 int32/float64"
  bench bench_other_2e28 --sizes=2^28 --types=int32,float64 --benchmark_min_time=0.3 \
        --benchmark_repetitions=3 --benchmark_report_aggregates_only=true \
        --benchmark_filter='rk7|cub|parallel_reduce'
fi

if has sweep; then
  log "RK-7 launch-shape sweep (2^28 float32)"
  for block in 128 256 512 1024; do
    for unroll in 1 2 4 8; do
      bench "sweep_b${block}_u${unroll}" --sizes=2^28 --types=float32 --block=$block --unroll=$unroll \
            --benchmark_min_time=0.3 --benchmark_filter='rk7'
    done
  done
  grep -h "rk7/float32" "$OUT"/sweep_*.txt | awk '{print $1, $2, $3, $(NF-4), $(NF-3), $(NF-2), $(NF-1), $NF}' \
    > "$OUT/sweep_summary.txt"
fi

if has table; then
  log "RK-1..7 table: reduction_miniapp, 2^28 float32, energy windows of 2 s"
  "$BUILD/bin/reduction_miniapp" --n $((1 << 28)) --type float32 --reps 20 --warmup 3 --energy-window 2 \
      --idle-window 2 --json --output "$OUT/rk_table_f32_2e28.h5" \
      > "$OUT/rk_table_f32_2e28.jsonl" 2> "$OUT/rk_table_f32_2e28.txt"
  cat "$OUT/rk_table_f32_2e28.txt"
  log "RK-1..7 table: 2^28 int32"
  "$BUILD/bin/reduction_miniapp" --n $((1 << 28)) --type int32 --reps 20 --warmup 3 --energy-window 2 \
      --idle-window 2 --json --output "$OUT/rk_table_i32_2e28.h5" \
      > "$OUT/rk_table_i32_2e28.jsonl" 2> "$OUT/rk_table_i32_2e28.txt"
fi

if has mpi; then
  log "2 ranks, 2^28 float32 per rank"
  mpirun -n 2 --bind-to none "$BUILD/bin/reduction_miniapp" --n $((1 << 29)) --type float32 --reps 20 \
      --variant 'cuda/rk7,cuda/cub,kokkos/rk7' --energy-window 2 --idle-window 1 --json \
      --output "$OUT/mpi2_f32_2e29.h5" > "$OUT/mpi2_f32_2e29.jsonl" 2> "$OUT/mpi2_f32_2e29.txt"
  echo "mpirun rc=$?"
  cat "$OUT/mpi2_f32_2e29.txt"
  head -c 600 "$OUT/mpi2_f32_2e29.jsonl" | grep -o '"devices":\[[^]]*\]'
fi

swbench() {  # swbench NAME ARGS...
  local name=$1; shift
  "$BUILD/bin/sw_bench" --benchmark_out="$OUT/$name.json" --benchmark_out_format=json "$@" > "$OUT/$name.txt" 2>&1
  grep -E "^sw/" "$OUT/$name.txt" | sed -E 's/ +/ /g' | cut -d' ' -f1,2,3,7-
}

if has sw; then
  log "Smith-Waterman GCUPS, default tiling"
  swbench sw_small --sizes=2^14,2^16,2^18 --benchmark_min_time=0.2
  swbench sw_small_nodpx --sizes=2^18 --dpx=0 --benchmark_min_time=0.2 --benchmark_filter='cuda'
  log "Smith-Waterman GCUPS, 2^20 and 2^22 squared (traditional vs multi-pass)"
  swbench sw_large --sizes=2^20,2^22 --benchmark_min_time=1 --benchmark_filter='cuda'
fi

if has swtable; then
  log "Smith-Waterman table with energy, 2^20 x 2^20"
  "$BUILD/bin/sw_miniapp" --len-a $((1 << 20)) --len-b $((1 << 20)) --plant 100000 --variant 'cuda/*,kokkos/*' \
      --reps 3 --warmup 1 --energy-window 2 --idle-window 2 --json --output "$OUT/sw_table_2e20.h5" \
      > "$OUT/sw_table_2e20.jsonl" 2> "$OUT/sw_table_2e20.txt"
  cat "$OUT/sw_table_2e20.txt"
fi

if has swtraffic; then
  log "Smith-Waterman DRAM traffic (Nsight Compute), 2^22 x 2^21"
  BUILD=$BUILD OUT=$OUT benchmarks/sw_dram_traffic.sh 4194304 2097152 | tee "$OUT/sw_traffic.txt"
fi

if has swsweep; then
  log "Smith-Waterman multi-pass tilings at 2^18"
  for tr in 256 512 1024; do for sr in 4 8 16; do for sc in 4 8 16; do
    swbench "swsweep_${tr}_${sr}_${sc}" --sizes=2^18 --tile-rows=$tr --sub-rows=$sr --sub-cols=$sc \
            --benchmark_min_time=0.2 --benchmark_filter='multipass'
  done; done; done | tee "$OUT/swsweep_summary.txt"
fi

if has swmpi; then
  log "Smith-Waterman cuda/multipass over 1, 2 and 4 ranks (one GPU each), 2^22 and 2^21 squared"
  for n in 4194304 2097152; do
    BUILD=$BUILD OUT=$OUT benchmarks/sw_scaling.sh "sw_scale_$n" $n $n --reps 2 --warmup 1
  done
fi

jbench() {  # jbench NAME ARGS...: jacobi_bench with JSON output
  local name=$1; shift
  "$BUILD/bin/jacobi_bench" --benchmark_out="$OUT/$name.json" --benchmark_out_format=json "$@" > "$OUT/$name.txt" 2>&1
  grep -E "^jacobi" "$OUT/$name.txt" | sed -E 's/ +/ /g' | cut -d' ' -f1,2,6-7
}

if has jacobi; then
  log "Jacobi 2D float32 8192^2 x 1024 steps and 1D 2^24 points x 1024 steps (issue 4 targets)"
  jbench jacobi2d_f32_8192 --dims=2 --sizes=8192 --steps=1024 --benchmark_min_time=1 --benchmark_filter='cuda|kokkos'
  jbench jacobi1d_f32_2e24 --dims=1 --sizes=2^24 --steps=1024 --benchmark_min_time=1 --benchmark_filter='cuda|kokkos'
  jbench jacobi2d_f64_8192 --dims=2 --sizes=8192 --steps=512 --precision=float64 --benchmark_min_time=0.5 \
         --benchmark_filter='cuda'
fi

if has jacobicalib; then
  log "Jacobi model calibration (micro-benchmarks)"
  "$BUILD/bin/jacobi_calibrate" --output "$OUT/calibration_$(nvidia-smi --query-gpu=name --format=csv,noheader -i 0 | tr 'A-Z ' 'a-z_').json" \
      > "$OUT/jacobi_calibrate.txt" 2>&1
  echo "jacobi_calibrate rc=$?"; tail -25 "$OUT/jacobi_calibrate.txt"
fi

if has jacobitable; then
  log "Jacobi table with energy and the model, 2D float32 8192^2 x 1024 steps"
  "$BUILD/bin/jacobi_miniapp" --dims 2 --n 8192 --steps 1024 --variant 'cuda/*,kokkos/*' --model \
      ${CALIBRATION:+--calibration $CALIBRATION} --reps 5 --warmup 1 --energy-window 2 --idle-window 2 --json \
      --output "$OUT/jacobi_table_2d.h5" > "$OUT/jacobi_table_2d.jsonl" 2> "$OUT/jacobi_table_2d.txt"
  echo "rc=$?"; cat "$OUT/jacobi_table_2d.txt"
  log "Jacobi table, 1D float32 2^24 x 1024 steps"
  "$BUILD/bin/jacobi_miniapp" --dims 1 --n $((1 << 24)) --steps 1024 --variant 'cuda/*,kokkos/*' --model \
      ${CALIBRATION:+--calibration $CALIBRATION} --reps 5 --warmup 1 --energy-window 2 --idle-window 2 --json \
      --output "$OUT/jacobi_table_1d.h5" > "$OUT/jacobi_table_1d.jsonl" 2> "$OUT/jacobi_table_1d.txt"
  echo "rc=$?"; cat "$OUT/jacobi_table_1d.txt"
fi

if has jacobisweep; then
  log "Jacobi HHC tile sweep, 2D float32 8192^2 x 256 steps"
  "$BUILD/bin/jacobi_miniapp" --dims 2 --n 8192 --steps 256 --variant cuda/tiled --sweep \
      ${CALIBRATION:+--calibration $CALIBRATION} ${SWEEP_ARGS:-} --sweep-output "$OUT/jacobi_sweep_2d.h5" \
      > "$OUT/jacobi_sweep_2d.txt" 2>&1
  echo "rc=$?"; tail -40 "$OUT/jacobi_sweep_2d.txt"
fi

if has bench; then
  echo "== 2^28 float32 (median of 5 repetitions) =="
  grep -E "_median" "$OUT/bench_f32_2e28.txt" | awk '{printf "%-50s %10s %s  %s\n", $1, $2, $3, $(NF-2)}'
fi
log "done"
