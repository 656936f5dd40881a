// SPDX-License-Identifier: BSD-3-Clause
// What both CUDA Smith-Waterman aligners share on the host: the tiling checks, the
// problem on the device (codes, transposed score table), the tiling and timer every tiled
// aligner keeps, and the best cell of a run.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "hpcs/cuda/check.hpp"
#include "hpcs/cuda/device_buffer.hpp"
#include "hpcs/cuda/event_timer.hpp"
#include "hpcs/base/error.hpp"
#include "sw_cell.hpp"
#include "sw_tile_host.hpp"
#include "sw_variants.hpp"

namespace hpcs::sw::cuda {

// A thread block as the team of the shared tile code (sw_tile.hpp, sw_cell.hpp).
struct CudaTeam {
  __device__ int rank() const { return static_cast<int>(threadIdx.x); }
  __device__ int size() const { return static_cast<int>(blockDim.x); }
  __device__ void barrier() const { __syncthreads(); }
};

// Throws with the reason when a tiling cannot run (the paper's t_S, t_T, s_S, s_T).
inline int threads_per_block(const Tuning& t) {
  const int threads = tiled::tile_threads(t);
  if (threads > 1024)
    throw Error("tiling: --tile-rows / --sub-rows = " + std::to_string(threads) + " threads per block; at most 1024");
  return threads;
}

// Throws if `kernel` cannot run `threads` threads per block (registers), naming the limit.
template <class Kernel>
void check_threads(Kernel kernel, int threads, const char* variant) {
  cudaFuncAttributes attr{};
  HPCS_CUDA_CHECK(cudaFuncGetAttributes(&attr, kernel));
  if (threads > attr.maxThreadsPerBlock)
    throw Error(std::string("tiling: ") + variant + " uses " + std::to_string(attr.numRegs) +
                " registers per thread, so at most " + std::to_string(attr.maxThreadsPerBlock) +
                " threads per block; --tile-rows / --sub-rows asks for " + std::to_string(threads));
}

// The block on the device: codes of A's rows and of B, and the score table transposed
// (scores[b * 32 + a]) so a column reads one row of it.
struct DeviceProblem {
  Block block;
  std::int32_t open = 0, extend = 0;
  hpcs::cuda::DeviceBuffer<std::uint8_t> a, b;
  hpcs::cuda::DeviceBuffer<std::int32_t> scores;

  void upload(const Block& blk, const Scoring& s) {
    block = blk;
    open = s.gap_open;
    extend = s.gap_extend;
    a.allocate(static_cast<std::size_t>(std::max<std::int64_t>(blk.rows, 1)));
    b.allocate(static_cast<std::size_t>(std::max<std::int64_t>(blk.cols, 1)));
    a.upload(blk.a, static_cast<std::size_t>(blk.rows));
    b.upload(blk.b, static_cast<std::size_t>(blk.cols));
    std::vector<std::int32_t> t(32 * 32, 0);
    for (int x = 0; x < s.letters; ++x)
      for (int y = 0; y < s.letters; ++y) t[y * 32 + x] = s.score(x, y);
    scores.allocate(t.size());
    scores.upload(t.data(), t.size());
  }
  bool local() const { return block.mode == Mode::Local; }
};

// What both CUDA aligners keep and report alike: the tiling (checked on construction), the
// block on the device, and the device time of the last run.
class TiledAligner : public Aligner {
 public:
  explicit TiledAligner(const Tuning& t) : tiling_(t), threads_(threads_per_block(t)) {}
  std::optional<double> device_seconds() const override {
    if (!ran_) return std::nullopt;
    return timer_.seconds();
  }
  std::string config() const override { return tiling_config(tiling_) + (tiling_.dpx ? " dpx" : ""); }

 protected:
  Tuning tiling_;
  int threads_ = 0;
  std::size_t smem_ = 0;  // dynamic shared memory per block
  DeviceProblem prob_;
  hpcs::cuda::EventTimer timer_;
  bool ran_ = false;
};

// The best of the first `n` per-row best cells a run left on the device.
inline Cell download_best(const hpcs::cuda::DeviceBuffer<tiled::BestCell>& row_best, std::size_t n) {
  std::vector<tiled::BestCell> rows(n);
  row_best.download(rows.data(), n);
  return tiled::best_of(rows.data(), n);
}

}  // namespace hpcs::sw::cuda
