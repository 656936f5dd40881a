// SPDX-License-Identifier: BSD-3-Clause
// cuda/traditional: one kernel launch per tile wavefront (tiles (r, c) with r + c = w), one
// thread block per tile (Ranasinghe 2014, 3.3). The tile itself is sw_tile.hpp, shared
// with kokkos/wavefront; this file launches the wavefronts and moves the rows between
// ranks (host-driven: the row above is copied in before the wavefront that needs it, the
// block's last row copied out after the wavefront that finishes it).
#include <algorithm>

#include "sw_cuda_factories.hpp"
#include "sw_cuda_common.cuh"
#include "sw_tile.hpp"
#include "sw_tile_host.hpp"

namespace hpcs::sw::cuda {
namespace {
using tiled::BestCell;
using tiled::TileArgs;
using tiled::TileScratch;

template <int SR, bool Dpx, bool Local>
__global__ void traditional_kernel(const TileArgs p) {
  extern __shared__ __align__(16) unsigned char smem[];
  const TileScratch s = tiled::carve_tile_scratch(smem, p.tile_cols);
  tiled::tile<SR, Dpx, Local>(p, p.first_row_of_tiles + static_cast<int>(blockIdx.x), cuda::CudaTeam{}, s);
}

class TraditionalAligner final : public cuda::TiledAligner {
 public:
  explicit TraditionalAligner(const Tuning& t) : TiledAligner(t) {
    smem_ = tiled::tile_scratch_bytes(t.tile_cols, threads_);
    int device = 0, max_smem = 0;
    HPCS_CUDA_CHECK(cudaGetDevice(&device));
    HPCS_CUDA_CHECK(cudaDeviceGetAttribute(&max_smem, cudaDevAttrMaxSharedMemoryPerBlockOptin, device));
    if (smem_ > static_cast<std::size_t>(max_smem))
      throw Error("tiling: cuda/traditional needs " + std::to_string(smem_) +
                  " B of shared memory per block; this GPU allows " + std::to_string(max_smem) +
                  "; use smaller --tile-cols");
  }

  void setup(const Block& block, const Scoring& s) override {
    prob_.upload(block, s);
    tiles_down_ = static_cast<int>((block.rows + tiling_.tile_rows - 1) / tiling_.tile_rows);
    tiles_across_ = static_cast<int>((block.cols + tiling_.tile_cols - 1) / tiling_.tile_cols);
    const std::size_t rows = static_cast<std::size_t>(std::max<std::int64_t>(block.rows, 1));
    const std::size_t cols = static_cast<std::size_t>(std::max<std::int64_t>(block.cols, 1));
    col_h_.allocate(rows);
    col_e_.allocate(rows);
    for (auto& b : row_h_) b.allocate(cols);
    for (auto& b : row_f_) b.allocate(cols);
    above_h_.allocate(cols);
    above_f_.allocate(cols);
    row_best_.allocate(static_cast<std::size_t>(std::max(tiles_down_, 1)));
    tiled::with_tile_shape(tiling_, prob_.local(), [&](auto SR, auto D, auto L) {
      cuda::check_threads(traditional_kernel<SR(), D(), L()>, threads_, "cuda/traditional");
      HPCS_CUDA_CHECK(cudaFuncSetAttribute(traditional_kernel<SR(), D(), L()>,
                                           cudaFuncAttributeMaxDynamicSharedMemorySize, static_cast<int>(smem_)));
    });
  }

  Cell run(RowLink* link) override {
    const Block& blk = prob_.block;
    ran_ = false;
    if (blk.rows == 0 || blk.cols == 0) return Cell{};
    const bool above = link && link->has_above();
    HPCS_CUDA_CHECK(cudaMemsetAsync(row_best_.get(), 0, row_best_.size() * sizeof(BestCell)));
    TileArgs p{};
    tiled::set_block(p, blk, prob_.a.get(), prob_.b.get(), prob_.scores.get(), tiling_, prob_.open, prob_.extend);
    tiled::set_buffers(p, col_h_.get(), col_e_.get(), row_best_.get(), above ? above_h_.get() : nullptr,
                       above ? above_f_.get() : nullptr, link && link->has_below());
    std::int32_t* const row_h[3] = {row_h_[0].get(), row_h_[1].get(), row_h_[2].get()};
    std::int32_t* const row_f[3] = {row_f_[0].get(), row_f_[1].get(), row_f_[2].get()};
    const auto feed_above = [&](std::int64_t c0, std::int64_t c1) {
      HPCS_CUDA_CHECK(cudaMemcpy(above_h_.get() + c0, link->above_h() + c0, (c1 - c0) * sizeof(std::int32_t),
                                 cudaMemcpyHostToDevice));
      HPCS_CUDA_CHECK(cudaMemcpy(above_f_.get() + c0, link->above_f() + c0, (c1 - c0) * sizeof(std::int32_t),
                                 cudaMemcpyHostToDevice));
    };
    const auto launch = [&](int w, int r_first, int r_last) {
      tiled::set_wavefront(p, w, row_h, row_f);
      p.first_row_of_tiles = r_first;
      tiled::with_tile_shape(tiling_, prob_.local(), [&](auto SR, auto D, auto L) {
        traditional_kernel<SR(), D(), L()><<<r_last - r_first + 1, threads_, smem_>>>(p);
      });
      HPCS_CUDA_CHECK_LAUNCH();
    };
    const auto publish_below = [&](int, std::int64_t c0, std::int64_t c1) {  // p.out_*: the last wavefront's rows
      HPCS_CUDA_CHECK(
          cudaMemcpy(link->below_h() + c0, p.out_h + c0, (c1 - c0) * sizeof(std::int32_t), cudaMemcpyDeviceToHost));
      HPCS_CUDA_CHECK(
          cudaMemcpy(link->below_f() + c0, p.out_f + c0, (c1 - c0) * sizeof(std::int32_t), cudaMemcpyDeviceToHost));
    };
    timer_.start();
    tiled::run_wavefronts(blk, tiling_, tiles_down_, tiles_across_, link, feed_above, launch, publish_below);
    timer_.stop();
    HPCS_CUDA_CHECK(cudaDeviceSynchronize());
    ran_ = true;
    return cuda::download_best(row_best_, static_cast<std::size_t>(tiles_down_));
  }

  nlohmann::json details() const override {
    return {{"launches", tiles_down_ + tiles_across_ - 1},
            {"threads_per_block", threads_},
            {"rows_of_tiles", tiles_down_},
            {"shared_bytes", smem_}};
  }

 private:
  int tiles_down_ = 0, tiles_across_ = 0;
  hpcs::cuda::DeviceBuffer<std::int32_t> col_h_, col_e_, row_h_[3], row_f_[3], above_h_, above_f_;
  hpcs::cuda::DeviceBuffer<BestCell> row_best_;
};

}  // namespace

std::unique_ptr<Aligner> make_cuda_traditional(const Tuning& t) { return std::make_unique<TraditionalAligner>(t); }

}  // namespace hpcs::sw::cuda
