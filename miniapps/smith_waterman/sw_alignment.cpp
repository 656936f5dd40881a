// SPDX-License-Identifier: BSD-3-Clause
#include "sw_alignment.hpp"

#include <algorithm>

#include "hpcs/base/error.hpp"

namespace hpcs::sw {

std::int64_t anchored_column_bound(std::int64_t rows, std::int64_t cols, const Scoring& s, std::int32_t score) {
  const std::int64_t slack = static_cast<std::int64_t>(s.max_score()) * rows - s.gap_open - score;
  if (slack < 0) return std::min(cols, rows);  // no room for any gap in B
  if (s.gap_extend == 0) return cols;          // free extension: no bound
  return std::min(cols, rows + 1 + slack / s.gap_extend);
}

Alignment find_start(const Cell& end, const std::uint8_t* a, const std::uint8_t* b, const Scoring& s,
                     const AnchoredPass& pass) {
  Alignment al;
  if (end.score <= 0) return al;  // every cell is 0: no alignment
  al.score = end.score;
  al.end_i = end.i;
  al.end_j = end.j;
  const std::int64_t min_rows = (end.score + s.max_score() - 1) / s.max_score();  // pairs needed
  for (std::int64_t rows = std::max<std::int64_t>(min_rows, 256);; rows *= 2) {
    rows = std::min(rows, end.i);
    const std::int64_t cols = anchored_column_bound(rows, end.j, s, end.score);
    Codes ar(static_cast<std::size_t>(rows)), br(static_cast<std::size_t>(cols));
    for (std::int64_t k = 0; k < rows; ++k) ar[k] = a[end.i - 1 - k];
    for (std::int64_t k = 0; k < cols; ++k) br[k] = b[end.j - 1 - k];
    const Cell c = pass(ar, br);
    if (c.score == end.score) {
      al.start_i = end.i - c.i + 1;
      al.start_j = end.j - c.j + 1;
      return al;
    }
    if (c.score > end.score || rows == end.i)
      throw Error("internal error: the reverse pass found score " + std::to_string(c.score) + ", not " +
                  std::to_string(end.score));
  }
}

}  // namespace hpcs::sw
