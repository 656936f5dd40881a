# issue 28: kokkos/unfused as one Kokkos graph (independent subtrees at once) vs kernel by kernel, beside cuda/*
B=build/gpu/bin
T0=$SECONDS
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
(cd build/gpu && timeout 240 ctest -j4 -R "matrixchain|jacobi_mpi|unit_common" > "$OUT/ctest_mc.log" 2>&1; echo "ctest rc $?"; grep -E "tests passed|Failed|\*\*\*" "$OUT/ctest_mc.log" | head -20)
timeout 120 $B/matrixchain_test --gtest_filter="*GraphAndKernel*" > "$OUT/mc_graph_test.log" 2>&1; echo "graph test rc $?"; grep -E "^\[ +(OK|FAILED|SKIPPED) +\]" "$OUT/mc_graph_test.log"
V="kokkos/unfused,kokkos/unfused/nograph,cuda/unfused,cuda/unfused/nograph,cuda/cublas,kokkos/fused,cuda/fused"
M="$B/matrixchain_miniapp --reps 20 --warmup 2 --energy-window 0 --idle-window 0 --json"
for r in 1 2; do
for d in 936,1008,552,368,1016,616,544 4096,4096,4096,4096,4096 65536,1024,1024,512,1024,256; do
  [ $((LEFT - (SECONDS - T0))) -lt 40 ] && { echo "stop before $d"; break; }
  tag=$(echo $d | tr , x | cut -c1-24)_$r
  $M --dims $d --variant $V > "$OUT/mc_$tag.jsonl" 2> "$OUT/mc_$tag.txt"
  echo "== $d run $r rc $?"; grep -E "^(cuda|kokkos)/" "$OUT/mc_$tag.txt" | awk '{printf "%-24s %s %s %s %s\n", $1, $(NF-9), $(NF-8), $(NF-7), $NF}'
  grep -E "^(cuda|kokkos)/" "$OUT/mc_$tag.txt" | grep -v passed | head -3
done
done
$M --dims 936,1008,552,368,1016,616,544 --precision float64 --variant kokkos/unfused,kokkos/unfused/nograph,cuda/unfused,cuda/cublas > "$OUT/mc_f64.jsonl" 2> "$OUT/mc_f64.txt"; echo "== f64 rc $?"; grep -E "^(cuda|kokkos)/" "$OUT/mc_f64.txt" | awk '{printf "%-24s %s %s %s %s\n", $1, $(NF-9), $(NF-8), $(NF-7), $NF}'
if command -v nsys > /dev/null && [ $((LEFT - (SECONDS - T0))) -gt 60 ]; then
  for v in kokkos/unfused kokkos/unfused/nograph cuda/unfused; do
    t=$(echo $v | tr / _)
    timeout 60 nsys profile -o "$OUT/nsys_$t" --force-overwrite true $B/matrixchain_miniapp --reps 5 --warmup 1 --energy-window 0 --idle-window 0 --variant $v > /dev/null 2>&1
    timeout 40 nsys stats --report cuda_gpu_trace --format csv -o "$OUT/trace_$t" "$OUT/nsys_$t.nsys-rep" > /dev/null 2>&1; echo "nsys $v rc $?"
    rm -f "$OUT/nsys_$t.nsys-rep" "$OUT/nsys_$t.sqlite"
  done
else echo "no nsys (or no time)"; fi
echo "mcgraph done in $((SECONDS-T0)) s"
