# A/B: the Kokkos register GEMM before (HEAD's header) and after (working tree), same card, interleaved
set -u
T0=$SECONDS
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
mkdir -p /tmp/old && tar --exclude=./build --exclude=./.deps --exclude=./.git -cf - . | tar -xf - -C /tmp/old
cp .deps/gemm_team_old.hpp /tmp/old/kokkos_variants/matrix_chain/matrixchain_gemm_team_kokkos.hpp
cmake -S /tmp/old -B /tmp/old/build -G Ninja -DCMAKE_BUILD_TYPE=Release -DHPCS_ENABLE_CUDA=ON -DHPCS_ENABLE_KOKKOS=ON -DKokkos_ROOT=/tmp/kokkos-install -DCMAKE_PREFIX_PATH=$PWD/.deps/prefix > "$OUT/old_cfg.log" 2>&1 \
  && cmake --build /tmp/old/build -j "$(nproc)" --target matrixchain_miniapp > "$OUT/old_build.log" 2>&1 || { tail -30 "$OUT/old_build.log"; exit 1; }
echo "old built in $((SECONDS - T0)) s"
NEW=build/gpu/bin/matrixchain_miniapp; OLD=/tmp/old/build/bin/matrixchain_miniapp
(timeout 200 build/gpu/bin/matrixchain_test > "$OUT/mc_test.log" 2>&1; echo "matrixchain_test rc $?"; grep -E "^\[  (PASSED|FAILED) |tests ran" "$OUT/mc_test.log"; grep -E "^\[  FAILED" "$OUT/mc_test.log" | head)
M="--reps 20 --warmup 2 --energy-window 0 --idle-window 0 --json"
for r in 1 2; do
for d in 936,1008,552,368,1016,616,544 4096,4096,4096,4096,4096 65536,1024,1024,512,1024,256; do
  tag=$(echo $d | cut -d, -f1-2 | tr , x)_$r
  $OLD --dims $d --variant kokkos/unfused,cuda/unfused $M > "$OUT/old_$tag.jsonl" 2> "$OUT/old_$tag.txt"; echo "== old $d rc $?"
  grep -E "^(cuda|kokkos)/" "$OUT/old_$tag.txt" | grep -v "  [0-9]* *[0-9]* *[0-9.]* *(" | awk '{printf "%-24s %s %s %s %s\n", $1, $(NF-9), $(NF-8), $(NF-7), $NF}'
  $NEW --dims $d --variant kokkos/unfused,cuda/unfused,kokkos/fused $M > "$OUT/new_$tag.jsonl" 2> "$OUT/new_$tag.txt"; echo "== new $d rc $?"
  grep -E "^(cuda|kokkos)/" "$OUT/new_$tag.txt" | grep -v "  [0-9]* *[0-9]* *[0-9.]* *(" | awk '{printf "%-24s %s %s %s %s\n", $1, $(NF-9), $(NF-8), $(NF-7), $NF}'
done
done
echo "mcab done in $((SECONDS - T0)) s"
