// SPDX-License-Identifier: BSD-3-Clause
// Registers the raw CUDA variants of Jacobi: cuda/naive (one launch per time step) and
// cuda/tiled (1D hexagonal, 2D HHC, 3D slabs, with the named tunings of tiled variants), each with
// its --tune space (jacobi_tuning.cpp).
#include "hpcs/parallel/gpu.hpp"
#include "jacobi_cuda_factories.hpp"
#include "jacobi_variants.hpp"

namespace hpcs::jacobi {

void register_cuda_variants(VariantList& list) {
  Variant naive = new_variant("cuda/naive", "cuda", false);
  static_cast<SolverFactories&>(naive.make) = cuda::naive_factories();
  naive.why_not = [](const Task& task, const Tuning& t) -> std::optional<std::string> {
    if (auto why = no_gpu_reason()) return why;
    return cuda::naive_rejects(task.grid, t);
  };
  naive.space = naive_space();
  list.push_back(naive);

  Variant tiled = new_variant("cuda/tiled", "cuda", true);
  static_cast<SolverFactories&>(tiled.make) = cuda::tiled_factories();
  tiled.why_not = [](const Task& task, const Tuning& t) -> std::optional<std::string> {
    if (auto why = no_gpu_reason()) return why;
    const Problem& p = task.grid;
    if (auto why = cuda::tiled_dims_rejects(p)) return why;
    if (p.dims == 3) return cuda::hhc3d_rejects(p, t, task.precision);
    return p.dims == 1 ? cuda::hex1d_rejects(p, t, task.precision) : cuda::hhc2d_rejects(p, t, task.precision);
  };
  tiled.space = tiled_space({}, tiled.resolve);
  list.push_back(tiled);
}

}  // namespace hpcs::jacobi
