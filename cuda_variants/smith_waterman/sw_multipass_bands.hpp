// SPDX-License-Identifier: BSD-3-Clause
// The band rule of cuda/multipass: rows of tiles resident at once (P_h) and columns per
// band (--band-cols, or the automatic width). Host code; no CUDA types.
#pragma once
#include <cstdint>

#include "sw_variants.hpp"

namespace hpcs::sw::cuda {

// Throws unless --band-cols is 0 (automatic) or a positive multiple of --tile-cols.
void check_band_cols(const Tuning& t);

// P_h: rows of tiles the GPU keeps resident, from blocks per SM (its occupancy).
std::int64_t resident_rows(int blocks_per_sm);

// Columns per band for a block of `cols` columns and `tiles_down` rows of tiles, with
// `threads` threads per block and `resident` rows of tiles resident at once.
std::int64_t resolve_band_cols(const Tuning& t, std::int64_t cols, int tiles_down, std::int64_t resident, int threads);

}  // namespace hpcs::sw::cuda
