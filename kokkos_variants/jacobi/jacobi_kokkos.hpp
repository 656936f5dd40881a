// SPDX-License-Identifier: BSD-3-Clause
// The Kokkos variants of the Jacobi mini-app (no Kokkos types in this header).
#pragma once
#include "jacobi_variant.hpp"

namespace hpcs::jacobi {

// Adds kokkos/naive (one dispatch per time step: MDRange in 2D, Range in 1D) and
// kokkos/tiled (one TeamPolicy dispatch per hexagon wavefront, a team per hexagon in 1D
// or per HHC prism in 2D, the tile's rows in team scratch).
void register_jacobi_kokkos(VariantList& list);

}  // namespace hpcs::jacobi
