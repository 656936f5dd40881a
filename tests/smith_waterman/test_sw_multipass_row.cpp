// SPDX-License-Identifier: BSD-3-Clause
// kokkos/multipass's row of tiles (sw_multipass_row.hpp) on the host: every ticket (a band of
// a row of tiles) is a team of real threads, all teams run at once and are started last ticket
// first, so each one really waits, tile by tile and band by band, for the tickets before it
// through atomic counters (as teams do on a GPU), while Kokkos Serial only ever runs them one
// after another. Results and the block's last row (what a rank below reads) must equal the CPU
// reference for many team sizes, tile shapes, sizes that are not multiples of the tiles, both
// DP modes, and with the columns cut into bands: all bands in one dispatch (one rank) and a
// dispatch per band (between ranks).
#include <gtest/gtest.h>

#include <atomic>
#include <memory>
#include <thread>

#include "sw_multipass_row.hpp"
#include "sw_reference.hpp"
#include "sw_test_util.hpp"
#include "sw_tile_host.hpp"
#include "thread_barrier.hpp"

namespace hpcs::sw {
namespace {
using namespace hpcs::sw::testing;
using hpcs::testing::ThreadBarrier;
using hpcs::testing::ThreadTeam;

// The row body's counters (tiles published, bands handed over). One member waits or
// publishes, the barrier passes it on (as hpcs/kokkos_team_sync.hpp does for Kokkos teams).
struct AtomicRowSync {
  std::atomic<std::int64_t>* counters;
  const ThreadTeam& team;
  void wait(int counter, std::int64_t value) const {
    if (team.rank() == 0)
      while (counters[counter].load(std::memory_order_acquire) < value) std::this_thread::yield();
    team.barrier();
  }
  void publish(int counter, std::int64_t value) const {
    team.barrier();
    if (team.rank() == 0) counters[counter].store(value, std::memory_order_release);
  }
};

struct RowRun {
  Cell best;
  std::vector<std::int32_t> below_h, below_f;
};

template <int SR>
RowRun host_multipass(const Block& blk, const Scoring& s, int tile_rows, int tile_cols, int sub_cols, bool rank_below,
                      std::int64_t band, bool dispatch_per_band) {
  const int threads = tile_rows / SR;
  const Tuning tiles = tiling(tile_rows, tile_cols, SR, sub_cols);
  const int down = static_cast<int>((blk.rows + tile_rows - 1) / tile_rows);
  std::vector<std::int32_t> table(32 * 32, 0);
  for (int x = 0; x < s.letters; ++x)
    for (int y = 0; y < s.letters; ++y) table[y * 32 + x] = s.score(x, y);
  std::vector<std::int32_t> ring_h(2 * blk.cols, -7), ring_f(2 * blk.cols, -7);  // garbage until written
  RowRun out;
  out.below_h.assign(blk.cols, -7);
  out.below_f.assign(blk.cols, -7);
  const std::int64_t bands = (std::max<std::int64_t>(blk.cols, 1) + band - 1) / band;
  const int tickets = static_cast<int>(bands) * down;
  std::vector<tiled::BestCell> row_best(tickets, tiled::BestCell{0, 0, 0});
  std::vector<std::int32_t> col_h(blk.rows, -7), col_e(blk.rows, -7), corner(tickets, -7);
  tiled::MultipassRowArgs p{};
  tiled::set_block(p, blk, blk.a, blk.b, table.data(), tiles, s.gap_open, s.gap_extend);
  const int ring = tiled::multipass_ring_columns(tile_cols, threads, sub_cols);
  p.ring_mask = ring - 1;
  p.rows_of_tiles = down;
  p.ring_h = ring_h.data();
  p.ring_f = ring_f.data();
  p.below_h = rank_below ? out.below_h.data() : nullptr;
  p.below_f = rank_below ? out.below_f.data() : nullptr;
  p.row_best = row_best.data();
  p.band_cols = band;
  p.col_h = col_h.data();
  p.col_e = col_e.data();
  p.corner = corner.data();
  std::unique_ptr<std::atomic<std::int64_t>[]> counters(new std::atomic<std::int64_t>[2 * down]);
  for (int i = 0; i < 2 * down; ++i) counters[i] = 0;  // once: they only grow within a run
  const std::size_t bytes = tiled::tile_scratch_bytes(ring, threads) + 16;
  const int per_dispatch = dispatch_per_band ? down : tickets;
  for (int first = 0; first < tickets; first += per_dispatch) {
    std::vector<std::unique_ptr<ThreadBarrier>> bars;
    std::vector<std::vector<unsigned char>> scratch(per_dispatch, std::vector<unsigned char>(bytes));
    for (int k = 0; k < per_dispatch; ++k) bars.push_back(std::make_unique<ThreadBarrier>(threads));
    std::vector<std::thread> all;
    for (int k = per_dispatch - 1; k >= 0; --k)  // the last ticket first: it must wait for every one before
      for (int t = 0; t < threads; ++t)
        all.emplace_back([&, k, t] {
          const ThreadTeam me{t, threads, bars[k].get()};
          void* base = reinterpret_cast<void*>((reinterpret_cast<std::uintptr_t>(scratch[k].data()) + 15) / 16 * 16);
          const tiled::TileScratch sc = tiled::carve_tile_scratch(base, ring);
          const AtomicRowSync sync{counters.get(), me};
          if (blk.mode == Mode::Local) tiled::multipass_row<SR, false, true>(p, first + k, me, sc, sync);
          else tiled::multipass_row<SR, false, false>(p, first + k, me, sc, sync);
        });
    for (auto& th : all) th.join();
  }
  out.best = tiled::best_of(row_best.data(), row_best.size());
  return out;
}

TEST(SwMultipassRow, ConcurrentTeamsEqualTheReference) {
  const std::uint64_t seed = std::random_device{}();
  SCOPED_TRACE("seed " + std::to_string(seed));
  std::mt19937_64 rng(seed);
  const Scoring s = dna_scoring(2, -3, 7, 2);
  for_each_tile_case(
      rng, {{16, 16, 1}, {32, 24, 4}, {12, 7, 7}, {4, 8, 2}}, {{1, 1}, {5, 300}, {157, 131}, {203, 199}},
      [&](const TileShape& sh, const Block& blk) {
        // The reference's best cell and the block's last row (what a rank below reads).
        LeftEdge left(blk);
        Cell want{no_score(blk.mode), 0, 0};  // as sw_reference_block starts it
        std::vector<std::int32_t> last_h(blk.cols), last_f(blk.cols);
        sw_strip(blk, s, 0, blk.cols, nullptr, nullptr, edge_h(blk.mode, blk.row0, 0), left, last_h.data(),
                 last_f.data(), want);
        if (want.i == 0) want = Cell{};
        for (bool rank_below : {false, true})
          for (std::int64_t band :
               {std::max<std::int64_t>(blk.cols, 1), std::int64_t{2} * sh.tile_cols, std::int64_t{sh.tile_cols}})
            for (bool per_band : {false, true}) {
              SCOPED_TRACE(std::string(rank_below ? "last row handed down" : "plain partial row") + ", bands of " +
                           std::to_string(band) + " columns, " + (per_band ? "a dispatch per band" : "one dispatch"));
              const RowRun got =
                  host_multipass<4>(blk, s, sh.tile_rows, sh.tile_cols, sh.sub_cols, rank_below, band, per_band);
              EXPECT_EQ(got.best.score, want.score);
              EXPECT_EQ(got.best.i, want.i);
              EXPECT_EQ(got.best.j, want.j);
              if (rank_below) {
                EXPECT_EQ(got.below_h, last_h);
                EXPECT_EQ(got.below_f, last_f);
              }
            }
      });
}

}  // namespace
}  // namespace hpcs::sw
