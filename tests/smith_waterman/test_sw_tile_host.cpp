// SPDX-License-Identifier: BSD-3-Clause
// The tile code shared by cuda/traditional and kokkos/wavefront (sw_tile.hpp), run on the
// host by teams of real threads that meet at a real barrier: a missing barrier, a wrong
// pipeline step or a wrong corner shows up here on a CPU-only machine as a difference
// from the reference, for many team sizes, tile shapes and both DP modes.
#include <gtest/gtest.h>

#include <thread>

#include "thread_barrier.hpp"
#include "sw_test_util.hpp"
#include "sw_tile_host.hpp"

namespace hpcs::sw {
namespace {
using namespace hpcs::sw::testing;

using Barrier = hpcs::testing::ThreadBarrier;

using hpcs::testing::ThreadTeam;

// The traditional wavefront on the host: every tile of a wavefront by a team of threads.
// rank_below: as if a rank below read the block's last row (the masked partial last row of
// tiles); without, that row runs the plain loop.
template <int SR>
Cell host_wavefront(const Block& blk, const Scoring& s, int tile_rows, int tile_cols, int sub_cols, bool rank_below) {
  const int threads = tile_rows / SR;
  const Tuning tiles = tiling(tile_rows, tile_cols, SR, sub_cols);
  const int down = static_cast<int>((blk.rows + tile_rows - 1) / tile_rows);
  const int across = static_cast<int>((blk.cols + tile_cols - 1) / tile_cols);
  std::vector<std::int32_t> table(32 * 32, 0), col_h(blk.rows), col_e(blk.rows);
  for (int x = 0; x < s.letters; ++x)
    for (int y = 0; y < s.letters; ++y) table[y * 32 + x] = s.score(x, y);
  std::vector<std::int32_t> h_rows[3], f_rows[3];
  for (int k = 0; k < 3; ++k) h_rows[k].assign(blk.cols, 0), f_rows[k].assign(blk.cols, 0);
  std::int32_t* const row_h[3] = {h_rows[0].data(), h_rows[1].data(), h_rows[2].data()};
  std::int32_t* const row_f[3] = {f_rows[0].data(), f_rows[1].data(), f_rows[2].data()};
  std::vector<tiled::BestCell> row_best(down, tiled::BestCell{0, 0, 0});
  tiled::TileArgs p{};
  tiled::set_block(p, blk, blk.a, blk.b, table.data(), tiles, s.gap_open, s.gap_extend);
  tiled::set_buffers(p, col_h.data(), col_e.data(), row_best.data(), nullptr, nullptr, rank_below);
  std::vector<unsigned char> scratch(tiled::tile_scratch_bytes(tile_cols, threads) + 16);
  void* base = reinterpret_cast<void*>((reinterpret_cast<std::uintptr_t>(scratch.data()) + 15) / 16 * 16);
  const auto launch = [&](int w, int r_first, int r_last) {
    tiled::set_wavefront(p, w, row_h, row_f);
    for (int r = r_first; r <= r_last; ++r) {
      Barrier bar(threads);
      const tiled::TileScratch sc = tiled::carve_tile_scratch(base, tile_cols);
      std::vector<std::thread> team;
      for (int t = 0; t < threads; ++t)
        team.emplace_back([&, t] {
          const ThreadTeam me{t, threads, &bar};
          if (blk.mode == Mode::Local) tiled::tile<SR, false, true>(p, r, me, sc);
          else tiled::tile<SR, false, false>(p, r, me, sc);
        });
      for (auto& th : team) th.join();
    }
  };
  const auto no_rows = [](auto...) {};  // one block: no rank above or below
  tiled::run_wavefronts(blk, tiles, down, across, nullptr, no_rows, launch, no_rows);
  return tiled::best_of(row_best.data(), row_best.size());
}

TEST(SwTileHost, TeamsOfThreadsEqualTheReference) {
  const std::uint64_t seed = std::random_device{}();
  SCOPED_TRACE("seed " + std::to_string(seed));
  std::mt19937_64 rng(seed);
  const Scoring s = dna_scoring(2, -3, 7, 2);
  for_each_tile_case(rng, {{16, 16, 1}, {32, 24, 4}, {64, 40, 8}, {12, 7, 7}},
                     {{1, 1}, {5, 300}, {257, 131}, {400, 399}}, [&](const TileShape& sh, const Block& blk) {
                       const Cell want = sw_reference_block(blk, s);
                       for (bool rank_below : {false, true}) {
                         SCOPED_TRACE(rank_below ? "masked partial row" : "plain partial row");
                         const Cell got =
                             host_wavefront<4>(blk, s, sh.tile_rows, sh.tile_cols, sh.sub_cols, rank_below);
                         EXPECT_EQ(got.score, want.score);
                         EXPECT_EQ(got.i, want.i);
                         EXPECT_EQ(got.j, want.j);
                       }
                     });
}

}  // namespace
}  // namespace hpcs::sw
