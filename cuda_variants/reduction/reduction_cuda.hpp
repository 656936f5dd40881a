// SPDX-License-Identifier: BSD-3-Clause
// The CUDA variants of the reduction mini-app (no CUDA types in this header).
#pragma once
#include "reduction_types.hpp"

namespace hpcs::reduction {

// Adds cuda/rk1..cuda/rk7 and cuda/cub.
void register_reduction_cuda(VariantList& list);

}  // namespace hpcs::reduction
