// SPDX-License-Identifier: BSD-3-Clause
// Registers cuda/band: the CPU's tiles for the ramps, one GPU (or two: --gpu-count 2) for the
// band of anti-diagonals.
#include "hpcs/parallel/gpu.hpp"
#include "wavefront_cuda_factories.hpp"

namespace hpcs::wavefront {

void register_cuda_variants(VariantList& list) {
  Variant v;
  v.name = "cuda/band";
  v.backend = "cuda";
  v.make = [](const Inputs& in, const Tuning& t) {
    return t.gpu_count == 2 ? cuda::make_cuda_dual_band(in, t) : cuda::make_cuda_band(in, t);
  };
  v.resolve = resolve_tuning;
  v.tunings = gpu_tile_tunings();
  v.space = band_space(/*two_gpus=*/true);
  v.why_not = [](const Problem& p, const Tuning& t) -> std::optional<std::string> {
    if (auto why = no_gpu_reason()) return why;
    if (auto why = band_tuning_problem(p, t)) return why;
    if (t.gpu_count == 2 && cuda::cuda_device_count() < 2)
      return "--gpu-count 2: one rank drives two GPUs, and " + std::to_string(cuda::cuda_device_count()) +
             " is visible";
    return std::nullopt;
  };
  list.push_back(v);
}

}  // namespace hpcs::wavefront
