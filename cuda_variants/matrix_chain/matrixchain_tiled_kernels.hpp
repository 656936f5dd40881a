// SPDX-License-Identifier: BSD-3-Clause
// Launchers of our own tiled kernels (matrixchain_gemm_kernels.cu, matrixchain_fused_kernels.cu): what one step
// passes, and which kernel a shape selects. Dimensions are the step's local ones.
#pragma once
#include <cuda_runtime.h>

#include <cstdint>

#include "matrixchain_launch_shape.hpp"

namespace hpcs::matrixchain::cuda {

using Counter = unsigned long long;  // tickets and flags of the fused kernels

// C (p0 x p2) = A (p0 x p1) B (p1 x p2), row-major, one block per x-by-y patch of C.
template <class Real>
struct GemmParams {
  const Real* a = nullptr;
  const Real* b = nullptr;
  Real* c = nullptr;
  std::int64_t p0 = 0, p1 = 0, p2 = 0;
  int x = 0, y = 0, chunk_log2 = 3;
  // Split-K: slice s of k (blockIdx.y) writes partial + s p0 p2, then one pass sums the
  // slices into c in slice order (deterministic).
  int k_splits = 1;
  std::int64_t k_slice = 0;
  Real* partial = nullptr;
};

// Left R = (X Y) Z: T = X Y in x (along p0) by y (along p2) patches; right R = X (Y Z):
// T = Y Z in x (along p1) by y (along p3) patches. X p0 x p1, Y p1 x p2, Z p2 x p3, R p0 x p3.
// The blocks that update the same R rows (left) or columns (right) take turns per chunk
// of R, ordered by flags; tickets and flags count up across runs from the bases. Each T
// patch has `groups` blocks (fused_chunk_groups), group g updating chunks
// [g per_group, (g + 1) per_group) of its R rows (left) or columns (right).
template <class Real>
struct FusedParams {
  const Real* x_mat = nullptr;
  const Real* y_mat = nullptr;
  const Real* z_mat = nullptr;
  Real* r = nullptr;
  std::int64_t p0 = 0, p1 = 0, p2 = 0, p3 = 0;
  int x = 0, y = 0, chunk_log2 = 3;
  std::int64_t row_bands = 0, col_bands = 0;  // of T
  std::int64_t chunks = 0;                    // R chunks of a T patch's R rows (left) or columns (right)
  std::int64_t groups = 1, per_group = 0;     // chunk groups, chunks per group (the last may have fewer)
  Counter* ticket = nullptr;                  // 1 counter
  Counter* flags = nullptr;                   // (left: row_bands, right: col_bands) x chunks
  Counter ticket_base = 0, flag_base = 0;
};

// log2 of a chunk depth (a power of two), as the kernels take it.
inline int log2_of(int chunk) {
  int l = 0;
  while ((1 << l) < chunk) ++l;
  return l;
}

// Each launches on `stream` and checks the launch; nothing is launched for an empty output.
// fast: the fast kernel of patch g.x x g.y (fast_patch), else the generic one of `shape`.
template <class Real>
void launch_gemm(const GemmParams<Real>& g, const KernelShape& shape, bool fast, cudaStream_t stream);
template <class Real>
void launch_fused_left(const FusedParams<Real>& f, const KernelShape& shape, cudaStream_t stream);
template <class Real>
void launch_fused_right(const FusedParams<Real>& f, const KernelShape& shape, cudaStream_t stream);

// Raises the dynamic shared-memory limit of the kernel a shape selects to its need, and
// checks that its registers allow the shape's threads (throws hpcs::Error otherwise).
template <class Real>
void prepare_gemm(const KernelShape& shape, const FastPatch& fast);
// Blocks of the GEMM kernel a shape (or fast patch) selects that one SM holds at once.
template <class Real>
int gemm_blocks_per_sm(const KernelShape& shape, const FastPatch& fast);
template <class Real>
void prepare_fused(StepKind kind, const KernelShape& shape);
// Blocks of the fused kernel a step's kind and shape select that one SM holds at once.
template <class Real>
int fused_blocks_per_sm(StepKind kind, const KernelShape& shape);

}  // namespace hpcs::matrixchain::cuda
