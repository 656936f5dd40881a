// SPDX-License-Identifier: BSD-3-Clause
// The copy both memory-energy benchmarks time (e_gs from DRAM, e_ls within L2): float4
// chunks global -> shared -> a neighbour's element back to global, a real round trip through
// shared memory, the blocks striding over the buffer from chunk `first`.
#pragma once

// Internal linkage: each benchmark file gets its own copy of these kernels.
namespace hpcs::jacobi::calib {
namespace {

// Varied bits in the source buffer: DRAM and L2 energy depend on them.
__global__ void fill_pattern(float* p, long long n) {
  for (long long i = blockIdx.x * static_cast<long long>(blockDim.x) + threadIdx.x; i < n;
       i += static_cast<long long>(gridDim.x) * blockDim.x)
    p[i] = static_cast<float>((i * 2654435761LL) % 1000003) * 1e-3f;
}

constexpr int kCopyThreads = 256;
constexpr int kCopyUnroll = 4;

// kViaL2: load with __ldcg (L2, not L1: an SM may meet a chunk again in the L2 benchmark's
// later passes); stores go to L2 either way.
template <bool kViaL2>
__device__ inline void copy_chunks(const float4* __restrict__ in, float4* __restrict__ out, long long n4,
                                   long long first, float4* buf) {
  const int t = threadIdx.x, mate = t ^ 1;  // write a neighbour's element: a real round trip through shared
  const long long chunk = static_cast<long long>(kCopyThreads) * kCopyUnroll;
  for (long long base = first * chunk; base < n4; base += gridDim.x * chunk) {
#pragma unroll
    for (int u = 0; u < kCopyUnroll; ++u) {
      const long long i = base + u * kCopyThreads + t;
      if (i < n4) buf[u * kCopyThreads + t] = kViaL2 ? __ldcg(in + i) : in[i];
    }
    __syncthreads();
#pragma unroll
    for (int u = 0; u < kCopyUnroll; ++u) {
      const long long i = base + u * kCopyThreads + mate;
      if (i < n4) out[i] = buf[u * kCopyThreads + mate];
    }
    __syncthreads();
  }
}

}  // namespace
}  // namespace hpcs::jacobi::calib
