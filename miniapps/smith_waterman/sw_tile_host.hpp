// SPDX-License-Identifier: BSD-3-Clause
// The tile code (sw_tile.hpp) as the host drives it: the kernels' parameters, the
// traditional wavefront's loop with the rows between ranks, and the best of the per-row
// best cells. Shared by cuda/traditional, cuda/multipass, kokkos/wavefront and the host
// test of the tile code, so every one hands the kernels the same block, tiling and rows.
#pragma once
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>
#include <type_traits>

#include "hpcs/base/error.hpp"
#include "sw_tile.hpp"
#include "sw_variants.hpp"

namespace hpcs::sw::tiled {

// Calls f(SR, Dpx, Local) with the tile code's compile-time shape as integral constants:
// the rows per thread (--sub-rows: 4, 8 or 16, else hpcs::Error), DPX, local alignment.
template <class F>
void with_tile_shape(const Tuning& t, bool local, F&& f) {
  const auto flags = [&](auto SR) {
    if (t.dpx && local) f(SR, std::true_type{}, std::true_type{});
    else if (t.dpx) f(SR, std::true_type{}, std::false_type{});
    else if (local) f(SR, std::false_type{}, std::true_type{});
    else f(SR, std::false_type{}, std::false_type{});
  };
  switch (t.sub_rows) {
    case 4: flags(std::integral_constant<int, 4>{}); break;
    case 8: flags(std::integral_constant<int, 8>{}); break;
    case 16: flags(std::integral_constant<int, 16>{}); break;
    default: throw Error("--sub-rows " + std::to_string(t.sub_rows) + ": the tile kernels support 4, 8 or 16");
  }
}

// The threads of a tile's team (the paper's t_S / s_S); hpcs::Error naming the rule the
// tiling (t_S, t_T, s_S, s_T) breaks. Each variant adds its own backend's limits.
inline int tile_threads(const Tuning& t) {
  if (t.tile_rows < 1 || t.tile_cols < 1 || t.sub_rows < 1 || t.sub_cols < 1)
    throw Error(
        "tiling: --tile-rows, --tile-cols, --sub-rows and --sub-cols must be positive (0: the variant's default)");
  with_tile_shape(t, false, [](auto, auto, auto) {});  // a --sub-rows the kernels are compiled for
  if (t.tile_rows % t.sub_rows != 0)
    throw Error("--tile-rows " + std::to_string(t.tile_rows) + " is not a multiple of --sub-rows " +
                std::to_string(t.sub_rows));
  if (t.tile_cols % t.sub_cols != 0)
    throw Error("--tile-cols " + std::to_string(t.tile_cols) + " is not a multiple of --sub-cols " +
                std::to_string(t.sub_cols));
  return t.tile_rows / t.sub_rows;
}

// What every tile kernel's parameters (TileArgs, cuda/multipass's MultipassParams) take of
// the block, of its codes and transposed score table where the kernel reads them, of the
// tiling and of the gap costs. The working buffers are each aligner's own.
template <class Params>
void set_block(Params& p, const Block& blk, const std::uint8_t* a, const std::uint8_t* b, const std::int32_t* scores,
               const Tuning& tiling, std::int32_t open, std::int32_t extend) {
  p.a = a;
  p.b = b;
  p.scores = scores;
  p.rows = blk.rows;
  p.cols = blk.cols;
  p.row0 = blk.row0;
  p.tile_rows = tiling.tile_rows;
  p.tile_cols = tiling.tile_cols;
  p.sub_cols = tiling.sub_cols;
  p.open = open;
  p.extend = extend;
  p.no_score = no_score(blk.mode);
}

// The traditional wavefront's buffers besides the rotating rows: H and E of the block's
// cell rows at the last column done, the best cell of each row of tiles, the row above the
// block (null: the table's top edge), and whether a rank below reads the block's last row.
inline void set_buffers(TileArgs& p, std::int32_t* col_h, std::int32_t* col_e, BestCell* row_best,
                        const std::int32_t* above_h, const std::int32_t* above_f, bool rank_below) {
  p.col_h = col_h;
  p.col_e = col_e;
  p.row_best = row_best;
  p.above_h = above_h;
  p.above_f = above_f;
  p.rank_below = rank_below;
}

// Wavefront w reads the rows wavefronts w - 1 (in) and w - 2 (the corner) wrote and writes
// its own: three buffers in turn, h[k] and f[k] holding wavefront k mod 3's H and F rows.
inline void set_wavefront(TileArgs& p, int w, std::int32_t* const (&h)[3], std::int32_t* const (&f)[3]) {
  p.wavefront = w;
  p.in_h = h[(w + 2) % 3];
  p.in_f = f[(w + 2) % 3];
  p.corner_h = h[(w + 1) % 3];
  p.out_h = h[w % 3];
  p.out_f = f[w % 3];
}

// The traditional wavefront (cuda/traditional, kokkos/wavefront): wavefront w runs tiles
// (r, w - r) for r in [r_first, r_last] through launch(w, r_first, r_last). Before it,
// feed_above(from, to) copies columns [from, to) of the row above the block, up to the last
// column tile (0, w) reads; after it, publish_below(w, c0, c1) copies the piece [c0, c1) of
// the block's last row that tile (R - 1, w - R + 1) finished, and the link sends it on.
template <class FeedAbove, class Launch, class PublishBelow>
void run_wavefronts(const Block& blk, const Tuning& tiling, int tiles_down, int tiles_across, RowLink* link,
                    FeedAbove&& feed_above, Launch&& launch, PublishBelow&& publish_below) {
  const bool above = link && link->has_above(), below = link && link->has_below();
  std::int64_t fed = 0;
  for (int w = 0; w < tiles_down + tiles_across - 1; ++w) {
    const int r_first = std::max(0, w - tiles_across + 1), r_last = std::min(w, tiles_down - 1);
    if (above && r_first == 0) {
      const std::int64_t need = std::min<std::int64_t>(blk.cols, static_cast<std::int64_t>(w + 1) * tiling.tile_cols);
      link->wait_above(need);
      feed_above(fed, need);
      fed = need;
    }
    launch(w, r_first, r_last);
    if (below && r_last == tiles_down - 1) {
      const std::int64_t c0 = static_cast<std::int64_t>(w - r_last) * tiling.tile_cols;
      const std::int64_t c1 = std::min<std::int64_t>(blk.cols, c0 + tiling.tile_cols);
      publish_below(w, c0, c1);
      link->publish_below(c1);
    } else if (link) {
      link->progress();
    }
  }
}

// The best of `n` per-row best cells (rows of tiles that found none hold i = 0).
inline Cell best_of(const BestCell* rows, std::size_t n) {
  Cell best{};
  for (std::size_t r = 0; r < n; ++r) {
    const BestCell& c = rows[r];
    if (c.i != 0 && (best.i == 0 || better(c.score, c.i, c.j, best.score, best.i, best.j))) best = {c.score, c.i, c.j};
  }
  return best;
}

}  // namespace hpcs::sw::tiled
