// SPDX-License-Identifier: BSD-3-Clause
// cuda/tiled in 3D: the thesis' slabs. Hexagons over (t, S1), one launch per wavefront, one
// thread block per hexagon walking its slab along S2 and S3 in time-skewed sub-slabs of
// t_S2 x t_S3 columns; the block code is kokkos/tiled's (jacobi_slab_tile.hpp), with the
// block's threads as the team and dynamic shared memory as its scratch; no fixed-shape kernels
// (results: docs/results/jacobi3d_h100.md). --slab-split N (beyond the thesis):
// a block per (hexagon, group of S2 sub-slab rows), ordered by tickets and per-pass counters
// (hhc3d_split_kernel).
#include <cuda/atomic>

#include <algorithm>
#include <cstdint>

#include "jacobi_cuda_common.cuh"
#include "jacobi_cuda_factories.hpp"
#include "jacobi_slab_tile.hpp"

namespace hpcs::jacobi::cuda {
namespace {

constexpr int kMaxTile3D = 1 << 16;  // t_S1, t_S2 x t_S3: beyond any shared memory, and 32-bit indices stay exact
constexpr int kDefaultThreads3D = 256;

// The block as jacobi_slab_tile.hpp's team. Host-device only so the HPCS_HD tile may call it;
// the host side is never instantiated.
struct BlockTeam {
  HPCS_HD int rank() const {
#ifdef __CUDA_ARCH__
    return static_cast<int>(threadIdx.x);
#else
    return 0;
#endif
  }
  HPCS_HD int size() const {
#ifdef __CUDA_ARCH__
    return static_cast<int>(blockDim.x);
#else
    return 1;
#endif
  }
  HPCS_HD void barrier() const {
#ifdef __CUDA_ARCH__
    __syncthreads();
#endif
  }
};

template <class Real, class St>
__global__ void __launch_bounds__(1024) hhc3d_kernel(const __grid_constant__ Hhc3DArgs<Real> a) {
  extern __shared__ __align__(16) unsigned char smem[];
  hhc3d_tile<St>(a, blockIdx.x, reinterpret_cast<Real*>(smem), BlockTeam{});
}

// --slab-split: block (k, g) runs group g's S2 sub-slab rows of hexagon k's slab and, before
// its pass s3 over them, waits until the counter of (k, g - 1) reads base + s3 + 1, which
// (k, g - 1) stores after its own pass s3. Counters only grow: each launch starts its tickets
// at ticket_base and its counter values at base, both above anything an earlier launch left,
// so the buffer is never reset.
//
// Deadlock freedom: a block takes its ticket (atomicAdd, so tickets are 0, 1, 2, ... in the
// order blocks started) before anything else, and the ticket, not blockIdx.x, names its
// (k, g): g = ticket / hexagons, k = ticket % hexagons. The only block that (k, g) waits for,
// (k, g - 1), holds ticket - hexagons, a smaller one, so it is resident (it started) and
// stays so until it exits (CUDA never swaps a running block out for a waiting one); by
// induction on the ticket, ticket 0 never waits and every wait is for a block whose own
// waits end, so each one ends, however many blocks fit on the GPU at once.
using SlabCounter = unsigned long long;

struct SlabSplitArgs {
  SlabCounter* counters = nullptr;  // [0]: the ticket; [1 + k groups + g]: block (k, g)'s passes
  SlabCounter ticket_base = 0, base = 0;
  std::int64_t hexagons = 1, groups = 1, rows = 1;
};

struct BlockSlabSync {
  SlabCounter* before = nullptr;  // the previous group's counter; none for group 0
  SlabCounter* mine = nullptr;
  SlabCounter base = 0;
  // Thread 0 acquires (spin, then a fence), the barrier passes it on to the block.
  HPCS_HD void wait(std::int64_t s3) const {
#ifdef __CUDA_ARCH__
    if (before == nullptr) return;
    if (threadIdx.x == 0) {
      ::cuda::atomic_ref<SlabCounter, ::cuda::thread_scope_device> f(*before);
      while (f.load(::cuda::memory_order_acquire) < base + static_cast<SlabCounter>(s3) + 1) __nanosleep(100);
      __threadfence();
    }
    __syncthreads();
#endif
  }
  // Every thread fences its own stores, then thread 0 releases the pass.
  HPCS_HD void signal(std::int64_t s3) const {
#ifdef __CUDA_ARCH__
    __threadfence();
    __syncthreads();
    if (threadIdx.x == 0) {
      ::cuda::atomic_ref<SlabCounter, ::cuda::thread_scope_device> f(*mine);
      f.store(base + static_cast<SlabCounter>(s3) + 1, ::cuda::memory_order_release);
    }
#endif
  }
};

template <class Real, class St>
__global__ void __launch_bounds__(1024)
    hhc3d_split_kernel(const __grid_constant__ Hhc3DArgs<Real> a, const __grid_constant__ SlabSplitArgs sp) {
  extern __shared__ __align__(16) unsigned char smem[];
  __shared__ SlabCounter id;
  if (threadIdx.x == 0) id = atomicAdd(sp.counters, SlabCounter{1}) - sp.ticket_base;
  __syncthreads();
  const auto ticket = static_cast<std::int64_t>(id);
  const std::int64_t g = ticket / sp.hexagons, k = ticket % sp.hexagons, n2 = a.s2.subprisms();
  SlabCounter* mine = sp.counters + 1 + k * sp.groups + g;
  hhc3d_tile<St>(a, k, reinterpret_cast<Real*>(smem), BlockTeam{}, g * sp.rows,
                 (g + 1) * sp.rows < n2 ? (g + 1) * sp.rows : n2,
                 BlockSlabSync{g > 0 ? mine - 1 : nullptr, mine, sp.base});
}

template <class Real>
using Hhc3dKernel = void (*)(Hhc3DArgs<Real>);
template <class Real>
using Hhc3dSplitKernel = void (*)(Hhc3DArgs<Real>, SlabSplitArgs);

// The stencil's two kernels, unsplit and split, from one tag dispatch so they cannot disagree.
template <class Real>
struct Hhc3dKernels {
  Hhc3dKernel<Real> whole;
  Hhc3dSplitKernel<Real> split;
};

template <class Real>
Hhc3dKernels<Real> kernels3d_for(Stencil stencil) {
  return with_stencil3d(stencil, [](auto st) {
    using St = decltype(st);
    return Hhc3dKernels<Real>{hhc3d_kernel<Real, St>, hhc3d_split_kernel<Real, St>};
  });
}

// A thread per point of a sub-slab's t_S2 x t_S3 columns, in whole warps, at most
// kDefaultThreads3D, unless --threads says otherwise.
int resolved_threads3d(const Tuning& t) {
  if (t.threads > 0) return t.threads;
  const std::int64_t area = static_cast<std::int64_t>(std::max(1, t.t_S2)) * std::max(1, t.t_S3);
  return static_cast<int>(std::clamp<std::int64_t>((area + 31) / 32, 1, kDefaultThreads3D / 32) * 32);
}

std::size_t smem_bytes3d(const Tuning& t, std::size_t real) {
  return hhc3d_scratch_values(t.t_S1 + t.t_T - 2, t.t_S2, t.t_S3) * real;
}

template <class Real>
class Hhc3dSolver final : public CudaSolver<Real> {
 public:
  explicit Hhc3dSolver(const Tuning& t) : t_(t) { t_.threads = resolved_threads3d(t_); }

  nlohmann::json details() const override {
    const Problem& p = this->p_;
    return {{"launches", this->launches_},
            {"wavefronts", wavefronts_},
            {"tiles", tiles_},
            {"subslabs_per_slab",
             SkewedColumns{t_.t_S2, t_.t_T, p.n2}.subprisms() * SkewedColumns{t_.t_S3, t_.t_T, p.n3}.subprisms()},
            {"threads_per_block", t_.threads},
            {"shared_bytes_per_block", smem_},
            {"blocks_per_sm", blocks_per_sm(kernels3d_for<Real>(p.stencil).whole, t_.threads, smem_)},
            {"t_T", t_.t_T},
            {"t_S1", t_.t_S1},
            {"t_S2", t_.t_S2},
            {"t_S3", t_.t_S3},
            {"slab_split", t_.slab_split},
            {"slab_groups", SlabGroups{SkewedColumns{t_.t_S2, t_.t_T, p.n2}.subprisms(), t_.slab_split}.count}};
  }

 private:
  void prepare() override {
    if (this->p_.dims != 3) throw Error("cuda/tiled 3D solver given a " + std::to_string(this->p_.dims) + "D problem");
    const Precision prec = sizeof(Real) == 4 ? Precision::Float32 : Precision::Float64;
    if (auto why = hhc3d_rejects(this->p_, t_, prec)) throw Error(*why);
    smem_ = smem_bytes3d(t_, sizeof(Real));
    const Hhc3dKernels<Real> k = kernels3d_for<Real>(this->p_.stencil);
    HPCS_CUDA_CHECK(
        cudaFuncSetAttribute(k.whole, cudaFuncAttributeMaxDynamicSharedMemorySize, static_cast<int>(smem_)));
    HPCS_CUDA_CHECK(
        cudaFuncSetAttribute(k.split, cudaFuncAttributeMaxDynamicSharedMemorySize, static_cast<int>(smem_)));
    const SlabGroups groups{SkewedColumns{t_.t_S2, t_.t_T, this->p_.n2}.subprisms(), t_.slab_split};
    counters_.release();
    split_ = {};
    if (groups.count > 1) {
      // A ticket and a counter per (hexagon, group) of the widest wavefront (HexTiling::tiles
      // depends on the colour only, not on the steps).
      const HexTiling h{t_.t_T, t_.t_S1, this->p_.n1, 1};
      const std::int64_t hexagons = std::max(h.tiles(0), h.tiles(1));
      const auto n = static_cast<std::size_t>(1 + hexagons * groups.count);
      counters_.allocate(n);
      HPCS_CUDA_CHECK(cudaMemset(counters_.get(), 0, n * sizeof(SlabCounter)));
      split_ = {counters_.get(), 0, 0, 1, groups.count, groups.rows};
      max_hexagons_ = hexagons;
    }
  }

  std::int64_t launch(std::int64_t steps, Real* a, Real* b) override {
    const Problem& p = this->p_;
    Hhc3DArgs<Real> args{HexTiling{t_.t_T, t_.t_S1, p.n1, steps},
                         SkewedColumns{t_.t_S2, t_.t_T, p.n2},
                         SkewedColumns{t_.t_S3, t_.t_T, p.n3},
                         0,
                         p.cols(),
                         p.pitch(),
                         {a, b},
                         t_.t_S1 + t_.t_T - 2};
    const Hhc3dKernels<Real> k = kernels3d_for<Real>(p.stencil);
    if (split_.groups > 1) {
      return launch_wavefronts(args.h, wavefronts_, tiles_, [&](std::int64_t w, std::int64_t tiles) {
        if (tiles > max_hexagons_) throw Error("cuda/tiled: a wavefront of more hexagons than counters (a bug)");
        args.w = w;
        split_.hexagons = tiles;
        const std::int64_t blocks = tiles * split_.groups;
        k.split<<<static_cast<unsigned>(blocks), t_.threads, smem_>>>(args, split_);
        split_.ticket_base += static_cast<SlabCounter>(blocks);
        split_.base += static_cast<SlabCounter>(args.s3.subprisms());
      });
    }
    return launch_wavefronts(args.h, wavefronts_, tiles_, [&](std::int64_t w, std::int64_t tiles) {
      args.w = w;
      k.whole<<<static_cast<unsigned>(tiles), t_.threads, smem_>>>(args);
    });
  }

  Tuning t_;
  std::size_t smem_ = 0;
  std::int64_t wavefronts_ = 0, tiles_ = 0;
  hpcs::cuda::DeviceBuffer<SlabCounter> counters_;
  SlabSplitArgs split_;
  std::int64_t max_hexagons_ = 0;
};

}  // namespace

std::optional<std::string> hhc3d_rejects(const Problem& p, const Tuning& tiles, Precision prec) {
  if (auto why = check_tiles(p, tiles)) return "cuda/tiled: " + *why;
  Tuning t = tiles;
  if (t.t_T > (1 << 10) || t.t_S1 > kMaxTile3D || static_cast<std::int64_t>(t.t_S2) * t.t_S3 > kMaxTile3D)
    return "cuda/tiled: t_T = " + std::to_string(t.t_T) + ", t_S1 = " + std::to_string(t.t_S1) +
           ", t_S2 = " + std::to_string(t.t_S2) + ", t_S3 = " + std::to_string(t.t_S3) +
           ": far beyond shared memory (t_T at most 1024, t_S1 and t_S2 t_S3 at most " + std::to_string(kMaxTile3D) +
           ")";
  t.threads = resolved_threads3d(t);
  if (t.threads > 1024)
    return "cuda/tiled: threads = " + std::to_string(t.threads) + " per block; CUDA allows at most 1024";
  const auto lim = device_limits();
  if (!lim) return std::nullopt;  // no GPU: unavailable() says so
  const std::size_t real = prec == Precision::Float32 ? 4 : 8;
  const std::size_t need = smem_bytes3d(t, real);
  if (need > static_cast<std::size_t>(lim->max_smem_optin))
    return "cuda/tiled: t_T = " + std::to_string(t.t_T) + ", t_S1 = " + std::to_string(t.t_S1) +
           ", t_S2 = " + std::to_string(t.t_S2) + ", t_S3 = " + std::to_string(t.t_S3) + " need " +
           std::to_string(need) + " B of shared memory per block (" + to_string(prec) + "); this GPU allows " +
           std::to_string(lim->max_smem_optin) + " B";
  return prec == Precision::Float32
             ? check_kernel_threads(kernels3d_for<float>(p.stencil).whole, t.threads, "cuda/tiled")
             : check_kernel_threads(kernels3d_for<double>(p.stencil).whole, t.threads, "cuda/tiled");
}

SolverFactories hhc3d_factories() { return factories_of<Hhc3dSolver>(); }

}  // namespace hpcs::jacobi::cuda
