// SPDX-License-Identifier: BSD-3-Clause
// What every executor shares, as host + device code: the cell a user's function sees, the
// checksum and best-cell accumulator, and the one update rule of the frontier.
//
// The frontier: S[j] holds the lowest computed cell of column j, E[i] the rightmost
// computed cell of row i, and K[i] the cell above E[i]. A cell (i, j) whose north and west
// neighbours are computed reads N = S[j], W = E[i], NW = K[i]; it then sets K[i] = S[j],
// S[j] = E[i] = its value. Any order that computes a cell after its N, W and NW keeps this
// true, so CPU tiles, a kernel per diagonal, GPU tiles and two GPUs hand each other the
// same O(rows + cols) state, and the grid is never stored whole.
#pragma once
#include <cstdint>
#include <cstring>

#include "hpcs/base/hd.hpp"

namespace hpcs::wavefront {

// The cell being computed: global row and column (1-based) and, for the applications that
// compare sequences, the letters of A at row i and of B at column j (0 otherwise).
struct Cell {
  std::int64_t i = 0, j = 0;
  std::uint8_t a = 0, b = 0;
};

// Where the letters live (host or device copies); null when the application has none.
struct Letters {
  const std::uint8_t* a = nullptr;  // this rank's rows: a[local_row - 1]
  const std::uint8_t* b = nullptr;  // every column: b[j - 1]
};

// splitmix64's finaliser, callable in kernels.
HPCS_HD inline std::uint64_t mix64(std::uint64_t x) {
  x += 0x9E3779B97F4A7C15ull;
  x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
  x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
  return x ^ (x >> 31);
}

// A cell's contribution to the checksum: its position and every byte of its value.
// Summed modulo 2^64, so any order of cells gives the same total.
template <class Element>
HPCS_HD inline std::uint64_t cell_hash(std::int64_t i, std::int64_t j, const Element& v) {
  static_assert(sizeof(Element) % 4 == 0, "elements are whole 32-bit words");
  std::uint64_t h = mix64(static_cast<std::uint64_t>(i) * 0x100000001B3ull ^ static_cast<std::uint64_t>(j));
  const unsigned char* bytes = reinterpret_cast<const unsigned char*>(&v);
  for (std::size_t k = 0; k < sizeof(Element); k += 4) {
    std::uint32_t word;
    memcpy(&word, bytes + k, 4);
    h = mix64(h ^ word);
  }
  return h;
}

constexpr int kPositionBits = 34;  // i * (cols + 1) + j < 2^34: grids up to ~131,000 per side

// The best cell as one number, so "max" picks the highest score and, among equal scores,
// the first cell in row-major order: score << 34 | (2^34 - 1 - position).
HPCS_HD inline std::uint64_t pack_best(std::int32_t score, std::int64_t i, std::int64_t j, std::int64_t cols) {
  const std::uint64_t pos =
      static_cast<std::uint64_t>(i) * static_cast<std::uint64_t>(cols + 1) + static_cast<std::uint64_t>(j);
  return (static_cast<std::uint64_t>(score) << kPositionBits) | ((std::uint64_t{1} << kPositionBits) - 1 - pos);
}

// Scores of the best cell are non-negative (local alignment), so the packed value orders.
struct Best {
  std::int32_t score = 0;
  std::int64_t i = 0, j = 0;
};
inline Best unpack_best(std::uint64_t packed, std::int64_t cols) {
  const std::uint64_t pos =
      (std::uint64_t{1} << kPositionBits) - 1 - (packed & ((std::uint64_t{1} << kPositionBits) - 1));
  return {static_cast<std::int32_t>(packed >> kPositionBits), static_cast<std::int64_t>(pos / (cols + 1)),
          static_cast<std::int64_t>(pos % (cols + 1))};
}

// Applications with a best cell say so with `static constexpr bool kHasBest = true` and
// `std::int32_t score(const Element&) const`.
template <class App, class = void>
struct HasBest {
  static constexpr bool value = false;
};
template <class App>
struct HasBest<App, decltype(void(App::kHasBest))> {
  static constexpr bool value = App::kHasBest;
};

// Checksum and best cell of the cells one executor computed.
struct Tally {
  std::uint64_t checksum = 0;
  std::uint64_t best = 0;
  HPCS_HD void merge(const Tally& o) {
    checksum += o.checksum;
    if (o.best > best) best = o.best;
  }
};

template <class App>
HPCS_HD inline void count_cell(Tally& t, const App& app, std::int64_t i, std::int64_t j, std::int64_t cols,
                               const typename App::Element& v) {
  t.checksum += cell_hash(i, j, v);
  if constexpr (HasBest<App>::value) {
    const std::uint64_t b = pack_best(app.score(v), i, j, cols);
    if (b > t.best) t.best = b;
  }
}

// The cells an executor computes: local diagonals d = i + j (i local, 1-based) in
// [d_from, d_to], local rows [i_lo, i_hi], columns up to j_hi. Row i's cells in it are
// one interval of columns. Rows before i_owned are halo rows of a second GPU: computed
// again (redundantly) but counted only by their owner.
struct Region {
  std::int64_t d_from = 0, d_to = -1;
  std::int64_t i_lo = 1, i_hi = 0;
  std::int64_t j_hi = 0;
  std::int64_t i_owned = 1;  // rows below it are another device's, recomputed: not counted
  HPCS_HD std::int64_t first_col(std::int64_t i) const { return d_from - i > 1 ? d_from - i : 1; }
  HPCS_HD std::int64_t last_col(std::int64_t i) const { return d_to - i < j_hi ? d_to - i : j_hi; }
  HPCS_HD bool empty() const { return d_from > d_to || i_lo > i_hi || j_hi < 1; }
};

// Geometry of this rank's block: h local rows over `cols` columns; global row = row0 + i.
struct Block {
  std::int64_t h = 0, cols = 0, row0 = 0;
};

// The update rule for one cell (i local, j): reads N from s_j (the frontier's S[j], or a
// tile's copy of it), W = w and NW = nw (row registers standing for E[i] and K[i]); then
// s_j = w = the cell's value and nw = the old s_j.
template <class App>
HPCS_HD inline void update_cell(const App& app, const Letters& letters, const Block& blk, std::int64_t i,
                                std::int64_t j, typename App::Element& s_j, typename App::Element& w,
                                typename App::Element& nw, Tally& tally) {
  using Element = typename App::Element;
  Cell c;
  c.i = blk.row0 + i;
  c.j = j;
  if (letters.a) c.a = letters.a[i - 1];
  if (letters.b) c.b = letters.b[j - 1];
  const Element n = s_j;
  const Element v = app.cell(c, w, n, nw);
  count_cell(tally, app, c.i, j, blk.cols, v);
  s_j = v;
  nw = n;
  w = v;
}

}  // namespace hpcs::wavefront
