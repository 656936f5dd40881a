// SPDX-License-Identifier: BSD-3-Clause
// cuda/naive: one launch per time step, reading one buffer and writing the other. 2D: a
// thread owns one column j (a warp reads 32 consecutive j: coalesced) and kRows
// consecutive rows, so each point loads about one new value from DRAM (up/down rows are
// shared with the thread's other rows, left/right come from the same cache lines). 3D: the
// same along S1 planes: a thread owns point k of line j (a warp reads 32 consecutive k) and
// walks kRows consecutive planes with (i-1, i, i+1) in registers.
#include <algorithm>

#include "jacobi_cuda_common.cuh"
#include "jacobi_cuda_factories.hpp"
#include "jacobi_naive3d.hpp"
#include "jacobi_stencil.hpp"

namespace hpcs::jacobi::cuda {
namespace {

constexpr int kDefaultThreads = 256;
constexpr int kRows = 8;  // 2D: rows per thread
constexpr int kPer = 4;   // 1D: points per thread

// A thread's loads are all issued before its first store (restrict pointers, no guards in
// the full tiles), so several DRAM loads per thread are in flight: one 4-byte load per
// thread at a time does not cover the memory latency at full bandwidth.
template <class Real>
__global__ void naive1d_kernel(const Real* __restrict__ in, Real* __restrict__ out, std::int64_t n1) {
  const std::int64_t tile = static_cast<std::int64_t>(kPer) * blockDim.x;
  for (std::int64_t i0 = static_cast<std::int64_t>(blockIdx.x) * tile + threadIdx.x + 1; i0 <= n1;
       i0 += static_cast<std::int64_t>(gridDim.x) * tile) {
    if (i0 + (kPer - 1) * static_cast<std::int64_t>(blockDim.x) <= n1) {
      Real l[kPer], c[kPer], r[kPer];
#pragma unroll
      for (int u = 0; u < kPer; ++u) {
        const Real* p = in + i0 + static_cast<std::int64_t>(u) * blockDim.x;
        l[u] = p[-1];
        c[u] = p[0];
        r[u] = p[1];
      }
#pragma unroll
      for (int u = 0; u < kPer; ++u)
        out[i0 + static_cast<std::int64_t>(u) * blockDim.x] = jacobi1d_update(l[u], c[u], r[u]);
    } else {
      for (std::int64_t i = i0; i <= n1; i += blockDim.x) out[i] = jacobi1d_update(in[i - 1], in[i], in[i + 1]);
    }
  }
}

template <class Real, class St>
__global__ void naive2d_kernel(const Real* __restrict__ in, Real* __restrict__ out, std::int64_t n1, std::int64_t n2) {
  const std::int64_t j = static_cast<std::int64_t>(blockIdx.x) * blockDim.x + threadIdx.x + 1;
  if (j > n2) return;
  const std::int64_t cols = n2 + 2;
  for (std::int64_t i0 = static_cast<std::int64_t>(blockIdx.y) * kRows + 1; i0 <= n1;
       i0 += static_cast<std::int64_t>(gridDim.y) * kRows) {
    const Real* c = in + (i0 - 1) * cols + j;
    Real* o = out + i0 * cols + j;
    if (i0 + kRows - 1 <= n1) {
      Real v[kRows + 2], l[kRows], r[kRows];
#pragma unroll
      for (int k = 0; k < kRows + 2; ++k) v[k] = c[k * cols];
#pragma unroll
      for (int k = 0; k < kRows; ++k) {
        l[k] = c[(k + 1) * cols - 1];
        r[k] = c[(k + 1) * cols + 1];
      }
#pragma unroll
      for (int k = 0; k < kRows; ++k) o[k * cols] = St::apply(v[k + 1], v[k], v[k + 2], l[k], r[k]);
    } else {
      Real up = c[0], ce = c[cols];
      for (std::int64_t i = i0; i <= n1; ++i) {
        c += cols;
        const Real dn = c[cols];
        *o = St::apply(ce, up, dn, c[-1], c[1]);
        o += cols;
        up = ce;
        ce = dn;
      }
    }
  }
}

// blockIdx.x: k, blockIdx.y: lines j (grid-stride), blockIdx.z: runs of kRows planes (grid-stride).
template <class Real, class St>
__global__ void naive3d_kernel(const Real* __restrict__ in, Real* __restrict__ out, std::int64_t n1, std::int64_t n2,
                               std::int64_t n3) {
  const std::int64_t k = static_cast<std::int64_t>(blockIdx.x) * blockDim.x + threadIdx.x + 1;
  if (k > n3) return;
  const std::int64_t line = n3 + 2, plane = (n2 + 2) * line;
  for (std::int64_t j = static_cast<std::int64_t>(blockIdx.y) + 1; j <= n2; j += gridDim.y)
    for (std::int64_t i0 = static_cast<std::int64_t>(blockIdx.z) * kRows + 1; i0 <= n1;
         i0 += static_cast<std::int64_t>(gridDim.z) * kRows)
      naive3d_planes<St>(in, out, i0, kRows, n1, j, k, plane, line);
}

template <class Real>
class NaiveSolver final : public CudaSolver<Real> {
 public:
  explicit NaiveSolver(const Tuning& t) : threads_(t.threads > 0 ? t.threads : kDefaultThreads) {
    if (auto why = naive_rejects(Problem{}, t)) throw Error(*why);
  }

  nlohmann::json details() const override {
    const int dims = this->p_.dims;
    const int per_sm =
        dims == 3
            ? with_stencil3d(this->p_.stencil,
                             [&](auto st) { return blocks_per_sm(naive3d_kernel<Real, decltype(st)>, threads_, 0); })
        : dims == 2
            ? with_stencil(this->p_.stencil,
                           [&](auto st) { return blocks_per_sm(naive2d_kernel<Real, decltype(st)>, threads_, 0); })
            : blocks_per_sm(naive1d_kernel<Real>, threads_, 0);
    return {{"launches", this->launches_},
            {"threads_per_block", threads_},
            {"rows_per_thread", dims == 1 ? 1 : kRows},
            {"shared_bytes_per_block", 0},
            {"blocks_per_sm", per_sm}};
  }

 private:
  std::int64_t launch(std::int64_t steps, Real* a, Real* b) override {
    const Problem& p = this->p_;
    for (std::int64_t s = 0; s < steps; ++s) {
      const Real* in = s % 2 ? b : a;
      Real* out = s % 2 ? a : b;
      if (p.dims == 1) {
        const std::int64_t blocks = std::min<std::int64_t>((p.n1 + kPer * threads_ - 1) / (kPer * threads_), 1 << 30);
        naive1d_kernel<Real><<<static_cast<unsigned>(blocks), threads_>>>(in, out, p.n1);
      } else if (p.dims == 3) {
        launch3d(in, out);
      } else {
        const std::int64_t bx = (p.n2 + threads_ - 1) / threads_;
        const std::int64_t by = std::min<std::int64_t>((p.n1 + kRows - 1) / kRows, 65535);
        if (bx > (1LL << 31) - 1) throw Error("cuda/naive: n2 = " + std::to_string(p.n2) + " is too wide for one grid");
        with_stencil(p.stencil, [&](auto st) {
          naive2d_kernel<Real, decltype(st)>
              <<<dim3(static_cast<unsigned>(bx), static_cast<unsigned>(by)), threads_>>>(in, out, p.n1, p.n2);
        });
      }
      HPCS_CUDA_CHECK_LAUNCH();
    }
    return steps;
  }

  void launch3d(const Real* in, Real* out) const {
    const Problem& p = this->p_;
    const std::int64_t bx = (p.n3 + threads_ - 1) / threads_;
    if (bx > (1LL << 31) - 1) throw Error("cuda/naive: n3 = " + std::to_string(p.n3) + " is too wide for one grid");
    const dim3 grid(static_cast<unsigned>(bx), static_cast<unsigned>(std::min<std::int64_t>(p.n2, 65535)),
                    static_cast<unsigned>(std::min<std::int64_t>((p.n1 + kRows - 1) / kRows, 65535)));
    with_stencil3d(p.stencil,
                   [&](auto st) { naive3d_kernel<Real, decltype(st)><<<grid, threads_>>>(in, out, p.n1, p.n2, p.n3); });
  }

  int threads_;
};

}  // namespace

std::optional<std::string> naive_rejects(const Problem&, const Tuning& t) {
  if (t.threads < 0 || t.threads > 1024)
    return "cuda/naive: threads = " + std::to_string(t.threads) + " per block; CUDA allows 1 to 1024";
  return std::nullopt;
}

SolverFactories naive_factories() { return factories_of<NaiveSolver>(); }

}  // namespace hpcs::jacobi::cuda
