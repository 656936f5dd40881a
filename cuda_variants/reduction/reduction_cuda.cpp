// SPDX-License-Identifier: BSD-3-Clause
#include "reduction_cuda.hpp"

#include "cuda_reducers.hpp"
#include "hpcs/gpu.hpp"

namespace hpcs::reduction {

void register_reduction_cuda(VariantList& list) {
  const auto no_gpu = []() -> std::optional<std::string> {
    const auto& gpu = current_gpu();
    if (gpu.device) return std::nullopt;
    return gpu.reason;
  };
  for (int step = 1; step <= 7; ++step)
    list.push_back({"cuda/rk" + std::to_string(step), "cuda", step,
                    [step](DType t, const Tuning& tune) { return make_cuda_rk(step, t, tune); }, no_gpu});
  list.push_back({"cuda/cub", "cuda", 0, [](DType t, const Tuning&) { return make_cuda_cub(t); }, no_gpu});
}

}  // namespace hpcs::reduction
