// SPDX-License-Identifier: BSD-3-Clause
// cuda/multipass and cuda/multipass16: the aligner that sets up and launches the one-kernel
// multi-pass wavefront (sw_multipass_kernel.cuh; cuda/multipass16's two cells per
// instruction in sw_multipass16_kernel.cuh, both compiled in this file). The band rule is in
// sw_multipass_bands.cpp, the mapped rows between ranks in sw_mapped_rows.hpp, and the
// host loop that moves them to and from the RowLink in sw_multipass_pump.cpp.
#include <algorithm>
#include <limits>
#include <string>
#include <vector>

#include "sw_cuda_factories.hpp"
#include "sw_cuda_common.cuh"
#include "sw_band_rule.hpp"
#include "sw_mapped_rows.hpp"
#include "sw_multipass_bands.hpp"
#include "sw_multipass16_kernel.cuh"
#include "sw_multipass_kernel.cuh"
#include "sw_multipass_pump.hpp"
#include "sw_tile.hpp"
#include "sw_tile_host.hpp"

namespace hpcs::sw::cuda {
namespace {
using cuda::MappedRows;

// The largest H entering a row of tiles of t_S rows that keeps every value of its cells in
// 16 bits (sw_multipass16_kernel.cuh, "Exactness"), or -1 where a scoring cannot use 16 bits.
std::int32_t limit16(const Scoring& s, int tile_rows) {
  int lo = 0, hi = 0;
  for (int x = 0; x < s.letters; ++x)
    for (int y = 0; y < s.letters; ++y) {
      lo = std::min(lo, s.score(x, y));
      hi = std::max(hi, s.score(x, y));
    }
  if (s.gap_open > 8192 || s.gap_extend > 8192 || lo < -8192 || hi > 8191) return -1;
  return static_cast<std::int32_t>(std::max<std::int64_t>(-1, 32767 - static_cast<std::int64_t>(hi) * (tile_rows + 1)));
}

// cuda/multipass16 runs cuda/multipass's kernel where 16 bits cannot serve, with at most 16
// rows a thread (its largest instance): the same tile, more threads.
Tuning int32_tiling(Tuning t) {
  t.sub_rows = std::min(t.sub_rows, 16);
  return t;
}

class MultipassAligner final : public cuda::TiledAligner {
 public:
  MultipassAligner(const Tuning& t, bool packed16)
      : TiledAligner(packed16 ? int32_tiling(t) : t), packed16_(packed16), tiling16_(t) {
    if (packed16) {
      if (t.sub_rows != 8 && t.sub_rows != 16 && t.sub_rows != 32)
        throw Error("--sub-rows " + std::to_string(t.sub_rows) +
                    ": cuda/multipass16 supports 8, 16 or 32 (a thread's rows as two lanes of 4, 8 or 16)");
      if (t.tile_rows % t.sub_rows != 0)
        throw Error("--tile-rows " + std::to_string(t.tile_rows) + " is not a multiple of --sub-rows " +
                    std::to_string(t.sub_rows));
      threads16_ = t.tile_rows / t.sub_rows;
    }
    // The ring holds the columns in flight of either kernel (cuda/multipass16's pipeline: two
    // lanes a thread).
    const int lanes = std::max(threads_, 2 * threads16_);
    const int in_flight = 2 * t.tile_cols + lanes * t.sub_cols + t.sub_cols;
    ring_ = 1;
    while (ring_ < in_flight) ring_ *= 2;
    smem_ = k::tile_scratch_bytes(ring_, threads_);  // the same layout, with the ring as the tile
    HPCS_CUDA_CHECK(cudaGetDevice(&device_));
    check_smem(smem_);
    cuda::check_band_cols(t);
  }

  std::string config() const override {
    return packed16_ ? tiling_config(tiling16_) + " s16x2" : TiledAligner::config();
  }

  void setup(const Block& block, const Scoring& s) override {
    if (block.cols >= std::numeric_limits<std::int32_t>::max())  // 1-based int32 column numbers
      throw Error("cuda/multipass: B has " + std::to_string(block.cols) + " letters; at most " +
                  std::to_string(std::numeric_limits<std::int32_t>::max() - 1));
    prob_.upload(block, s);
    limit16_ = packed16_ && prob_.local() ? limit16(s, tiling_.tile_rows) : -1;
    use16_ = limit16_ >= 0;
    letters_ = s.letters;
    if (use16_) {
      smem16_ = multipass16_smem_bytes(ring_, threads16_, letters_, tiling16_.sub_rows / 2);
      check_smem(smem16_);
    }
    tiles_down_ = static_cast<int>((block.rows + tiling_.tile_rows - 1) / tiling_.tile_rows);
    const std::size_t cols = static_cast<std::size_t>(std::max<std::int64_t>(block.cols, 1));
    ring_h_.allocate(2 * cols);
    ring_f_.allocate(2 * cols);
    // locks, then band_done, then the ticket
    locks_.allocate(2 * static_cast<std::size_t>(std::max(tiles_down_, 1)) + 1);
    with_kernel([&](auto kernel, std::size_t smem, int threads) {
      cuda::check_threads(kernel, threads, name());
      HPCS_CUDA_CHECK(
          cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, static_cast<int>(smem)));
      int per_sm = 0;
      HPCS_CUDA_CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, kernel, threads, smem));
      resident_rows_ = cuda::resident_rows(per_sm);
      if (per_sm == 0)
        throw Error(std::string("tiling: ") + name() + " cannot fit one block of " + std::to_string(threads) +
                    " threads on an SM");
    });
    band_cols_ =
        multipass_band_cols(tiling_, block.cols, tiles_down_, resident_rows_, use16_ ? 2 * threads16_ : threads_);
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
    if (use16_) {
      if (!cols32_.get()) cols32_.allocate(1);
      HPCS_CUDA_CHECK(cudaMemsetAsync(cols32_.get(), 0, sizeof(unsigned long long)));
    }

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
    p.letters = letters_;
    p.limit16 = limit16_;
    p.cols32 = use16_ ? cols32_.get() : nullptr;
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
    with_kernel([&](auto kernel, std::size_t smem, int threads) {
      kernel<<<static_cast<unsigned>(bands_ * tiles_down_), threads, smem>>>(p);
    });
    HPCS_CUDA_CHECK_LAUNCH();
    timer_.stop();
    if (link) cuda::pump_rows(*link, above ? &above_ : nullptr, below ? &below_ : nullptr, blk.cols);
    HPCS_CUDA_CHECK(cudaDeviceSynchronize());
    ran_ = true;
    if (use16_) cols32_.download(&int32_cols_, 1);
    return cuda::download_best(row_best_, row_best_.size());
  }

  nlohmann::json details() const override {
    nlohmann::json d = {{"resident_rows", resident_rows_},
                        {"threads_per_block", use16_ ? threads16_ : threads_},
                        {"rows_of_tiles", tiles_down_},
                        {"bands", bands_},
                        {"band_cols", band_cols_},
                        {"launches", 1},
                        {"shared_bytes", use16_ ? smem16_ : smem_}};
    if (packed16_) {
      // Which kernel ran, and the share of the table's columns x rows of tiles it ran in int32.
      d["kernel"] = use16_ ? "16x2 lanes" : "int32 (this scoring or mode cannot use 16 bits)";
      d["int32_share"] = use16_ && tiles_down_ > 0 && prob_.block.cols > 0
                             ? static_cast<double>(int32_cols_) / (static_cast<double>(tiles_down_) * prob_.block.cols)
                             : 1.0;
    }
    return d;
  }

 private:
  const char* name() const { return packed16_ ? "cuda/multipass16" : "cuda/multipass"; }

  void check_smem(std::size_t bytes) const {
    int max_smem = 0;
    HPCS_CUDA_CHECK(cudaDeviceGetAttribute(&max_smem, cudaDevAttrMaxSharedMemoryPerBlockOptin, device_));
    if (bytes > static_cast<std::size_t>(max_smem))
      throw Error(std::string("tiling: ") + name() + " needs " + std::to_string(bytes) +
                  " B of shared memory per block (ring of " + std::to_string(ring_) + " columns" +
                  (packed16_ ? ", the rows' score profile" : "") + "); this GPU allows " + std::to_string(max_smem) +
                  "; use smaller --tile-cols or --sub-cols" + (packed16_ ? " or --tile-rows" : ""));
  }

  // f(kernel, dynamic shared bytes, threads per block) with the kernel this block runs.
  template <class F>
  void with_kernel(F&& f) const {
    if (use16_) {
      if (tiling16_.sub_rows == 8) f(multipass16_kernel<4>, smem16_, threads16_);
      else if (tiling16_.sub_rows == 16) f(multipass16_kernel<8>, smem16_, threads16_);
      else f(multipass16_kernel<16>, smem16_, threads16_);
      return;
    }
    tiled::with_tile_shape(tiling_, prob_.local(),
                           [&](auto SR, auto D, auto L) { f(multipass_kernel<SR(), D(), L()>, smem_, threads_); });
  }

  bool packed16_ = false, use16_ = false;
  Tuning tiling16_;  // cuda/multipass16's own (tiling_: its int32 kernel's)
  int threads16_ = 0;
  int device_ = 0, letters_ = 0;
  std::int32_t limit16_ = -1;
  std::size_t smem16_ = 0;
  unsigned long long int32_cols_ = 0;
  hpcs::cuda::DeviceBuffer<unsigned long long> cols32_;
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

std::unique_ptr<Aligner> make_cuda_multipass(const Tuning& t) { return std::make_unique<MultipassAligner>(t, false); }
std::unique_ptr<Aligner> make_cuda_multipass16(const Tuning& t) { return std::make_unique<MultipassAligner>(t, true); }

}  // namespace hpcs::sw::cuda
