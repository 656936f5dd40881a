// SPDX-License-Identifier: BSD-3-Clause
// Registers the CUDA variants of Smith-Waterman: cuda/traditional (one launch per tile
// wavefront), cuda/multipass (one launch) and cuda/multipass16 (one launch, 16-bit lanes
// where the scores fit), each with the named tilings and the tiled variants' tuning space.
#include "hpcs/parallel/gpu.hpp"
#include "sw_cuda_factories.hpp"

namespace hpcs::sw {

void register_cuda_variants(VariantList& list) {
  const auto no_gpu = [](const Problem&, const Tuning&) { return no_gpu_reason(); };
  for (const auto& [name, make] : {std::pair<const char*, Make>{"cuda/traditional", cuda::make_cuda_traditional},
                                   std::pair<const char*, Make>{"cuda/multipass", cuda::make_cuda_multipass},
                                   std::pair<const char*, Make>{"cuda/multipass16", cuda::make_cuda_multipass16}}) {
    Variant v;
    v.name = name;
    v.backend = "cuda";
    v.make = make;
    v.why_not = no_gpu;
    v.tunings = named_tilings();
    v.space = tiled_space();
    if (v.name == "cuda/multipass16") {
      // Its own default and space: 32 rows a thread (two lanes of 16) halve the pipeline's lag
      // per row; the fastest shape measured at 2^20 and 2^22 on an H200
      // (docs/results/smith_waterman_s16_h200.md).
      v.resolve = [](const Problem&, const Tuning& t) { return with_default_tiling(t, kMultipass16Tiling); };
      v.space = packed_tiled_space();
    }
    list.push_back(v);
  }
}

}  // namespace hpcs::sw
