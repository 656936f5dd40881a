# A/B in one call: main's 3D slab kernel vs wip/slab-batched-reads (.deps/wip3d.patch), interleaved
set -u
t=$SECONDS
mkdir -p /tmp/wip && tar --exclude=./build --exclude=./.deps --exclude=./.git -cf - . | tar -xf - -C /tmp/wip
(cd /tmp/wip && patch -p1 < "$OLDPWD/.deps/wip3d.patch" > "$OUT/wip_patch.log" 2>&1) || { echo "patch failed"; cat "$OUT/wip_patch.log"; exit 1; }
cmake -S /tmp/wip -B /tmp/wip/build -G Ninja -DCMAKE_BUILD_TYPE=Release -DHPCS_ENABLE_CUDA=ON -DHPCS_ENABLE_KOKKOS=OFF -DCMAKE_PREFIX_PATH=$PWD/.deps/prefix > "$OUT/wip_cfg.log" 2>&1 \
  && cmake --build /tmp/wip/build -j "$(nproc)" --target jacobi_miniapp jacobi_cuda_test jacobi_variants_test > "$OUT/wip_build.log" 2>&1 || { tail -30 "$OUT/wip_build.log"; exit 1; }
echo "wip built in $((SECONDS - t)) s"
A=build/gpu/bin/jacobi_miniapp; B=/tmp/wip/build/bin/jacobi_miniapp
ls -la $A $B
common="--dims 3 --variant cuda/tiled --reps 3 --warmup 1 --energy-window 0 --idle-window 0 --json"
one() { tag=$1; bin=$2; shift 2; $bin $common "$@" > "$OUT/$tag.jsonl" 2> "$OUT/$tag.txt"; echo "== $tag rc $?"; grep -E "^cuda/" "$OUT/$tag.txt"; }
case_ab() { name=$1; shift; for r in 1 2; do one ${name}_main_$r $A "$@"; one ${name}_wip_$r $B "$@"; done; }
case_ab b510_default --nx 510 --ny 509 --nz 511 --steps 64 --verify-cells 0
case_ab b510_split16 --nx 510 --ny 509 --nz 511 --steps 64 --verify-cells 0 --slab-split 16
case_ab b510_best --nx 510 --ny 509 --nz 511 --steps 64 --verify-cells 0 --tile-t 4 --tile-s1 2 --tile-s2 8 --tile-s3 32 --slab-split 64
case_ab b255_best --nx 254 --ny 253 --nz 255 --steps 32 --tile-t 4 --tile-s1 2 --tile-s2 8 --tile-s3 32 --slab-split 64
case_ab b255_unsplit --nx 254 --ny 253 --nz 255 --steps 32 --tile-t 4 --tile-s1 2 --tile-s2 8 --tile-s3 64
# verified against the CPU reference in full at a size that is not a multiple of the tiles, every 3D stencil
for st in jacobi heat laplacian; do
  $B --dims 3 --variant cuda/naive,cuda/tiled --nx 101 --ny 67 --nz 83 --steps 19 --stencil $st --reps 1 --warmup 0 --energy-window 0 --idle-window 0 > "$OUT/wipverify_$st.txt" 2>&1; echo "== wip verify $st rc $?"; grep -E "^cuda/|verif" "$OUT/wipverify_$st.txt" | head -4
done
(cd /tmp/wip/build && timeout 200 ./bin/jacobi_cuda_test > "$OUT/wip_jacobi_cuda_test.txt" 2>&1; echo "wip jacobi_cuda_test rc $?"; tail -3 "$OUT/wip_jacobi_cuda_test.txt")
(cd /tmp/wip/build && timeout 200 ./bin/jacobi_variants_test > "$OUT/wip_jacobi_variants_test.txt" 2>&1; echo "wip jacobi_variants_test rc $?"; tail -3 "$OUT/wip_jacobi_variants_test.txt")
