// SPDX-License-Identifier: BSD-3-Clause
// Factory of the Kokkos aligner (no Kokkos types in this header); sw_kokkos.cpp registers it.
#pragma once
#include <memory>

#include "sw_variants.hpp"

namespace hpcs::sw::kokkos {

// One parallel dispatch per tile wavefront, a team per tile with its scratch.
std::unique_ptr<Aligner> make_kokkos_wavefront(const Tuning& t);

}  // namespace hpcs::sw::kokkos
