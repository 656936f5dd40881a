// SPDX-License-Identifier: BSD-3-Clause
// GPU selection for builds without CUDA.
#include "hpcs/parallel/gpu.hpp"

namespace hpcs {
namespace {
GpuSelection g_selection{std::nullopt, "not selected yet"};
}

GpuSelection select_gpu(int) {
  g_selection = {std::nullopt, "this build has no CUDA backend"};
  return g_selection;
}

const GpuSelection& current_gpu() { return g_selection; }

bool profile_range(bool) { return false; }

}  // namespace hpcs
