// SPDX-License-Identifier: BSD-3-Clause
// cuda/traditional: one kernel launch per tile wavefront (tiles (r, c) with r + c = w), one
// thread block per tile (Ranasinghe 2014, 3.3). The tile itself is sw_tile.hpp, shared
// with kokkos/wavefront; this file launches the wavefronts and moves the rows between
// ranks (host-driven: the row above is copied in before the wavefront that needs it, the
// block's last row copied out after the wavefront that finishes it).
#include <algorithm>

#include "hpcs/cuda/event_timer.hpp"
#include "sw_cuda_aligners.hpp"
#include "sw_cuda_common.cuh"
#include "sw_tile.hpp"

namespace hpcs::sw {
namespace {
using tiled::BestCell;
using tiled::TileArgs;
using tiled::TileScratch;

template <int SR, bool Dpx, bool Local>
__global__ void traditional_kernel(const TileArgs p) {
  extern __shared__ __align__(16) unsigned char smem[];
  const TileScratch s = tiled::carve_tile_scratch(smem, p.tile_cols);
  tiled::tile<SR, Dpx, Local>(p, p.first_row_of_tiles + static_cast<int>(blockIdx.x), cuda_detail::CudaTeam{}, s);
}

class TraditionalAligner final : public Aligner {
 public:
  explicit TraditionalAligner(const Tuning& t) : tiling_(t), threads_(cuda_detail::threads_per_block(t)) {
    smem_ = tiled::tile_scratch_bytes(t.tile_cols, threads_);
    int device = 0, max_smem = 0;
    HPCS_CUDA_CHECK(cudaGetDevice(&device));
    HPCS_CUDA_CHECK(cudaDeviceGetAttribute(&max_smem, cudaDevAttrMaxSharedMemoryPerBlockOptin, device));
    if (smem_ > static_cast<std::size_t>(max_smem))
      throw Error("tiling: cuda/traditional needs " + std::to_string(smem_) + " B of shared memory per block; this GPU allows " +
                  std::to_string(max_smem) + "; use smaller --tile-cols");
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
    cuda_detail::with_sub_rows(tiling_.sub_rows, [&](auto SR) {
      cuda_detail::with_flags(tiling_.dpx, prob_.local(), [&](auto D, auto L) {
        cuda_detail::check_threads(traditional_kernel<SR(), D(), L()>, threads_, "cuda/traditional");
        HPCS_CUDA_CHECK(cudaFuncSetAttribute(traditional_kernel<SR(), D(), L()>,
                                             cudaFuncAttributeMaxDynamicSharedMemorySize, static_cast<int>(smem_)));
      });
    });
  }

  Cell run(RowLink* link) override {
    const Block& blk = prob_.block;
    ran_ = false;
    if (blk.rows == 0 || blk.cols == 0) return Cell{};
    const bool above = link && link->has_above(), below = link && link->has_below();
    HPCS_CUDA_CHECK(cudaMemsetAsync(row_best_.get(), 0, row_best_.size() * sizeof(BestCell)));
    TileArgs p{};
    p.a = prob_.a.get();
    p.b = prob_.b.get();
    p.scores = prob_.scores.get();
    p.rows = blk.rows;
    p.cols = blk.cols;
    p.row0 = blk.row0;
    p.tile_rows = tiling_.tile_rows;
    p.tile_cols = tiling_.tile_cols;
    p.sub_cols = tiling_.sub_cols;
    p.open = prob_.open;
    p.extend = prob_.extend;
    p.no_score = prob_.no_score();
    p.col_h = col_h_.get();
    p.col_e = col_e_.get();
    p.row_best = row_best_.get();
    if (above) {
      p.above_h = above_h_.get();
      p.above_f = above_f_.get();
    }
    std::int64_t fed = 0;
    timer_.start();
    for (int w = 0; w < tiles_down_ + tiles_across_ - 1; ++w) {
      const int r_first = std::max(0, w - tiles_across_ + 1), r_last = std::min(w, tiles_down_ - 1);
      if (above && r_first == 0) {  // tile (0, w) needs the row above up to its last column
        const std::int64_t need = std::min<std::int64_t>(blk.cols, static_cast<std::int64_t>(w + 1) * tiling_.tile_cols);
        link->wait_above(need);
        HPCS_CUDA_CHECK(cudaMemcpy(above_h_.get() + fed, link->above_h() + fed, (need - fed) * sizeof(std::int32_t), cudaMemcpyHostToDevice));
        HPCS_CUDA_CHECK(cudaMemcpy(above_f_.get() + fed, link->above_f() + fed, (need - fed) * sizeof(std::int32_t), cudaMemcpyHostToDevice));
        fed = need;
      }
      p.wavefront = w;
      p.first_row_of_tiles = r_first;
      p.in_h = row_h_[(w + 2) % 3].get();
      p.in_f = row_f_[(w + 2) % 3].get();
      p.corner_h = row_h_[(w + 1) % 3].get();
      p.out_h = row_h_[w % 3].get();
      p.out_f = row_f_[w % 3].get();
      cuda_detail::with_sub_rows(tiling_.sub_rows, [&](auto SR) {
        cuda_detail::with_flags(tiling_.dpx, prob_.local(), [&](auto D, auto L) {
          traditional_kernel<SR(), D(), L()><<<r_last - r_first + 1, threads_, smem_>>>(p);
        });
      });
      HPCS_CUDA_CHECK_LAUNCH();
      if (below && r_last == tiles_down_ - 1) {  // tile (R-1, c) finished a piece of the block's last row
        const std::int64_t c0 = static_cast<std::int64_t>(w - r_last) * tiling_.tile_cols;
        const std::int64_t c1 = std::min<std::int64_t>(blk.cols, c0 + tiling_.tile_cols);
        HPCS_CUDA_CHECK(cudaMemcpy(link->below_h() + c0, p.out_h + c0, (c1 - c0) * sizeof(std::int32_t), cudaMemcpyDeviceToHost));
        HPCS_CUDA_CHECK(cudaMemcpy(link->below_f() + c0, p.out_f + c0, (c1 - c0) * sizeof(std::int32_t), cudaMemcpyDeviceToHost));
        link->publish_below(c1);
      } else if (link) {
        link->progress();
      }
    }
    timer_.stop();
    HPCS_CUDA_CHECK(cudaDeviceSynchronize());
    ran_ = true;
    std::vector<BestCell> rows(static_cast<std::size_t>(tiles_down_));
    HPCS_CUDA_CHECK(cudaMemcpy(rows.data(), row_best_.get(), rows.size() * sizeof(BestCell), cudaMemcpyDeviceToHost));
    return cuda_detail::best_of(rows);
  }

  std::optional<double> device_seconds() const override {
    if (!ran_) return std::nullopt;
    return timer_.seconds();
  }
  std::string config() const override {
    return "tile=" + std::to_string(tiling_.tile_rows) + "x" + std::to_string(tiling_.tile_cols) + " sub=" +
           std::to_string(tiling_.sub_rows) + "x" + std::to_string(tiling_.sub_cols) + (tiling_.dpx ? " dpx" : "");
  }
  nlohmann::json details() const override {
    return {{"launches", tiles_down_ + tiles_across_ - 1}, {"threads_per_block", threads_},
            {"rows_of_tiles", tiles_down_}, {"shared_bytes", smem_}};
  }

 private:
  Tuning tiling_;
  int threads_ = 0, tiles_down_ = 0, tiles_across_ = 0;
  std::size_t smem_ = 0;
  cuda_detail::DeviceProblem prob_;
  cuda::DeviceBuffer<std::int32_t> col_h_, col_e_, row_h_[3], row_f_[3], above_h_, above_f_;
  cuda::DeviceBuffer<BestCell> row_best_;
  cuda::EventTimer timer_;
  bool ran_ = false;
};

}  // namespace

std::unique_ptr<Aligner> make_cuda_traditional(const Tuning& t) { return std::make_unique<TraditionalAligner>(t); }

}  // namespace hpcs::sw
