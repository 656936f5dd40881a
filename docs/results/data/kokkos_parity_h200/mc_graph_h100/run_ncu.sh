# issue 28: Nsight Compute of the half-thesis chain's kernels, kokkos/unfused and cuda/unfused (why 0.75x there)
set -u
B=build/gpu/bin
NCU=$(command -v ncu || ls /usr/local/cuda/bin/ncu 2>/dev/null)
echo "ncu: $NCU"
for v in ${MCNCU_VARIANTS:-cuda/unfused kokkos/unfused}; do
  t=$(echo $v | tr / _)
  timeout 150 $NCU --clock-control none --csv --graph-profiling node --kernel-name-base demangled -k "regex:RegisterGemm|SumSlices|gemm_fast|sum_slices" --launch-count 20 \
    --metrics gpu__time_duration.sum,launch__grid_size,launch__block_size,launch__registers_per_thread,launch__shared_mem_per_block_dynamic,sm__throughput.avg.pct_of_peak_sustained_elapsed,sm__warps_active.avg.pct_of_peak_sustained_active \
    $B/matrixchain_miniapp --dims 468,504,276,184,508,308,272 --variant $v --reps 1 --warmup 0 --energy-window 0 --idle-window 0 > "$OUT/ncu_small_$t.csv" 2> "$OUT/ncu_small_$t.err"
  echo "ncu $v rc $?"; grep -c gpu__time_duration "$OUT/ncu_small_$t.csv"
  grep gpu__time_duration "$OUT/ncu_small_$t.csv" | awk -F'","' '{print $5, $NF}' | head -12
done
