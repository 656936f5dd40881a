// SPDX-License-Identifier: BSD-3-Clause
// Registers the raw CUDA variants of the matrix chain: cuda/cublas (the yardstick, off the
// ladder), cuda/unfused (step 1: our tiled GEMM per product of the unfused plan) and
// cuda/fused (step 2: the fused plan, with the fused two-product kernels). Auto fast
// memory (M = 0) becomes this GPU's M (matrixchain_fast_memory.cu). Each runs its launches as one
// CUDA graph unless --cuda-graph off (or the named tuning `nograph`); the fast GEMM kernel
// narrows a patch side per product unless --gemm-patch plan (the named tuning `planpatch`).
// The tiled two tune --fast-memory (matrixchain_tuning.cpp); cuBLAS tiles by itself.
#include "matrixchain_cuda_factories.hpp"
#include "hpcs/parallel/gpu.hpp"
#include "matrixchain_variants.hpp"

namespace hpcs::matrixchain {
namespace {

// `<variant>/planpatch`: the fast GEMM kernel runs the plan's tile (--gemm-patch plan).
NamedTuning<Tuning> plan_patch() {
  return named_switch<Tuning>("planpatch", [](Tuning t) {
    t.gemm_shaped = false;
    return t;
  });
}

}  // namespace

void register_cuda_variants(VariantList& list) {
  Variant cublas;
  cublas.name = "cuda/cublas";
  cublas.backend = "cuda";
  cublas.step = 0;
  cublas.make = [](Precision p, const Tuning& t) { return cuda::make_cublas_executor(p, t.cuda_graph); };
  cublas.why_not = [](const Problem&, const Tuning&) { return no_gpu_reason(); };
  cublas.resolve = [](const Problem& p, const Tuning& t) { return cuda::with_auto_fast_memory(p, unfused_plan(t)); };
  cublas.tunings = plan_tunings(false);  // its plan's fast memory M is a tunable, as for the tiled variants
  cublas.tunings.push_back(without_graph());
  cublas.space = fast_memory_space();
  list.push_back(cublas);

  TiledBackend cuda;
  cuda.name = "cuda";
  cuda.make = [](const std::string& name, bool fused) -> Make {
    return [name, fused](Precision p, const Tuning& t) {
      return cuda::make_tiled_executor(name, fused, p, t.cuda_graph, t.gemm_shaped);
    };
  };
  cuda.unavailable = no_gpu_reason;
  cuda.misfit = cuda::tile_reason;
  cuda.with_auto_memory = cuda::with_auto_fast_memory;
  for (const bool fused : {false, true}) {
    Variant v = tiled_variant(cuda, fused);
    v.tunings.push_back(without_graph());
    v.tunings.push_back(plan_patch());
    list.push_back(v);
  }
}

}  // namespace hpcs::matrixchain
