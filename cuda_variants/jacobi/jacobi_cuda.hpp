// SPDX-License-Identifier: BSD-3-Clause
// The raw CUDA variants of the Jacobi mini-app (no CUDA types in this header).
#pragma once
#include "jacobi_variant.hpp"

namespace hpcs::jacobi {

// Adds cuda/naive (one launch per time step) and cuda/tiled (1D hexagonal, 2D HHC).
void register_jacobi_cuda(VariantList& list);

}  // namespace hpcs::jacobi
