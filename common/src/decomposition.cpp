// SPDX-License-Identifier: BSD-3-Clause
#include "hpcs/parallel/decomposition.hpp"

#include <string>

#include "hpcs/base/error.hpp"

namespace hpcs {

Block block_of(std::uint64_t n, int parts, int index) {
  if (parts <= 0 || index < 0 || index >= parts)
    throw Error("block_of: part " + std::to_string(index) + " of " + std::to_string(parts));
  const auto p = static_cast<std::uint64_t>(parts);
  const auto i = static_cast<std::uint64_t>(index);
  const std::uint64_t base = n / p, extra = n % p;
  Block b;
  b.count = base + (i < extra ? 1 : 0);
  b.begin = i * base + (i < extra ? i : extra);
  return b;
}

void require_share_per_rank(std::uint64_t n, int ranks, const std::string& items, const std::string& where) {
  if (ranks <= 0 || n >= static_cast<std::uint64_t>(ranks)) return;
  throw Error(where + ": " + std::to_string(ranks) + " ranks for " + std::to_string(n) + " " + items +
              ": use at most " + std::to_string(n) + (n == 1 ? " rank" : " ranks"));
}

}  // namespace hpcs
