// SPDX-License-Identifier: BSD-3-Clause
// One pair of the CPU ladder's kernels and the dispatch of the 18 cases (3 regions x salt or
// not x 3 potentials), all forced inline: the SIMD file compiles the same code once per
// instruction set (function attributes target(...)), and a call left out of line would run
// the baseline build's code inside the wider one.
#pragma once
#include <cstddef>

#include "gem_cpu_ladder.hpp"

#define HPCS_GEM_INLINE __attribute__((always_inline)) inline

namespace hpcs::gem::cpu {

// Atom i's potential at vertex k per unit charge times its charge; d' only where the case reads it.
template <int R, bool S, int P, class Real>
HPCS_GEM_INLINE Real pair_contribution(const PairConstants<Real>& c, const Real* ax, const Real* ay, const Real* az,
                                       const Real* q, std::size_t i, Real px, Real py, Real pz, Real qx, Real qy,
                                       Real qz) {
  const Real dx = ax[i] - px, dy = ay[i] - py, dz = az[i] - pz;
  const Real d = hd_sqrt(dx * dx + dy * dy + dz * dz);
  Real dp = 1;
  if constexpr (S && P != 1) {
    const Real ex = ax[i] - qx, ey = ay[i] - qy, ez = az[i] - qz;
    dp = hd_sqrt(ex * ex + ey * ey + ez * ez);
  }
  return q[i] * pair_term<R, S, P>(c, d, dp);
}

// Calls Loop::template range<R, S, P>(m, begin, end, phi) for m's case.
template <class Loop, int R, bool S, class Real>
HPCS_GEM_INLINE void by_phi(const CpuMolecule<Real>& m, std::size_t begin, std::size_t end, Real* phi) {
  if (m.c.phi == 1) Loop::template range<R, S, 1>(m, begin, end, phi);
  else if (m.c.phi == 2) Loop::template range<R, S, 2>(m, begin, end, phi);
  else Loop::template range<R, S, 3>(m, begin, end, phi);
}
template <class Loop, int R, class Real>
HPCS_GEM_INLINE void by_salt(const CpuMolecule<Real>& m, std::size_t begin, std::size_t end, Real* phi) {
  if (m.c.salt) by_phi<Loop, R, true>(m, begin, end, phi);
  else by_phi<Loop, R, false>(m, begin, end, phi);
}
template <class Loop, class Real>
HPCS_GEM_INLINE void by_case(const CpuMolecule<Real>& m, std::size_t begin, std::size_t end, Real* phi) {
  if (m.c.region == 3) by_salt<Loop, 3>(m, begin, end, phi);
  else if (m.c.region == 2) by_salt<Loop, 2>(m, begin, end, phi);
  else by_salt<Loop, 1>(m, begin, end, phi);
}

}  // namespace hpcs::gem::cpu
