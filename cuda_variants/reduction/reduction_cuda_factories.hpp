// SPDX-License-Identifier: BSD-3-Clause
// Factories of the CUDA reducers (internal to cuda_variants/reduction).
#pragma once
#include <memory>

#include "reduction_variants.hpp"

namespace hpcs::reduction::cuda {

// step 1..7: RK-1..RK-7; 8: RK-7 with 16-byte loads in its first pass (cuda/rk7-vec)
std::unique_ptr<Reducer> make_cuda_rk(int step, DType type, const Tuning& t);
std::unique_ptr<Reducer> make_cuda_cub(DType type);

}  // namespace hpcs::reduction::cuda
