// SPDX-License-Identifier: BSD-3-Clause
// The cell update of the tiled Smith-Waterman variants (the paper's Eqs. 4-6), shared by
// the CUDA and Kokkos kernels, and what a thread keeps in registers: it owns SR
// consecutive rows of a tile (the thesis' sub-tile height s_S) and walks the columns in
// order, receiving H and F of the row below its rows from the thread below and handing
// its top row's H and F to the thread above.
// Dpx: Hopper's DPX instructions (__viaddmax_s32, __vimax3_s32[_relu], __vibmax_s32) in
// device code; the plain-max path is used on the host and when Dpx is false.
#pragma once
#include <cstdint>

#include "hpcs/base/hd.hpp"
#include "sw_problem.hpp"

namespace hpcs::sw::tiled {

HPCS_HD inline std::int32_t imax(std::int32_t a, std::int32_t b) { return a > b ? a : b; }

constexpr int kScoreStride = 32;  // row length of the transposed score table (kMaxLetters)

// Registers of one thread: its rows' H, H - open, E at the last column, the best H of each
// row and the first column (1-based) where it was reached, and each row's letter code.
template <int SR>
struct Rows {
  std::int32_t h[SR], hm[SR], e[SR], best[SR], best_col[SR];
  std::int32_t code[SR];
  std::int32_t diag;  // H of the cell below-left of the thread's first row, next column
};

// Starts a row of tiles (or a tile) at the table's left edge: H = edge, E = -inf.
template <int SR>
HPCS_HD inline void init_left_edge(Rows<SR>& t, std::int32_t edge_h, std::int32_t edge_below, std::int32_t open,
                                   std::int32_t no_score) {
  HPCS_UNROLL
  for (int k = 0; k < SR; ++k) {
    t.h[k] = edge_h;
    t.hm[k] = edge_h - open;
    t.e[k] = kNeg;
    t.best[k] = no_score;
    t.best_col[k] = 0;
  }
  t.diag = edge_below;
}

// One column j (1-based) of the thread's SR rows. up_h/up_f: H and F of the row below the
// thread's first row at this column; on return, H and F of its last row (for the thread
// above). score_row: scores of B's letter at j against every code. Masked: rows from
// `valid` on lie past the block and let H and F pass through, so the top thread hands
// on the block's real last row (used only by a partial last row of tiles).
template <int SR, bool Dpx, bool Local, bool Masked = false>
HPCS_HD inline void column(Rows<SR>& t, const std::int32_t* __restrict__ score_row, std::int32_t& up_h,
                           std::int32_t& up_f, std::int32_t j, std::int32_t open, std::int32_t extend, int valid = SR) {
  std::int32_t d = t.diag;
  t.diag = up_h;
  std::int32_t up_hm = up_h - open;
  HPCS_UNROLL
  for (int k = 0; k < SR; ++k) {
    if (Masked && k >= valid) continue;
    const std::int32_t s = score_row[t.code[k]];
    std::int32_t e, f, h;
#if defined(__CUDA_ARCH__)
    if constexpr (Dpx) {
      e = __viaddmax_s32(t.e[k], -extend, t.hm[k]);  // max(E - extend, H - open)
      f = __viaddmax_s32(up_f, -extend, up_hm);
      h = Local ? __vimax3_s32_relu(e, f, d + s) : imax(__vimax3_s32(e, f, d + s), kNeg);
    } else
#endif
    {
      e = imax(t.e[k] - extend, t.hm[k]);
      f = imax(up_f - extend, up_hm);
      h = imax(imax(e, f), imax(d + s, Local ? 0 : kNeg));
    }
    d = t.h[k];
    t.h[k] = h;
    t.e[k] = e;
    t.hm[k] = h - open;
    up_h = h;
    up_hm = t.hm[k];
    up_f = f;
#if defined(__CUDA_ARCH__)
    if constexpr (Dpx) {
      bool keep;
      t.best[k] = __vibmax_s32(t.best[k], h, &keep);  // keep: best >= h, the first column stays
      t.best_col[k] = keep ? t.best_col[k] : j;
      continue;
    }
#endif
    if (h > t.best[k]) {
      t.best[k] = h;
      t.best_col[k] = j;
    }
  }
}

// The thread's best cell: rows in ascending i, so the first maximum wins ties.
// first_row: table row (1-based) of the thread's first row; valid: rows that exist.
template <int SR>
HPCS_HD inline void thread_best(const Rows<SR>& t, std::int64_t first_row, int valid, std::int32_t& score,
                                std::int64_t& i, std::int64_t& j) {
  HPCS_UNROLL
  for (int k = 0; k < SR; ++k)
    if (k < valid && t.best_col[k] != 0 && (i == 0 || t.best[k] > score)) {
      score = t.best[k];
      i = first_row + k;
      j = t.best_col[k];
    }
}

// A block's best cell from every thread's candidate (in shared memory), threads in
// ascending rows: thread 0 scans them with the suite-wide order and merges into *out.
struct BestCell {
  std::int32_t score;
  std::int64_t i, j;
};

template <class Team>
HPCS_HD inline void block_best(const Team& team, BestCell* scratch, const BestCell& mine, BestCell* out) {
  scratch[team.rank()] = mine;
  team.barrier();
  if (team.rank() == 0) {
    BestCell b = out->i == 0 ? BestCell{0, 0, 0} : *out;
    for (int p = 0; p < team.size(); ++p) {
      const BestCell& c = scratch[p];
      if (c.i != 0 && (b.i == 0 || better(c.score, c.i, c.j, b.score, b.i, b.j))) b = c;
    }
    *out = b;
  }
  team.barrier();
}

}  // namespace hpcs::sw::tiled
