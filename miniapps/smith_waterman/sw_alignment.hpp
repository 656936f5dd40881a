// SPDX-License-Identifier: BSD-3-Clause
// From the best cell (the end of the best local alignment) to its start: a second pass in
// Anchored mode over the reversed prefixes A[1..end_i], B[1..end_j]. The first cell
// (smallest i', then j') where that pass reaches the best score is the start, seen
// backwards: the alignment reported is the shortest one in A (then in B) that ends at the
// end cell with the best score.
//
// The pass covers only rows 1..L, doubling L until the score is reached, and only the
// columns an alignment within L rows can reach with that score:
//   j' <= L + 1 + (max_pair * L - gap_open - score) / gap_extend
// (any column further needs a gap too long to pay for); this is exact, not a heuristic.
#pragma once
#include <cstdint>
#include <functional>

#include "sw_scoring.hpp"
#include "sw_problem.hpp"

namespace hpcs::sw {

// Runs one Anchored pass over (reversed) sequences and returns its best cell.
using AnchoredPass = std::function<Cell(const Codes& a_reversed, const Codes& b_reversed)>;

// a holds at least A[1..end.i], b at least B[1..end.j].
Alignment find_start(const Cell& end, const std::uint8_t* a, const std::uint8_t* b, const Scoring& s,
                     const AnchoredPass& pass);

// Columns the pass over rows 1..rows needs (see above), at most `cols`.
std::int64_t anchored_column_bound(std::int64_t rows, std::int64_t cols, const Scoring& s, std::int32_t score);

}  // namespace hpcs::sw
