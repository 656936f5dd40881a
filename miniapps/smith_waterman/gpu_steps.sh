# GPU-session steps of Smith-Waterman (sourced by benchmarks/gpu_session.sh):
#   sw         sw_bench GCUPS, 2^14..2^18 squared (DPX on and off), 2^20 and 2^22 (CUDA variants)
#   swsweep    multi-pass tilings at 2^18
#   swtable    sw_miniapp at 2^20 with energy and the models
#   swtraffic  DRAM bytes by Nsight Compute against the models
#   swmpi      cuda/multipass on 1, 2 and 4 ranks (one GPU each), parallel efficiency
#   swrepeat   cuda/multipass and cuda/traditional at 2^16 x 2^16 DNA: 1000 repeated runs must give
#              the result run's score and end cell (--repeat-check)

swbench() {  # swbench NAME ARGS...
  bench_json "$1" sw_bench "${@:2}"
  grep -E "^sw/" "$OUT/$1.txt" | sed -E 's/ +/ /g' | cut -d' ' -f1,2,3,7-
}

step_sw() {
  log "Smith-Waterman GCUPS, default tiling"
  swbench sw_small --sizes=2^14,2^16,2^18 --benchmark_min_time=0.2
  swbench sw_small_nodpx --sizes=2^18 --no-dpx --benchmark_min_time=0.2 --benchmark_filter='cuda'
  log "Smith-Waterman GCUPS, 2^20 and 2^22 squared (traditional vs multi-pass)"
  swbench sw_large --sizes=2^20,2^22 --benchmark_min_time=1 --benchmark_filter='cuda'
}

step_swsweep() {
  log "Smith-Waterman multi-pass tilings at 2^18"
  for tr in 256 512 1024; do for sr in 4 8 16; do for sc in 4 8 16; do
    swbench "swsweep_${tr}_${sr}_${sc}" --sizes=2^18 --tile-rows=$tr --sub-rows=$sr --sub-cols=$sc \
            --benchmark_min_time=0.2 --benchmark_filter='multipass'
  done; done; done | tee "$OUT/swsweep_summary.txt"
}

step_swtable() {
  log "Smith-Waterman table with energy, 2^20 x 2^20"
  "$BUILD/bin/sw_miniapp" --len-a $((1 << 20)) --len-b $((1 << 20)) --plant 100000 --variant 'cuda/*,kokkos/*' \
      --reps 3 --warmup 1 --energy-window 2 --idle-window 2 --json --output "$OUT/sw_table_2e20.h5" \
      > "$OUT/sw_table_2e20.jsonl" 2> "$OUT/sw_table_2e20.txt"
  cat "$OUT/sw_table_2e20.txt"
}

step_swtraffic() {
  log "Smith-Waterman DRAM traffic (Nsight Compute), 2^22 x 2^21"
  BUILD=$BUILD OUT=$OUT benchmarks/sw_dram_traffic.sh 4194304 2097152 | tee "$OUT/sw_traffic.txt"
}

step_swmpi() {
  log "Smith-Waterman cuda/multipass over 1, 2 and 4 ranks (one GPU each), 2^22 and 2^21 squared"
  for n in 4194304 2097152; do
    BUILD=$BUILD OUT=$OUT benchmarks/sw_scaling.sh "sw_scale_$n" $n $n --reps 2 --warmup 1
  done
}

step_swrepeat() {
  log "SW determinism: 1000 repeated runs, 2^16 x 2^16"
  "$BUILD/bin/sw_miniapp" --len-a 65536 --len-b 65536 --plant 500 --variant cuda/multipass,cuda/traditional --verify-cells 0 \
      --reps 1 --warmup 0 --energy-window 0 --idle-window 0 --repeat-check 1000 --json \
      > "$OUT/sw_repeat.jsonl" 2> "$OUT/sw_repeat.txt"
  echo "rc=$?"; grep -o '"repeat_check":{[^}]*}' "$OUT/sw_repeat.jsonl"; grep -E "^cuda" "$OUT/sw_repeat.txt"
}

# benchmarks/gpu_sanitize.sh: small runs of every CUDA variant (runs separated by --next)
SANITIZE_sw=(--len-a 3001 --len-b 2501 --variant 'cuda/*')
