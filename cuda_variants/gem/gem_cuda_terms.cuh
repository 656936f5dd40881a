// SPDX-License-Identifier: BSD-3-Clause
// The per-pair term policies of the CUDA steps, on squared distances, and the compile-time
// cases of kernel splitting.
//  - RuntimeTerms (steps 1-2): the region / salt / phiType choices made per pair at run time
//    (pair_term_runtime), both distances always computed;
//  - ExactTerms (steps 3-5): the case a template argument (pair_term<Region, Salt, Phi>),
//    d' computed only with salt; IEEE sqrt and division as gem_pair.hpp has them;
//  - FastTerms (step 6, gem_fast_pair.hpp): the same case with reciprocal square roots.
#pragma once
#include <cuda_runtime.h>

#include <type_traits>

#include "gem_fast_pair.hpp"
#include "gem_pair.hpp"

namespace hpcs::gem::cuda {

// The case a kernel is compiled for. A Coulomb potential (phi 1) is 1 / (eps_in d) in every
// region, with or without salt: one kernel serves those six cases (13 kernels in all).
template <class C>
using Canonical = std::conditional_t<C::phi == 1, Case<1, false, 1>, C>;

// Calls f(Canonical case tag) for the case of c: with_case plus the Coulomb merge.
template <class Real, class F>
void with_kernel_case(const PairConstants<Real>& c, F&& f) {
  with_case(c, [&](auto cs) { f(Canonical<decltype(cs)>{}); });
}

// Calls f(tag) for every kernel case (some twice): for checks over all instantiations.
template <class F>
void for_each_kernel_case(F&& f) {
  for (int region = 1; region <= 3; ++region)
    for (bool salt : {false, true})
      for (int phi = 1; phi <= 3; ++phi) {
        PairConstants<double> c;
        c.region = region, c.salt = salt, c.phi = phi;
        with_kernel_case(c, f);
      }
}

// Steps 1-2's stand-in for a case: every choice at run time, d' always computed.
struct RuntimeCase {
  static constexpr int region = 0;
  static constexpr bool salt = true;
  static constexpr int phi = 0;
};

template <class R>
struct RuntimeTerms {
  using Real = R;
  PairConstants<Real> c;
  template <class C>
  __device__ __forceinline__ Real term(Real d2, Real dp2) const {
    return pair_term_runtime(c, hd_sqrt(d2), hd_sqrt(dp2));
  }
};

template <class R>
struct ExactTerms {
  using Real = R;
  PairConstants<Real> c;
  template <class C>
  __device__ __forceinline__ Real term(Real d2, Real dp2) const {
    const Real d = hd_sqrt(d2);
    if constexpr (C::salt) return pair_term<C::region, true, C::phi>(c, d, hd_sqrt(dp2));
    else return pair_term<C::region, false, C::phi>(c, d, d);
  }
};

// cuda/tuned's terms.
template <class R>
struct FastTerms {
  using Real = R;
  FastConstants<Real> k;
  template <class C>
  __device__ __forceinline__ Real term(Real d2, Real dp2) const {
    return fast_pair_term<C::region, C::salt, C::phi>(k, d2, dp2);
  }
};

}  // namespace hpcs::gem::cuda
