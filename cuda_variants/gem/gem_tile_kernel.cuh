// SPDX-License-Identifier: BSD-3-Clause
// The shared-memory tile kernel of steps 4-6: a block owns block x VPT vertices (VPT per
// thread, in registers) and walks its atom range in tiles staged in shared memory (packed
// x, y, z, q: one 128-bit load per atom in float32); every thread reads each staged atom
// once for all its vertices. Step 4 runs it with VPT = 1, step 5 with VPT > 1, step 6 with
// the fast terms and blockIdx.y selecting a split of the atom loop, whose partial sums go to
// row blockIdx.y of a [splits x vertices] buffer (sum_splits adds the rows in order).
#pragma once
#include <cuda_runtime.h>

#include <cstdint>
#include <type_traits>

#include "gem_device_molecule.cuh"
#include "gem_vertex_regs.cuh"
#include "hpcs/cuda/check.hpp"

namespace hpcs::gem::cuda {

template <class Terms>
struct TileArgs {
  using Real = typename Terms::Real;
  const Atom4<Real>* atoms;
  int n_atoms;
  int per_split;  // atoms per split (blockIdx.y); n_atoms without splits
  int tile;       // atoms staged per tile
  VertexView<Real> v;
  Real* out;  // row blockIdx.y of out (rows of v.n values)
  Terms terms;
};

template <class Real>
__device__ Atom4<Real>* shared_atoms() {
  extern __shared__ __align__(32) unsigned char hpcs_gem_smem[];
  return reinterpret_cast<Atom4<Real>*>(hpcs_gem_smem);
}

template <class C, int VPT, class Terms>
__global__ void tile_kernel(const TileArgs<Terms> a) {
  using Real = typename Terms::Real;
  Atom4<Real>* tile = shared_atoms<Real>();
  const int stride = static_cast<int>(blockDim.x);
  const std::int64_t first = std::int64_t(blockIdx.x) * stride * VPT + threadIdx.x;
  VertexRegs<C, VPT, Real> regs;
  regs.load(a.v, first, stride);
  const int begin = static_cast<int>(blockIdx.y) * a.per_split;
  const int end = begin + a.per_split < a.n_atoms ? begin + a.per_split : a.n_atoms;
  for (int t0 = begin; t0 < end; t0 += a.tile) {
    const int count = t0 + a.tile < end ? a.tile : end - t0;
    __syncthreads();  // the previous tile is no longer read
    for (int i = static_cast<int>(threadIdx.x); i < count; i += stride) tile[i] = a.atoms[t0 + i];
    __syncthreads();
#pragma unroll(VPT > 2 ? 2 : 4)
    for (int i = 0; i < count; ++i) regs.add(tile[i], a.terms);
  }
  regs.store(a.out + std::int64_t(blockIdx.y) * a.v.n, a.v.n, first, stride);
}

template <class C, int VPT, class Terms>
void launch_tile(const TileArgs<Terms>& a, int block, int splits) {
  using Real = typename Terms::Real;
  const std::int64_t per_block = std::int64_t(block) * VPT;
  const dim3 grid(static_cast<unsigned>((a.v.n + per_block - 1) / per_block), static_cast<unsigned>(splits));
  tile_kernel<C, VPT, Terms><<<grid, block, std::size_t(a.tile) * sizeof(Atom4<Real>)>>>(a);
  HPCS_CUDA_CHECK_LAUNCH();
}

}  // namespace hpcs::gem::cuda
