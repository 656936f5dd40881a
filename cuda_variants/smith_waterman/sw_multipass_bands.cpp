// SPDX-License-Identifier: BSD-3-Clause
// The band rule of cuda/multipass (sw_multipass_bands.hpp).
#include "sw_multipass_bands.hpp"

#include <string>

#include "hpcs/base/error.hpp"
#include "hpcs/parallel/gpu.hpp"

namespace hpcs::sw::cuda {

void check_band_cols(const Tuning& t) {
  if (t.band_cols < 0 || t.band_cols % t.tile_cols != 0)
    throw Error("tiling: --band-cols " + std::to_string(t.band_cols) +
                " must be 0 (automatic) or a positive multiple of --tile-cols " + std::to_string(t.tile_cols));
}

std::int64_t resident_rows(int blocks_per_sm) {
  const auto& gpu = current_gpu();
  return static_cast<std::int64_t>(blocks_per_sm) * (gpu.device ? gpu.device->multiprocessors : 1);
}

}  // namespace hpcs::sw::cuda
