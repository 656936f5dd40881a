// SPDX-License-Identifier: BSD-3-Clause
// hpcs::block_of: contiguous blocks that cover [0, n) exactly once, sizes differing by at
// most one with the larger blocks first, empty blocks past n, and invalid indices.
#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

#include "hpcs/parallel/decomposition.hpp"
#include "hpcs/base/error.hpp"

namespace {

const std::vector<std::uint64_t> kSizes = {0, 1, 2, 3, 7, 1000, (std::uint64_t{1} << 20) + 7};

TEST(Decomposition, BlocksAreContiguousAndCoverEverything) {
  for (const std::uint64_t n : kSizes) {
    for (int p = 1; p <= 9; ++p) {
      SCOPED_TRACE("n=" + std::to_string(n) + " p=" + std::to_string(p));
      std::uint64_t next = 0, total = 0;
      for (int i = 0; i < p; ++i) {
        const hpcs::Block b = hpcs::block_of(n, p, i);
        EXPECT_EQ(b.begin, next) << "part " << i << " is not contiguous with part " << i - 1;
        EXPECT_EQ(b.end(), b.begin + b.count);
        next = b.end();
        total += b.count;
      }
      EXPECT_EQ(next, n);
      EXPECT_EQ(total, n);
    }
  }
}

TEST(Decomposition, SizesDifferByAtMostOneLargerFirst) {
  for (const std::uint64_t n : kSizes) {
    for (int p = 1; p <= 9; ++p) {
      SCOPED_TRACE("n=" + std::to_string(n) + " p=" + std::to_string(p));
      const std::uint64_t base = n / static_cast<std::uint64_t>(p);
      const std::uint64_t extra = n % static_cast<std::uint64_t>(p);
      std::uint64_t previous = hpcs::block_of(n, p, 0).count;
      for (int i = 0; i < p; ++i) {
        const std::uint64_t c = hpcs::block_of(n, p, i).count;
        EXPECT_EQ(c, base + (static_cast<std::uint64_t>(i) < extra ? 1u : 0u)) << "part " << i;
        EXPECT_LE(c, previous) << "part " << i << " is larger than the one before it";
        previous = c;
      }
    }
  }
}

TEST(Decomposition, MorePartsThanItemsGivesEmptyBlocks) {
  // 3 items over 7 parts: parts 0..2 get one item each, parts 3..6 are empty at the end.
  for (int i = 0; i < 7; ++i) {
    const hpcs::Block b = hpcs::block_of(3, 7, i);
    EXPECT_EQ(b.count, i < 3 ? 1u : 0u) << "part " << i;
    EXPECT_EQ(b.begin, i < 3 ? static_cast<std::uint64_t>(i) : 3u) << "part " << i;
  }
  const hpcs::Block none = hpcs::block_of(0, 4, 2);
  EXPECT_EQ(none.begin, 0u);
  EXPECT_EQ(none.count, 0u);
}

TEST(Decomposition, KnownValues) {
  // 10 over 3: [0,4) [4,7) [7,10)
  EXPECT_EQ(hpcs::block_of(10, 3, 0).begin, 0u);
  EXPECT_EQ(hpcs::block_of(10, 3, 0).count, 4u);
  EXPECT_EQ(hpcs::block_of(10, 3, 1).begin, 4u);
  EXPECT_EQ(hpcs::block_of(10, 3, 1).count, 3u);
  EXPECT_EQ(hpcs::block_of(10, 3, 2).begin, 7u);
  EXPECT_EQ(hpcs::block_of(10, 3, 2).count, 3u);
}

TEST(Decomposition, InvalidPartThrows) {
  EXPECT_THROW(hpcs::block_of(10, 3, 3), hpcs::Error);
  EXPECT_THROW(hpcs::block_of(10, 3, -1), hpcs::Error);
  EXPECT_THROW(hpcs::block_of(10, 0, 0), hpcs::Error);
  EXPECT_THROW(hpcs::block_of(10, -2, 0), hpcs::Error);
  EXPECT_NO_THROW(hpcs::block_of(10, 3, 2));
}

}  // namespace
