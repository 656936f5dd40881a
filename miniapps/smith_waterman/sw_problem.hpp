// SPDX-License-Identifier: BSD-3-Clause
// Basic types of the Smith-Waterman mini-app: encoded sequences, the two DP modes, cells
// with their total order, and the alignment a run reports.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "hpcs/base/hd.hpp"

namespace hpcs::sw {

using Codes = std::vector<std::uint8_t>;  // one letter code per position (alphabet order)

// Local: Smith-Waterman (H floored at 0, zero boundaries). Anchored: alignments must
// start with the pair (1,1), no floor ("minus infinity" boundaries except H(0,0) = 0);
// run on reversed prefixes it finds where the best local alignment starts.
enum class Mode { Local, Anchored };

// "Minus infinity" for scores: low enough never to win, high enough that subtracting
// gap penalties cannot overflow int32 (anchored cells are floored at it).
constexpr std::int32_t kNeg = -(1 << 28);

// The best cell's score before any cell: lower than every score a cell can have.
HPCS_HD constexpr std::int32_t no_score(Mode m) { return m == Mode::Local ? -1 : kNeg - (1 << 20); }

// What a variant is asked to align: the table's size.
struct Problem {
  std::int64_t len_a = 0, len_b = 0;
};

// A DP cell with its score; i, j are 1-based (row in A, column in B); (0, 0) = none.
struct Cell {
  std::int32_t score = 0;
  std::int64_t i = 0, j = 0;
};

// The total order every variant and every rank uses to pick the best cell: higher
// score first, then smaller i, then smaller j. Deterministic whatever the order of work.
HPCS_HD inline bool better(std::int32_t s1, std::int64_t i1, std::int64_t j1, std::int32_t s2, std::int64_t i2,
                           std::int64_t j2) {
  if (s1 != s2) return s1 > s2;
  if (i1 != i2) return i1 < i2;
  return j1 < j2;
}
inline bool better(const Cell& a, const Cell& b) { return better(a.score, a.i, a.j, b.score, b.i, b.j); }

// The best local alignment: its score, last aligned pair (end) and first aligned pair
// (start), 1-based inclusive. Score 0 means no alignment: all cells are 0.
struct Alignment {
  std::int32_t score = 0;
  std::int64_t start_i = 0, start_j = 0, end_i = 0, end_j = 0;
};

}  // namespace hpcs::sw
