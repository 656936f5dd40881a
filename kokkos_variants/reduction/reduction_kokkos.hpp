// SPDX-License-Identifier: BSD-3-Clause
// The Kokkos variants of the reduction mini-app (no Kokkos types in this header).
#pragma once
#include "reduction_types.hpp"

namespace hpcs::reduction {

// Adds kokkos/rk1..rk4, kokkos/rk6, kokkos/rk7, kokkos/parallel_reduce (device scalar)
// and kokkos/parallel_reduce_host (host scalar). There is no
// kokkos/rk5: unrolling the last warp without barriers needs warp-synchronous execution,
// which Kokkos does not expose (docs/reduction.md).
void register_reduction_kokkos(VariantList& list);

}  // namespace hpcs::reduction
