// SPDX-License-Identifier: BSD-3-Clause
// The band rule of cuda/multipass (sw_multipass_bands.hpp).
#include "sw_multipass_bands.hpp"

#include <algorithm>
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

// Columns per band: as asked, else one band while every row of tiles is resident at once
// (one pass), else the columns the pipeline of P_h resident rows spans (each row lags the
// one above by threads x s_T + t_T columns), in whole tiles. Narrower bands leave blocks
// waiting on that lag; wider ones keep more of the pass lag and the last pass's tail.
// On 4 x H200 at 2^22 x 2^22 this width gave 86% efficiency on 4 ranks, 1.5x it 82% and
// 0.75x it 81% (docs/results/smith_waterman_h200.md).
std::int64_t resolve_band_cols(const Tuning& t, std::int64_t cols, int tiles_down, std::int64_t resident, int threads) {
  const std::int64_t whole = std::max<std::int64_t>(cols, 1);
  if (t.band_cols > 0) return t.band_cols;
  if (tiles_down <= resident) return whole;
  const std::int64_t lag = static_cast<std::int64_t>(threads) * t.sub_cols + t.tile_cols;
  const std::int64_t span = (lag * resident + t.tile_cols - 1) / t.tile_cols * t.tile_cols;
  return std::min(whole, span);
}

}  // namespace hpcs::sw::cuda
