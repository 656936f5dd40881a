// SPDX-License-Identifier: BSD-3-Clause
// Columns per band of the multi-pass wavefront on one GPU (cuda/multipass, kokkos/multipass):
// as asked (--band-cols), else one band while every row of tiles is resident at once (one
// pass), else the columns the pipeline of the P_h resident rows spans (each row lags the one
// above by threads x s_T + t_T columns), in whole tiles. Narrower bands leave teams waiting
// on that lag; wider ones keep more of the pass lag and the last pass's tail. On 4 x H200 at
// 2^22 x 2^22 this width gave 86% efficiency on 4 ranks, 1.5x it 82% and 0.75x it 81%
// (docs/results/smith_waterman_h200.md).
#pragma once
#include <algorithm>
#include <cstdint>

#include "sw_variants.hpp"

namespace hpcs::sw {

inline std::int64_t multipass_band_cols(const Tuning& t, std::int64_t cols, int tiles_down, std::int64_t resident,
                                        int threads) {
  const std::int64_t whole = std::max<std::int64_t>(cols, 1);
  if (t.band_cols > 0) return t.band_cols;
  if (tiles_down <= resident) return whole;
  const std::int64_t lag = static_cast<std::int64_t>(threads) * t.sub_cols + t.tile_cols;
  const std::int64_t span = (lag * resident + t.tile_cols - 1) / t.tile_cols * t.tile_cols;
  return std::min(whole, span);
}

}  // namespace hpcs::sw
