# GPU-session steps of Jacobi (sourced by benchmarks/gpu_session.sh):
#   jacobi       jacobi_bench: 2D float32 8192^2 x 1024 steps, 1D 2^24 x 1024, 2D float64 8192^2 x 512
#   jacobicalib  the model's micro-benchmarks (jacobi_calibrate)
#   jacobitable  jacobi_miniapp with energy and --model (CALIBRATION=file), 2D and 1D
#   jacobisweep  the HHC tile sweep (SWEEP_ARGS for the grid)

jbench() {  # jbench NAME ARGS...: jacobi_bench with JSON output
  bench_json "$1" jacobi_bench "${@:2}"
  grep -E "^jacobi" "$OUT/$1.txt" | sed -E 's/ +/ /g' | cut -d' ' -f1,2,6-7
}

step_jacobi() {
  log "Jacobi 2D float32 8192^2 x 1024 steps and 1D 2^24 points x 1024 steps (issue 4 targets)"
  jbench jacobi2d_f32_8192 --dims=2 --sizes=8192 --steps=1024 --benchmark_min_time=1 --benchmark_filter='cuda|kokkos'
  jbench jacobi1d_f32_2e24 --dims=1 --sizes=2^24 --steps=1024 --benchmark_min_time=1 --benchmark_filter='cuda|kokkos'
  jbench jacobi2d_f64_8192 --dims=2 --sizes=8192 --steps=512 --precision=float64 --benchmark_min_time=0.5 \
         --benchmark_filter='cuda'
}

step_jacobicalib() {
  log "Jacobi model calibration (micro-benchmarks)"
  "$BUILD/bin/jacobi_calibrate" --output "$OUT/calibration_$(nvidia-smi --query-gpu=name --format=csv,noheader -i 0 | tr 'A-Z ' 'a-z_').json" \
      > "$OUT/jacobi_calibrate.txt" 2>&1
  echo "jacobi_calibrate rc=$?"; tail -25 "$OUT/jacobi_calibrate.txt"
}

step_jacobitable() {
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
}

step_jacobisweep() {
  log "Jacobi HHC tile sweep, 2D float32 8192^2 x 256 steps"
  # --sweep is --tune=exhaustive, each point verified; no energy window: the sweep ranks times
  "$BUILD/bin/jacobi_miniapp" --dims 2 --n 8192 --steps 256 --variant cuda/tiled --sweep --energy-window 0 \
      ${CALIBRATION:+--calibration $CALIBRATION} ${SWEEP_ARGS:-} --sweep-output "$OUT/jacobi_sweep_2d.h5" \
      --tune-table "$OUT/jacobi_sweep_2d.csv" > "$OUT/jacobi_sweep_2d.txt" 2>&1
  echo "rc=$?"; tail -40 "$OUT/jacobi_sweep_2d.txt"
}

# benchmarks/gpu_sanitize.sh: small runs of every CUDA variant (runs separated by --next)
SANITIZE_jacobi=(--dims 2 --nx 203 --ny 197 --steps 20 --variant 'cuda/*' --next
                 --dims 1 --n 1001 --steps 40 --variant 'cuda/*')
