// SPDX-License-Identifier: BSD-3-Clause
// The naive 3D sweep's inner walk, shared by cuda/naive and kokkos/naive: one point (j, k) of
// planes i0..i1 (S1), the S1 neighbours carried in registers from plane to plane.
#pragma once
#include <cstdint>

#include "hpcs/base/hd.hpp"

namespace hpcs::jacobi {

// Planes i0 .. min(i0 + run - 1, n1) at line j, point k; plane, line: the strides of S1 and
// S2 (S3 contiguous).
template <class St, class Real>
HPCS_HD inline void naive3d_planes(const Real* __restrict__ in, Real* __restrict__ out, std::int64_t i0,
                                   std::int64_t run, std::int64_t n1, std::int64_t j, std::int64_t k,
                                   std::int64_t plane, std::int64_t line) {
  const std::int64_t i1 = i0 + run - 1 < n1 ? i0 + run - 1 : n1;
  std::int64_t c = i0 * plane + j * line + k;
  Real up = in[c - plane], mid = in[c];
  for (std::int64_t i = i0; i <= i1; ++i, c += plane) {
    const Real down = in[c + plane];
    out[c] = St::apply(mid, up, down, in[c - line], in[c + line], in[c - 1], in[c + 1]);
    up = mid;
    mid = down;
  }
}

}  // namespace hpcs::jacobi
