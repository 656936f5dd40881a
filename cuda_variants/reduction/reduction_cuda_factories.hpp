// SPDX-License-Identifier: BSD-3-Clause
// Factories of the CUDA reducers (internal to cuda_variants/reduction).
#pragma once
#include <memory>

#include "reduction_variants.hpp"

namespace hpcs::reduction::cuda {

std::unique_ptr<Reducer> make_cuda_rk(int step, DType type, const Tuning& t);  // step 1..7
std::unique_ptr<Reducer> make_cuda_cub(DType type);

}  // namespace hpcs::reduction::cuda
