// SPDX-License-Identifier: BSD-3-Clause
// Factories of the Kokkos aligners (no Kokkos types in this header); sw_kokkos.cpp registers it.
#pragma once
#include <memory>

#include "sw_variants.hpp"

namespace hpcs::sw::kokkos {

// One parallel dispatch per tile wavefront, a team per tile with its scratch.
std::unique_ptr<Aligner> make_kokkos_wavefront(const Tuning& t);
// One dispatch, a team per row of tiles (sw_multipass_row.hpp), waits through device counters.
std::unique_ptr<Aligner> make_kokkos_multipass(const Tuning& t);

}  // namespace hpcs::sw::kokkos
