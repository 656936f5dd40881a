// SPDX-License-Identifier: BSD-3-Clause
// Registers the CUDA variants of the reduction: cuda/rk1..cuda/rk7 (with named block and
// unroll tunings and tuning spaces), cuda/rk7-vec and cuda/cub.
#include "reduction_cuda_factories.hpp"
#include "hpcs/parallel/gpu.hpp"
#include "reduction_variants.hpp"

namespace hpcs::reduction {

void register_cuda_variants(VariantList& list) {
  const auto no_gpu = [](const Problem&, const Tuning&) { return no_gpu_reason(); };
  for (int step = 1; step <= 7; ++step) {
    Variant v;
    v.name = "cuda/rk" + std::to_string(step);
    v.backend = "cuda";
    v.step = step;
    v.make = [step](DType t, const Tuning& tune) {
      return cuda::make_cuda_rk(step, t, with_default_block(tune, kRkBlock));
    };
    v.resolve = [](const Problem&, const Tuning& t) { return with_default_block(t, kRkBlock); };
    v.why_not = no_gpu;
    v.tunings = rk_tunings(step);
    v.space = rk_space(step);
    list.push_back(v);
  }
  // Beyond the paper (issue 31): RK-7 reading 16-byte vectors, RK-7's tunings, its own default
  // block (kRk7VecBlock); off the ladder.
  Variant vec;
  vec.name = "cuda/rk7-vec";
  vec.backend = "cuda";
  vec.make = [](DType t, const Tuning& tune) {
    return cuda::make_cuda_rk(8, t, with_default_block(tune, kRk7VecBlock));
  };
  vec.resolve = [](const Problem&, const Tuning& t) { return with_default_block(t, kRk7VecBlock); };
  vec.why_not = no_gpu;
  vec.tunings = rk_tunings(7);
  vec.space = rk_space(7);
  list.push_back(vec);
  Variant cub;
  cub.name = "cuda/cub";
  cub.backend = "cuda";
  cub.make = [](DType t, const Tuning&) { return cuda::make_cuda_cub(t); };
  cub.why_not = no_gpu;
  list.push_back(cub);
}

}  // namespace hpcs::reduction
