// SPDX-License-Identifier: BSD-3-Clause
// The pass plan of RK-1..RK-7 (CUDA and Kokkos alike): each pass reduces n values to one
// partial sum per block, and the kernel is relaunched on those partials until one value
// is left ("recursive kernel invocation", as in the paper).
#pragma once
#include <algorithm>
#include <array>
#include <cstddef>
#include <stdexcept>
#include <vector>

namespace hpcs::reduction {

struct Pass {
  std::size_t n = 0;       // values this pass reads
  std::size_t blocks = 0;  // partial sums it writes
};

// RK-1..3: a block covers `block` values; RK-4..6: 2*block; RK-7: `grid` blocks stride
// over the input in the first pass, then one block reduces the grid's partial sums.
inline std::vector<Pass> plan_passes(int step, std::size_t n, std::size_t block, std::size_t grid) {
  std::vector<Pass> passes;
  const std::size_t cover = step <= 3 ? block : 2 * block;
  if (cover < 2) throw std::invalid_argument("a block of one thread covering one value never reduces");
  while (n > 0) {
    std::size_t blocks = (n + cover - 1) / cover;
    if (step == 7) blocks = passes.empty() ? std::min(blocks, std::max<std::size_t>(grid, 1)) : 1;
    passes.push_back({n, blocks});
    if (blocks == 1) break;
    n = blocks;
  }
  return passes;
}

// Pass p writes buffer p % 2 and reads buffer (p - 1) % 2: the size each buffer needs.
inline std::array<std::size_t, 2> partial_buffer_sizes(const std::vector<Pass>& passes) {
  std::array<std::size_t, 2> sizes{0, 0};
  for (std::size_t p = 0; p < passes.size(); ++p) sizes[p % 2] = std::max(sizes[p % 2], passes[p].blocks);
  return sizes;
}

}  // namespace hpcs::reduction
