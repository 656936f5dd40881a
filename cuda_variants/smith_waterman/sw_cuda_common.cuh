// SPDX-License-Identifier: BSD-3-Clause
// What both CUDA Smith-Waterman aligners share on the host: the tiling checks, the
// problem on the device (codes, transposed score table), the compile-time dispatch, and
// turning per-row best cells into one.
#pragma once
#include <cstdint>
#include <string>
#include <type_traits>
#include <vector>

#include "hpcs/cuda/check.hpp"
#include "hpcs/cuda/device_buffer.hpp"
#include "hpcs/error.hpp"
#include "sw_cell.hpp"
#include "sw_variants.hpp"

namespace hpcs::sw::cuda_detail {

template <int V>
using Int = std::integral_constant<int, V>;

// A thread block as the team of the shared tile code (sw_tile.hpp, sw_cell.hpp).
struct CudaTeam {
  __device__ int rank() const { return static_cast<int>(threadIdx.x); }
  __device__ int size() const { return static_cast<int>(blockDim.x); }
  __device__ void barrier() const { __syncthreads(); }
};


// Rows per thread the kernels are compiled for.
template <class F>
void with_sub_rows(int sub_rows, F&& f) {
  switch (sub_rows) {
    case 4: f(Int<4>{}); break;
    case 8: f(Int<8>{}); break;
    case 16: f(Int<16>{}); break;
    default: throw Error("--sub-rows " + std::to_string(sub_rows) + ": the CUDA kernels support 4, 8 or 16");
  }
}

template <class F>
void with_flags(bool dpx, bool local, F&& f) {
  if (dpx) {
    if (local) f(std::true_type{}, std::true_type{});
    else f(std::true_type{}, std::false_type{});
  } else {
    if (local) f(std::false_type{}, std::true_type{});
    else f(std::false_type{}, std::false_type{});
  }
}

// Throws with the reason when a tiling cannot run (the paper's t_S, t_T, s_S, s_T).
inline int threads_per_block(const Tuning& t) {
  if (t.tile_rows < 1 || t.tile_cols < 1 || t.sub_rows < 1 || t.sub_cols < 1)
    throw Error("tiling: --tile-rows, --tile-cols, --sub-rows and --sub-cols must be positive");
  with_sub_rows(t.sub_rows, [](auto) {});
  if (t.tile_rows % t.sub_rows != 0)
    throw Error("--tile-rows " + std::to_string(t.tile_rows) + " is not a multiple of --sub-rows " + std::to_string(t.sub_rows));
  if (t.tile_cols % t.sub_cols != 0)
    throw Error("--tile-cols " + std::to_string(t.tile_cols) + " is not a multiple of --sub-cols " + std::to_string(t.sub_cols));
  const int threads = t.tile_rows / t.sub_rows;
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
  cuda::DeviceBuffer<std::uint8_t> a, b;
  cuda::DeviceBuffer<std::int32_t> scores;

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
  // Before any cell: lower than every score (see the reference).
  std::int32_t no_score() const { return local() ? -1 : kNeg - (1 << 20); }
};

inline Cell best_of(const std::vector<tiled::BestCell>& rows) {
  Cell best{};
  for (const auto& c : rows)
    if (c.i != 0 && (best.i == 0 || better(c.score, c.i, c.j, best.score, best.i, best.j))) best = {c.score, c.i, c.j};
  return best;
}

}  // namespace hpcs::sw::cuda_detail
