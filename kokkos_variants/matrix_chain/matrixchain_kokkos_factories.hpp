// SPDX-License-Identifier: BSD-3-Clause
// The Kokkos matrix-chain executor (matrixchain_executor_kokkos.cpp): every step of a plan,
// products as output-stationary tiled GEMMs, fused pairs as fused kernels. kokkos/unfused
// and kokkos/fused are the same executor given different plans. No Kokkos types.
#pragma once
#include <memory>

#include "matrixchain_variants.hpp"

namespace hpcs::matrixchain::kokkos {

std::unique_ptr<Executor> make_executor(Precision p, const Tuning& t);

}  // namespace hpcs::matrixchain::kokkos
