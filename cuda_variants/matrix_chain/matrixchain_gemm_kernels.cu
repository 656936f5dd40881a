// SPDX-License-Identifier: BSD-3-Clause
// Our output-stationary GEMM, C = A B (row-major): one block per x-by-y patch of C, k
// streamed through shared memory in chunks, the patch's sums in registers, C written once.
// Global traffic is gemm_counted(): every block reads its x rows of A and y columns of B
// once (each element of a chunk is loaded by one thread).
//
// gemm_fast_kernel: 128 or 64 rows by 128 or 64 columns at compile time (the patches of
// M = 16384 and 4096; fast_patch may narrow a 128 side to 64 where that pads less), 8 x 8
// outputs a thread, 16-byte global loads held in registers while the chunk before is
// multiplied (double-buffered shared memory, one barrier per chunk), A transposed in shared
// memory.
// gemm_tiled_kernel: any tile (matrixchain_tile_pipeline.cuh). Both sum k in ascending order from zero
// with fused multiply-adds, so they give the same bits for the same product. Products with
// too few patches to fill the GPU split k over blockIdx.y (either kernel, gemm_k_split):
// each slice writes its partial patch, sum_slices_kernel adds the slices in order.
#include <algorithm>

#include "matrixchain_kernel_checks.cuh"
#include "matrixchain_tile_pipeline.cuh"
#include "matrixchain_tiled_kernels.hpp"

namespace hpcs::matrixchain::cuda {
namespace {

// Four consecutive elements: one 16-byte access in float32, two in float64.
template <class Real>
struct Quad {
  Real v[4];
};

__device__ __forceinline__ Quad<float> load_quad(const float* p) {
  const float4 t = __ldg(reinterpret_cast<const float4*>(p));
  return {{t.x, t.y, t.z, t.w}};
}
__device__ __forceinline__ Quad<double> load_quad(const double* p) {
  const double2 t0 = __ldg(reinterpret_cast<const double2*>(p));
  const double2 t1 = __ldg(reinterpret_cast<const double2*>(p) + 1);
  return {{t0.x, t0.y, t1.x, t1.y}};
}
__device__ __forceinline__ void store_quad(float* p, const float* v) {
  *reinterpret_cast<float4*>(p) = make_float4(v[0], v[1], v[2], v[3]);
}
__device__ __forceinline__ void store_quad(double* p, const double* v) {
  reinterpret_cast<double2*>(p)[0] = make_double2(v[0], v[1]);
  reinterpret_cast<double2*>(p)[1] = make_double2(v[2], v[3]);
}

// Threads of the fast kernel's TM x TN patch (8 x 8 outputs each), and its launch bounds:
// at most 128 registers a thread in float32 (two 256-thread blocks an SM), 255 in float64.
template <int TM, int TN>
constexpr int kFastThreadsOf = TM* TN / 64;
template <class Real, int TM, int TN>
constexpr int kFastMinBlocks = (sizeof(Real) == 4 ? 2 : 1) * 256 / kFastThreadsOf<TM, TN>;

template <class Real, int TM, int TN>
__global__ void __launch_bounds__(kFastThreadsOf<TM, TN>, (kFastMinBlocks<Real, TM, TN>))
    gemm_fast_kernel(const Real* __restrict__ a, const Real* __restrict__ b, Real* __restrict__ c, Index p0, Index p1,
                     Index p2, Index row_bands, Index col_bands, Index k_slice) {
  constexpr int kT = kFastThreadsOf<TM, TN>, kK = kFastChunk, kLda = TM + kPad;
  static_assert(kK == 8 && (TM == 64 || TM == 128) && (TN == 64 || TN == 128), "the load mapping below assumes these");
  __shared__ __align__(16) Real as[2][kK][kLda];  // A chunk transposed: as[k][row]
  __shared__ __align__(16) Real bs[2][kK][TN];

  Index ib, jb;
  grouped_patch(blockIdx.x, row_bands, col_bands, ib, jb);
  const Index r0 = ib * TM, c0 = jb * TN;
  const int tid = static_cast<int>(threadIdx.x);

  // Loads: A TM rows x 8 k as 4-k vectors (2 a row), B 8 k x TN columns likewise; a thread
  // takes vectors tid, tid + kT, ...: kQA of A (rows kT / 2 apart), kQB of B (k kT / (TN / 4)
  // apart). Few registers are left beside the 64 sums: k is an int (dimensions are below
  // 2^24), pointers advance a chunk at a time, a load is in range while k0 < its limit.
  constexpr int kQA = 2 * TM / kT, kQB = 2 * TN / kT;
  constexpr int kARowStep = kT / 2, kBKStep = kT / (TN / 4);
  const int a_row = tid >> 1, a_k = (tid & 1) * 4;
  const int b_k = tid / (TN / 4), b_col = (tid % (TN / 4)) * 4;
  // This block's k slice (all of k without a split); its output is slice's partial patch.
  const Index k_begin = static_cast<Index>(blockIdx.y) * k_slice;
  const int k_end = static_cast<int>(min(p1 - k_begin, k_slice));
  c += static_cast<Index>(blockIdx.y) * p0 * p2;
  // One pointer for A's vectors: vector q is a_quad_step further (rows outside A are not read).
  const int a_limit = k_end - a_k;
  unsigned a_rows_in = 0;  // bit q: vector q's row is inside A
#pragma unroll
  for (int q = 0; q < kQA; ++q)
    if (r0 + a_row + q * kARowStep < p0) a_rows_in |= 1u << q;
  const Real* a_next = a + (r0 + a_row) * p1 + k_begin + a_k;
  const Index a_quad_step = kARowStep * p1;
  const int b_limit = c0 + b_col < p2 ? k_end - b_k : 0;
  const Real* b_next = b + (b_limit > 0 ? (k_begin + b_k) * p2 + c0 + b_col : 0);
  const Index b_step = kK * p2, b_quad_step = kBKStep * p2;
  Quad<Real> a_reg[kQA], b_reg[kQB];
  const auto load = [&](int k0) {
#pragma unroll
    for (int q = 0; q < kQA; ++q)
      a_reg[q] = k0 < a_limit && (a_rows_in >> q & 1u) ? load_quad(a_next + q * a_quad_step) : Quad<Real>{};
    a_next += kK;
#pragma unroll
    for (int q = 0; q < kQB; ++q)
      b_reg[q] = k0 + q * kBKStep < b_limit ? load_quad(b_next + q * b_quad_step) : Quad<Real>{};
    b_next += b_step;
  };
  const auto store = [&](int buf) {
#pragma unroll
    for (int q = 0; q < kQA; ++q)
#pragma unroll
      for (int e = 0; e < 4; ++e) as[buf][a_k + e][a_row + q * kARowStep] = a_reg[q].v[e];
#pragma unroll
    for (int q = 0; q < kQB; ++q) store_quad(&bs[buf][b_k + q * kBKStep][b_col], b_reg[q].v);
  };

  // Thread (ty, tx) keeps rows ty*4 + [0, 4) and TM/2 + ty*4 + [0, 4), columns likewise.
  const int tx = tid % (TN / 8), ty = tid / (TN / 8);
  Real acc[8][8] = {};
  // A k row's 8 values of A and of B for this thread, from shared memory.
  const auto fragment = [&](Real(&av)[8], Real(&bv)[8], int buf, int k) {
    load_shared<4>(av, &as[buf][k][ty * 4]);
    load_shared<4>(av + 4, &as[buf][k][TM / 2 + ty * 4]);
    load_shared<4>(bv, &bs[buf][k][tx * 4]);
    load_shared<4>(bv + 4, &bs[buf][k][TN / 2 + tx * 4]);
  };
  load(0);
  store(0);
  __syncthreads();
  for (int k0 = 0, buf = 0; k0 < k_end; k0 += kK, buf ^= 1) {
    const bool more = k0 + kK < k_end;
    if (more) load(k0 + kK);
    // The next k row's fragment is read while this one's 64 multiply-adds run: 3.5% off the
    // thesis chain on an H100 (docs/results/matrixchain_h100.md, run 6).
    Real av[2][8], bv[2][8];
    fragment(av[0], bv[0], buf, 0);
#pragma unroll
    for (int k = 0; k < kK; ++k) {
      if (k + 1 < kK) fragment(av[(k + 1) & 1], bv[(k + 1) & 1], buf, k + 1);
#pragma unroll
      for (int i = 0; i < 8; ++i)
#pragma unroll
        for (int j = 0; j < 8; ++j) acc[i][j] = fused_multiply_add(av[k & 1][i], bv[k & 1][j], acc[i][j]);
    }
    if (more) store(buf ^ 1);  // the other buffer: everyone left it at the last barrier
    __syncthreads();
  }

#pragma unroll
  for (int i = 0; i < 8; ++i) {
    const Index row = r0 + (i < 4 ? ty * 4 + i : TM / 2 + ty * 4 + i - 4);
    if (row >= p0) continue;
#pragma unroll
    for (int h = 0; h < 2; ++h) {
      const Index col = c0 + h * (TN / 2) + tx * 4;
      if (col < p2) store_quad(c + row * p2 + col, &acc[i][h * 4]);
    }
  }
}

// f(the fast kernel of a patch).
template <class Real, class F>
void with_fast_kernel(const FastPatch& patch, F&& f) {
  const bool tall = patch.x == 128, wide = patch.y == 128;
  if (tall && wide) f(gemm_fast_kernel<Real, 128, 128>);
  else if (tall) f(gemm_fast_kernel<Real, 128, 64>);
  else if (wide) f(gemm_fast_kernel<Real, 64, 128>);
  else f(gemm_fast_kernel<Real, 64, 64>);
}

// c = sum over slices s of partial[s] (n elements each), in slice order.
template <class Real>
__global__ void sum_slices_kernel(const Real* __restrict__ partial, Real* __restrict__ c, Index n, int slices) {
  for (Index i = static_cast<Index>(blockIdx.x) * blockDim.x + threadIdx.x; i < n;
       i += static_cast<Index>(gridDim.x) * blockDim.x) {
    Real sum = partial[i];
    for (int s = 1; s < slices; ++s) sum += partial[s * n + i];
    c[i] = sum;
  }
}

template <class Real, int Micro>
__global__ void __launch_bounds__(kLaunchBound<Real, Micro>)
    gemm_tiled_kernel(GemmParams<Real> g, Index row_bands, Index col_bands) {
  const Patch<Micro> p(g.x, g.y, g.chunk_log2);
  Index ib, jb;
  grouped_patch(blockIdx.x, row_bands, col_bands, ib, jb);
  const int p0 = static_cast<int>(g.p0), p1 = static_cast<int>(g.p1), p2 = static_cast<int>(g.p2);
  const int r0 = static_cast<int>(ib) * g.x, c0 = static_cast<int>(jb) * g.y;
  // This block's k slice (all of k without a split); its output is the slice's partial patch.
  const bool split = g.k_splits > 1;
  const int k_begin = split ? static_cast<int>(blockIdx.y * g.k_slice) : 0;
  const int k_len = split ? min(p1 - k_begin, static_cast<int>(g.k_slice)) : p1;
  Real* c = split ? g.partial + static_cast<Index>(blockIdx.y) * g.p0 * g.p2 : g.c;
  Real acc[Micro][Micro] = {};
  accumulate<true>(acc, StagedA<Real>{g.a + static_cast<Index>(r0) * p1 + k_begin, p1, p0 - r0},
                   StagedB<Real>{g.b + static_cast<Index>(k_begin) * p2 + c0, p2, p2 - c0}, k_len, p,
                   dynamic_shared<Real>(), [] {});
  store_patch(acc, c + static_cast<Index>(r0) * p2 + c0, p2, p0 - r0, p2 - c0, p);
}

template <class Real, class F>
void with_tiled_kernel(int micro, F&& f) {
  if (micro == 8) f(gemm_tiled_kernel<Real, 8>);
  else f(gemm_tiled_kernel<Real, 4>);
}

}  // namespace

template <class Real>
void launch_gemm(const GemmParams<Real>& g, const KernelShape& shape, bool fast, cudaStream_t stream) {
  if (g.p0 == 0 || g.p2 == 0) return;
  const Index row_bands = (g.p0 + g.x - 1) / g.x, col_bands = (g.p2 + g.y - 1) / g.y;
  const unsigned grid = grid_of(row_bands * col_bands, "gemm");
  const bool split = g.k_splits > 1;
  const dim3 blocks(grid, static_cast<unsigned>(split ? g.k_splits : 1));
  if (fast) {
    with_fast_kernel<Real>(FastPatch{g.x, g.y}, [&](auto kernel) {
      kernel<<<blocks, g.x * g.y / 64, 0, stream>>>(g.a, g.b, split ? g.partial : g.c, g.p0, g.p1, g.p2, row_bands,
                                                    col_bands, split ? g.k_slice : g.p1);
      HPCS_CUDA_CHECK_LAUNCH();
    });
  } else {
    with_tiled_kernel<Real>(shape.micro, [&](auto kernel) {
      kernel<<<blocks, shape.threads, shape.shared_bytes, stream>>>(g, row_bands, col_bands);
      HPCS_CUDA_CHECK_LAUNCH();
    });
  }
  if (split) {
    const Index n = g.p0 * g.p2;
    const unsigned sum_blocks = static_cast<unsigned>(std::min<Index>((n + 255) / 256, 4096));
    sum_slices_kernel<Real><<<sum_blocks, 256, 0, stream>>>(g.partial, g.c, n, g.k_splits);
    HPCS_CUDA_CHECK_LAUNCH();
  }
}

template <class Real>
void prepare_gemm(const KernelShape& shape, const FastPatch& fast) {
  if (fast.applies()) {
    with_fast_kernel<Real>(
        fast, [&](auto kernel) { prepare_kernel(kernel, 0, fast.x * fast.y / 64, "the fast GEMM kernel"); });
    return;
  }
  with_tiled_kernel<Real>(
      shape.micro, [&](auto kernel) { prepare_kernel(kernel, shape.shared_bytes, shape.threads, "the GEMM kernel"); });
}

template <class Real>
int gemm_blocks_per_sm(const KernelShape& shape, const FastPatch& fast) {
  int n = 0;
  if (fast.applies()) {
    with_fast_kernel<Real>(fast, [&](auto kernel) {
      HPCS_CUDA_CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&n, kernel, fast.x * fast.y / 64, 0));
    });
  } else {
    with_tiled_kernel<Real>(shape.micro, [&](auto kernel) {
      HPCS_CUDA_CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&n, kernel, shape.threads, shape.shared_bytes));
    });
  }
  return std::max(n, 1);
}

template void launch_gemm<float>(const GemmParams<float>&, const KernelShape&, bool, cudaStream_t);
template void launch_gemm<double>(const GemmParams<double>&, const KernelShape&, bool, cudaStream_t);
template void prepare_gemm<float>(const KernelShape&, const FastPatch&);
template void prepare_gemm<double>(const KernelShape&, const FastPatch&);
template int gemm_blocks_per_sm<float>(const KernelShape&, const FastPatch&);
template int gemm_blocks_per_sm<double>(const KernelShape&, const FastPatch&);

}  // namespace hpcs::matrixchain::cuda
