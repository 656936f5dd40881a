// SPDX-License-Identifier: BSD-3-Clause
// The per-pair arithmetic of GEM's analytical linearized Poisson-Boltzmann potential, shared
// by the CUDA and Kokkos variants (HPCS_HD). Everything that is the same for every pair
// (the region, the electrostatic size A, the dielectrics, kappa) is folded on the host into
// PairConstants (gem_physics.cpp), so a pair costs two distances, one reciprocal square root
// in region 1, and one exponential only in region 3 with salt. The CPU reference does not
// use this file: it evaluates digest 1.3's formulas as written (gem_reference.cpp).
//
// Per unit charge, with d = |atom - P| (P: the vertex pushed out by p along its normal) and
// d' = |atom - Q| (Q: pushed out by the ion-exclusion radius):
//   region 3: k_a / d * exp(-kappa (d - d')) / (1 + kappa d') - c3
//   region 2: k_a / d + c2 + k_a (1 / (d' (1 + kappa d')) - 1 / d')
//   region 1: 1 / (eps_in d) - s1 / sqrt(c1 + A^2 d^2) + k_a / d' (1 / (1 + kappa d') - 1) + c2b
// Coulomb: 1 / (eps_in d); reaction field: the total minus Coulomb. Without salt the d'
// terms of regions 1 and 2 vanish and region 3 has no exponential.
#pragma once
#include <cmath>
#include <type_traits>

#include "hpcs/base/hd.hpp"

namespace hpcs::gem {

template <class Real>
struct PairConstants {
  int region = 1;       // 1, 2, 3
  int phi = 3;          // 1 Coulomb, 2 reaction, 3 total
  bool salt = false;    // kappa > 0
  Real inv_eps_in = 1;  // 1 / eps_in
  Real k_a = 0;         // K (1 + alpha), K = 1 / (eps_out (1 + alpha beta))
  Real kappa = 0;
  Real c3 = 0;   // K alpha (1 - beta) exp(-kappa (r - r')) / (r (1 + kappa r'))
  Real c2 = 0;   // K (-alpha (1 - beta) / r + alpha (1 - beta) / r' (1 - 1 / (1 + kappa r')))
  Real c2b = 0;  // K alpha (1 - beta) / r' (1 - 1 / (1 + kappa r'))
  Real s1 = 0;   // (1 / eps_in - 1 / eps_out) / ((1 + alpha beta) A) * A^2
  Real c1 = 0;   // (A^2 - r0^2) (A^2 - r^2)
  Real a2 = 0;   // A^2

  template <class Other>
  PairConstants<Other> as() const {
    PairConstants<Other> o;
    o.region = region, o.phi = phi, o.salt = salt;
    o.inv_eps_in = Other(inv_eps_in), o.k_a = Other(k_a), o.kappa = Other(kappa), o.c3 = Other(c3);
    o.c2 = Other(c2), o.c2b = Other(c2b), o.s1 = Other(s1), o.c1 = Other(c1), o.a2 = Other(a2);
    return o;
  }
};

HPCS_HD inline float hd_sqrt(float x) { return sqrtf(x); }
HPCS_HD inline double hd_sqrt(double x) { return sqrt(x); }
HPCS_HD inline float hd_exp(float x) { return expf(x); }
HPCS_HD inline double hd_exp(double x) { return exp(x); }

// The total potential of one pair per unit charge, for a region and salt fixed at compile
// time (kernel splitting: the host picks the instantiation).
template <int Region, bool Salt, class Real>
HPCS_HD inline Real total_term(const PairConstants<Real>& c, Real d, Real dp) {
  const Real inv_d = Real(1) / d;
  if constexpr (Region == 3) {
    if constexpr (Salt) return c.k_a * inv_d * hd_exp(-c.kappa * (d - dp)) / (Real(1) + c.kappa * dp) - c.c3;
    else return c.k_a * inv_d - c.c3;
  } else if constexpr (Region == 2) {
    Real t = c.k_a * inv_d + c.c2;
    if constexpr (Salt) t += c.k_a * (Real(1) / (dp * (Real(1) + c.kappa * dp)) - Real(1) / dp);
    return t;
  } else {
    Real t = c.inv_eps_in * inv_d - c.s1 / hd_sqrt(c.c1 + c.a2 * d * d) + c.c2b;
    if constexpr (Salt) t += c.k_a / dp * (Real(1) / (Real(1) + c.kappa * dp) - Real(1));
    return t;
  }
}

// phiType on top: Coulomb alone, the reaction field (total - Coulomb), or the total.
template <int Region, bool Salt, int Phi, class Real>
HPCS_HD inline Real pair_term(const PairConstants<Real>& c, Real d, Real dp) {
  if constexpr (Phi == 1) return c.inv_eps_in / d;
  else if constexpr (Phi == 2) return total_term<Region, Salt>(c, d, dp) - c.inv_eps_in / d;
  else return total_term<Region, Salt>(c, d, dp);
}

// The same with the uniform choices made per pair at run time (the thesis' basic kernel).
template <class Real>
HPCS_HD inline Real pair_term_runtime(const PairConstants<Real>& c, Real d, Real dp) {
  Real total;
  if (c.region == 3) total = c.salt ? total_term<3, true>(c, d, dp) : total_term<3, false>(c, d, dp);
  else if (c.region == 2) total = c.salt ? total_term<2, true>(c, d, dp) : total_term<2, false>(c, d, dp);
  else total = c.salt ? total_term<1, true>(c, d, dp) : total_term<1, false>(c, d, dp);
  if (c.phi == 1) return c.inv_eps_in / d;
  if (c.phi == 2) return total - c.inv_eps_in / d;
  return total;
}

// Calls f(std::integral_constant-like tags) with the compile-time case of c: the host side of
// kernel splitting (3 regions x salt or not x 3 phi types = 18 specialisations).
template <int R, bool S, int P>
struct Case {
  static constexpr int region = R;
  static constexpr bool salt = S;
  static constexpr int phi = P;
};

template <class Real, class F>
void with_case(const PairConstants<Real>& c, F&& f) {
  auto by_phi = [&](auto region, auto salt) {
    constexpr int R = decltype(region)::value;
    constexpr bool S = decltype(salt)::value;
    if (c.phi == 1) f(Case<R, S, 1>{});
    else if (c.phi == 2) f(Case<R, S, 2>{});
    else f(Case<R, S, 3>{});
  };
  auto by_salt = [&](auto region) {
    if (c.salt) by_phi(region, std::integral_constant<bool, true>{});
    else by_phi(region, std::integral_constant<bool, false>{});
  };
  if (c.region == 3) by_salt(std::integral_constant<int, 3>{});
  else if (c.region == 2) by_salt(std::integral_constant<int, 2>{});
  else by_salt(std::integral_constant<int, 1>{});
}

// Calls f(std::integral_constant<int, VPT>) for a validated vertices-per-thread count.
template <class F>
void with_vertices_per_thread(int vpt, F&& f) {
  switch (vpt) {
    case 1: f(std::integral_constant<int, 1>{}); break;
    case 2: f(std::integral_constant<int, 2>{}); break;
    case 4: f(std::integral_constant<int, 4>{}); break;
    default: f(std::integral_constant<int, 8>{});
  }
}

}  // namespace hpcs::gem
