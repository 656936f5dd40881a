// SPDX-License-Identifier: BSD-3-Clause
// The CPU reference: scalar Gotoh (the paper's Eqs. 4-6), row by row over a strip of
// columns, O(rows + cols) memory. The ground truth of every test.
#pragma once
#include <cstdint>
#include <memory>
#include <vector>

#include "sw_scoring.hpp"
#include "sw_problem.hpp"
#include "sw_variants.hpp"

namespace hpcs::sw {

// H(i, 0) and H(0, j) at the table's left and top edges.
inline std::int32_t edge_h(Mode mode, std::int64_t i, std::int64_t j) {
  return mode == Mode::Local || (i == 0 && j == 0) ? 0 : kNeg;
}

// The state at the left edge of a strip, for each row of a block: H and E of the column
// left of the strip. Starts at the table's left edge; sw_strip moves it to the strip's end.
struct LeftEdge {
  std::vector<std::int32_t> h, e;
  LeftEdge(const Block& block);
};

// Computes columns [c0, c1) (0-based) of a block's rows. top_h/top_f: H and F of the row
// above for those columns (nullptr: the table's top edge); top_corner: H of the row above
// at column c0-1. Writes the block's last row into bottom_h/bottom_f (if not null, for
// columns [c0, c1)), and updates `best` (table coordinates).
void sw_strip(const Block& block, const Scoring& s, std::int64_t c0, std::int64_t c1, const std::int32_t* top_h,
              const std::int32_t* top_f, std::int32_t top_corner, LeftEdge& left, std::int32_t* bottom_h,
              std::int32_t* bottom_f, Cell& best);

// The whole block in one strip (no rows above it: the table's top edge).
Cell sw_reference_block(const Block& block, const Scoring& s);

// "cpu/reference": strips of `chunk` columns, streaming rows through a RowLink.
std::unique_ptr<Aligner> make_cpu_reference(const Tuning& tiling);

}  // namespace hpcs::sw
