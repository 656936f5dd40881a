// SPDX-License-Identifier: BSD-3-Clause
// Test oracles written independently of the mini-app: full H/E/F matrices straight from
// the paper's Eqs. 4-6, the best cell by scanning them, and the start cell by running the
// anchored recurrence on the reversed prefixes (also full matrices), or, for tiny inputs,
// by brute force over every start.
#pragma once
#include <algorithm>
#include <cstdint>
#include <vector>

#include "sw_scoring.hpp"
#include "sw_problem.hpp"

namespace hpcs::sw::oracle {

struct Matrices {
  std::int64_t n = 0, m = 0;
  std::vector<std::int64_t> H, E, F;  // (n+1) x (m+1), 64-bit: no overflow to worry about
  std::int64_t& h(std::int64_t i, std::int64_t j) { return H[i * (m + 1) + j]; }
  std::int64_t& e(std::int64_t i, std::int64_t j) { return E[i * (m + 1) + j]; }
  std::int64_t& f(std::int64_t i, std::int64_t j) { return F[i * (m + 1) + j]; }
};

constexpr std::int64_t kMinusInf = -(std::int64_t{1} << 40);

// anchored: H(0,0) = 0, every other edge -inf, no 0 floor.
inline Matrices fill(const Codes& a, const Codes& b, const Scoring& s, bool anchored) {
  Matrices x;
  x.n = static_cast<std::int64_t>(a.size());
  x.m = static_cast<std::int64_t>(b.size());
  const std::size_t cells = static_cast<std::size_t>((x.n + 1) * (x.m + 1));
  x.H.assign(cells, anchored ? kMinusInf : 0);
  x.E.assign(cells, kMinusInf);
  x.F.assign(cells, kMinusInf);
  x.h(0, 0) = 0;
  for (std::int64_t i = 1; i <= x.n; ++i)
    for (std::int64_t j = 1; j <= x.m; ++j) {
      x.e(i, j) = std::max(x.e(i, j - 1) - s.gap_extend, x.h(i, j - 1) - s.gap_open);
      x.f(i, j) = std::max(x.f(i - 1, j) - s.gap_extend, x.h(i - 1, j) - s.gap_open);
      std::int64_t best = std::max({x.e(i, j), x.f(i, j), x.h(i - 1, j - 1) + s.score(a[i - 1], b[j - 1])});
      x.h(i, j) = anchored ? best : std::max<std::int64_t>(0, best);
    }
  return x;
}

// Highest H; ties: smallest i, then smallest j.
inline Cell best_cell(Matrices& x) {
  Cell c{};
  bool any = false;
  for (std::int64_t i = 1; i <= x.n; ++i)
    for (std::int64_t j = 1; j <= x.m; ++j)
      if (!any || x.h(i, j) > c.score) {
        c = {static_cast<std::int32_t>(x.h(i, j)), i, j};
        any = true;
      }
  return c;
}

inline Alignment align(const Codes& a, const Codes& b, const Scoring& s) {
  Matrices fwd = fill(a, b, s, false);
  const Cell end = best_cell(fwd);
  Alignment al;
  if (end.score <= 0) return al;
  al.score = end.score;
  al.end_i = end.i;
  al.end_j = end.j;
  Codes ar(a.rbegin() + static_cast<std::ptrdiff_t>(a.size() - end.i), a.rend());
  Codes br(b.rbegin() + static_cast<std::ptrdiff_t>(b.size() - end.j), b.rend());
  Matrices rev = fill(ar, br, s, true);
  for (std::int64_t i = 1; i <= rev.n; ++i)
    for (std::int64_t j = 1; j <= rev.m; ++j)
      if (rev.h(i, j) == end.score) {
        al.start_i = end.i - i + 1;
        al.start_j = end.j - j + 1;
        return al;
      }
  return al;  // not reached: the reverse pass always reaches the score
}

// The best score of an alignment of A[i0..ie] with B[j0..je] that starts with the pair
// (i0, j0) and ends with the pair (ie, je) (1-based), by its own global Gotoh DP.
inline std::int64_t anchored_both_ends(const Codes& a, const Codes& b, std::int64_t i0, std::int64_t j0,
                                       std::int64_t ie, std::int64_t je, const Scoring& s) {
  const Codes sa(a.begin() + i0 - 1, a.begin() + ie), sb(b.begin() + j0 - 1, b.begin() + je);
  Matrices x = fill(sa, sb, s, true);
  // ends with a pair: the diagonal move into (n, m)
  const std::int64_t n = x.n, m = x.m;
  return x.h(n - 1, m - 1) + s.score(sa[n - 1], sb[m - 1]);
}

}  // namespace hpcs::sw::oracle
