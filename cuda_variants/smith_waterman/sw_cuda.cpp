// SPDX-License-Identifier: BSD-3-Clause
#include "sw_cuda.hpp"

#include "hpcs/gpu.hpp"

namespace hpcs::sw {

void register_sw_cuda(VariantList& list) {
  const auto no_gpu = []() -> std::optional<std::string> {
    const auto& gpu = current_gpu();
    if (gpu.device) return std::nullopt;
    return gpu.reason;
  };
  list.push_back({"cuda/traditional", "cuda", make_cuda_traditional, no_gpu});
  list.push_back({"cuda/multipass", "cuda", make_cuda_multipass, no_gpu});
}

}  // namespace hpcs::sw
