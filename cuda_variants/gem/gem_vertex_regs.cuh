// SPDX-License-Identifier: BSD-3-Clause
// The vertices one thread owns, preloaded into registers with one register accumulator
// each (steps 2-6). Thread t of a block owns vertices first + j * stride, j < VPT
// (first = block start + t, stride = the block size), so loads and stores stay coalesced.
// Slots past the last vertex load the last vertex (valid data) and are never stored.
// Q (for d') is loaded only when the case has salt.
#pragma once
#include <cuda_runtime.h>

#include <cstdint>

#include "gem_device_molecule.cuh"

namespace hpcs::gem::cuda {

template <class C, int VPT, class Real>
struct VertexRegs {
  Real px[VPT], py[VPT], pz[VPT], qx[VPT], qy[VPT], qz[VPT], acc[VPT];

  __device__ __forceinline__ void load(const VertexView<Real>& v, std::int64_t first, int stride) {
#pragma unroll
    for (int j = 0; j < VPT; ++j) {
      const std::int64_t k = std::int64_t(j) * stride + first < v.n ? std::int64_t(j) * stride + first : v.n - 1;
      px[j] = v.px[k], py[j] = v.py[k], pz[j] = v.pz[k], acc[j] = 0;
      if constexpr (C::salt) qx[j] = v.qx[k], qy[j] = v.qy[k], qz[j] = v.qz[k];
    }
  }

  // acc[j] += q * term(atom, vertex j) for every owned vertex: one atom read, VPT pairs.
  template <class Terms>
  __device__ __forceinline__ void add(const Atom4<Real>& a, const Terms& terms) {
#pragma unroll
    for (int j = 0; j < VPT; ++j) {
      const Real dx = a.x - px[j], dy = a.y - py[j], dz = a.z - pz[j];
      const Real d2 = dx * dx + dy * dy + dz * dz;
      Real dp2 = d2;
      if constexpr (C::salt) {
        const Real ex = a.x - qx[j], ey = a.y - qy[j], ez = a.z - qz[j];
        dp2 = ex * ex + ey * ey + ez * ez;
      }
      acc[j] += a.q * terms.template term<C>(d2, dp2);
    }
  }

  __device__ __forceinline__ void store(Real* out, std::int64_t n, std::int64_t first, int stride) const {
#pragma unroll
    for (int j = 0; j < VPT; ++j)
      if (std::int64_t(j) * stride + first < n) out[std::int64_t(j) * stride + first] = acc[j];
  }
};

}  // namespace hpcs::gem::cuda
