// SPDX-License-Identifier: BSD-3-Clause
// The one update expression of each stencil, used by every variant so that all of them
// compute bit-identical grids: the sum is parenthesised left to right and the weight is
// applied last, so no multiply-add can be contracted (no -fmad flag is needed) and no
// compiler may reassociate it (we never build with fast-math).
#pragma once
#include "hpcs/base/hd.hpp"

namespace hpcs::jacobi {

template <class Real>
HPCS_HD inline Real jacobi1d_update(Real left, Real centre, Real right) {
  return ((left + centre) + right) * (Real(1) / Real(3));
}

// centre, then the S1 neighbours (i-1, i+1), then the S2 neighbours (j-1, j+1).
template <class Real>
HPCS_HD inline Real jacobi2d_update(Real centre, Real up, Real down, Real left, Real right) {
  return ((((centre + up) + down) + left) + right) * Real(0.2);
}

}  // namespace hpcs::jacobi
