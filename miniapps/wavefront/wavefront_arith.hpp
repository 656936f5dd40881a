// SPDX-License-Identifier: BSD-3-Clause
// Double arithmetic rounded step by step on every backend: nvcc would fuse a * b + c into
// one FMA (one rounding) where the host rounds twice, and the executors must reproduce the
// serial reference bit for bit. The host build adds -ffp-contract=off for the same reason.
#pragma once
#include "hpcs/base/hd.hpp"

namespace hpcs::wavefront {

HPCS_HD inline double mul(double a, double b) {
#if defined(__CUDA_ARCH__)
  return __dmul_rn(a, b);
#else
  return a * b;
#endif
}

HPCS_HD inline double add(double a, double b) {
#if defined(__CUDA_ARCH__)
  return __dadd_rn(a, b);
#else
  return a + b;
#endif
}

HPCS_HD inline double sub(double a, double b) {
#if defined(__CUDA_ARCH__)
  return __dsub_rn(a, b);
#else
  return a - b;
#endif
}

HPCS_HD inline double clamp(double x, double lo, double hi) { return x < lo ? lo : (x > hi ? hi : x); }

// A double in [0, 1) from 53 bits of a hash.
HPCS_HD inline double unit_interval(unsigned long long bits) {
  return static_cast<double>(bits >> 11) * (1.0 / 9007199254740992.0);
}

}  // namespace hpcs::wavefront
