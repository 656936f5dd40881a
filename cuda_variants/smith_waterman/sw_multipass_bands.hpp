// SPDX-License-Identifier: BSD-3-Clause
// cuda/multipass's bands: the --band-cols check and the rows of tiles resident at once (P_h);
// the width rule itself is shared with kokkos/multipass (sw_band_rule.hpp). Host code.
#pragma once
#include <cstdint>

#include "sw_variants.hpp"

namespace hpcs::sw::cuda {

// Throws unless --band-cols is 0 (automatic) or a positive multiple of --tile-cols.
void check_band_cols(const Tuning& t);

// P_h: rows of tiles the GPU keeps resident, from blocks per SM (its occupancy).
std::int64_t resident_rows(int blocks_per_sm);

}  // namespace hpcs::sw::cuda
