// SPDX-License-Identifier: BSD-3-Clause
// cuda/multipass: the aligner that sets up and launches the one-kernel multi-pass
// wavefront (sw_multipass_kernel.cuh, compiled in this file). The band rule is in
// sw_multipass_bands.cpp, the mapped rows between ranks in sw_mapped_rows.hpp, and the
// host loop that moves them to and from the RowLink in sw_multipass_pump.cpp.
#include <algorithm>
#include <limits>
#include <string>
#include <vector>

#include "sw_cuda_factories.hpp"
#include "sw_cuda_common.cuh"
#include "sw_mapped_rows.hpp"
#include "sw_multipass_bands.hpp"
#include "sw_multipass_kernel.cuh"
#include "sw_multipass_pump.hpp"
#include "sw_tile.hpp"
#include "sw_tile_host.hpp"

namespace hpcs::sw::cuda {
namespace {
using cuda::MappedRows;

class MultipassAligner final : public cuda::TiledAligner {
 public:
  explicit MultipassAligner(const Tuning& t) : TiledAligner(t) {
    const int in_flight = 2 * t.tile_cols + threads_ * t.sub_cols + t.sub_cols;
    ring_ = 1;
    while (ring_ < in_flight) ring_ *= 2;
    smem_ = k::tile_scratch_bytes(ring_, threads_);  // the same layout, with the ring as the tile
    int device = 0, max_smem = 0;
    HPCS_CUDA_CHECK(cudaGetDevice(&device));
    HPCS_CUDA_CHECK(cudaDeviceGetAttribute(&max_smem, cudaDevAttrMaxSharedMemoryPerBlockOptin, device));
    if (smem_ > static_cast<std::size_t>(max_smem))
      throw Error("tiling: cuda/multipass needs " + std::to_string(smem_) + " B of shared memory per block (ring of " +
                  std::to_string(ring_) + " columns); this GPU allows " + std::to_string(max_smem) +
                  "; use smaller --tile-cols or --sub-cols");
    cuda::check_band_cols(t);
  }

  void setup(const Block& block, const Scoring& s) override {
    if (block.cols >= std::numeric_limits<std::int32_t>::max())  // 1-based int32 column numbers
      throw Error("cuda/multipass: B has " + std::to_string(block.cols) + " letters; at most " +
                  std::to_string(std::numeric_limits<std::int32_t>::max() - 1));
    prob_.upload(block, s);
    tiles_down_ = static_cast<int>((block.rows + tiling_.tile_rows - 1) / tiling_.tile_rows);
    const std::size_t cols = static_cast<std::size_t>(std::max<std::int64_t>(block.cols, 1));
    ring_h_.allocate(2 * cols);
    ring_f_.allocate(2 * cols);
    // locks, then band_done, then the ticket
    locks_.allocate(2 * static_cast<std::size_t>(std::max(tiles_down_, 1)) + 1);
    tiled::with_tile_shape(tiling_, prob_.local(), [&](auto SR, auto D, auto L) {
      auto kernel = multipass_kernel<SR(), D(), L()>;
      cuda::check_threads(kernel, threads_, "cuda/multipass");
      HPCS_CUDA_CHECK(
          cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, static_cast<int>(smem_)));
      int per_sm = 0;
      HPCS_CUDA_CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, kernel, threads_, smem_));
      resident_rows_ = cuda::resident_rows(per_sm);
      if (per_sm == 0)
        throw Error("tiling: cuda/multipass cannot fit one block of " + std::to_string(threads_) + " threads on an SM");
    });
    band_cols_ = cuda::resolve_band_cols(tiling_, block.cols, tiles_down_, resident_rows_, threads_);
    bands_ = std::max<std::int64_t>(1, (block.cols + band_cols_ - 1) / band_cols_);
    const std::int64_t tickets = bands_ * std::max(tiles_down_, 1);
    if (tickets > std::numeric_limits<int>::max())
      throw Error("tiling: cuda/multipass would run " + std::to_string(tickets) + " rows of tiles x bands; at most " +
                  std::to_string(std::numeric_limits<int>::max()) + ": use larger --band-cols or --tile-rows");
    row_best_.allocate(static_cast<std::size_t>(tickets));
    if (bands_ > 1) {
      col_h_.allocate(static_cast<std::size_t>(block.rows));
      col_e_.allocate(static_cast<std::size_t>(block.rows));
      corner_.allocate(static_cast<std::size_t>(tickets));
    }
  }

  Cell run(RowLink* link) override {
    const Block& blk = prob_.block;
    ran_ = false;
    if (blk.rows == 0) return Cell{};
    const bool above = link && link->has_above(), below = link && link->has_below();
    if (above && !above_.h) above_.allocate(blk.cols);
    if (below && !below_.h) below_.allocate(blk.cols);
    if (above) *above_.ready = 0;
    if (below) *below_.ready = 0;
    HPCS_CUDA_CHECK(cudaMemsetAsync(locks_.get(), 0, locks_.size() * sizeof(int)));
    HPCS_CUDA_CHECK(cudaMemsetAsync(row_best_.get(), 0, row_best_.size() * sizeof(k::BestCell)));

    MultipassParams p{};
    k::set_block(p, blk, prob_.a.get(), prob_.b.get(), prob_.scores.get(), tiling_, prob_.open, prob_.extend);
    p.ring_mask = ring_ - 1;
    p.ring_h = ring_h_.get();
    p.ring_f = ring_f_.get();
    p.locks = locks_.get();
    p.band_done = locks_.get() + std::max(tiles_down_, 1);
    p.ticket = locks_.get() + 2 * std::max(tiles_down_, 1);
    p.row_best = row_best_.get();
    p.rows_of_tiles = tiles_down_;
    p.band_cols = band_cols_;
    p.col_h = col_h_.get();
    p.col_e = col_e_.get();
    p.corner = corner_.get();
    if (above) {
      p.above_h = MappedRows::device(above_.h);
      p.above_f = MappedRows::device(above_.f);
      p.above_ready = MappedRows::device(above_.ready);
    }
    if (below) {
      p.below_h = MappedRows::device(below_.h);
      p.below_f = MappedRows::device(below_.f);
      p.below_ready = MappedRows::device(below_.ready);
    }
    timer_.start();
    tiled::with_tile_shape(tiling_, prob_.local(), [&](auto SR, auto D, auto L) {
      multipass_kernel<SR(), D(), L()><<<static_cast<unsigned>(bands_ * tiles_down_), threads_, smem_>>>(p);
    });
    HPCS_CUDA_CHECK_LAUNCH();
    timer_.stop();
    if (link) cuda::pump_rows(*link, above ? &above_ : nullptr, below ? &below_ : nullptr, blk.cols);
    HPCS_CUDA_CHECK(cudaDeviceSynchronize());
    ran_ = true;
    return cuda::download_best(row_best_, row_best_.size());
  }

  nlohmann::json details() const override {
    return {{"resident_rows", resident_rows_},
            {"threads_per_block", threads_},
            {"rows_of_tiles", tiles_down_},
            {"bands", bands_},
            {"band_cols", band_cols_},
            {"launches", 1},
            {"shared_bytes", smem_}};
  }

 private:
  int ring_ = 0, tiles_down_ = 0;
  std::int64_t band_cols_ = 0, bands_ = 1;
  std::int64_t resident_rows_ = 0;
  hpcs::cuda::DeviceBuffer<std::int32_t> ring_h_, ring_f_;
  hpcs::cuda::DeviceBuffer<int> locks_;
  hpcs::cuda::DeviceBuffer<k::BestCell> row_best_;
  hpcs::cuda::DeviceBuffer<std::int32_t> col_h_, col_e_, corner_;  // band hand-over (bands_ > 1)
  MappedRows above_, below_;
};

}  // namespace

std::unique_ptr<Aligner> make_cuda_multipass(const Tuning& t) { return std::make_unique<MultipassAligner>(t); }

}  // namespace hpcs::sw::cuda
