# A/B: the Kokkos register GEMM's float32 launch bound, 128 registers (main) vs 168 (.deps/regs168.patch)
set -u
T0=$SECONDS
mkdir -p /tmp/alt && tar --exclude=./build --exclude=./.deps --exclude=./.git -cf - . | tar -xf - -C /tmp/alt
(cd /tmp/alt && patch -p1 < "$OLDPWD/.deps/regs168.patch" > "$OUT/alt_patch.log" 2>&1) || { cat "$OUT/alt_patch.log"; exit 1; }
cmake -S /tmp/alt -B /tmp/alt/build -G Ninja -DCMAKE_BUILD_TYPE=Release -DHPCS_ENABLE_CUDA=ON -DHPCS_ENABLE_KOKKOS=ON -DKokkos_ROOT=/tmp/kokkos-install -DCMAKE_PREFIX_PATH=$PWD/.deps/prefix > "$OUT/alt_cfg.log" 2>&1 \
  && cmake --build /tmp/alt/build -j "$(nproc)" --target matrixchain_miniapp > "$OUT/alt_build.log" 2>&1 || { tail -30 "$OUT/alt_build.log"; exit 1; }
echo "alt built in $((SECONDS - T0)) s"
row() { grep -E "^(cuda|kokkos)/[a-z0-9/x]+ +plan" "$1" | awk '{for(i=1;i<=NF;i++) if($i=="device"){print $1, $(i+1), $(i+2), $(i+3), $NF; break}}'; }
M="--reps 20 --warmup 2 --energy-window 0 --idle-window 0 --json --variant cuda/unfused,kokkos/unfused"
for r in 1 2; do
  for d in 468,504,276,184,508,308,272 936,1008,552,368,1016,616,544 4096,4096,4096,4096,4096 65536,1024,1024,512,1024,256; do
    tag=$(echo $d | cut -d, -f1)_$r
    build/gpu/bin/matrixchain_miniapp --dims $d $M > "$OUT/r128_$tag.jsonl" 2> "$OUT/r128_$tag.txt"; echo "== 128 $d rc $?"; row "$OUT/r128_$tag.txt"
    /tmp/alt/build/bin/matrixchain_miniapp --dims $d $M > "$OUT/r168_$tag.jsonl" 2> "$OUT/r168_$tag.txt"; echo "== 168 $d rc $?"; row "$OUT/r168_$tag.txt"
  done
done
echo "ab168 done in $((SECONDS - T0)) s"
