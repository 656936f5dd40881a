// SPDX-License-Identifier: BSD-3-Clause
// Hexagonal tiling of the (t, S1) plane (digest 2.2), shared by the CPU schedule checks,
// the CUDA and the Kokkos tiled variants.
//
// Points x = 1..S along S1 (0 and S+1 are fixed boundary); time levels 1..T of one
// advance (level 0 is the input). A hexagon has t_T rows; local row r computes time level
// base_time(w) + 1 + r and covers [x0 - d(r), x0 + t_S - 1 + d(r)] with
// d(r) = r in the lower half (r < t_T/2) and t_T - 1 - r in the upper half, so its widest
// rows are w_tile = t_S + t_T - 2 wide. Hexagons of one colour sit pitch = w_tile + t_S
// apart (digest 2.2: the pitch that tiles exactly; the thesis' A.5 prints +2 more);
// the other colour is shifted by t_T/2 in time and t_S + t_T/2 - 1 in space, so its base
// fills the gap between two widest rows.
//
// Wavefront w = 0, 1, 2, ... is one kernel launch: hexagons k = 0 .. tiles(w)-1 of colour
// w % 2 == 1 ? 0 : 1, base time (w - 1) * t_T/2. Wavefront 0 holds only upper halves and
// the last ones are cut at time T, so N_w = (T - 1) / (t_T/2) + 2 (about 2T/t_T, A.3).
// Every (t, x) with 1 <= t <= T, 1 <= x <= S lies in exactly one hexagon and each of its
// three inputs (t-1, x-1..x+1) lies in an earlier wavefront or in a lower row of the same
// hexagon (tests/jacobi/test_hex_schedule.cpp checks both for many sizes).
#pragma once
#include <cstdint>

#include "hpcs/base/hd.hpp"

namespace hpcs::jacobi {

struct Span {
  std::int64_t lo = 0;
  std::int64_t hi = -1;
  HPCS_HD bool empty() const { return hi < lo; }
  HPCS_HD std::int64_t size() const { return hi < lo ? 0 : hi - lo + 1; }
  HPCS_HD bool contains(std::int64_t x) const { return lo <= x && x <= hi; }
};

struct HexTiling {
  int t_T = 2;         // even, >= 2
  int t_S = 1;         // >= 1
  std::int64_t S = 0;  // points along the tiled dimension
  std::int64_t T = 0;  // time levels of this advance

  HPCS_HD int half() const { return t_T / 2; }
  HPCS_HD int w_tile() const { return t_S + t_T - 2; }
  HPCS_HD std::int64_t pitch() const { return 2 * static_cast<std::int64_t>(t_S) + t_T - 2; }
  HPCS_HD std::int64_t wavefronts() const { return T <= 0 ? 0 : (T - 1) / half() + 2; }
  HPCS_HD int colour(std::int64_t w) const { return (w % 2 == 1) ? 0 : 1; }
  HPCS_HD std::int64_t base_time(std::int64_t w) const { return (w - 1) * half(); }
  HPCS_HD std::int64_t offset(std::int64_t w) const { return colour(w) == 0 ? 0 : t_S + half() - 1; }
  HPCS_HD std::int64_t x0(std::int64_t w, std::int64_t k) const { return 1 + offset(w) + k * pitch(); }

  // Hexagons in wavefront w: those whose widest rows reach into [1, S].
  HPCS_HD std::int64_t tiles(std::int64_t w) const {
    const std::int64_t reach = S + half() - 2 - offset(w);  // x0 - 1 - (half - 1) <= S - 1
    return reach < 0 ? 0 : reach / pitch() + 1;
  }
  HPCS_HD int half_width(int r) const { return r < half() ? r : t_T - 1 - r; }
  HPCS_HD std::int64_t time_of(std::int64_t w, int r) const { return base_time(w) + 1 + r; }

  // Local rows of wavefront w whose time level lies in [1, T]: [first_row, last_row].
  HPCS_HD int first_row(std::int64_t w) const {
    const std::int64_t r = 1 - (base_time(w) + 1);
    return r > 0 ? static_cast<int>(r) : 0;
  }
  HPCS_HD int last_row(std::int64_t w) const {
    const std::int64_t r = T - (base_time(w) + 1);
    return r < t_T - 1 ? static_cast<int>(r) : t_T - 1;
  }

  // Points of local row r of hexagon (w, k), clipped to [1, S]; empty outside the rows
  // with a time level in [1, T].
  HPCS_HD Span row(std::int64_t w, std::int64_t k, int r) const {
    Span s;
    if (r < first_row(w) || r > last_row(w) || r < 0 || r >= t_T) return s;
    const std::int64_t a = x0(w, k) - half_width(r);
    const std::int64_t b = x0(w, k) + t_S - 1 + half_width(r);
    s.lo = a < 1 ? 1 : a;
    s.hi = b > S ? S : b;
    return s;
  }

  // Whether (time of row r, x) must go to global memory: some consumer at the next level
  // (x-1, x, x+1 inside [1, S]) is outside row r+1 of this hexagon, or row r is the
  // hexagon's last (the final level or the top of the hexagon).
  HPCS_HD bool leaves_tile(std::int64_t w, std::int64_t k, int r, std::int64_t x) const {
    return leaves_for(row(w, k, r + 1), x);
  }
  // The same with row r+1 (`next`) worked out by the caller, once per row.
  HPCS_HD bool leaves_for(const Span& next, std::int64_t x) const {
    if (next.empty()) return true;
    const std::int64_t lo = x - 1 < 1 ? 1 : x - 1;
    const std::int64_t hi = x + 1 > S ? S : x + 1;
    return lo < next.lo || hi > next.hi;
  }
};

// Time-skewed sub-prisms along S2 (2D HHC, digest 2.1): sub-prism s of a prism covers, at
// local row r, the columns [s * t_S2 + 1 - r, (s + 1) * t_S2 - r] clipped to [1, n2]; the
// skew makes the input (t-1, j+1) part of the same sub-prism's previous row and (t-1, j-1)
// of the previous sub-prism's (its last two columns per row stay in shared memory).
struct SkewedColumns {
  int t_S2 = 1;
  int t_T = 2;
  std::int64_t n2 = 0;
  // ceil((n2 + t_T - 1) / t_S2): enough sub-prisms for the last row's columns to reach n2.
  HPCS_HD std::int64_t subprisms() const { return (n2 + t_T - 1 + t_S2 - 1) / t_S2; }
  HPCS_HD Span columns(std::int64_t s, int r) const {
    Span c;
    const std::int64_t a = s * t_S2 + 1 - r;
    const std::int64_t b = (s + 1) * t_S2 - r;
    c.lo = a < 1 ? 1 : a;
    c.hi = b > n2 ? n2 : b;
    return c;
  }
};

// One row r of a tile (kokkos/tiled's tile bodies, the 3D slab tile) in 32-bit coordinates
// local to the tile (l = x - origin, at most w_tile of them): row r-1's span (below: where
// this tile's inputs sit in scratch), row r+1's (next: leaves_for), and the grid's points 1
// and S clamped to [-1, width].
struct LocalRow {
  int blo = 1, bhi = 0, nlo = 0, nhi = 0, grid_lo = -1, grid_hi = 0;
  bool last = true;
  HPCS_HD LocalRow(const HexTiling& h, const Span& below, const Span& next, std::int64_t origin, int width) {
    if (!below.empty()) {
      blo = static_cast<int>(below.lo - origin);
      bhi = static_cast<int>(below.hi - origin);
    }
    last = next.empty();
    if (!last) {
      nlo = static_cast<int>(next.lo - origin);
      nhi = static_cast<int>(next.hi - origin);
    }
    grid_lo = 1 - origin < -1 ? -1 : static_cast<int>(1 - origin);
    grid_hi = h.S - origin > width ? width : static_cast<int>(h.S - origin);
  }
  HPCS_HD bool in_below(int l) const { return l >= blo && l <= bhi; }
  // HexTiling::leaves_for: a consumer at the next level lies outside row r+1.
  HPCS_HD bool leaves(int l) const {
    return last || (l - 1 < grid_lo ? grid_lo : l - 1) < nlo || (l + 1 > grid_hi ? grid_hi : l + 1) > nhi;
  }
};

}  // namespace hpcs::jacobi
