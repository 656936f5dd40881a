# GPU-session steps of the matrix chain (sourced by benchmarks/gpu_session.sh):
#   mc        matrixchain_miniapp tables with energy: the thesis chain (float32: every CUDA
#             variant and plan, M auto and 4096; float64), four 4096^2 matrices (cuda/unfused
#             against cuBLAS), a large chain (six 8192^2) and a tall one (P0 = 65536)
#   mctorch   torch.linalg.multi_dot on the same chains in the same session (TF32 off)
#   mcncu     benchmarks/matrixchain_traffic.sh: L2/DRAM bytes per kernel against the model
#   mcrandom  benchmarks/matrixchain_random_chains.py: predicted vs measured fusion savings
#             over 100 random chains
#   mcbench   matrixchain_bench at widths 1024 and 4096
#   mcscale   strong scaling on 1, 2, 4 ... GPUs (as many as the machine has): a large chain
#             (six 8192^2) and a tall one (P0 = 262144), every CUDA variant
#             (benchmarks/strong_scaling.sh); R on 1, 2 and 4 ranks (sharing GPUs) against 1 rank's bits

THESIS_CHAIN=936,1008,552,368,1016,616,544

# mc_table NAME ARGS...: one matrixchain_miniapp run, its table on stdout, files in $OUT/NAME.*
mc_table() {
  local name=$1; shift
  log "matrix chain table: $name"
  "$BUILD/bin/matrixchain_miniapp" "$@" --reps ${MC_REPS:-20} --warmup 3 --energy-window ${MC_ENERGY:-2} \
      --idle-window 1 --json --output "$OUT/$name.h5" > "$OUT/$name.jsonl" 2> "$OUT/$name.txt"
  echo "rc=$?"; cat "$OUT/$name.txt"
}

step_mc() {
  mc_table mc_thesis_f32 --dims $THESIS_CHAIN --variant 'cuda/*,cuda/*/*'
  mc_table mc_thesis_f32_thesisbeta --dims $THESIS_CHAIN --beta-convention thesis --variant 'cuda/*'
  mc_table mc_thesis_f64 --dims $THESIS_CHAIN --precision float64 --variant 'cuda/*'
  mc_table mc_4096x4 --dims 4096,4096,4096,4096,4096 --plan opcount --variant 'cuda/cublas,cuda/unfused'
  mc_table mc_8192x6 --dims 8192,8192,8192,8192,8192,8192,8192 --variant 'cuda/*' --verify-cells 0
  mc_table mc_tall --dims 65536,1024,1024,512,1024,256 --variant 'cuda/*' --verify-cells 0
}

step_mctorch() {
  local d
  for d in $THESIS_CHAIN 4096,4096,4096,4096,4096 8192,8192,8192,8192,8192,8192,8192; do
    python3 benchmarks/matrixchain_vs_torch.py --dims "$d" | tee -a "$OUT/mc_torch.jsonl"
  done
  python3 benchmarks/matrixchain_vs_torch.py --dims $THESIS_CHAIN --precision float64 | tee -a "$OUT/mc_torch.jsonl"
}

step_mcncu() { BUILD=$BUILD OUT=$OUT benchmarks/matrixchain_traffic.sh; }

step_mcrandom() { python3 benchmarks/matrixchain_random_chains.py "$BUILD" "$OUT" --chains ${MC_CHAINS:-100}; }

step_mcbench() {
  log "matrixchain_bench"
  bench_json matrixchain_bench matrixchain_bench --sizes=1024,4096 --variant='cuda/*' --benchmark_min_time=0.3
  grep -E "^matrixchain/" "$OUT/matrixchain_bench.txt" | sed -E 's/ +/ /g' | cut -d' ' -f1,2,6-
}

MC_LARGE_CHAIN=8192,8192,8192,8192,8192,8192,8192
MC_TALL_CHAIN=262144,1024,1024,512,1024,256

step_mcscale() {
  local ranks
  ranks=${RANKS:-$(scaling_ranks)}
  log "matrix chain strong scaling, ranks $ranks"
  RANKS=$ranks benchmarks/strong_scaling.sh mc_scale_large matrixchain_miniapp --dims $MC_LARGE_CHAIN \
      --variant 'cuda/*' --verify-cells 0 --reps 10 --warmup 2 --energy-window ${MC_ENERGY:-3} --idle-window 1
  RANKS=$ranks benchmarks/strong_scaling.sh mc_scale_tall matrixchain_miniapp --dims $MC_TALL_CHAIN \
      --variant 'cuda/*' --verify-cells 0 --reps 20 --warmup 3 --energy-window ${MC_ENERGY:-3} --idle-window 1
  same_across_ranks mc_ranks --output-result /R matrixchain_miniapp --dims 65536,1024,1024,512,1024,256 \
      --variant cuda/fused --verify-cells 0
}

# benchmarks/gpu_sanitize.sh: small runs of every CUDA variant (runs separated by --next)
SANITIZE_matrixchain=(--dims 37,65,129,64,77 --fast-memory 1024 --variant 'cuda/*' --next
                      --dims 45,70,33,90,18 --precision float64 --fast-memory 4096 --variant 'cuda/*' --next
                      --dims 260,512,132,512,260 --variant 'cuda/*,cuda/*/planpatch' --next  # split-K, two streams, 64/128 patches
                      --dims 260,512,132,512,260 --fast-memory 4096 --variant 'cuda/*,cuda/*/nograph' --next  # generic kernel split-K
                      --dims 64,40,24,2984 --fast-memory 1024 --variant cuda/fused --next  # fused left, 125 chunk groups
                      --dims 2984,24,40,64 --precision float64 --fast-memory 1024 --variant cuda/fused)  # fused right, likewise
