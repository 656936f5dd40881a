// SPDX-License-Identifier: BSD-3-Clause
// --repeat-check: the run loop's determinism check passes when every repeated run's result
// equals the result run's and fails naming the first differing run otherwise (on every rank,
// whichever rank saw the difference).
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <optional>
#include <vector>

#include "hpcs/harness/run_loop.hpp"
#include "mpi_test_context.hpp"

namespace {
using ::testing::HasSubstr;

struct FakeApp {
  nlohmann::json result_json(double r) const { return {{"value", r}}; }
};

// Run k (the result run is 0) gives results[k].
struct FakeTrial {
  std::vector<double> results;
  int runs = 0;
  std::optional<double> rep() {
    ++runs;
    return std::nullopt;
  }
  double result() const { return results.at(static_cast<std::size_t>(runs - 1)); }
};

TEST(RepeatCheck, IdenticalRunsPass) {
  FakeApp app;
  FakeTrial trial{{0.1, 0.1, 0.1, 0.1}, 1};
  hpcs::RunRecord r;
  r.verification.status = "passed";
  hpcs::check_repeats(app, hpcs::testing::mpi(), 3, trial, 0.1, r);
  EXPECT_EQ(r.verification.status, "passed");
  EXPECT_EQ(r.extra["repeat_check"]["runs"], 3);
  EXPECT_EQ(r.extra["repeat_check"]["differing"], 0);
}

TEST(RepeatCheck, OneDifferingRunOnOneRankFailsEverywhere) {
  FakeApp app;
  const bool odd = hpcs::testing::mpi().rank() == hpcs::testing::mpi().size() - 1;
  FakeTrial trial{{0.1, 0.1, odd ? 0.1 + 0x1p-56 : 0.1 /* one ulp off */, 0.1}, 1};
  hpcs::RunRecord r;
  r.verification.status = "passed";
  r.verification.detail = "max error 0";
  hpcs::check_repeats(app, hpcs::testing::mpi(), 3, trial, 0.1, r);
  EXPECT_EQ(r.verification.status, "FAILED");
  EXPECT_THAT(r.verification.detail, HasSubstr("1 of 3 repeated runs differ from the result run (first: run 2)"));
  EXPECT_THAT(r.verification.detail, HasSubstr("max error 0; "));
}

}  // namespace
