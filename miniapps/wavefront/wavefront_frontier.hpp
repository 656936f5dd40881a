// SPDX-License-Identifier: BSD-3-Clause
// The frontier in host memory (wavefront_cell.hpp says what S, E and K hold) and where a
// rank's run starts: its first row and column.
#pragma once
#include <cstdint>
#include <vector>

#include "wavefront_cell.hpp"

namespace hpcs::wavefront {

template <class Element>
struct HostFrontier {
  std::vector<Element> S;  // columns 0..cols
  std::vector<Element> E;  // rows 0..h + 1 (0 and h + 1 unused)
  std::vector<Element> K;
};

// A value of row 0 or column 0 (global indices); (0, 0) belongs to the first row.
template <class App>
typename App::Element edge_value(const App& app, std::int64_t gi, std::int64_t gj) {
  return gi == 0 ? app.first_row(gj) : app.first_col(gi);
}

// The frontier before any cell of the block is computed. Rank 0's S is the first row;
// another rank's S[1..] is filled by the pipeline from the rank above.
template <class App>
void start_frontier(const App& app, const Block& blk, HostFrontier<typename App::Element>& f) {
  f.S.resize(static_cast<std::size_t>(blk.cols + 1));
  f.E.resize(static_cast<std::size_t>(blk.h + 2));
  f.K.resize(static_cast<std::size_t>(blk.h + 2));
  if (blk.row0 == 0)
    for (std::int64_t j = 0; j <= blk.cols; ++j) f.S[j] = app.first_row(j);
  else f.S[0] = app.first_col(blk.row0);
  for (std::int64_t i = 1; i <= blk.h; ++i) {
    f.E[i] = app.first_col(blk.row0 + i);
    f.K[i] = edge_value(app, blk.row0 + i - 1, 0);
  }
}

}  // namespace hpcs::wavefront
