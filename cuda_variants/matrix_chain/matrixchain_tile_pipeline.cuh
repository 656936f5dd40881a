// SPDX-License-Identifier: BSD-3-Clause
// The pieces the generic and fused kernels are made of: a block's patch and how its
// threads split it, k chunks staged global -> shared with cp.async (zero-filled past the
// edges, two in flight), the micro-tile multiply, and the tickets and flags that order
// the fused kernels' read-modify-writes of R between blocks.
//
// Every output is one fused multiply-add chain in ascending k starting from zero (or from
// the R an earlier block left, which ended that same chain): the sum order of an element
// does not depend on its position, the tile, the chunk depth or the number of rows.
#pragma once
#include <cuda/atomic>
#include <cuda_runtime.h>

#include <cstdint>
#include <type_traits>

#include "matrixchain_launch_shape.hpp"
#include "matrixchain_tiled_kernels.hpp"

namespace hpcs::matrixchain::cuda {

using Index = std::int64_t;

// Launch bounds of the generic and fused kernels; matrixchain_launch_shape.cpp's max_threads() says the same.
template <class Real, int Micro>
constexpr int kLaunchBound = (Micro == 8 && sizeof(Real) == 8) ? 256 : 512;

__device__ __forceinline__ float fused_multiply_add(float a, float b, float c) { return __fmaf_rn(a, b, c); }
__device__ __forceinline__ double fused_multiply_add(double a, double b, double c) { return __fma_rn(a, b, c); }

template <class Real>
__device__ __forceinline__ Real* dynamic_shared() {
  extern __shared__ __align__(16) unsigned char shared_raw[];
  return reinterpret_cast<Real*>(shared_raw);
}

// ---- cp.async: one element global -> shared; src_size 0 writes a zero without reading.
template <class Real>
__device__ __forceinline__ void copy_async(Real* shared_dst, const Real* global_src, bool valid) {
  static_assert(sizeof(Real) == 4 || sizeof(Real) == 8, "cp.async copies 4 or 8 bytes here");
  const auto dst = static_cast<unsigned>(__cvta_generic_to_shared(shared_dst));
  asm volatile("cp.async.ca.shared.global [%0], [%1], %2, %3;\n" ::"r"(dst), "l"(global_src),
               "n"(static_cast<int>(sizeof(Real))), "r"(valid ? static_cast<int>(sizeof(Real)) : 0)
               : "memory");
}
// 16 bytes global -> shared; the bytes past `valid_bytes` are written as zeros, unread.
// Through L1 (.ca), not around it (.cg): on an H100 the bypassing form touched 1.5x the
// 32-byte sectors a warp's 512 contiguous bytes need (ncu source counters, L2 theoretical
// sectors of LDGSTS.E.BYPASS.128.ZFILL) and L2 served 1.29x the fused-left model; with .ca
// both are 1.00x (docs/results/matrixchain_h100.md, run 6).
__device__ __forceinline__ void copy_async16(void* shared_dst, const void* global_src, int valid_bytes) {
  const auto dst = static_cast<unsigned>(__cvta_generic_to_shared(shared_dst));
  asm volatile("cp.async.ca.shared.global [%0], [%1], 16, %2;\n" ::"r"(dst), "l"(global_src), "r"(valid_bytes)
               : "memory");
}
__device__ __forceinline__ void copy_async_commit() { asm volatile("cp.async.commit_group;\n" ::: "memory"); }
template <int Pending>
__device__ __forceinline__ void copy_async_wait() {
  asm volatile("cp.async.wait_group %0;\n" ::"n"(Pending) : "memory");
}

// N consecutive elements of shared memory in 16-byte (or 8-byte) loads; the callers keep
// them aligned (rows of x + kPad elements, offsets in multiples of N).
template <int N, class Real>
__device__ __forceinline__ void load_shared(Real* out, const Real* src) {
  if constexpr (std::is_same_v<Real, float> && N % 4 == 0) {
#pragma unroll
    for (int v = 0; v < N / 4; ++v) {
      const float4 t = reinterpret_cast<const float4*>(src)[v];
      out[4 * v] = t.x, out[4 * v + 1] = t.y, out[4 * v + 2] = t.z, out[4 * v + 3] = t.w;
    }
  } else if constexpr (std::is_same_v<Real, float>) {
    static_assert(N == 2, "float vectors of 2 or 4");
    const float2 t = *reinterpret_cast<const float2*>(src);
    out[0] = t.x, out[1] = t.y;
  } else {
    static_assert(N % 2 == 0, "double vectors of 2");
#pragma unroll
    for (int v = 0; v < N / 2; ++v) {
      const double2 t = reinterpret_cast<const double2*>(src)[v];
      out[2 * v] = t.x, out[2 * v + 1] = t.y;
    }
  }
}

// A block's x-by-y patch and its threads: thread (ty, tx) keeps Micro x Micro outputs,
// rows ty*h + [0, h) and x/2 + ty*h + [0, h), columns likewise (h = Micro / 2). Within a
// warp a k row of A is read as a few broadcast vectors and a k row of B as consecutive
// vectors: no bank conflicts.
template <int Micro>
struct Patch {
  static constexpr int kHalf = Micro / 2;
  int x, y, chunk_log2;
  int row, col;  // the thread's first row and column

  __device__ Patch(int x_, int y_, int chunk_log2_) : x(x_), y(y_), chunk_log2(chunk_log2_) {
    const int across = y / Micro;
    row = (tid() / across) * kHalf;
    col = (tid() % across) * kHalf;
  }
  // Read when needed rather than held: registers go to the sums.
  __device__ int tid() const { return static_cast<int>(threadIdx.x); }
  __device__ int threads() const { return static_cast<int>(blockDim.x); }
  // The threads of the block's whole warps (all, below 32): element walks use only these,
  // so every warp starts a pass at a multiple of 32 elements, i.e. at a row's start when
  // rows are 32 / 2^j elements. With 247 threads (a 104 x 152 patch) the warps of later
  // passes started mid-row and touched each straddled row's 32-byte sector twice: 1.18x the
  // sectors of the A operand on an H100 (ncu, docs/results/matrixchain_h100.md).
  __device__ int walkers() const { return threads() < 32 ? threads() : threads() & ~31; }
  __device__ int chunk() const { return 1 << chunk_log2; }
  __device__ int row_of(int i) const { return i < kHalf ? row + i : x / 2 + row + i - kHalf; }
  __device__ int col_of(int j) const { return j < kHalf ? col + j : y / 2 + col + j - kHalf; }
  __device__ int lda() const { return x + kPad; }
  __device__ int ldb() const { return y + kPad; }
};

// The x-row operand of a product, in global memory: element (0, 0) at src, `ld` per row,
// rows at or past `valid` read as zero. Dimensions fit an int (below 2^24: check_dims);
// only offsets are 64-bit, which keeps registers for the sums.
template <class Real>
struct StagedA {
  const Real* src;
  int ld, valid;
};
// The y-column operand in global memory: element (0, 0) at src, columns past `valid` zero.
template <class Real>
struct StagedB {
  const Real* src;
  int ld, valid;
};
// An operand already in shared memory (the fused kernels' T): k row `k` at ptr + k * ld.
template <class Real>
struct Resident {
  const Real* ptr;
  int ld;
};

// Chunk [k0, k0 + chunk) of an A operand, stored transposed: dst[k * (x + kPad) + r].
// RowWalk: each thread keeps one k and steps down the rows (a few integer adds a copy, but
// 64-bit offsets held across the copies: the fused kernels spill with it, so they walk
// the chunk element by element).
template <bool RowWalk, class Real, int Micro>
__device__ __forceinline__ void stage_transposed(Real* dst, const StagedA<Real>& a, int k0, int k_valid,
                                                 const Patch<Micro>& p) {
  const int ld = p.lda();
  const int rows = a.valid < p.x ? a.valid : p.x;
  // The first (threads / chunk) * chunk threads each copy one k of every a_rows-th row;
  // a block with fewer threads than k takes the general walk.
  const int a_rows = p.threads() >> p.chunk_log2;
  if (RowWalk && a_rows > 0) {
    const int a_k = p.tid() & (p.chunk() - 1), a_row = p.tid() >> p.chunk_log2;
    if (a_row >= a_rows) return;  // beyond the whole passes of chunk threads
    const bool k_ok = k0 + a_k < k_valid;
    const Real* src = a.src + (k0 + a_k);
    Real* to = dst + a_k * ld;
    Index offset = static_cast<Index>(a_row) * a.ld;
    const Index step = static_cast<Index>(a_rows) * a.ld;
    for (int r = a_row; r < p.x; r += a_rows, offset += step) {
      const bool ok = k_ok && r < rows;
      copy_async(to + r, ok ? src + offset : a.src, ok);
    }
    return;
  }
  const int count = p.x << p.chunk_log2, mask = p.chunk() - 1, walkers = p.walkers();
  if (p.tid() >= walkers) return;
  for (int e = p.tid(); e < count; e += walkers) {
    const int r = e >> p.chunk_log2, k = e & mask;
    const bool ok = r < rows && k0 + k < k_valid;
    copy_async(dst + k * ld + r, ok ? a.src + static_cast<Index>(r) * a.ld + (k0 + k) : a.src, ok);
  }
}

// How a thread copies a B operand's chunk in 16-byte vectors: the B rows are 16-byte
// aligned and the block has a thread for every vector of a row (else element copies:
// k_step 0). A thread past the whole passes starts at k = 1 << 30 (copies nothing).
struct VectorWalk {
  int k = 0, k_step = 0, c = 0, bytes = 0;  // first k, k per pass, first column, valid bytes
};

template <class Real, int Micro>
__device__ __forceinline__ VectorWalk vector_walk(const StagedB<Real>& b, const Patch<Micro>& p) {
  constexpr int kVec = 16 / static_cast<int>(sizeof(Real));
  VectorWalk w;
  const int per_row = p.y / kVec;
  const int rows_per_pass = p.threads() / per_row;
  if (rows_per_pass == 0 || b.ld % kVec != 0 || (reinterpret_cast<std::uintptr_t>(b.src) & 15) != 0) return w;
  w.k_step = rows_per_pass;
  w.k = p.tid() < rows_per_pass * per_row ? p.tid() / per_row : 1 << 30;
  w.c = (p.tid() % per_row) * kVec;
  const int left = b.valid - w.c;
  w.bytes = left <= 0 ? 0 : left >= kVec ? 16 : left * static_cast<int>(sizeof(Real));
  return w;
}

// Chunk [k0, k0 + chunk) of a B operand (k rows of y columns): dst[k * (y + kPad) + c].
template <class Real, int Micro>
__device__ __forceinline__ void stage_rows(Real* dst, const StagedB<Real>& b, int k0, int k_valid,
                                           const Patch<Micro>& p, const VectorWalk& w) {
  const int ld = p.ldb();
  if (w.k_step > 0) {
    for (int k = w.k; k < p.chunk(); k += w.k_step) {
      const bool ok = k0 + k < k_valid && w.bytes > 0;
      copy_async16(dst + k * ld + w.c, ok ? b.src + static_cast<Index>(k0 + k) * b.ld + w.c : b.src, ok ? w.bytes : 0);
    }
    return;
  }
  // Element copies by whole warps, walking (k, c) without a division per element.
  const int walkers = p.walkers();
  if (p.tid() >= walkers) return;
  const int count = p.y << p.chunk_log2, step_k = walkers / p.y, step_c = walkers % p.y;
  int k = p.tid() / p.y, c = p.tid() % p.y;
  for (int e = p.tid(); e < count; e += walkers) {
    const bool ok = c < b.valid && k0 + k < k_valid;
    copy_async(dst + k * ld + c, ok ? b.src + static_cast<Index>(k0 + k) * b.ld + c : b.src, ok);
    k += step_k, c += step_c;
    if (c >= p.y) c -= p.y, ++k;
  }
}

// acc += the k row at a (A transposed) times the k row at b.
template <class Real, int Micro>
__device__ __forceinline__ void multiply_step(Real (&acc)[Micro][Micro], const Real* a, const Real* b,
                                              const Patch<Micro>& p) {
  constexpr int h = Patch<Micro>::kHalf;
  Real av[Micro], bv[Micro];
  load_shared<h>(av, a + p.row);
  load_shared<h>(av + h, a + p.x / 2 + p.row);
  load_shared<h>(bv, b + p.col);
  load_shared<h>(bv + h, b + p.y / 2 + p.col);
#pragma unroll
  for (int i = 0; i < Micro; ++i)
#pragma unroll
    for (int j = 0; j < Micro; ++j) acc[i][j] = fused_multiply_add(av[i], bv[j], acc[i][j]);
}

template <class Real, int Micro>
__device__ __forceinline__ void multiply_chunk(Real (&acc)[Micro][Micro], const Real* a, int lda, const Real* b,
                                               int ldb, const Patch<Micro>& p) {
  if (p.chunk() == kMaxChunk) {  // the usual depth: unrolled
#pragma unroll
    for (int k = 0; k < kMaxChunk; ++k) multiply_step(acc, a + k * lda, b + k * ldb, p);
  } else {
    for (int k = 0; k < p.chunk(); ++k) multiply_step(acc, a + k * lda, b + k * ldb, p);
  }
}

// acc += A B over k in [0, K), chunk by chunk in ascending k: a staged operand is copied
// while the chunk before it is multiplied. on_start() runs (in every thread) once the
// first chunk is on its way: the fused kernels wait there for R. Ends with a barrier, so
// the stage buffers are free again. RowWalk: as in stage_transposed.
template <bool RowWalk, class Real, int Micro, class ASource, class BSource, class OnStart>
__device__ __forceinline__ void accumulate(Real (&acc)[Micro][Micro], const ASource& a, const BSource& b, int K,
                                           const Patch<Micro>& p, Real* stage, OnStart&& on_start) {
  constexpr bool a_staged = std::is_same_v<ASource, StagedA<Real>>;
  constexpr bool b_staged = std::is_same_v<BSource, StagedB<Real>>;
  const int lda = p.lda(), ldb = p.ldb();
  const int stage_size = p.chunk() * (lda + ldb);
  const int chunks = (K + p.chunk() - 1) >> p.chunk_log2;
  const auto issue = [&](int c) {
    Real* sa = stage + (c & 1) * stage_size;
    if constexpr (a_staged) stage_transposed<RowWalk>(sa, a, c << p.chunk_log2, K, p);
    // the walk is worked out per chunk: a few integer operations beat holding 4 registers
    if constexpr (b_staged) stage_rows(sa + p.chunk() * lda, b, c << p.chunk_log2, K, p, vector_walk(b, p));
    copy_async_commit();
  };
  issue(0);
  on_start();
  for (int c = 0; c < chunks; ++c) {
    if (c + 1 < chunks) issue(c + 1);
    else copy_async_commit();  // an empty group keeps "all but the newest" meaning chunk c
    copy_async_wait<1>();
    __syncthreads();
    const Real* sa = stage + (c & 1) * stage_size;
    const int k0 = c << p.chunk_log2;
    const Real *ap = sa, *bp = sa + p.chunk() * lda;
    int a_ld = lda, b_ld = ldb;
    if constexpr (!a_staged) ap = a.ptr + k0 * a.ld, a_ld = a.ld;
    if constexpr (!b_staged) bp = b.ptr + k0 * b.ld, b_ld = b.ld;
    multiply_chunk(acc, ap, a_ld, bp, b_ld, p);
    __syncthreads();
  }
}

// A thread's outputs come in runs of kHalf consecutive columns (Patch::col_of). Stored one
// element at a time, a warp's 4-byte stores sit 16 bytes apart and L2 sees each 32-byte
// sector written in pieces (2-3x the bytes on an H100, ncu); a run is therefore moved as one
// vector access where the row stride and the address allow, so a warp writes whole sectors.
template <class Real, int N>
struct alignas(N * sizeof(Real)) Run {
  Real v[N];
};

template <class Real, int N>
__device__ __forceinline__ bool run_aligned(const Real* row_start, int ld) {
  return ld % N == 0 && reinterpret_cast<std::uintptr_t>(row_start) % (N * sizeof(Real)) == 0;
}

// N consecutive values from global memory through L2 (__ldcg: another block wrote them in
// this launch, and L1 is not coherent), in 16-byte pieces.
template <class Real, int N>
__device__ __forceinline__ void load_run_cg(Real* out, const Real* src) {
  if constexpr (std::is_same_v<Real, float> && N % 4 == 0) {
#pragma unroll
    for (int k = 0; k < N; k += 4) {
      const float4 v = __ldcg(reinterpret_cast<const float4*>(src + k));
      out[k] = v.x, out[k + 1] = v.y, out[k + 2] = v.z, out[k + 3] = v.w;
    }
  } else if constexpr (std::is_same_v<Real, float> && N == 2) {
    const float2 v = __ldcg(reinterpret_cast<const float2*>(src));
    out[0] = v.x, out[1] = v.y;
  } else {
    static_assert(std::is_same_v<Real, double> && N % 2 == 0, "runs of floats (2, 4k) or doubles (2k)");
#pragma unroll
    for (int k = 0; k < N; k += 2) {
      const double2 v = __ldcg(reinterpret_cast<const double2*>(src + k));
      out[k] = v.x, out[k + 1] = v.y;
    }
  }
}

// The runs of kHalf columns that hold the thread's outputs inside rows_valid x cols_valid
// of a row-major matrix at `base`, for store_patch and load_patch alike: run(i, h, at, whole,
// cols_left) for outputs acc[i][h .. h + kHalf), at base + at; whole: the run lies inside
// and is aligned for vector access, else only its first cols_left columns are inside.
template <class Real, int Micro, class Visit>
__device__ __forceinline__ void for_each_run(const Real* base, int ld, int rows_valid, int cols_valid,
                                             const Patch<Micro>& p, Visit&& run) {
  constexpr int H = Patch<Micro>::kHalf;
  const bool vector = run_aligned<Real, H>(base, ld);
#pragma unroll
  for (int i = 0; i < Micro; ++i) {
    const int r = p.row_of(i);
    if (r >= rows_valid) continue;
#pragma unroll
    for (int h = 0; h < Micro; h += H) {
      const int c = p.col_of(h);
      run(i, h, static_cast<Index>(r) * ld + c, vector && c + H <= cols_valid, cols_valid - c);
    }
  }
}

// The thread's outputs inside rows_valid x cols_valid of a row-major matrix at dst.
template <class Real, int Micro>
__device__ __forceinline__ void store_patch(const Real (&acc)[Micro][Micro], Real* dst, int ld, int rows_valid,
                                            int cols_valid, const Patch<Micro>& p) {
  constexpr int H = Patch<Micro>::kHalf;
  for_each_run(dst, ld, rows_valid, cols_valid, p, [&](int i, int h, Index at, bool whole, int cols_left) {
    Real* q = dst + at;
    if (whole) {
      Run<Real, H> run;
#pragma unroll
      for (int j = 0; j < H; ++j) run.v[j] = acc[i][h + j];
      *reinterpret_cast<Run<Real, H>*>(q) = run;
    } else {
#pragma unroll
      for (int j = 0; j < H; ++j)
        if (j < cols_left) q[j] = acc[i][h + j];
    }
  });
}

// The same outputs read back through L2 (load_run_cg), in the same runs.
template <class Real, int Micro>
__device__ __forceinline__ void load_patch(Real (&acc)[Micro][Micro], const Real* src, int ld, int rows_valid,
                                           int cols_valid, const Patch<Micro>& p) {
  constexpr int H = Patch<Micro>::kHalf;
  for_each_run(src, ld, rows_valid, cols_valid, p, [&](int i, int h, Index at, bool whole, int cols_left) {
    const Real* q = src + at;
    if (whole) {
      Real run[H];
      load_run_cg<Real, H>(run, q);
#pragma unroll
      for (int j = 0; j < H; ++j) acc[i][h + j] = run[j];
    } else {
#pragma unroll
      for (int j = 0; j < H; ++j)
        if (j < cols_left) acc[i][h + j] = __ldcg(q + j);
    }
  });
}

// The GEMM blocks' patch order: groups of kGroup row bands sweep the column bands
// together, so the A and B bands in use at once stay in L2.
__device__ __forceinline__ void grouped_patch(Index block, Index row_bands, Index col_bands, Index& ib, Index& jb) {
  constexpr Index kGroup = 8;
  const Index per_group = kGroup * col_bands;
  const Index group = block / per_group;
  const Index first = group * kGroup;
  const Index rows_in_group = row_bands - first < kGroup ? row_bands - first : kGroup;
  const Index in_group = block - group * per_group;
  ib = first + in_group % rows_in_group;
  jb = in_group / rows_in_group;
}

// ---- Ordering between blocks of one launch (fused kernels). Counters only grow: a
// launch's tickets and flag values start at its run's base, so they are never reset.

// The block's logical id: the order in which blocks started, so a block waits only on
// blocks with smaller ids, which are running or done (no deadlock).
__device__ __forceinline__ Index take_ticket(Counter* ticket, Counter base) {
  __shared__ Counter id;
  if (threadIdx.x == 0) id = atomicAdd(ticket, Counter{1}) - base;
  __syncthreads();
  return static_cast<Index>(id);
}

// Waits until *flag >= target (thread 0 acquires; the barrier passes it on to the block).
__device__ __forceinline__ void wait_at_least(Counter* flag, Counter target) {
  if (threadIdx.x == 0) {
    ::cuda::atomic_ref<Counter, ::cuda::thread_scope_device> f(*flag);
    while (f.load(::cuda::memory_order_acquire) < target) __nanosleep(100);
    __threadfence();
  }
  __syncthreads();
}

// Publishes this block's stores: every thread fences, then thread 0 releases the flag.
__device__ __forceinline__ void release_as(Counter* flag, Counter value) {
  __threadfence();
  __syncthreads();
  if (threadIdx.x == 0) {
    ::cuda::atomic_ref<Counter, ::cuda::thread_scope_device> f(*flag);
    f.store(value, ::cuda::memory_order_release);
  }
}

}  // namespace hpcs::matrixchain::cuda
