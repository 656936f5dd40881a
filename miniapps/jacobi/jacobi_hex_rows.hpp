// SPDX-License-Identifier: BSD-3-Clause
// What one thread block of the tiled variants needs to know about each row of its hexagon,
// in 32-bit coordinates local to the block (x_local = x - origin, origin = x0 - t_T/2), so
// the inner loops never touch 64-bit index math. Computed once per block from HexTiling.
// Plain C++ (HPCS_HD): the CPU emulation in tests/jacobi/test_jacobi_cuda.cpp runs it too.
#pragma once
#include <cstdint>

#include "hex_tiling.hpp"
#include "hpcs/base/hd.hpp"

namespace hpcs::jacobi::blocks {

constexpr int kFar = 1 << 30;

// Row r of hexagon (w, k): level r is the time level base_time(w) + 1 + r.
struct RowInfo {
  int lo, hi;    // points computed at row r (lo > hi: none)
  int nlo, nhi;  // points of level r that row r + 1 reads (lo > hi: none)
  int wl, wh;    // a computed point outside [wl, wh] leaves the tile (HexTiling::leaves_tile)
};

HPCS_HD inline RowInfo row_info(const HexTiling& h, std::int64_t w, std::int64_t k, int r, std::int64_t origin) {
  RowInfo ri;
  const Span s = h.row(w, k, r);
  ri.lo = s.empty() ? 0 : static_cast<int>(s.lo - origin);
  ri.hi = s.empty() ? -1 : static_cast<int>(s.hi - origin);
  const Span n = h.row(w, k, r + 1);
  if (n.empty()) {  // last row of the hexagon: everything leaves, nothing is read
    ri.nlo = 0;
    ri.nhi = -1;
    ri.wl = kFar;
    ri.wh = -kFar;
  } else {
    ri.nlo = static_cast<int>(n.lo - 1 - origin);
    ri.nhi = static_cast<int>(n.hi + 1 - origin);
    // leaves_tile: max(x-1, 1) < n.lo or min(x+1, S) > n.hi.
    ri.wl = n.lo <= 1 ? -kFar : static_cast<int>(n.lo + 1 - origin);
    ri.wh = n.hi >= h.S ? kFar : static_cast<int>(n.hi - 1 - origin);
  }
  return ri;
}

// Phases of a block's program; a barrier (__syncthreads) follows each one.
struct Phase {
  enum Kind { Init, LoadFirst, Step } kind = Init;
  std::int64_t s = 0;  // sub-prism (2D)
  int r = 0;           // hexagon row
};

}  // namespace hpcs::jacobi::blocks
