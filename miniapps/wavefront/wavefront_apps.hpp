// SPDX-License-Identifier: BSD-3-Clause
// The applications shipped on the skeleton. Each is what a user of the framework writes
// (docs/wavefront.md, "Your own wavefront"): a name, an element type, its first row and
// column, and cell(here, west, north, northwest), once, as host + device code; from()
// takes its parameters from the command line's problem; final_value() is what the
// results show of the last cell. kLetters: cells see letters of two sequences.
#pragma once
#include <cstdint>

#include "wavefront_arith.hpp"
#include "wavefront_cell.hpp"
#include "wavefront_problem.hpp"

namespace hpcs::wavefront {

// The seed's synthetic application: an element of D doubles plus two ints (16 bytes at
// D = 1, 48 at D = 5), and tsize units of arithmetic per cell (each unit D multiply-add
// pairs that mix the element's doubles), so tsize sets the task granularity and D the
// bytes that move.
template <int D>
struct SyntheticElement {
  double v[D];
  std::int32_t x, y;
};

template <int D>
struct Synthetic {
  using Element = SyntheticElement<D>;
  static constexpr const char* kName = "synthetic";
  static constexpr const char* kFinal = "final_cell_v0";
  int tsize = 1;
  static Synthetic from(const Problem& p) { return {p.tsize}; }
  static double final_value(const Element& e) { return e.v[0]; }

  HPCS_HD Element edge(std::int64_t i, std::int64_t j) const {
    Element e;
    for (int k = 0; k < D; ++k) e.v[k] = unit_interval(mix64(static_cast<std::uint64_t>(i * 0x1F1F1F1F + j) * 8 + k));
    e.x = static_cast<std::int32_t>(i);
    e.y = static_cast<std::int32_t>(j);
    return e;
  }
  HPCS_HD Element first_row(std::int64_t j) const { return edge(0, j); }
  HPCS_HD Element first_col(std::int64_t i) const { return edge(i, 0); }

  HPCS_HD Element cell(const Cell& c, const Element& w, const Element& n, const Element& nw) const {
    double x[D];
    for (int k = 0; k < D; ++k) x[k] = mul(add(add(w.v[k], n.v[k]), nw.v[k]), 1.0 / 3.0);
    for (int t = 0; t < tsize; ++t) {
      const double first = x[0];
      for (int k = 0; k < D; ++k) {  // a contraction towards a mix of the neighbours' values
        const double next = k + 1 < D ? x[k + 1] : first;
        x[k] = add(mul(x[k], 0.75), add(mul(next, 0.25), mul(1e-9, static_cast<double>(t & 7))));
      }
    }
    Element r;
    for (int k = 0; k < D; ++k) r.v[k] = x[k];
    r.x = static_cast<std::int32_t>(c.i);
    r.y = static_cast<std::int32_t>(c.j);
    return r;
  }
};

// The seed's Nash-equilibrium application. The slide's payoff survives only as OCR
// fragments ("nash1 = 4 - 12*pow(q1,2) + ... + 2*x->v1 + 2*q2*x->v1"), so this kernel is a
// RECONSTRUCTION of its shape, not the seed's formula: a Cournot duopoly at every cell
// whose demand intercept A depends on the neighbours' profits; each firm expects the
// rival's mean quantity of the three neighbours and searches its best response over tsize
// candidate quantities in [0, 4] (the nested loop the seed's granularity parameter sets).
// Element: profits v1, v2, quantities q1, q2, and the cell's position (40 bytes).
struct NashElement {
  double v1, v2, q1, q2;
  std::int32_t x, y;
};

struct Nash {
  using Element = NashElement;
  static constexpr const char* kName = "nash";
  static constexpr const char* kFinal = "final_cell_v1";
  int tsize = 1;
  static Nash from(const Problem& p) { return {p.tsize}; }
  static double final_value(const Element& e) { return e.v1; }

  HPCS_HD Element edge(std::int64_t i, std::int64_t j) const {
    const std::uint64_t h = mix64(static_cast<std::uint64_t>(i * 0x2B2B2B2B + j));
    Element e;
    e.q1 = unit_interval(h);
    e.q2 = unit_interval(mix64(h));
    e.v1 = 0.5;
    e.v2 = 0.5;
    e.x = static_cast<std::int32_t>(i);
    e.y = static_cast<std::int32_t>(j);
    return e;
  }
  HPCS_HD Element first_row(std::int64_t j) const { return edge(0, j); }
  HPCS_HD Element first_col(std::int64_t i) const { return edge(i, 0); }

  // Profit of quantity q against the rival's rival_q: q (A - q - rival_q) - q^2 / 2.
  HPCS_HD static double profit(double q, double a, double rival_q) {
    return sub(mul(q, sub(sub(a, q), rival_q)), mul(0.5, mul(q, q)));
  }

  HPCS_HD Element cell(const Cell& c, const Element& w, const Element& n, const Element& nw) const {
    const double third = 1.0 / 3.0;
    const double q1e = mul(add(add(w.q1, n.q1), nw.q1), third);
    const double q2e = mul(add(add(w.q2, n.q2), nw.q2), third);
    const double lead = sub(mul(add(add(w.v1, n.v1), nw.v1), third), mul(add(add(w.v2, n.v2), nw.v2), third));
    const double a = add(4.0, mul(0.5, clamp(lead, -1.0, 1.0)));
    const double step = 4.0 / (tsize > 1 ? tsize - 1 : 1);
    double best1 = -1e300, best2 = -1e300, bq1 = 0, bq2 = 0;
    for (int t = 0; t < tsize; ++t) {
      const double q = mul(step, static_cast<double>(t));
      const double p1 = profit(q, a, q2e), p2 = profit(q, a, q1e);
      if (p1 > best1) best1 = p1, bq1 = q;
      if (p2 > best2) best2 = p2, bq2 = q;
    }
    Element r;
    r.v1 = best1;
    r.v2 = best2;
    r.q1 = bq1;
    r.q2 = bq2;
    r.x = static_cast<std::int32_t>(c.i);
    r.y = static_cast<std::int32_t>(c.j);
    return r;
  }
};

// The seed's SerialLCS (the TBB wavefront example): length of the longest common
// subsequence of A[1..i] and B[1..j].
struct Lcs {
  using Element = std::int32_t;
  static constexpr const char* kName = "lcs";
  static constexpr const char* kFinal = "lcs_length";
  static constexpr bool kLetters = true;
  static Lcs from(const Problem&) { return {}; }
  static double final_value(Element e) { return e; }
  HPCS_HD Element first_row(std::int64_t) const { return 0; }
  HPCS_HD Element first_col(std::int64_t) const { return 0; }
  HPCS_HD Element cell(const Cell& c, Element w, Element n, Element nw) const {
    return c.a == c.b ? nw + 1 : (w > n ? w : n);
  }
};

// The seed slide's Smith-Waterman with a linear gap: H = max(0, NW + s(a, b), N - gap,
// W - gap); DNA letters (codes of A C G T N, N never matches), as sw_miniapp with
// --gap-open = --gap-extend = gap. The best cell is the alignment's score and end.
struct SwLinear {
  using Element = std::int32_t;
  static constexpr const char* kName = "sw-linear";
  static constexpr const char* kFinal = "final_cell_h";
  static constexpr bool kLetters = true;
  static constexpr bool kHasBest = true;
  static constexpr std::uint8_t kN = 4;  // sw_miniapp's code of N
  std::int32_t match = 2, mismatch = -3, gap = 2;
  static SwLinear from(const Problem& p) { return {p.scoring.match, p.scoring.mismatch, p.scoring.gap}; }
  static double final_value(Element e) { return e; }
  HPCS_HD Element first_row(std::int64_t) const { return 0; }
  HPCS_HD Element first_col(std::int64_t) const { return 0; }
  HPCS_HD std::int32_t score(Element h) const { return h; }
  HPCS_HD Element cell(const Cell& c, Element w, Element n, Element nw) const {
    Element h = nw + (c.a == c.b && c.a != kN ? match : mismatch);
    if (n - gap > h) h = n - gap;
    if (w - gap > h) h = w - gap;
    return h > 0 ? h : 0;
  }
};

// Edit distance (Levenshtein): the example of docs/wavefront.md, "Your own wavefront".
struct EditDistance {
  using Element = std::int32_t;
  static constexpr const char* kName = "edit-distance";
  static constexpr const char* kFinal = "edit_distance";
  static constexpr bool kLetters = true;
  static EditDistance from(const Problem&) { return {}; }
  static double final_value(Element e) { return e; }
  HPCS_HD Element first_row(std::int64_t j) const { return static_cast<Element>(j); }
  HPCS_HD Element first_col(std::int64_t i) const { return static_cast<Element>(i); }
  HPCS_HD Element cell(const Cell& c, Element w, Element n, Element nw) const {
    const Element d = nw + (c.a != c.b), g = (w < n ? w : n) + 1;
    return d < g ? d : g;
  }
};

}  // namespace hpcs::wavefront
