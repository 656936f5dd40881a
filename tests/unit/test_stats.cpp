// SPDX-License-Identifier: BSD-3-Clause
// hpcs::summarize: min/median/max/mean/count for odd, even, unsorted and single samples;
// an empty sample set throws.
#include <gtest/gtest.h>

#include <vector>

#include "hpcs/base/error.hpp"
#include "hpcs/base/stats.hpp"

namespace {

TEST(Stats, OddCountUnsorted) {
  const hpcs::Stats s = hpcs::summarize({5.0, 1.0, 4.0, 2.0, 3.0});
  EXPECT_EQ(s.count, 5u);
  EXPECT_DOUBLE_EQ(s.min, 1.0);
  EXPECT_DOUBLE_EQ(s.max, 5.0);
  EXPECT_DOUBLE_EQ(s.median, 3.0);
  EXPECT_DOUBLE_EQ(s.mean, 3.0);
}

TEST(Stats, EvenCountMedianIsMeanOfMiddleTwo) {
  const hpcs::Stats s = hpcs::summarize({10.0, 1.0, 4.0, 2.0});
  EXPECT_EQ(s.count, 4u);
  EXPECT_DOUBLE_EQ(s.min, 1.0);
  EXPECT_DOUBLE_EQ(s.max, 10.0);
  EXPECT_DOUBLE_EQ(s.median, 3.0);  // (2 + 4) / 2
  EXPECT_DOUBLE_EQ(s.mean, 4.25);
}

TEST(Stats, SkewedSamplesMedianDiffersFromMean) {
  const hpcs::Stats s = hpcs::summarize({0.001, 0.002, 0.003, 1.0});
  EXPECT_DOUBLE_EQ(s.median, 0.0025);
  EXPECT_DOUBLE_EQ(s.mean, 1.006 / 4);
}

TEST(Stats, SingleSample) {
  const hpcs::Stats s = hpcs::summarize({-2.5});
  EXPECT_EQ(s.count, 1u);
  EXPECT_DOUBLE_EQ(s.min, -2.5);
  EXPECT_DOUBLE_EQ(s.median, -2.5);
  EXPECT_DOUBLE_EQ(s.max, -2.5);
  EXPECT_DOUBLE_EQ(s.mean, -2.5);
}

TEST(Stats, EmptyThrows) { EXPECT_THROW(hpcs::summarize({}), hpcs::Error); }

}  // namespace
