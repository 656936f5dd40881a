// SPDX-License-Identifier: BSD-3-Clause
// One row of tiles of the multi-pass wavefront (Ranasinghe 2014, 3.4) as a portable team
// runs it: kokkos/multipass. (cuda/multipass runs its own, sw_multipass_kernel.cuh, with
// L2-only loads and mapped memory between ranks.)
//
// A team owns a row of tiles (t_S rows of A) across a band of B's columns. Its threads form one
// pipeline along the row (thread p on column chunk step - p, a barrier per step), so it fills
// and drains once per row; H and F climb from thread to thread through a ring of columns in
// team scratch. Tiles are the unit of row-to-row synchronization: row r publishes tile c (the
// H and F its top thread hands on, to a 2-slot ring of rows in global memory) by raising its
// counter to c + 1 (Sync::publish); row r + 1 waits for that (Sync::wait) before staging tile
// c. Row r + 2 overwrites row r's slot only after row r + 1 has read it: it needs row r + 1's
// tile c, which row r + 1 publishes after staging row r's.
//
// Column bands, by ticket (as cuda/multipass): ticket t is row of tiles r = t % R of band
// b = t / R, the columns [b W, (b + 1) W). A row starts band b from the state its band b - 1
// left (H and E of each cell row at the band's last column, and the corner H of the row
// above), so a row of the next pass starts after one band of the row that frees its team, not
// after the whole width: without bands, a table with more rows of tiles than resident teams
// leaves SMs idle while the last pass fills (2^20 on an H200: SMs active 81% of the time without
// bands, 96% for cuda/multipass with them; 764 -> 1087 GCUPS).
// A ticket waits only on smaller tickets, (b, r - 1) and (b - 1, r) / (b - 1, r - 1).
//
// Sync: wait(counter, value) returns once that counter holds at least value (one member
// waits, the team's barrier passes it on); publish(counter, value) makes the team's stores
// visible, then sets the counter. Counters 0 .. R - 1: tiles row r has published (counted
// over the whole width, so they only grow across bands); R .. 2R - 1: bands row r has handed
// over. Deadlock freedom is the caller's: tickets in the order teams start.
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
  BestCell* row_best;  // [tickets]: one per band and row of tiles
  // W: columns of a band, a multiple of tile_cols (the whole width: one band). A band after
  // the first starts from what the band before left: col_h, col_e ([rows]: H and E of every
  // cell row at its last column) and corner ([tickets]: H of the ticket's last row there).
  std::int64_t band_cols;
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
HPCS_HD void multipass_row_body(const MultipassRowArgs& p, int ticket, const Team& team, const TileScratch& s,
                                const Sync& sync) {
  const int tid = team.rank(), threads = team.size();
  const int R = p.rows_of_tiles, r = ticket % R, band = ticket / R;
  const int per_tile = p.tile_cols / p.sub_cols;
  const std::int64_t c_begin = band * p.band_cols, c_end = min64(p.cols, c_begin + p.band_cols);
  const int tile0 = static_cast<int>(c_begin / p.tile_cols);  // the band's first tile, counted over the width
  const std::int64_t width = c_end - c_begin;
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
  if (band > 0) {  // resume from the previous band: this row's, and the corner of the row above's
    sync.wait(R + r, band);
    if (r > 0) sync.wait(R + r - 1, band);
    for (int q = 0; q < valid; ++q) {
      t.h[q] = p.col_h[first + q];
      t.e[q] = p.col_e[first + q];
      t.hm[q] = t.h[q] - p.open;
    }
    // H below-left of the thread's first row at the band's first column: the thread below's
    // last row, or for thread 0 the row of tiles above's (the row above the block's for r = 0).
    if (tid > 0) t.diag = first - 1 < p.rows ? p.col_h[first - 1] : edge;
    else if (r > 0) t.diag = p.corner[ticket - R - 1];
    else t.diag = p.above_h ? p.above_h[c_begin - 1] : edge;
  }

  // The step loop works in band-local 32-bit columns (pointers shifted to the band's first
  // column), as cuda/multipass does: 64-bit column arithmetic in the cell loop cost registers
  // (176 against 157 at 16 rows a thread), and so a resident team per SM on an H200.
  const int width32 = static_cast<int>(width);
  const std::int32_t jbase = static_cast<std::int32_t>(c_begin) + 1;  // 1-based column of local column 0
  const std::uint8_t* bb = p.b + c_begin;
  const std::int32_t* top_h = in_h ? in_h + c_begin : (p.above_h ? p.above_h + c_begin : nullptr);
  const std::int32_t* top_f = in_h ? in_f + c_begin : (p.above_h ? p.above_f + c_begin : nullptr);
  if (out_h) {
    out_h += c_begin;
    out_f += c_begin;
  }
  for (int step = 0; step < chunks + threads - 1; ++step) {
    // A tile starts: wait for the row above to have published it, then stage its H, F and
    // B's letters in the ring.
    if (step % per_tile == 0 && step / per_tile < tiles) {
      const int c = step / per_tile, c0 = c * p.tile_cols, c1 = c0 + p.tile_cols < width32 ? c0 + p.tile_cols : width32;
      if (in_h) sync.wait(r - 1, tile0 + c + 1);
      for (int col = c0 + tid; col < c1; col += threads) {
        const int slot = col & p.ring_mask;
        s.sky_h[slot] = top_h ? top_h[col] : edge;
        s.sky_f[slot] = top_h ? top_f[col] : kNeg;
        s.sky_b[slot] = bb[col] * kScoreStride;
      }
      team.barrier();
    }
    const int g = step - tid;
    if (g >= 0 && g < chunks) {
      const int j0 = g * p.sub_cols, j1 = j0 + p.sub_cols < width32 ? j0 + p.sub_cols : width32;
      for (int j = j0; j < j1; ++j) {
        const int slot = j & p.ring_mask;
        std::int32_t up_h = s.sky_h[slot], up_f = s.sky_f[slot];
        column<SR, Dpx, Local, Masked>(t, s.scores + s.sky_b[slot], up_h, up_f, jbase + j, p.open, p.extend, valid);
        s.sky_h[slot] = up_h;
        s.sky_f[slot] = up_f;
      }
    }
    team.barrier();
    // The top thread finished a tile: hand its row on to the row below (or the rank below).
    const int done = step - (threads - 1);
    if (done >= 0 && ((done + 1) % per_tile == 0 || done == chunks - 1)) {
      const int c = done / per_tile, c0 = c * p.tile_cols, c1 = c0 + p.tile_cols < width32 ? c0 + p.tile_cols : width32;
      if (out_h)
        for (int col = c0 + tid; col < c1; col += threads) {
          const int slot = col & p.ring_mask;
          out_h[col] = s.sky_h[slot];
          out_f[col] = s.sky_f[slot];
        }
      if (!last_row) sync.publish(r, tile0 + c + 1);
      else team.barrier();  // the ring's slots are read before later steps stage over them
    }
  }
  if (c_end < p.cols) {  // hand the band's state on to this row's next band and the row below's
    for (int q = 0; q < valid; ++q) {
      p.col_h[first + q] = t.h[q];
      p.col_e[first + q] = t.e[q];
    }
    if (tid == 0) p.corner[ticket] = s.sky_h[(width32 - 1) & p.ring_mask];
    sync.publish(R + r, band + 1);
  }
  BestCell mine{0, 0, 0};
  thread_best(t, table_row, valid, mine.score, mine.i, mine.j);
  block_best(team, s.best, mine, &p.row_best[ticket]);
}

// Ticket t (row of tiles t % R of band t / R); loads the score table into scratch first. A
// partial last row of tiles passes H and F through its rows past the block (Masked) only
// where a rank below reads it.
template <int SR, bool Dpx, bool Local, class Team, class Sync>
HPCS_HD void multipass_row(const MultipassRowArgs& p, int ticket, const Team& team, const TileScratch& s,
                           const Sync& sync) {
  for (int x = team.rank(); x < 32 * 32; x += team.size()) s.scores[x] = p.scores[x];
  team.barrier();
  const int r = ticket % p.rows_of_tiles;
  if (static_cast<std::int64_t>(r + 1) * p.tile_rows > p.rows && p.below_h)
    multipass_row_body<SR, Dpx, Local, true>(p, ticket, team, s, sync);
  else multipass_row_body<SR, Dpx, Local, false>(p, ticket, team, s, sync);
}

}  // namespace hpcs::sw::tiled
