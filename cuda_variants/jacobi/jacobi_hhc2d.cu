// SPDX-License-Identifier: BSD-3-Clause
// cuda/tiled in 2D: HHC. Hexagons over (t, S1), one launch per wavefront (two per band of
// t_T steps), one thread block per hexagon walking its prism along S2 in time-skewed
// sub-prisms (jacobi_hhc2d_block.hpp).
#include <algorithm>
#include <climits>
#include <type_traits>

#include "jacobi_hhc2d_block.hpp"
#include "jacobi_hhc2d_fast_block.hpp"
#include "jacobi_cuda_common.cuh"
#include "jacobi_cuda_factories.hpp"

namespace hpcs::jacobi::cuda {
namespace {

constexpr int kRound = 32;  // circular buffer columns: whole warps of banks
static_assert(kRound == blocks::kRoundFixed, "fixed-shape kernels assume the GPU's period rounding");

// kS2, kT: 0 = any shape; otherwise the shape compiled in (constant strides and modulo).
// St: the stencil (Jacobi's fixed shapes only: the others run the generic shape).
template <class Real, int kS2 = 0, int kT = 0, class St = Jacobi2D>
__global__ void __launch_bounds__(1024)
    hhc2d_kernel(const __grid_constant__ blocks::Hhc2dParams<Real> p, const std::int64_t w) {
  extern __shared__ __align__(16) unsigned char smem[];
  Real* b0 = reinterpret_cast<Real*>(smem + rows_bytes(p.h.t_T));
  Real* b1 = b0 + p.nr * p.rs;
  DeviceMem<Real> m{reinterpret_cast<blocks::RowInfo*>(smem), b0, b1, b1 + p.nr * p.rs};
  const blocks::Hhc2dBlock<Real, DeviceMem<Real>, kS2, kT, St> blk(p, m, w, blockIdx.x, static_cast<int>(threadIdx.x));
  blk.for_each_phase([&](const blocks::Phase& ph) {
    blk.run(ph);
    __syncthreads();
  });
}

// Shape (t_S2, t_T, t_S1) compiled in, threads = t_S2: the wavefronts whose hexagons have
// all t_T rows (all but wavefront 0 and the ones cut at time T, which run hhc2d_kernel).
template <class Real, int kS2, int kT, int kS1>
__global__ void __launch_bounds__(kS2, kS2 <= 256 ? 3 : 2)
    hhc2d_fast_kernel(const __grid_constant__ blocks::Hhc2dParams<Real> p, const std::int64_t w) {
  extern __shared__ __align__(16) unsigned char smem[];
  using Fast = blocks::Hhc2dFastBlock<Real, DeviceMem<Real>, kS2, kT, kS1>;
  Real* b0 = reinterpret_cast<Real*>(smem);
  Real* b1 = b0 + Fast::elems(0);
  DeviceMem<Real> m{nullptr, b0, b1, b1 + Fast::elems(1)};
  const Fast blk(p, m, w, blockIdx.x, static_cast<int>(threadIdx.x));
  blk.run_all([] { __syncthreads(); });
}

template <class Real>
using Hhc2dKernel = void (*)(blocks::Hhc2dParams<Real>, std::int64_t);

struct FastKernel {
  const void* fn = nullptr;  // hhc2d_fast_kernel<Real, ...>, nullptr if the shape has none
  std::size_t smem = 0;      // its shared bytes per block
};

template <class Real, int kS2, int kT, int kS1>
FastKernel fast_entry() {
  using Fast = blocks::Hhc2dFastBlock<Real, DeviceMem<Real>, kS2, kT, kS1>;
  return {reinterpret_cast<const void*>(hhc2d_fast_kernel<Real, kS2, kT, kS1>),
          (Fast::elems(0) + Fast::elems(1) + Fast::elems(2)) * sizeof(Real)};
}

// Shapes with a kernel of their own for full hexagons (Jacobi, float32, threads = t_S2).
template <class Real>
FastKernel fast_kernel_for(const Tuning& t, Stencil stencil) {
  if constexpr (std::is_same_v<Real, float>) {
    if (t.threads != t.t_S2 || stencil != Stencil::Jacobi) return {};
#define HPCS_HHC2D_FAST(S2, T, S1) \
  if (t.t_S2 == S2 && t.t_T == T && t.t_S1 == S1) return fast_entry<Real, S2, T, S1>();
    HPCS_HHC2D_FAST(256, 16, 9)
    HPCS_HHC2D_FAST(256, 24, 6)
    HPCS_HHC2D_FAST(128, 16, 9)
    HPCS_HHC2D_FAST(384, 16, 9)
    HPCS_HHC2D_FAST(384, 16, 10)
    HPCS_HHC2D_FAST(384, 16, 11)
    HPCS_HHC2D_FAST(416, 16, 9)
    HPCS_HHC2D_FAST(384, 24, 6)
    HPCS_HHC2D_FAST(384, 20, 8)
    HPCS_HHC2D_FAST(384, 16, 4)
#undef HPCS_HHC2D_FAST
  }
  return {};
}

// The generic kernel for (t_S2, t_T) and the stencil: for Jacobi a fixed-shape one for the
// shapes the sweeps use most; the other stencils run any shape (compile time: 2 cores).
template <class Real>
Hhc2dKernel<Real> kernel_for(const Tuning& t, Stencil stencil) {
  switch (stencil) {
    case Stencil::Heat: return hhc2d_kernel<Real, 0, 0, Heat2D>;
    case Stencil::Laplacian: return hhc2d_kernel<Real, 0, 0, Laplacian2D>;
    case Stencil::Gradient: return hhc2d_kernel<Real, 0, 0, Gradient2D>;
    case Stencil::Jacobi: break;
  }
  if (t.t_S2 == 256 && t.t_T == 16) return hhc2d_kernel<Real, 256, 16>;
  if (t.t_S2 == 256 && t.t_T == 24) return hhc2d_kernel<Real, 256, 24>;
  if (t.t_S2 == 256 && t.t_T == 20) return hhc2d_kernel<Real, 256, 20>;
  if (t.t_S2 == 128 && t.t_T == 16) return hhc2d_kernel<Real, 128, 16>;
  if (t.t_S2 == 384 && t.t_T == 16) return hhc2d_kernel<Real, 384, 16>;
  if (t.t_S2 == 512 && t.t_T == 16) return hhc2d_kernel<Real, 512, 16>;
  return hhc2d_kernel<Real>;
}

// Whether wavefront w's hexagons have all t_T rows (the fast kernel's).
bool full_wavefront(const HexTiling& h, std::int64_t w) { return h.first_row(w) == 0 && h.last_row(w) == h.t_T - 1; }

// t_S2 < 1 is refused later by check_tiles(); here it must not divide by zero.
int resolved_threads(const Tuning& t) {
  return t.threads > 0 ? t.threads : t.t_S2 * std::max(1, 256 / std::max(1, t.t_S2));
}

// Shared bytes per block; the input-level buffer has t_S1 + 2 rows except in wavefront 0,
// whose first computed row (the middle of the hexagon) is w_tile wide.
std::size_t smem_bytes(const Tuning& t, std::size_t real, bool wavefront0) {
  const std::size_t nr = static_cast<std::size_t>(t.t_S1) + t.t_T;
  const std::size_t nri = wavefront0 ? nr : static_cast<std::size_t>(t.t_S1) + 2;
  const std::size_t rs = blocks::hhc_period(t.t_S2, t.t_T, kRound) + 2;
  const std::size_t rsi = blocks::hhc_period_init(t.t_S2, kRound) + 2;
  return rows_bytes(t.t_T) + (2 * nr * rs + nri * rsi) * real;
}

template <class Real>
class Hhc2dSolver final : public CudaSolver<Real> {
 public:
  explicit Hhc2dSolver(const Tuning& t) : t_(t) { t_.threads = resolved_threads(t_); }

  nlohmann::json details() const override {
    return {{"launches", this->launches_},
            {"wavefronts", wavefronts_},
            {"tiles", tiles_},
            {"subprisms", SkewedColumns{t_.t_S2, t_.t_T, this->p_.n2}.subprisms()},
            {"threads_per_block", t_.threads},
            {"shared_bytes_per_block", smem_},
            {"shared_bytes_wavefront0", smem0_},
            {"blocks_per_sm", fast_.fn ? blocks_per_sm(fast_.fn, t_.threads, fast_.smem)
                                       : blocks_per_sm(kernel_for<Real>(t_, stencil()), t_.threads, smem_)},
            {"fixed_shape_kernel", kernel_for<Real>(t_, stencil()) != kernel_for<Real>(Tuning{}, stencil())},
            {"fast_kernel", fast_.fn != nullptr},
            {"shared_bytes_fast_kernel", fast_.smem},
            {"t_T", t_.t_T},
            {"t_S1", t_.t_S1},
            {"t_S2", t_.t_S2}};
  }

 private:
  void prepare() override {
    if (this->p_.dims != 2) throw Error("cuda/tiled 2D solver given a " + std::to_string(this->p_.dims) + "D problem");
    const Precision prec = sizeof(Real) == 4 ? Precision::Float32 : Precision::Float64;
    if (auto why = hhc2d_rejects(this->p_, t_, prec)) throw Error(*why);
    smem_ = smem_bytes(t_, sizeof(Real), false);
    smem0_ = smem_bytes(t_, sizeof(Real), true);
    HPCS_CUDA_CHECK(cudaFuncSetAttribute(kernel_for<Real>(t_, stencil()), cudaFuncAttributeMaxDynamicSharedMemorySize,
                                         static_cast<int>(smem0_)));
    fast_ = fast_kernel_for<Real>(t_, stencil());
    if (fast_.fn)
      HPCS_CUDA_CHECK(
          cudaFuncSetAttribute(fast_.fn, cudaFuncAttributeMaxDynamicSharedMemorySize, static_cast<int>(fast_.smem)));
  }

  std::int64_t launch(std::int64_t steps, Real* a, Real* b) override {
    const Problem& p = this->p_;
    blocks::Hhc2dParams<Real> prm = blocks::hhc2d_params(p, t_, steps, a, b, kRound);
    const Hhc2dKernel<Real> kernel = kernel_for<Real>(t_, stencil());
    return launch_wavefronts(prm.h, wavefronts_, tiles_, [&](std::int64_t w, std::int64_t tiles) {
      prm.init_row0 = blocks::hhc_init_row0(prm.h, w);
      if (fast_.fn && full_wavefront(prm.h, w)) {
        void* args[] = {&prm, &w};
        HPCS_CUDA_CHECK(
            cudaLaunchKernel(fast_.fn, dim3(static_cast<unsigned>(tiles)), dim3(t_.threads), args, fast_.smem, 0));
      } else {
        kernel<<<static_cast<unsigned>(tiles), t_.threads, w == 0 ? smem0_ : smem_>>>(prm, w);
      }
    });
  }

  Stencil stencil() const { return this->p_.stencil; }

  Tuning t_;
  std::size_t smem_ = 0, smem0_ = 0;
  FastKernel fast_;
  std::int64_t wavefronts_ = 0, tiles_ = 0;
};

}  // namespace

std::optional<std::string> hhc2d_rejects(const Problem& p, const Tuning& tiles, Precision prec) {
  if (auto why = check_tiles(p, tiles)) return "cuda/tiled: " + *why;
  Tuning t = tiles;
  if (t.t_T > (1 << 10) || t.t_S1 > (1 << 16) || t.t_S2 > 1024)
    return "cuda/tiled: t_T = " + std::to_string(t.t_T) + ", t_S1 = " + std::to_string(t.t_S1) +
           ", t_S2 = " + std::to_string(t.t_S2) +
           ": t_S2 is at most 1024 (one thread per column) and the others far beyond shared memory";
  t.threads = resolved_threads(t);
  if (t.threads > 1024)
    return "cuda/tiled: threads = " + std::to_string(t.threads) + " per block; CUDA allows at most 1024";
  if (t.threads % t.t_S2 != 0)
    return "cuda/tiled: threads = " + std::to_string(t.threads) +
           " must be a multiple of t_S2 = " + std::to_string(t.t_S2) +
           " (one thread per sub-prism column, row groups of t_S2 threads)";
  if (p.n2 > (1 << 22) - t.t_S2 - t.t_T)  // fast_mod's exact range
    return "cuda/tiled: n2 = " + std::to_string(p.n2) + " columns; the 2D kernel's column index allows at most " +
           std::to_string((1 << 22) - t.t_S2 - t.t_T) + " with t_S2 = " + std::to_string(t.t_S2) +
           ", t_T = " + std::to_string(t.t_T);
  const auto lim = device_limits();
  if (!lim) return std::nullopt;  // no GPU: unavailable() says so
  const std::size_t real = prec == Precision::Float32 ? 4 : 8;
  const std::size_t need = smem_bytes(t, real, true);
  if (need > static_cast<std::size_t>(lim->max_smem_optin))
    return "cuda/tiled: t_T = " + std::to_string(t.t_T) + ", t_S1 = " + std::to_string(t.t_S1) +
           ", t_S2 = " + std::to_string(t.t_S2) + " need " + std::to_string(need) + " B of shared memory per block (" +
           to_string(prec) + "); this GPU allows " + std::to_string(lim->max_smem_optin) + " B";
  if (prec == Precision::Float32) {
    if (const auto f = fast_kernel_for<float>(t, p.stencil); f.fn)
      if (auto why = check_kernel_threads(f.fn, t.threads, "cuda/tiled")) return why;
    return check_kernel_threads(kernel_for<float>(t, p.stencil), t.threads, "cuda/tiled");
  }
  return check_kernel_threads(kernel_for<double>(t, p.stencil), t.threads, "cuda/tiled");
}

SolverFactories hhc2d_factories() { return factories_of<Hhc2dSolver>(); }

}  // namespace hpcs::jacobi::cuda
