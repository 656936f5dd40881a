# issue 28: the matrix chain at a smaller size and float64; Smith-Waterman against the CUDA variant of its own algorithm at both shapes
set -u
T0=$SECONDS
B=build/gpu/bin
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
row() { grep -E "^(cuda|kokkos)/[a-z0-9/x]+ +" "$1" | awk '{for(i=1;i<=NF;i++) if($i=="device"){print $1, $(i+1), $(i+2), $(i+3), $(i+4), $NF; break}}'; }
M="$B/matrixchain_miniapp --reps 20 --warmup 2 --energy-window 0 --idle-window 0 --json"
for r in 1 2; do
  for d in 468,504,276,184,508,308,272 936,1008,552,368,1016,616,544; do
    tag=$(echo $d | cut -d, -f1)_$r
    $M --dims $d --variant cuda/unfused,kokkos/unfused,kokkos/unfused/nograph,cuda/cublas,kokkos/fused,cuda/fused > "$OUT/mc_$tag.jsonl" 2> "$OUT/mc_$tag.txt"; echo "== mc $d rc $?"; row "$OUT/mc_$tag.txt"
  done
  $M --dims 936,1008,552,368,1016,616,544 --precision float64 --variant cuda/unfused,kokkos/unfused,cuda/cublas > "$OUT/mc_f64_$r.jsonl" 2> "$OUT/mc_f64_$r.txt"; echo "== mc f64 rc $?"; row "$OUT/mc_f64_$r.txt"
done
S="$B/sw_miniapp --reps 3 --warmup 1 --energy-window 0 --idle-window 0 --verify-cells 0 --json"
for n in 65536 262144 1048576; do
  [ $((LEFT - (SECONDS - T0))) -lt 60 ] && { echo "stop before sw $n"; break; }
  $S --len-a $n --len-b $n --variant cuda/multipass,kokkos/wavefront,cuda/traditional > "$OUT/sw_${n}_default.jsonl" 2> "$OUT/sw_${n}_default.txt"; echo "== sw $n defaults rc $?"; row "$OUT/sw_${n}_default.txt"
  for shape in 1024:512:8:2 512:256:8:2 2048:1024:8:2 2048:128:8:2; do
    IFS=: read TR TC SR SC <<< "$shape"
    [ $((LEFT - (SECONDS - T0))) -lt 40 ] && break
    $S --len-a $n --len-b $n --variant cuda/traditional,kokkos/wavefront --tile-rows $TR --tile-cols $TC --sub-rows $SR --sub-cols $SC > "$OUT/sw_${n}_$TR-$TC-$SR-$SC.jsonl" 2> "$OUT/sw_${n}_$TR-$TC-$SR-$SC.txt"
    echo "== sw $n $shape rc $?"; row "$OUT/sw_${n}_$TR-$TC-$SR-$SC.txt"
  done
done
echo "final done in $((SECONDS - T0)) s"
