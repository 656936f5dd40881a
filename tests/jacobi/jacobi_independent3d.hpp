// SPDX-License-Identifier: BSD-3-Clause
// The 3D stencils written out once more as their sources print them (docs/jacobi.md), in C's
// left-to-right order, in a plain loop over the (n1 + 2) x (n2 + 2) x (n3 + 2) grid: the
// yardstick of the 3D tests, independent of jacobi_stencil.hpp and of the reference.
#pragma once
#include <cstdint>
#include <vector>

#include "jacobi_problem.hpp"

namespace hpcs::jacobi::testing_support {

inline Problem grid3d(std::int64_t n1, std::int64_t n2, std::int64_t n3, Stencil s = Stencil::Jacobi) {
  return Problem{3, n1, n2, s, n3};
}

// up/dn = (i-1/i+1, j, k), no/so = (i, j-1/j+1, k), we/ea = (i, j, k-1/k+1).
template <class Real>
Real independent_update3d(Stencil s, Real c, Real up, Real dn, Real no, Real so, Real we, Real ea) {
  switch (s) {
    case Stencil::Heat:  // PolyBench heat-3d: A[i+1] - 2.0*A + A[i-1], then j, then k, then + A
      return Real(0.125) * (dn - Real(2.0) * c + up) + Real(0.125) * (so - Real(2.0) * c + no) +
             Real(0.125) * (ea - Real(2.0) * c + we) + c;
    case Stencil::Laplacian: return (dn + up + so + no + ea + we - Real(6.0) * c) * Real(0.0625);
    case Stencil::Jacobi:
    default: return (c + up + dn + no + so + we + ea) * (Real(1) / Real(7));
  }
}

// `steps` steps of p.stencil; a mutant (wrong_s3) reads the S2 neighbour j+1 in place of the
// S3 neighbour k+1, to show that the comparisons see every neighbour.
template <class Real>
std::vector<Real> independent_run3d(const Problem& p, std::vector<Real> a, std::int64_t steps, bool wrong_s3 = false) {
  std::vector<Real> b = a;
  const auto L = static_cast<std::size_t>(p.n3 + 2), P = static_cast<std::size_t>(p.n2 + 2) * L;
  for (std::int64_t t = 0; t < steps; ++t) {
    for (std::size_t i = 1; i <= static_cast<std::size_t>(p.n1); ++i)
      for (std::size_t j = 1; j <= static_cast<std::size_t>(p.n2); ++j)
        for (std::size_t k = 1; k <= static_cast<std::size_t>(p.n3); ++k) {
          const std::size_t x = i * P + j * L + k;
          b[x] = independent_update3d(p.stencil, a[x], a[x - P], a[x + P], a[x - L], a[x + L], a[x - 1],
                                      wrong_s3 ? a[x + L] : a[x + 1]);
        }
    a.swap(b);
  }
  return a;
}

}  // namespace hpcs::jacobi::testing_support
