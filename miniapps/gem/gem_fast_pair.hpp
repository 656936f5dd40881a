// SPDX-License-Identifier: BSD-3-Clause
// The tuned variants' per-pair arithmetic (cuda/tuned, kokkos/tuned): gem_pair.hpp's formulas rewritten on squared
// distances with reciprocal square roots, so a pair of the default case (region 1, no salt, total) costs two rsqrt and
// no division:
//   1/d = rsqrt(d^2), and region 1's image term s1 / sqrt(c1 + A^2 d^2) = s1 rsqrt(c1 + A^2 d^2);
//   d and d' themselves (only with salt) are d^2 * (1/d);
//   the salt terms of regions 1 and 2, k_a / d' (1 / (1 + kappa d') - 1) and
//   k_a (1 / (d' (1 + kappa d')) - 1 / d'), are both exactly -k_a kappa / (1 + kappa d');
//   the reaction field is the total without its Coulomb part: regions 1 and 2 never form
//   1 / (eps_in d) (region 2 folds it into the constant k_a - 1 / eps_in), so no cancellation.
//
// Accuracy (float32): rsqrt.approx.ftz.f32 and rcp.approx.ftz.f32 are within 2 ulp (CUDA's
// rsqrtf / __fdividef figures); with the rounding of d^2 (3 operations) and of the few
// products after it, each addend of a pair term is within about 5 u of its exact value for
// the rounded coordinates, and region 3's exp(-kappa (d - d')) (accurate expf) adds
// about 3 u kappa (d + d'). The verification bound allows u (4 sqrt(N) + 16) per unit of
// the reference's rounding scale, which counts every addend's magnitude and the coordinates'
// own rounding (1 + (|atom| + |vertex|) / d), so a per-pair error of a few u, even if all
// of one sign, stays well inside it. Inputs whose d^2 is subnormal (an atom within 1e-19 A
// of a vertex) are flushed to zero: d = 0, where every variant gives an infinite potential.
// float64 uses CUDA's rsqrt(double) (1 ulp) and IEEE division. Host code (Kokkos Serial,
// tests) uses 1 / sqrt(x) and IEEE division: the same formulas, rounded once more.
#pragma once
#include <cmath>

#include "gem_pair.hpp"

namespace hpcs::gem {

// The constants of gem_pair.hpp plus the products the rewritten terms need, each formed
// once in double on the host and rounded once to the precision.
template <class Real>
struct FastConstants {
  Real inv_eps_in, k_a, k_a_reaction /* k_a - 1 / eps_in */, kappa, k_a_kappa /* k_a kappa */;
  Real c3, c2, c2b, s1, c1, a2;
};

template <class Real>
FastConstants<Real> fast_constants(const PairConstants<double>& c) {
  return {Real(c.inv_eps_in),
          Real(c.k_a),
          Real(c.k_a - c.inv_eps_in),
          Real(c.kappa),
          Real(c.k_a * c.kappa),
          Real(c.c3),
          Real(c.c2),
          Real(c.c2b),
          Real(c.s1),
          Real(c.c1),
          Real(c.a2)};
}

HPCS_HD inline float fast_rsqrt(float x) {
#if defined(__CUDA_ARCH__)
  float r;
  asm("rsqrt.approx.ftz.f32 %0, %1;" : "=f"(r) : "f"(x));
  return r;
#else
  return 1.0f / std::sqrt(x);
#endif
}
HPCS_HD inline double fast_rsqrt(double x) {
#if defined(__CUDA_ARCH__)
  return rsqrt(x);
#else
  return 1.0 / std::sqrt(x);
#endif
}
HPCS_HD inline float fast_rcp(float x) {
#if defined(__CUDA_ARCH__)
  float r;
  asm("rcp.approx.ftz.f32 %0, %1;" : "=f"(r) : "f"(x));
  return r;
#else
  return 1.0f / x;
#endif
}
HPCS_HD inline double fast_rcp(double x) { return 1.0 / x; }

// -k_a kappa / (1 + kappa d'): the salt part of regions 1 and 2.
template <class Real>
HPCS_HD inline Real salt_screening(const FastConstants<Real>& k, Real dp2) {
  const Real dp = dp2 * fast_rsqrt(dp2);
  return -k.k_a_kappa * fast_rcp(Real(1) + k.kappa * dp);
}

// The potential of one pair per unit charge from d^2 and d'^2 (d'^2 read only with salt).
template <int Region, bool Salt, int Phi, class Real>
HPCS_HD inline Real fast_pair_term(const FastConstants<Real>& k, Real d2, Real dp2) {
  const Real inv_d = fast_rsqrt(d2);
  constexpr bool reaction = Phi == 2;
  if constexpr (Phi == 1) {
    return k.inv_eps_in * inv_d;
  } else if constexpr (Region == 1) {
    Real t = k.c2b - k.s1 * fast_rsqrt(k.c1 + k.a2 * d2);
    if constexpr (!reaction) t += k.inv_eps_in * inv_d;
    if constexpr (Salt) t += salt_screening(k, dp2);
    return t;
  } else if constexpr (Region == 2) {
    Real t = (reaction ? k.k_a_reaction : k.k_a) * inv_d + k.c2;
    if constexpr (Salt) t += salt_screening(k, dp2);
    return t;
  } else if constexpr (!Salt) {
    return (reaction ? k.k_a_reaction : k.k_a) * inv_d - k.c3;
  } else {
    const Real d = d2 * inv_d, inv_dp = fast_rsqrt(dp2), dp = dp2 * inv_dp;
    const Real screened = k.k_a * hd_exp(-k.kappa * (d - dp)) * fast_rcp(Real(1) + k.kappa * dp);
    return inv_d * (reaction ? screened - k.inv_eps_in : screened) - k.c3;
  }
}

}  // namespace hpcs::gem
