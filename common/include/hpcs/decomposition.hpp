// SPDX-License-Identifier: BSD-3-Clause
// Block decomposition of N items over P parts: the first N % P parts get one extra
// item, so part sizes differ by at most one and parts past N are empty.
#pragma once
#include <cstdint>

namespace hpcs {

struct Block {
  std::uint64_t begin = 0;
  std::uint64_t count = 0;
  std::uint64_t end() const { return begin + count; }
};

Block block_of(std::uint64_t n, int parts, int index);

}  // namespace hpcs
