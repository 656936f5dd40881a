# GPU-session steps of GEM (sourced by benchmarks/gpu_session.sh):
#   gem       the CUDA ladder and the Kokkos variants, float32, at the sizes of GEM's data sets
#             1uwo_A (1,441 atoms x 16,520 vertices: synthetic molecule, density 3.8) and the
#             nucleosome (25,086 x 259,138: density 10.25), region 1 (the default) and region 3
#             with salt, with energy (JSON + HDF5); then float64 at 1,441 atoms
#   gemlarge  the capsid's size (476,040 atoms x ~594,000 vertices: density 3.5), the fast steps
#   gemhcp    HCP beside the exact sum: cuda/hcp and kokkos/hcp at 25,086 x 259,138, cutoffs
#             20, 30 (default) and 40 A, with cuda/tuned
#   gembench  gem_bench at 1,441 and 25,086 atoms (density 3)
#   gemscale  strong scaling of cuda/tuned on 1, 2, 4 ... GPUs (as many as the machine has) at
#             25,086 x 259,138 and 476,040 x 594,250 (benchmarks/strong_scaling.sh), and the
#             potentials on 1, 2 and 4 ranks (sharing GPUs) against 1 rank's bits
#   gemcpu    the CPU ladder on the host's cores at 1uwo_A's size: cpu/serial, cpu/simd (also
#             at sse2 and avx2), cpu/openmp on 1, 2, 4, 8, 16 threads, the Amdahl fit and the
#             GPU speed-ups over it (benchmarks/gem_cpu_scaling.sh; GPU: step gem's records)
# Densities are chosen so the synthetic surfaces have the data sets' vertex counts (docs/gem.md).

# gem_table NAME ARGS...: one gem_miniapp run, its table on stdout, files in $OUT/NAME.*
gem_table() {
  local name=$1; shift
  log "GEM table: $name"
  "$BUILD/bin/gem_miniapp" "$@" --reps 5 --warmup 1 --energy-window 2 --idle-window 1 --json \
      --output "$OUT/$name.h5" > "$OUT/$name.jsonl" 2> "$OUT/$name.txt"
  echo "rc=$?"; cat "$OUT/$name.txt"
}

step_gem() {
  local size
  for size in "1441 3.8" "25086 10.25"; do
    set -- $size
    gem_table "gem_$1_region1" --atoms "$1" --density "$2" --variant 'cuda/*,kokkos/*'
    gem_table "gem_$1_region3_salt" --atoms "$1" --density "$2" --proj 3 --salt 0.15 --variant 'cuda/*,kokkos/*'
  done
  gem_table gem_1441_region1_float64 --atoms 1441 --density 3.8 --precision float64 --variant 'cuda/*,kokkos/*'
}

step_gemlarge() {
  gem_table gem_476040_region1 --atoms 476040 --density 3.5 --variant 'cuda/multivertex,cuda/tuned,kokkos/tiled'
}

step_gemhcp() {
  local cutoff
  for cutoff in 20 30 40; do  # 20 A: about 2% error, checked against 5% instead of the default 2%
    gem_table "gem_25086_hcp$cutoff" --atoms 25086 --density 10.25 --hcp-cutoff $cutoff \
        --hcp-tolerance "$([ $cutoff = 20 ] && echo 0.05 || echo 0.02)" \
        --variant 'cuda/tuned,cuda/hcp,kokkos/hcp'
  done
}

step_gembench() {
  log "gem_bench, float32, region 1"
  bench_json gem_bench gem_bench --sizes=${GEM_SIZES:-1441,25086} --variant='cuda/*,kokkos/*' --benchmark_min_time=0.5
  grep -E "^gem/" "$OUT/gem_bench.txt" | sed -E 's/ +/ /g' | cut -d' ' -f1,2,6-
}

step_gemscale() {
  local size ranks
  ranks=${RANKS:-$(scaling_ranks)}
  for size in "25086 10.25 40" "476040 3.5 10"; do
    set -- $size
    log "GEM strong scaling at $1 atoms, ranks $ranks"
    RANKS=$ranks benchmarks/strong_scaling.sh "gem_scale_$1" gem_miniapp --atoms "$1" --density "$2" \
        --variant cuda/tuned --no-verify --reps "$3" --warmup 2 --energy-window ${GEM_ENERGY:-3} --idle-window 1
  done
  # The automatic atom split is chosen from the whole molecule: the same sums on any rank count.
  same_across_ranks gem_ranks --output-potentials /potential gem_miniapp --atoms 25086 --density 10.25 \
      --variant cuda/tuned --no-verify
}

step_gemcpu() {
  local gpu=$OUT/gem_1441_region1.jsonl
  [ -f "$gpu" ] || gpu=docs/results/data/gem_h100/gem_1441_region1.jsonl
  log "GEM CPU ladder, threads ${GEM_THREADS:-1 2 4 8 16}"
  BUILD=$BUILD OUT=$OUT/gem_cpu THREADS="${GEM_THREADS:-1 2 4 8 16}" ISAS="sse2 avx2" GPU=$gpu \
      benchmarks/gem_cpu_scaling.sh --atoms 1441 --density 3.8
}

# benchmarks/gpu_sanitize.sh: small runs of every CUDA variant (runs separated by --next)
SANITIZE_gem=(--atoms 211 --density 1 --variant 'cuda/*' --next
              --atoms 97 --density 1 --proj 3 --salt 0.1 --precision float64 --variant 'cuda/*')
