// SPDX-License-Identifier: BSD-3-Clause
// hpcs::check_fits_in_memory counts this rank's share once per rank on the node: a share
// that fits one rank is refused for two (issue 16: ranks on a node share its memory).
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cstdlib>
#include <string>

#include "expect_error.hpp"
#include "hpcs/parallel/host_memory.hpp"

namespace {

// HPCS_MEMORY_LIMIT_BYTES and the node's rank count for one test, restored after it.
class HostMemory : public ::testing::Test {
 protected:
  void SetUp() override {
    if (const char* v = std::getenv("HPCS_MEMORY_LIMIT_BYTES")) saved_ = v;
    ::setenv("HPCS_MEMORY_LIMIT_BYTES", "1000000", 1);  // 80%: 800 kB
  }
  void TearDown() override {
    if (saved_.empty()) ::unsetenv("HPCS_MEMORY_LIMIT_BYTES");
    else ::setenv("HPCS_MEMORY_LIMIT_BYTES", saved_.c_str(), 1);
    hpcs::set_ranks_sharing_memory(1);
  }
  std::string saved_;
};

std::string message_of(std::uint64_t bytes) {
  return hpcs::testing::error_message([&] { hpcs::check_fits_in_memory(bytes, "in.h5: the rows of rank 0"); });
}

TEST_F(HostMemory, OneRankMayUseEightyPercent) {
  EXPECT_EQ(message_of(800000), "");
  EXPECT_THAT(message_of(800001),
              ::testing::HasSubstr("in.h5: the rows of rank 0 needs 0.0008 GB but this machine has"));
}

TEST_F(HostMemory, RanksOfTheNodeShareIt) {
  hpcs::set_ranks_sharing_memory(2);
  EXPECT_EQ(hpcs::ranks_sharing_memory(), 2);
  EXPECT_EQ(message_of(400000), "");
  EXPECT_THAT(
      message_of(500000),
      ::testing::HasSubstr("needs 0.0005 GB per rank, 0.001 GB on this node's 2 ranks, but this machine has 0.001 GB"));
}

TEST_F(HostMemory, NoRanksCountAsOne) {
  hpcs::set_ranks_sharing_memory(0);
  EXPECT_EQ(hpcs::ranks_sharing_memory(), 1);
  EXPECT_EQ(message_of(800000), "");
}

}  // namespace
