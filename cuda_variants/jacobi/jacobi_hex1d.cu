// SPDX-License-Identifier: BSD-3-Clause
// cuda/tiled in 1D: hexagonal tiling of (t, S) (hex_tiling.hpp), one launch per
// wavefront, one thread block per hexagon running jacobi_hex1d_block.hpp.
#include <algorithm>

#include "jacobi_hex1d_block.hpp"
#include "jacobi_cuda_common.cuh"
#include "jacobi_cuda_factories.hpp"

namespace hpcs::jacobi::cuda {
namespace {

template <class Real>
__global__ void __launch_bounds__(1024)
    hex1d_kernel(const __grid_constant__ blocks::Hex1dParams<Real> p, const std::int64_t w) {
  extern __shared__ __align__(16) unsigned char smem[];
  Real* b0 = reinterpret_cast<Real*>(smem + rows_bytes(p.h.t_T));
  DeviceMem<Real> m{reinterpret_cast<blocks::RowInfo*>(smem), b0, b0 + p.nr, nullptr};
  const blocks::Hex1dBlock<Real, DeviceMem<Real>> blk(p, m, w, blockIdx.x);
  const int tid = static_cast<int>(threadIdx.x);
  blk.for_each_phase([&](const blocks::Phase& ph) {
    blk.run(tid, ph);
    __syncthreads();
  });
}

// 128 threads: the fastest or within 3% of it for t_S1 = 256 .. 4096 on the H200 (more
// threads add barrier cost per row; fewer leave too few warps per SM).
int default_threads(const Tuning&) { return 128; }

std::size_t smem_bytes(const Tuning& t, std::size_t real) {
  return rows_bytes(t.t_T) + 2 * static_cast<std::size_t>(t.t_S1 + t.t_T) * real;
}

template <class Real>
class Hex1dSolver final : public CudaSolver<Real> {
 public:
  explicit Hex1dSolver(const Tuning& t) : t_(t) {
    if (t_.threads == 0) t_.threads = default_threads(t_);
  }

  nlohmann::json details() const override {
    return {{"launches", this->launches_},
            {"wavefronts", wavefronts_},
            {"tiles", tiles_},
            {"threads_per_block", t_.threads},
            {"shared_bytes_per_block", smem_},
            {"blocks_per_sm", blocks_per_sm(hex1d_kernel<Real>, t_.threads, smem_)},
            {"t_T", t_.t_T},
            {"t_S1", t_.t_S1}};
  }

 private:
  void prepare() override {
    if (this->p_.dims != 1) throw Error("cuda/tiled 1D solver given a " + std::to_string(this->p_.dims) + "D problem");
    const Precision prec = sizeof(Real) == 4 ? Precision::Float32 : Precision::Float64;
    if (auto why = hex1d_rejects(this->p_, t_, prec)) throw Error(*why);
    smem_ = smem_bytes(t_, sizeof(Real));
    HPCS_CUDA_CHECK(
        cudaFuncSetAttribute(hex1d_kernel<Real>, cudaFuncAttributeMaxDynamicSharedMemorySize, static_cast<int>(smem_)));
  }

  std::int64_t launch(std::int64_t steps, Real* a, Real* b) override {
    blocks::Hex1dParams<Real> prm;
    prm.g[0] = a;
    prm.g[1] = b;
    prm.h = HexTiling{t_.t_T, t_.t_S1, this->p_.n1, steps};
    prm.threads = t_.threads;
    prm.nr = prm.h.w_tile() + 2;
    return launch_wavefronts(prm.h, wavefronts_, tiles_, [&](std::int64_t w, std::int64_t tiles) {
      hex1d_kernel<Real><<<static_cast<unsigned>(tiles), t_.threads, smem_>>>(prm, w);
    });
  }

  Tuning t_;
  std::size_t smem_ = 0;
  std::int64_t wavefronts_ = 0, tiles_ = 0;
};

}  // namespace

std::optional<std::string> hex1d_rejects(const Problem& p, const Tuning& tiles, Precision prec) {
  if (auto why = check_tiles(p, tiles)) return "cuda/tiled: " + *why;
  Tuning t = tiles;
  if (t.t_T > (1 << 20) || t.t_S1 > (1 << 24))
    return "cuda/tiled: t_T = " + std::to_string(t.t_T) + ", t_S1 = " + std::to_string(t.t_S1) +
           " are beyond any shared memory";
  if (t.threads == 0) t.threads = default_threads(t);
  if (t.threads > 1024)
    return "cuda/tiled: threads = " + std::to_string(t.threads) + " per block; CUDA allows at most 1024";
  const auto lim = device_limits();
  if (!lim) return std::nullopt;  // no GPU: unavailable() says so
  const std::size_t real = prec == Precision::Float32 ? 4 : 8;
  const std::size_t need = smem_bytes(t, real);
  if (need > static_cast<std::size_t>(lim->max_smem_optin))
    return "cuda/tiled: t_T = " + std::to_string(t.t_T) + ", t_S1 = " + std::to_string(t.t_S1) + " need " +
           std::to_string(need) + " B of shared memory per block (" + to_string(prec) + "); this GPU allows " +
           std::to_string(lim->max_smem_optin) + " B";
  if (prec == Precision::Float32) return check_kernel_threads(hex1d_kernel<float>, t.threads, "cuda/tiled");
  return check_kernel_threads(hex1d_kernel<double>, t.threads, "cuda/tiled");
}

SolverFactories hex1d_factories() { return factories_of<Hex1dSolver>(); }

}  // namespace hpcs::jacobi::cuda
