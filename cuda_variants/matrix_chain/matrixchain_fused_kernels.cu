// SPDX-License-Identifier: BSD-3-Clause
// The fused two-product kernels (matrixchain_model.hpp's notation: X p0 x p1, Y p1 x p2,
// Z p2 x p3, R p0 x p3). Each block computes one x-by-y patch of T with the GEMM's
// pipeline and keeps it in shared memory (phase 1), then streams the third matrix and adds
// T's share to R chunk by chunk (phase 2):
//   left  R = (X Y) Z: T = X[ib rows, :] Y[:, jb cols]; R[ib rows, chunk] += T Z[jb rows, chunk]
//   right R = X (Y Z): T = Y[ib rows, :] Z[:, jb cols]; R[chunk, jb cols] += X[chunk, ib cols] T
// Chunks are y columns of R (left) or x rows (right), so phase 2 keeps phase 1's thread
// layout. A patch's chunks are cut into `groups` runs of consecutive chunks
// (fused_chunk_groups), one block each: every block of a patch computes the same T (the
// same bits: one chain per element in the same order) and streams only its group's chunks,
// so a small T with a long streamed dimension still fills the GPU. The blocks sharing an R
// chunk update it in turn, in increasing jb (left) or ib (right); the first writes without
// reading. So traffic is left_counted() / right_counted() with the step's groups exactly
// (X and Y read once per group), and each element of R is one multiply-add chain in
// ascending k over the whole contraction: the bits of the unfused product (T Z) or (X T) of
// the same T, for any group count.
//
// Tickets: logical ids are (jb, g, ib) with ib fastest on the left and (ib, g, jb) with jb
// fastest on the right. A block waits only on the block one band earlier of its own group
// and row band (left) or column band (right), whose id is smaller by groups x row_bands
// (left) or groups x col_bands (right): chunk ch belongs to one group, so its flag is only
// ever written by that group's blocks. Ids are taken with atomicAdd when a block starts,
// so every smaller id belongs to a block that has started (resident or done); the
// unfinished block with the smallest id waits on nothing unfinished, so it completes, and
// by induction all do (no deadlock, whatever order or number of blocks the GPU runs at once).
#include <algorithm>

#include "matrixchain_kernel_checks.cuh"
#include "matrixchain_tile_pipeline.cuh"
#include "matrixchain_tiled_kernels.hpp"

namespace hpcs::matrixchain::cuda {
namespace {

// Logical ids are (jb, g, ib), ib fastest: block (ib, jb, g) waits on (ib, jb - 1, g),
// groups x row_bands tickets earlier.
template <class Real, int Micro>
__global__ void __launch_bounds__(kLaunchBound<Real, Micro>) fused_left_kernel(FusedParams<Real> f) {
  const Patch<Micro> p(f.x, f.y, f.chunk_log2);
  const Index id = take_ticket(f.ticket, f.ticket_base);
  const Index band = id / f.row_bands;  // jb * groups + g
  const int ib = static_cast<int>(id % f.row_bands), jb = static_cast<int>(band / f.groups);
  const Index g = band % f.groups;
  const int p0 = static_cast<int>(f.p0), p1 = static_cast<int>(f.p1), p2 = static_cast<int>(f.p2),
            p3 = static_cast<int>(f.p3);
  const int r0 = ib * f.x, c0 = jb * f.y;
  Real* t = dynamic_shared<Real>();  // T transposed: t[j * (x + kPad) + i]
  Real* stage = t + f.y * p.lda();

  Real acc[Micro][Micro] = {};
  accumulate<false>(acc, StagedA<Real>{f.x_mat + static_cast<Index>(r0) * p1, p1, p0 - r0},
                    StagedB<Real>{f.y_mat + c0, p2, p2 - c0}, p1, p, stage, [] {});
#pragma unroll
  for (int i = 0; i < Micro; ++i)
#pragma unroll
    for (int j = 0; j < Micro; ++j) t[p.col_of(j) * p.lda() + p.row_of(i)] = acc[i][j];
  __syncthreads();

  const int k_valid = p2 - c0 < f.y ? p2 - c0 : f.y;  // T's columns inside Y
  const int chunks = static_cast<int>(f.chunks);
  const int first = static_cast<int>(g * f.per_group);
  const int end = static_cast<int>(first + f.per_group < f.chunks ? first + f.per_group : f.chunks);
  for (int ch = first; ch < end; ++ch) {
    const int cc = ch * f.y;
    Counter* flag = f.flags + static_cast<Index>(ib) * chunks + ch;
    Real* r = f.r + static_cast<Index>(r0) * p3 + cc;
#pragma unroll
    for (int i = 0; i < Micro; ++i)
#pragma unroll
      for (int j = 0; j < Micro; ++j) acc[i][j] = Real(0);
    accumulate<false>(acc, Resident<Real>{t, p.lda()},
                      StagedB<Real>{f.z_mat + static_cast<Index>(c0) * p3 + cc, p3, p3 - cc}, k_valid, p, stage, [&] {
                        if (jb == 0) return;
                        wait_at_least(flag, f.flag_base + static_cast<Counter>(jb));
                        load_patch(acc, r, p3, p0 - r0, p3 - cc, p);
                      });
    store_patch(acc, r, p3, p0 - r0, p3 - cc, p);
    release_as(flag, f.flag_base + static_cast<Counter>(jb) + 1);
  }
}

// Logical ids are (ib, g, jb), jb fastest: block (ib, jb, g) waits on (ib - 1, jb, g),
// groups x col_bands tickets earlier.
template <class Real, int Micro>
__global__ void __launch_bounds__(kLaunchBound<Real, Micro>) fused_right_kernel(FusedParams<Real> f) {
  const Patch<Micro> p(f.x, f.y, f.chunk_log2);
  const Index id = take_ticket(f.ticket, f.ticket_base);
  const Index band = id / f.col_bands;  // ib * groups + g
  const int jb = static_cast<int>(id % f.col_bands), ib = static_cast<int>(band / f.groups);
  const Index g = band % f.groups;
  const int p0 = static_cast<int>(f.p0), p1 = static_cast<int>(f.p1), p2 = static_cast<int>(f.p2),
            p3 = static_cast<int>(f.p3);
  const int r0 = ib * f.x, c0 = jb * f.y;
  Real* t = dynamic_shared<Real>();  // T: t[i * (y + kPad) + j]
  Real* stage = t + f.x * p.ldb();

  Real acc[Micro][Micro] = {};
  accumulate<false>(acc, StagedA<Real>{f.y_mat + static_cast<Index>(r0) * p2, p2, p1 - r0},
                    StagedB<Real>{f.z_mat + c0, p3, p3 - c0}, p2, p, stage, [] {});
#pragma unroll
  for (int i = 0; i < Micro; ++i)
#pragma unroll
    for (int j = 0; j < Micro; ++j) t[p.row_of(i) * p.ldb() + p.col_of(j)] = acc[i][j];
  __syncthreads();

  const int k_valid = p1 - r0 < f.x ? p1 - r0 : f.x;  // T's rows inside Y
  const int chunks = static_cast<int>(f.chunks);
  const int first = static_cast<int>(g * f.per_group);
  const int end = static_cast<int>(first + f.per_group < f.chunks ? first + f.per_group : f.chunks);
  for (int ch = first; ch < end; ++ch) {
    const int rr = ch * f.x;
    Counter* flag = f.flags + static_cast<Index>(jb) * chunks + ch;
    Real* r = f.r + static_cast<Index>(rr) * p3 + c0;
#pragma unroll
    for (int i = 0; i < Micro; ++i)
#pragma unroll
      for (int j = 0; j < Micro; ++j) acc[i][j] = Real(0);
    accumulate<false>(acc, StagedA<Real>{f.x_mat + static_cast<Index>(rr) * p1 + r0, p1, p0 - rr},
                      Resident<Real>{t, p.ldb()}, k_valid, p, stage, [&] {
                        if (ib == 0) return;
                        wait_at_least(flag, f.flag_base + static_cast<Counter>(ib));
                        load_patch(acc, r, p3, p0 - rr, p3 - c0, p);
                      });
    store_patch(acc, r, p3, p0 - rr, p3 - c0, p);
    release_as(flag, f.flag_base + static_cast<Counter>(ib) + 1);
  }
}

template <class Real, class F>
void with_fused_kernel(StepKind kind, int micro, F&& f) {
  if (kind == StepKind::FusedLeft) {
    if (micro == 8) f(fused_left_kernel<Real, 8>);
    else f(fused_left_kernel<Real, 4>);
  } else {
    if (micro == 8) f(fused_right_kernel<Real, 8>);
    else f(fused_right_kernel<Real, 4>);
  }
}

template <class Real>
void launch_fused(StepKind kind, const FusedParams<Real>& f, const KernelShape& shape, cudaStream_t stream) {
  if (f.p0 == 0) return;
  const unsigned grid = grid_of(f.row_bands * f.col_bands * f.groups, "fused product");
  with_fused_kernel<Real>(kind, shape.micro, [&](auto kernel) {
    kernel<<<grid, shape.threads, shape.shared_bytes, stream>>>(f);
    HPCS_CUDA_CHECK_LAUNCH();
  });
}

}  // namespace

template <class Real>
void launch_fused_left(const FusedParams<Real>& f, const KernelShape& shape, cudaStream_t stream) {
  launch_fused(StepKind::FusedLeft, f, shape, stream);
}

template <class Real>
void launch_fused_right(const FusedParams<Real>& f, const KernelShape& shape, cudaStream_t stream) {
  launch_fused(StepKind::FusedRight, f, shape, stream);
}

template <class Real>
void prepare_fused(StepKind kind, const KernelShape& shape) {
  with_fused_kernel<Real>(kind, shape.micro, [&](auto kernel) {
    prepare_kernel(kernel, shape.shared_bytes, shape.threads, "the fused kernel");
  });
}

template <class Real>
int fused_blocks_per_sm(StepKind kind, const KernelShape& shape) {
  int n = 0;
  with_fused_kernel<Real>(kind, shape.micro, [&](auto kernel) {
    HPCS_CUDA_CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&n, kernel, shape.threads, shape.shared_bytes));
  });
  return std::max(n, 1);
}

template void launch_fused_left<float>(const FusedParams<float>&, const KernelShape&, cudaStream_t);
template void launch_fused_left<double>(const FusedParams<double>&, const KernelShape&, cudaStream_t);
template void launch_fused_right<float>(const FusedParams<float>&, const KernelShape&, cudaStream_t);
template void launch_fused_right<double>(const FusedParams<double>&, const KernelShape&, cudaStream_t);
template void prepare_fused<float>(StepKind, const KernelShape&);
template void prepare_fused<double>(StepKind, const KernelShape&);
template int fused_blocks_per_sm<float>(StepKind, const KernelShape&);
template int fused_blocks_per_sm<double>(StepKind, const KernelShape&);

}  // namespace hpcs::matrixchain::cuda
