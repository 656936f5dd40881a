// SPDX-License-Identifier: BSD-3-Clause
// RK-1..RK-7: the seven reduction kernels of Yen, Lee & Lee (2017), which follow
// Harris, "Optimizing Parallel Reduction in CUDA" (2007), one optimization per step.
// Each block reduces its part of `in` to one partial sum in out[blockIdx.x]; the host
// relaunches the same kernel on the partial sums until one value is left.
// The loads and trees are shared with the Kokkos variants (reduction_body.hpp).
//
// Deliberate deviations from the 2007 code, all for correctness:
//  - tails: n need not be a multiple of the elements a block covers (bounds checks);
//  - RK-5/6/7 last warp: Harris relies on implicit warp-synchronous execution through a
//    volatile pointer. Since Volta (independent thread scheduling) that is a race, so each
//    step reads into a register, __syncwarp()s, writes, and __syncwarp()s again;
//  - int32 inputs accumulate in int64 (Acc), so sums are exact for any n we can hold;
//  - 64-bit global indices, so n may exceed 2^32.
#pragma once
#include <cstddef>

#include "reduction_body.hpp"

namespace hpcs::reduction::cuda {

// Dynamic shared memory, typed per instantiation (one `extern` array for all types).
template <class Acc>
__device__ Acc* shared_partials() {
  extern __shared__ __align__(16) unsigned char hpcs_rk_smem[];
  return reinterpret_cast<Acc*>(hpcs_rk_smem);
}

struct SyncThreads {
  __device__ void operator()() const { __syncthreads(); }
};

// The last warp without __syncthreads (RK-5..7), safe under independent thread
// scheduling: read into a register, __syncwarp, write, __syncwarp. Needs a block of at
// least 64 threads; s[0..64) holds the partial sums on entry.
template <class Acc>
__device__ void warp_tail(Acc* s, unsigned tid) {
  Acc v = s[tid];
#pragma unroll
  for (unsigned stride = 32; stride > 0; stride >>= 1) {
    v += s[tid + stride];
    __syncwarp();
    s[tid] = v;
    __syncwarp();
  }
}

template <class Acc>
__device__ void store_block_sum(const Acc* s, Acc* out) {
  if (threadIdx.x == 0) out[blockIdx.x] = s[0];
}

// Global index of this thread's first element when a block covers `per_block` elements.
__device__ inline std::size_t first_index(unsigned per_block) {
  return std::size_t(blockIdx.x) * per_block + threadIdx.x;
}

// RK-1..3 load one element per thread into shared memory, RK-4/5 add two on the way (a
// block covers twice its threads); the partial sums are ready for the tree on return.
template <class In, class Acc>
__device__ Acc* load_one_each(const In* __restrict__ in, std::size_t n) {
  Acc* s = shared_partials<Acc>();
  s[threadIdx.x] = body::load_one<In, Acc>(in, n, first_index(blockDim.x));
  __syncthreads();
  return s;
}

template <class In, class Acc>
__device__ Acc* load_pair_each(const In* __restrict__ in, std::size_t n) {
  Acc* s = shared_partials<Acc>();
  s[threadIdx.x] = body::load_pair<In, Acc>(in, n, first_index(2 * blockDim.x), blockDim.x);
  __syncthreads();
  return s;
}

template <class In, class Acc>
__global__ void rk1(const In* __restrict__ in, Acc* __restrict__ out, std::size_t n) {
  Acc* s = load_one_each<In, Acc>(in, n);
  body::tree_interleaved_divergent(s, threadIdx.x, blockDim.x, SyncThreads{});
  store_block_sum(s, out);
}

template <class In, class Acc>
__global__ void rk2(const In* __restrict__ in, Acc* __restrict__ out, std::size_t n) {
  Acc* s = load_one_each<In, Acc>(in, n);
  body::tree_interleaved_strided(s, threadIdx.x, blockDim.x, SyncThreads{});
  store_block_sum(s, out);
}

template <class In, class Acc>
__global__ void rk3(const In* __restrict__ in, Acc* __restrict__ out, std::size_t n) {
  Acc* s = load_one_each<In, Acc>(in, n);
  body::tree_sequential(s, threadIdx.x, blockDim.x, 0, SyncThreads{});
  store_block_sum(s, out);
}

template <class In, class Acc>
__global__ void rk4(const In* __restrict__ in, Acc* __restrict__ out, std::size_t n) {
  Acc* s = load_pair_each<In, Acc>(in, n);
  body::tree_sequential(s, threadIdx.x, blockDim.x, 0, SyncThreads{});
  store_block_sum(s, out);
}

template <class In, class Acc>
__global__ void rk5(const In* __restrict__ in, Acc* __restrict__ out, std::size_t n) {
  Acc* s = load_pair_each<In, Acc>(in, n);
  body::tree_sequential(s, threadIdx.x, blockDim.x, 32, SyncThreads{});
  if (threadIdx.x < 32) warp_tail(s, threadIdx.x);
  store_block_sum(s, out);
}

template <unsigned Block, class In, class Acc>
__global__ void __launch_bounds__(Block) rk6(const In* __restrict__ in, Acc* __restrict__ out, std::size_t n) {
  Acc* s = shared_partials<Acc>();
  s[threadIdx.x] = body::load_pair<In, Acc>(in, n, first_index(2 * Block), Block);
  __syncthreads();
  body::tree_unrolled<Block, 32>(s, threadIdx.x, SyncThreads{});
  if (threadIdx.x < 32) warp_tail(s, threadIdx.x);
  store_block_sum(s, out);
}

template <unsigned Block, int Unroll, class In, class Acc>
__global__ void __launch_bounds__(Block) rk7(const In* __restrict__ in, Acc* __restrict__ out, std::size_t n) {
  Acc* s = shared_partials<Acc>();
  const std::size_t grid_size = std::size_t(2 * Block) * gridDim.x;
  s[threadIdx.x] = body::load_cascaded<Unroll, In, Acc>(in, n, first_index(2 * Block), Block, grid_size);
  __syncthreads();
  body::tree_unrolled<Block, 32>(s, threadIdx.x, SyncThreads{});
  if (threadIdx.x < 32) warp_tail(s, threadIdx.x);
  store_block_sum(s, out);
}

// Beyond the paper (issue 31): RK-7 whose first pass reads 16 bytes per load (float4, int4,
// double2), as CUB does, so each thread keeps 4x the bytes in flight for the same Unroll.
// Elements are added lane by lane in a different order than rk7's, so float sums differ
// from it within the reduction's tolerance; the n % W tail goes to block 0.
template <class In>
struct Vec16;
template <>
struct Vec16<float> {
  using type = float4;
};
template <>
struct Vec16<int> {
  using type = int4;
};
template <>
struct Vec16<double> {
  using type = double2;
};

template <class Acc, class V>
__device__ inline Acc lanes(const V& v) {
  if constexpr (sizeof(V) / sizeof(v.x) == 4) return ((Acc(v.x) + Acc(v.y)) + Acc(v.z)) + Acc(v.w);
  else return Acc(v.x) + Acc(v.y);
}

template <unsigned Block, int Unroll, class In, class Acc>
__global__ void __launch_bounds__(Block) rk7_vec(const In* __restrict__ in, Acc* __restrict__ out, std::size_t n) {
  using V = typename Vec16<In>::type;
  constexpr std::size_t W = sizeof(V) / sizeof(In);
  Acc* s = shared_partials<Acc>();
  const V* __restrict__ v = reinterpret_cast<const V*>(in);  // cudaMalloc'd: 256-byte aligned
  const std::size_t nv = n / W, stride = std::size_t(Block) * gridDim.x;
  std::size_t i = std::size_t(blockIdx.x) * Block + threadIdx.x;
  Acc sum = 0;
  while (i + (Unroll - 1) * stride < nv) {
    V a[Unroll];
#pragma unroll
    for (int u = 0; u < Unroll; ++u) a[u] = v[i + u * stride];
#pragma unroll
    for (int u = 0; u < Unroll; ++u) sum += lanes<Acc>(a[u]);
    i += Unroll * stride;
  }
  for (; i < nv; i += stride) sum += lanes<Acc>(v[i]);
  if (blockIdx.x == 0 && threadIdx.x < n - nv * W) sum += Acc(in[nv * W + threadIdx.x]);
  s[threadIdx.x] = sum;
  __syncthreads();
  body::tree_unrolled<Block, 32>(s, threadIdx.x, SyncThreads{});
  if (threadIdx.x < 32) warp_tail(s, threadIdx.x);
  store_block_sum(s, out);
}

}  // namespace hpcs::reduction::cuda
