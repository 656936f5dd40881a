// SPDX-License-Identifier: BSD-3-Clause
// One row of tiles of the multi-pass wavefront (Ranasinghe 2014, 3.4) as a portable team
// runs it: kokkos/multipass. (cuda/multipass runs its own, sw_multipass_kernel.cuh, with
// column bands, L2-only loads and mapped memory between ranks.)
//
// A team owns a row of tiles (t_S rows of A) for the whole width of B. Its threads form one
// pipeline along the row (thread p on column chunk step - p, a barrier per step), so it fills
// and drains once per row; H and F climb from thread to thread through a ring of columns in
// team scratch. Tiles are the unit of row-to-row synchronization: row r publishes tile c (the
// H and F its top thread hands on, to a 2-slot ring of rows in global memory) by raising its
// counter to c + 1 (Sync::publish); row r + 1 waits for that (Sync::wait) before staging tile
// c. Row r + 2 overwrites row r's slot only after row r + 1 has read it: it needs row r + 1's
// tile c, which row r + 1 publishes after staging row r's.
//
// Sync: wait(counter index, value) returns once counter r - 1 holds value (one member waits,
// the team's barrier passes it on); publish(index, value) makes the team's stores visible,
// then raises the counter. Deadlock freedom is the caller's (kokkos/multipass: tickets).
// Counters count the tiles of the current band (a dispatch per band, counters reset between).
#pragma once
#include <cstdint>

#include "hpcs/base/hd.hpp"
#include "sw_cell.hpp"
#include "sw_tile.hpp"

namespace hpcs::sw::tiled {

struct MultipassRowArgs {
  const std::uint8_t* a;       // the block's rows of A
  const std::uint8_t* b;       // B
  const std::int32_t* scores;  // transposed score table, 32 x 32
  std::int64_t rows, cols, row0;
  int tile_rows, tile_cols, sub_cols;
  int ring_mask;  // the scratch ring holds ring_mask + 1 columns (a power of two)
  int rows_of_tiles;
  std::int32_t open, extend, no_score;
  std::int32_t* ring_h;  // [2][cols]: the top rows of the last two rows of tiles
  std::int32_t* ring_f;
  const std::int32_t* above_h;  // the row above the block (complete), or null: the table's top edge
  const std::int32_t* above_f;
  std::int32_t* below_h;  // the block's last row for a rank below, or null
  std::int32_t* below_f;
  BestCell* row_best;  // [rows of tiles], merged into across bands
  // The band of columns [c_begin, c_end) this dispatch computes (one band: [0, cols)). A band
  // after the first starts from the state the previous one left: H and E of every cell row
  // at its last column (col_h, col_e: [rows]) and H of each row of tiles' last row there
  // (corner: [2][rows of tiles], by the band's parity: row r + 1 reads the previous band's
  // while row r, running at the same time, writes this band's); a band not the last leaves them.
  std::int64_t c_begin, c_end;
  int band;
  std::int32_t* col_h;
  std::int32_t* col_e;
  std::int32_t* corner;
};

// Columns the scratch ring must hold: two tiles staged ahead of the pipeline's span.
HPCS_HD constexpr int multipass_ring_columns(int tile_cols, int threads, int sub_cols) {
  int ring = 1;
  while (ring < 2 * tile_cols + threads * sub_cols + sub_cols) ring *= 2;
  return ring;
}

template <int SR, bool Dpx, bool Local, bool Masked, class Team, class Sync>
HPCS_HD void multipass_row_body(const MultipassRowArgs& p, int r, const Team& team, const TileScratch& s,
                                const Sync& sync) {
  const int tid = team.rank(), threads = team.size();
  const int per_tile = p.tile_cols / p.sub_cols;
  const std::int64_t width = p.c_end - p.c_begin;
  const int chunks = static_cast<int>((width + p.sub_cols - 1) / p.sub_cols);
  const int tiles = static_cast<int>((width + p.tile_cols - 1) / p.tile_cols);
  const bool last_row = r == p.rows_of_tiles - 1;
  const std::int32_t* in_h = r > 0 ? p.ring_h + ((r - 1) & 1) * p.cols : nullptr;
  const std::int32_t* in_f = r > 0 ? p.ring_f + ((r - 1) & 1) * p.cols : nullptr;
  std::int32_t* out_h = last_row ? p.below_h : p.ring_h + (r & 1) * p.cols;
  std::int32_t* out_f = last_row ? p.below_f : p.ring_f + (r & 1) * p.cols;
  const std::int32_t edge = Local ? 0 : kNeg;

  const std::int64_t first = static_cast<std::int64_t>(r) * p.tile_rows + static_cast<std::int64_t>(tid) * SR;
  const int valid = static_cast<int>(max64(0, min64(SR, p.rows - first)));
  const std::int64_t table_row = p.row0 + first + 1;
  Rows<SR> t;
  init_left_edge(t, edge, (Local || table_row == 1) ? 0 : kNeg, p.open, p.no_score);
  for (int q = 0; q < SR; ++q) t.code[q] = q < valid ? p.a[first + q] : 0;
  if (p.c_begin > 0) {  // resume from the previous band
    for (int q = 0; q < valid; ++q) {
      t.h[q] = p.col_h[first + q];
      t.e[q] = p.col_e[first + q];
      t.hm[q] = t.h[q] - p.open;
    }
    // H below-left of the thread's first row at the band's first column: the thread below's
    // last row, or for thread 0 the row of tiles above's (the row above the block's for r = 0).
    if (tid > 0) t.diag = first - 1 < p.rows ? p.col_h[first - 1] : edge;
    else if (r > 0) t.diag = p.corner[((p.band + 1) & 1) * p.rows_of_tiles + r - 1];
    else t.diag = p.above_h ? p.above_h[p.c_begin - 1] : edge;
  }

  for (int step = 0; step < chunks + threads - 1; ++step) {
    // A tile starts: wait for the row above to have published it, then stage its H, F and
    // B's letters in the ring.
    if (step % per_tile == 0 && step / per_tile < tiles) {
      const int c = step / per_tile;
      const std::int64_t c0 = p.c_begin + static_cast<std::int64_t>(c) * p.tile_cols,
                         c1 = min64(p.c_end, c0 + p.tile_cols);
      if (in_h) sync.wait(r - 1, c + 1);
      for (std::int64_t col = c0 + tid; col < c1; col += threads) {
        const int slot = static_cast<int>(col & p.ring_mask);
        if (in_h) {
          s.sky_h[slot] = in_h[col];
          s.sky_f[slot] = in_f[col];
        } else {
          s.sky_h[slot] = p.above_h ? p.above_h[col] : edge;
          s.sky_f[slot] = p.above_h ? p.above_f[col] : kNeg;
        }
        s.sky_b[slot] = p.b[col] * kScoreStride;
      }
      team.barrier();
    }
    const int g = step - tid;
    if (g >= 0 && g < chunks) {
      const std::int64_t j0 = p.c_begin + static_cast<std::int64_t>(g) * p.sub_cols,
                         j1 = min64(p.c_end, j0 + p.sub_cols);
      for (std::int64_t j = j0; j < j1; ++j) {
        const int slot = static_cast<int>(j & p.ring_mask);
        std::int32_t up_h = s.sky_h[slot], up_f = s.sky_f[slot];
        column<SR, Dpx, Local, Masked>(t, s.scores + s.sky_b[slot], up_h, up_f, static_cast<std::int32_t>(j + 1),
                                       p.open, p.extend, valid);
        s.sky_h[slot] = up_h;
        s.sky_f[slot] = up_f;
      }
    }
    team.barrier();
    // The top thread finished a tile: hand its row on to the row below (or the rank below).
    const int done = step - (threads - 1);
    if (done >= 0 && ((done + 1) % per_tile == 0 || done == chunks - 1)) {
      const int c = done / per_tile;
      const std::int64_t c0 = p.c_begin + static_cast<std::int64_t>(c) * p.tile_cols,
                         c1 = min64(p.c_end, c0 + p.tile_cols);
      if (out_h)
        for (std::int64_t col = c0 + tid; col < c1; col += threads) {
          const int slot = static_cast<int>(col & p.ring_mask);
          out_h[col] = s.sky_h[slot];
          out_f[col] = s.sky_f[slot];
        }
      if (!last_row) sync.publish(r, c + 1);
      else team.barrier();  // the ring's slots are read before later steps stage over them
    }
  }
  if (p.c_end < p.cols) {  // hand the band's state on to the next dispatch
    for (int q = 0; q < valid; ++q) {
      p.col_h[first + q] = t.h[q];
      p.col_e[first + q] = t.e[q];
    }
    if (tid == 0) p.corner[(p.band & 1) * p.rows_of_tiles + r] = s.sky_h[static_cast<int>((p.c_end - 1) & p.ring_mask)];
  }
  BestCell mine{0, 0, 0};
  thread_best(t, table_row, valid, mine.score, mine.i, mine.j);
  block_best(team, s.best, mine, &p.row_best[r]);
}

// Row of tiles r over the band [c_begin, c_end); loads the score table into scratch first. A
// partial last row of tiles passes H and F through its rows past the block (Masked) only
// where a rank below reads it.
template <int SR, bool Dpx, bool Local, class Team, class Sync>
HPCS_HD void multipass_row(const MultipassRowArgs& p, int r, const Team& team, const TileScratch& s, const Sync& sync) {
  for (int x = team.rank(); x < 32 * 32; x += team.size()) s.scores[x] = p.scores[x];
  team.barrier();
  if (static_cast<std::int64_t>(r + 1) * p.tile_rows > p.rows && p.below_h)
    multipass_row_body<SR, Dpx, Local, true>(p, r, team, s, sync);
  else multipass_row_body<SR, Dpx, Local, false>(p, r, team, s, sync);
}

}  // namespace hpcs::sw::tiled
