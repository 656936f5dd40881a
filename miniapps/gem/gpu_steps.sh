# GPU-session steps of GEM (sourced by benchmarks/gpu_session.sh):
#   gem       the CUDA ladder and the Kokkos variants: synthetic 1,441 and 25,086 atoms, float32,
#             region 1 (the default) and region 3 with salt, with energy (JSON + HDF5)
#   gembench  gem_bench at the GEM data sets' atom counts (1,441, 25,086; 476,040 on request)

step_gem() {
  for atoms in 1441 25086; do
    for mode in "region1" "region3_salt"; do
      local extra=()
      [ "$mode" = region3_salt ] && extra=(--proj 3 --salt 0.15)
      log "GEM table: $atoms atoms, $mode"
      "$BUILD/bin/gem_miniapp" --atoms $atoms "${extra[@]}" --variant 'cuda/*,kokkos/*' --reps 5 --warmup 1 \
          --energy-window 2 --idle-window 1 --json --output "$OUT/gem_${atoms}_${mode}.h5" \
          > "$OUT/gem_${atoms}_${mode}.jsonl" 2> "$OUT/gem_${atoms}_${mode}.txt"
      echo "rc=$?"; cat "$OUT/gem_${atoms}_${mode}.txt"
    done
  done
}

step_gembench() {
  log "gem_bench, float32, region 1"
  bench_json gem_bench gem_bench --sizes=${GEM_SIZES:-1441,25086} --variant='cuda/*,kokkos/*' --benchmark_min_time=0.5
  grep -E "^gem/" "$OUT/gem_bench.txt" | sed -E 's/ +/ /g' | cut -d' ' -f1,2,6-
}
