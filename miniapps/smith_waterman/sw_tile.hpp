// SPDX-License-Identifier: BSD-3-Clause
// One tile of the traditional wavefront (Ranasinghe 2014, 3.3), shared by cuda/traditional
// and kokkos/wavefront: the same arithmetic, with the team's barrier passed in. A tile
// talks to its neighbours through memory only:
//   - the column left of each row's next tile (H, E), updated in place;
//   - the row below the tile (H, F) in three buffers that rotate with the wavefront w:
//     it reads the row of w-1 (in_*), writes its top row to w's (out_*), and finds its
//     corner (the top-right H of tile (r-1, c-1)) in w-2's (corner_h), still intact.
// Inside the tile, threads own SR rows each and sweep the columns as a pipeline with a
// barrier every sub_cols columns (the thesis' s_T); it fills and drains once per tile.
#pragma once
#include <cstdint>

#include "hpcs/base/hd.hpp"
#include "sw_cell.hpp"

namespace hpcs::sw::tiled {

struct TileArgs {
  const std::uint8_t* a;       // the block's rows of A
  const std::uint8_t* b;       // B
  const std::int32_t* scores;  // transposed score table, 32 x 32 (copied into scratch first)
  std::int64_t rows, cols, row0;
  int tile_rows, tile_cols, sub_cols;
  std::int32_t open, extend, no_score;
  int wavefront, first_row_of_tiles;
  std::int32_t* col_h;  // [rows]
  std::int32_t* col_e;
  const std::int32_t* in_h;
  const std::int32_t* in_f;
  const std::int32_t* corner_h;
  std::int32_t* out_h;
  std::int32_t* out_f;
  const std::int32_t* above_h;  // the row above the block, or null: the table's top edge
  const std::int32_t* above_f;
  BestCell* row_best;  // [rows of tiles]
  // A rank below reads the block's last row (out_* of the last row of tiles): only then must a
  // partial last row of tiles mask its rows past the block (tile()).
  bool rank_below;
};

// Team scratch: the score table, the row climbing through the tile, B's letter offsets,
// and the best-cell candidates.
struct TileScratch {
  std::int32_t* scores;  // 32 * 32
  std::int32_t* sky_h;   // tile_cols each
  std::int32_t* sky_f;
  std::int32_t* sky_b;
  BestCell* best;  // team size
};

// Bytes of the int32 arrays, rounded up so the BestCell array after them is aligned.
HPCS_HD constexpr std::size_t tile_int_bytes(int tile_cols) {
  return ((32 * 32 + 3 * static_cast<std::size_t>(tile_cols)) * sizeof(std::int32_t) + 15) / 16 * 16;
}
HPCS_HD constexpr std::size_t tile_scratch_bytes(int tile_cols, int threads) {
  return tile_int_bytes(tile_cols) + static_cast<std::size_t>(threads) * sizeof(BestCell);
}
// Lays the scratch out over `base` (16-byte aligned, tile_scratch_bytes long).
HPCS_HD inline TileScratch carve_tile_scratch(void* base, int tile_cols) {
  TileScratch s;
  s.scores = static_cast<std::int32_t*>(base);
  s.sky_h = s.scores + 32 * 32;
  s.sky_f = s.sky_h + tile_cols;
  s.sky_b = s.sky_f + tile_cols;
  s.best = reinterpret_cast<BestCell*>(static_cast<unsigned char*>(base) + tile_int_bytes(tile_cols));
  return s;
}

HPCS_HD inline std::int64_t min64(std::int64_t a, std::int64_t b) { return a < b ? a : b; }
HPCS_HD inline std::int64_t max64(std::int64_t a, std::int64_t b) { return a > b ? a : b; }

template <int SR, bool Dpx, bool Local, bool Masked, class Team>
HPCS_HD void tile_body(const TileArgs& p, int r, const Team& team, const TileScratch& s) {
  const int tid = team.rank(), threads = team.size();
  const int c = p.wavefront - r;
  const std::int64_t c0 = static_cast<std::int64_t>(c) * p.tile_cols;
  const int width = static_cast<int>(min64(p.cols - c0, p.tile_cols));
  const std::int32_t edge = Local ? 0 : kNeg;

  // The row below the tile and B's letters.
  for (int jj = tid; jj < width; jj += threads) {
    if (r > 0) {
      s.sky_h[jj] = p.in_h[c0 + jj];
      s.sky_f[jj] = p.in_f[c0 + jj];
    } else {
      s.sky_h[jj] = p.above_h ? p.above_h[c0 + jj] : edge;
      s.sky_f[jj] = p.above_h ? p.above_f[c0 + jj] : kNeg;
    }
    s.sky_b[jj] = p.b[c0 + jj] * kScoreStride;
  }
  const std::int64_t first = static_cast<std::int64_t>(r) * p.tile_rows + static_cast<std::int64_t>(tid) * SR;
  const int valid = static_cast<int>(max64(0, min64(SR, p.rows - first)));
  const std::int64_t table_row = p.row0 + first + 1;
  Rows<SR> t;
  // H of the cell below-left of the thread's first row, at the tile's first column.
  std::int32_t below_left;
  if (c == 0) below_left = (Local || table_row == 1) ? 0 : kNeg;
  else if (tid > 0) below_left = first - 1 < p.rows ? p.col_h[first - 1] : edge;
  else if (r > 0) below_left = p.corner_h[c0 - 1];
  else below_left = p.above_h ? p.above_h[c0 - 1] : edge;
  init_left_edge(t, edge, below_left, p.open, p.no_score);
  for (int q = 0; q < SR; ++q) {
    t.code[q] = q < valid ? p.a[first + q] : 0;
    if (c > 0 && q < valid) {
      t.h[q] = p.col_h[first + q];
      t.e[q] = p.col_e[first + q];
      t.hm[q] = t.h[q] - p.open;
    }
  }
  team.barrier();

  const int chunks = (width + p.sub_cols - 1) / p.sub_cols;
  for (int step = 0; step < chunks + threads - 1; ++step) {
    const int q = step - tid;
    if (q >= 0 && q < chunks) {
      const int j1 = static_cast<int>(min64(width, static_cast<std::int64_t>(q + 1) * p.sub_cols));
      for (int jj = q * p.sub_cols; jj < j1; ++jj) {
        std::int32_t up_h = s.sky_h[jj], up_f = s.sky_f[jj];
        column<SR, Dpx, Local, Masked>(t, s.scores + s.sky_b[jj], up_h, up_f, static_cast<std::int32_t>(c0 + jj + 1),
                                       p.open, p.extend, valid);
        s.sky_h[jj] = up_h;
        s.sky_f[jj] = up_f;
      }
    }
    team.barrier();
  }
  // The tile's right column (in place) and top row (for wavefront w+1).
  for (int q = 0; q < SR; ++q)
    if (q < valid) {
      p.col_h[first + q] = t.h[q];
      p.col_e[first + q] = t.e[q];
    }
  for (int jj = tid; jj < width; jj += threads) {
    p.out_h[c0 + jj] = s.sky_h[jj];
    p.out_f[c0 + jj] = s.sky_f[jj];
  }
  BestCell mine{0, 0, 0};
  thread_best(t, table_row, valid, mine.score, mine.i, mine.j);
  block_best(team, s.best, mine, &p.row_best[r]);
}

// Tile (r, wavefront - r); loads the score table into scratch first. A partial last row
// of tiles lets H and F pass through its rows past the block (see column()) where a rank
// below reads its top row; otherwise those rows compute values nothing reads (the best cell
// and the column hand-over skip them), in the plain loop: the masked one is about 2/3 of its
// speed (docs/smith_waterman.md, "Any size").
template <int SR, bool Dpx, bool Local, class Team>
HPCS_HD void tile(const TileArgs& p, int r, const Team& team, const TileScratch& s) {
  for (int x = team.rank(); x < 32 * 32; x += team.size()) s.scores[x] = p.scores[x];
  team.barrier();
  if (static_cast<std::int64_t>(r + 1) * p.tile_rows > p.rows && p.rank_below)
    tile_body<SR, Dpx, Local, true>(p, r, team, s);
  else tile_body<SR, Dpx, Local, false>(p, r, team, s);
}

}  // namespace hpcs::sw::tiled
