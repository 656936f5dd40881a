// SPDX-License-Identifier: BSD-3-Clause
// Block decomposition of N items over P parts: the first N % P parts get one extra
// item, so part sizes differ by at most one and parts past N are empty.
#pragma once
#include <cstdint>
#include <string>

namespace hpcs {

struct Block {
  std::uint64_t begin = 0;
  std::uint64_t count = 0;
  std::uint64_t end() const { return begin + count; }
};

Block block_of(std::uint64_t n, int parts, int index);

// The suite's one rule for more ranks than work items (docs/architecture.md, "More ranks
// than work"): an app runs with empty shares only where every variant is tested on them
// (the reduction's elements, Smith-Waterman's rows of A); every other app calls this on
// every rank before it reads its share, which throws, alike on every rank,
// "<where>: 5 ranks for 4 <items>: use at most 4 ranks". `where` names the file and the
// dataset, or the generated input.
void require_share_per_rank(std::uint64_t n, int ranks, const std::string& items, const std::string& where);

}  // namespace hpcs
