# GPU-session steps of the reduction (sourced by benchmarks/gpu_session.sh):
#   bench  reduction_bench at 2^28, float32 for every variant, int32/float64 for the fastest
#   sweep  RK-7 launch shapes (block x unroll) at 2^28 float32
#   table  the RK-1..7 table of reduction_miniapp with energy, float32 and int32 (JSON + HDF5)
#   mpi    2 ranks, 2^28 elements per rank (one GPU per rank where the machine has two)
#   rkncu  Nsight Compute per RK step at 2^24 float32 (benchmarks/reduction_rk_profile.sh)

step_bench() {
  log "benchmarks: 2^28 float32, every variant"
  bench_json bench_f32_2e28 reduction_bench --sizes=2^28 --type=float32 --benchmark_min_time=0.5 \
             --benchmark_repetitions=5 --benchmark_report_aggregates_only=true
  log "benchmarks: 2^28 int32/float64"
  for type in int32 float64; do
    bench_json "bench_${type}_2e28" reduction_bench --sizes=2^28 --type=$type --benchmark_min_time=0.3 \
               --benchmark_repetitions=3 --benchmark_report_aggregates_only=true \
               --benchmark_filter='rk7/|cub|parallel_reduce'
  done
  echo "== 2^28 float32 (median of 5 repetitions) =="
  grep -E "_median" "$OUT/bench_f32_2e28.txt" | awk '{printf "%-50s %10s %s  %s\n", $1, $2, $3, $(NF-2)}'
}

step_sweep() {
  log "RK-7 launch-shape sweep (2^28 float32)"
  for unroll in 1 2 4 8; do
    bench_json "sweep_u${unroll}" reduction_bench --sizes=2^28 --type=float32 --unroll=$unroll \
               --variant='cuda/rk7/*' --benchmark_min_time=0.3 --benchmark_filter='block'
  done
  grep -h "rk7/" "$OUT"/sweep_u*.txt | awk '{print $1, $2, $3, $(NF-4), $(NF-3), $(NF-2), $(NF-1), $NF}' \
    > "$OUT/sweep_summary.txt"
}

step_table() {
  for type in float32 int32; do
    log "RK-1..7 table: reduction_miniapp, 2^28 $type, energy windows of 2 s"
    "$BUILD/bin/reduction_miniapp" --n $((1 << 28)) --type $type --reps 20 --warmup 3 --energy-window 2 \
        --idle-window 2 --json --output "$OUT/rk_table_${type}_2e28.h5" \
        > "$OUT/rk_table_${type}_2e28.jsonl" 2> "$OUT/rk_table_${type}_2e28.txt"
    cat "$OUT/rk_table_${type}_2e28.txt"
  done
}

step_mpi() {
  log "2 ranks, 2^28 float32 per rank"
  mpirun -n 2 --bind-to none "$BUILD/bin/reduction_miniapp" --n $((1 << 29)) --type float32 --reps 20 \
      --variant 'cuda/rk7,cuda/cub,kokkos/rk7' --energy-window 2 --idle-window 1 --json \
      --output "$OUT/mpi2_f32_2e29.h5" > "$OUT/mpi2_f32_2e29.jsonl" 2> "$OUT/mpi2_f32_2e29.txt"
  echo "mpirun rc=$?"
  cat "$OUT/mpi2_f32_2e29.txt"
}

# benchmarks/gpu_sanitize.sh: small runs of every CUDA variant (runs separated by --next)
SANITIZE_reduction=(--n 100003 --variant 'cuda/*' --next --n 70001 --type float64 --variant 'cuda/*')

step_rkncu() {
  log "Nsight Compute per RK step (2^24 float32)"
  BUILD=$BUILD OUT=$OUT/rk_profile benchmarks/reduction_rk_profile.sh
}
