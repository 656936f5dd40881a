// SPDX-License-Identifier: BSD-3-Clause
// The one update expression of each stencil, used by every variant so that all of them
// compute bit-identical grids.
//
// Jacobi: the sum is parenthesised left to right and the weight is applied last, so no
// multiply-add can be contracted and no compiler may reassociate it (we never build with
// fast-math). The other 2D stencils (docs/jacobi.md gives their sources; none is from the
// thesis) multiply inside sums, so they round every operation explicitly: nvcc's device
// code through the __f*_rn / __d*_rn intrinsics, which are never fused into an FMA, the host
// through -ffp-contract=off (miniapps/jacobi/CMakeLists.txt). sqrt and the division are
// IEEE correctly rounded on both (never the approximate rsqrt of the benchmark sources).
#pragma once
#include <cmath>

#include "hpcs/base/hd.hpp"
#include "jacobi_problem.hpp"

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

// One rounding per operation on every backend.
namespace rn {
#if defined(__CUDA_ARCH__)
HPCS_HD inline float add(float a, float b) { return __fadd_rn(a, b); }
HPCS_HD inline float sub(float a, float b) { return __fsub_rn(a, b); }
HPCS_HD inline float mul(float a, float b) { return __fmul_rn(a, b); }
HPCS_HD inline float div(float a, float b) { return __fdiv_rn(a, b); }
HPCS_HD inline float sqrt(float a) { return __fsqrt_rn(a); }
HPCS_HD inline double add(double a, double b) { return __dadd_rn(a, b); }
HPCS_HD inline double sub(double a, double b) { return __dsub_rn(a, b); }
HPCS_HD inline double mul(double a, double b) { return __dmul_rn(a, b); }
HPCS_HD inline double div(double a, double b) { return __ddiv_rn(a, b); }
HPCS_HD inline double sqrt(double a) { return __dsqrt_rn(a); }
#else
template <class Real>
HPCS_HD inline Real add(Real a, Real b) {
  return a + b;
}
template <class Real>
HPCS_HD inline Real sub(Real a, Real b) {
  return a - b;
}
template <class Real>
HPCS_HD inline Real mul(Real a, Real b) {
  return a * b;
}
template <class Real>
HPCS_HD inline Real div(Real a, Real b) {
  return a / b;
}
template <class Real>
HPCS_HD inline Real sqrt(Real a) {
  return std::sqrt(a);
}
#endif
}  // namespace rn

// The 2D stencils as policies: apply(centre, up (i-1), down (i+1), left (j-1), right (j+1)).
// Every one reads the same five points, so the tilings and halos serve them all.
struct Jacobi2D {
  static constexpr Stencil id = Stencil::Jacobi;
  template <class Real>
  HPCS_HD static Real apply(Real c, Real up, Real down, Real left, Real right) {
    return jacobi2d_update(c, up, down, left, right);
  }
};

// Overtile's heat2d (Holewinski et al.), in C's order:
// ((0.125 (((down - 2c) + up)) + 0.125 (((right - 2c) + left))) + c.
struct Heat2D {
  static constexpr Stencil id = Stencil::Heat;
  template <class Real>
  HPCS_HD static Real apply(Real c, Real up, Real down, Real left, Real right) {
    const Real c2 = rn::mul(Real(2), c);
    const Real along_s1 = rn::mul(Real(0.125), rn::add(rn::sub(down, c2), up));
    const Real along_s2 = rn::mul(Real(0.125), rn::add(rn::sub(right, c2), left));
    return rn::add(rn::add(along_s1, along_s2), c);
  }
};

// The 5-point discrete Laplacian of the stencil-DSL benchmarks, (((up + down) + right) +
// left) - 4c, times 1/8 so that iterating it cannot overflow (docs/jacobi.md).
struct Laplacian2D {
  static constexpr Stencil id = Stencil::Laplacian;
  template <class Real>
  HPCS_HD static Real apply(Real c, Real up, Real down, Real left, Real right) {
    const Real sum = rn::add(rn::add(rn::add(up, down), right), left);
    return rn::mul(rn::sub(sum, rn::mul(Real(4), c)), Real(0.125));
  }
};

// Overtile's g2d: c + 1 / sqrt((((1e-5 + p0) + p1) + p2) + p3) with p0 = (c - right)^2,
// p1 = (c - left)^2, p2 = (c - down)^2, p3 = (c - up)^2.
struct Gradient2D {
  static constexpr Stencil id = Stencil::Gradient;
  template <class Real>
  HPCS_HD static Real square_of_difference(Real a, Real b) {
    const Real d = rn::sub(a, b);
    return rn::mul(d, d);
  }
  template <class Real>
  HPCS_HD static Real apply(Real c, Real up, Real down, Real left, Real right) {
    Real s = rn::add(Real(0.00001), square_of_difference(c, right));
    s = rn::add(s, square_of_difference(c, left));
    s = rn::add(s, square_of_difference(c, down));
    s = rn::add(s, square_of_difference(c, up));
    return rn::add(c, rn::div(Real(1), rn::sqrt(s)));
  }
};

// The 3D stencils (7 points) as policies: apply(c, up (i-1), down (i+1), north (j-1), south
// (j+1), west (k-1), east (k+1)); docs/jacobi.md gives the forms and sources.

// Jacobi 3D: the 2D form extended by the S3 pair, the weight (1/7) applied last.
struct Jacobi3D {
  static constexpr Stencil id = Stencil::Jacobi;
  template <class Real>
  HPCS_HD static Real apply(Real c, Real up, Real down, Real north, Real south, Real west, Real east) {
    const Real sum = rn::add(rn::add(rn::add(rn::add(rn::add(rn::add(c, up), down), north), south), west), east);
    return rn::mul(sum, Real(1) / Real(7));
  }
};

// PolyBench heat-3d in C's order, 2c once: ((0.125 ((down - 2c) + up) + 0.125 ((south - 2c) +
// north)) + 0.125 ((east - 2c) + west)) + c.
struct Heat3D {
  static constexpr Stencil id = Stencil::Heat;
  template <class Real>
  HPCS_HD static Real apply(Real c, Real up, Real down, Real north, Real south, Real west, Real east) {
    const Real c2 = rn::mul(Real(2), c);
    const Real along_s1 = rn::mul(Real(0.125), rn::add(rn::sub(down, c2), up));
    const Real along_s2 = rn::mul(Real(0.125), rn::add(rn::sub(south, c2), north));
    const Real along_s3 = rn::mul(Real(0.125), rn::add(rn::sub(east, c2), west));
    return rn::add(rn::add(rn::add(along_s1, along_s2), along_s3), c);
  }
};

// The 7-point Laplacian, (((((down + up) + south) + north) + east) + west) - 6c, times 1/16
// (exact: a power of two) so that iterating it cannot overflow.
struct Laplacian3D {
  static constexpr Stencil id = Stencil::Laplacian;
  template <class Real>
  HPCS_HD static Real apply(Real c, Real up, Real down, Real north, Real south, Real west, Real east) {
    const Real sum = rn::add(rn::add(rn::add(rn::add(rn::add(down, up), south), north), east), west);
    return rn::mul(rn::sub(sum, rn::mul(Real(6), c)), Real(0.0625));
  }
};

// Calls f(policy) with the 3D policy of s; Gradient has none (stencil_rejects refuses it in
// 3D before any solver runs), so it falls to Jacobi like an unknown value in 2D.
template <class F>
decltype(auto) with_stencil3d(Stencil s, F&& f) {
  switch (s) {
    case Stencil::Heat: return f(Heat3D{});
    case Stencil::Laplacian: return f(Laplacian3D{});
    case Stencil::Jacobi:
    default: return f(Jacobi3D{});
  }
}

// Calls f(policy) with the policy of s (host code: kernels are instantiated per policy).
template <class F>
decltype(auto) with_stencil(Stencil s, F&& f) {
  switch (s) {
    case Stencil::Heat: return f(Heat2D{});
    case Stencil::Laplacian: return f(Laplacian2D{});
    case Stencil::Gradient: return f(Gradient2D{});
    case Stencil::Jacobi:
    default: return f(Jacobi2D{});
  }
}

}  // namespace hpcs::jacobi
