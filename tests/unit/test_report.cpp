// SPDX-License-Identifier: BSD-3-Clause
// hpcs reporting: set_bandwidth (device median when measured, else wall median),
// set_step_speedups over a chain, print_table's content, and to_json's documented keys.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <sstream>
#include <string>
#include <vector>

#include "hpcs/report/report.hpp"

namespace {
using ::testing::HasSubstr;

hpcs::Timings wall_timings(const std::vector<double>& wall) {
  hpcs::Timings t;
  t.warmup = 2;
  t.wall = wall;
  t.wall_stats = hpcs::summarize(wall);
  return t;
}

hpcs::RunRecord record(const std::string& variant, double median_s) {
  hpcs::RunRecord r;
  r.app = "unit";
  r.variant = variant;
  r.backend = "cpu";
  r.config = "cfg";
  r.dtype = "float32";
  r.items = 1000000;
  r.timings = wall_timings({median_s * 0.5, median_s, median_s * 4});
  r.bytes_per_rep = 4e6;
  return r;
}

TEST(Report, BandwidthFromWallMedian) {
  hpcs::RunRecord r = record("cpu/a", 0.002);
  r.rate_unit = "something else";
  set_bandwidth(r);
  EXPECT_DOUBLE_EQ(r.rate, 4e6 / 0.002 / 1e9);  // 2 GB/s
  EXPECT_EQ(r.rate_unit, "GB/s");
  EXPECT_STREQ(r.timings.representative_kind(), "wall");
}

TEST(Report, BandwidthPrefersDeviceMedian) {
  hpcs::RunRecord r = record("cuda/a", 0.002);
  r.timings.device = {0.003, 0.001, 0.0005};
  r.timings.device_stats = hpcs::summarize(r.timings.device);
  set_bandwidth(r);
  EXPECT_DOUBLE_EQ(r.timings.representative(), 0.001);
  EXPECT_STREQ(r.timings.representative_kind(), "device");
  EXPECT_DOUBLE_EQ(r.rate, 4.0);  // 4e6 B / 1 ms
}

TEST(Report, BandwidthOfZeroTimeIsZero) {
  hpcs::RunRecord r = record("cpu/a", 0.0);
  set_bandwidth(r);
  EXPECT_EQ(r.rate, 0.0);
}

TEST(Report, StepSpeedupsOverAChain) {
  // Records out of step order; the chain gives the order 2 -> 0 -> 3 (index 1 is not in it).
  std::vector<hpcs::RunRecord> records = {record("rk2", 0.5), record("other", 0.1), record("rk1", 1.0),
                                          record("rk3", 0.125)};
  hpcs::set_step_speedups(records, {2, 0, 3});
  EXPECT_EQ(records[2].step_speedup, std::nullopt);  // the first step has no previous step
  EXPECT_EQ(records[2].cumulative_speedup, std::optional<double>(1.0));
  EXPECT_EQ(records[0].step_speedup, std::optional<double>(2.0));
  EXPECT_EQ(records[0].cumulative_speedup, std::optional<double>(2.0));
  EXPECT_EQ(records[3].step_speedup, std::optional<double>(4.0));
  EXPECT_EQ(records[3].cumulative_speedup, std::optional<double>(8.0));
  EXPECT_EQ(records[1].step_speedup, std::nullopt);
  EXPECT_EQ(records[1].cumulative_speedup, std::nullopt);
  hpcs::set_step_speedups(records, {});  // nothing to do
  EXPECT_EQ(records[3].step_speedup, std::optional<double>(4.0));
}

TEST(Report, PrintTable) {
  std::vector<hpcs::RunRecord> records = {record("cpu/reference", 0.002), record("cuda/broken", 0.001)};
  records[0].verification = {"passed", ""};
  records[1].verification = {"FAILED", "|got-ref| = 3 > tol 1e-5"};
  records[1].gpu_energy_source = "unavailable: test";
  for (auto& r : records) hpcs::set_bandwidth(r);
  std::ostringstream os;
  hpcs::print_table(os, records);
  const std::string s = os.str();
  EXPECT_THAT(s, HasSubstr("variant"));
  EXPECT_THAT(s, HasSubstr("cpu/reference"));
  EXPECT_THAT(s, HasSubstr("cuda/broken"));
  EXPECT_THAT(s, HasSubstr("passed"));
  EXPECT_THAT(s, HasSubstr("  FAILED cuda/broken: |got-ref| = 3 > tol 1e-5\n"));
  EXPECT_THAT(s, ::testing::Not(HasSubstr("FAILED cpu/reference")));
  EXPECT_THAT(s, HasSubstr("2.0000"));  // median of cpu/reference in ms
  EXPECT_THAT(s, HasSubstr("gpu: unavailable: test"));
  EXPECT_THAT(s, HasSubstr("n = 1000000 float32 elements over 1 rank(s)"));

  std::ostringstream empty;
  hpcs::print_table(empty, {});
  EXPECT_EQ(empty.str(), "");
}

TEST(Report, ToJsonKeys) {
  hpcs::RunRecord r = record("cuda/rk3", 0.004);
  r.timings.device = {0.002, 0.003};
  r.timings.device_stats = hpcs::summarize(r.timings.device);
  r.ranks = 4;
  r.verification = {"passed", "exact"};
  r.gpu_energy_source = "nvml total-energy counter";
  r.cpu_energy_source = "rapl powercap (package-0)";
  r.cumulative_speedup = 3.0;
  r.extra = {{"sum", "1.5"}};
  hpcs::set_bandwidth(r);
  const nlohmann::json j = hpcs::to_json(r);
  EXPECT_EQ(j.at("app"), "unit");
  EXPECT_EQ(j.at("variant"), "cuda/rk3");
  EXPECT_EQ(j.at("time_kind"), "device");
  EXPECT_DOUBLE_EQ(j.at("time_s").get<double>(), 0.0025);
  EXPECT_DOUBLE_EQ(j.at("rate").get<double>(), 4e6 / 0.0025 / 1e9);
  EXPECT_EQ(j.at("rate_unit"), "GB/s");
  EXPECT_EQ(j.at("ranks"), 4);
  EXPECT_EQ(j.at("reps"), 3);
  EXPECT_EQ(j.at("warmup"), 2);
  EXPECT_EQ(j.at("items"), 1000000);
  EXPECT_EQ(j.at("wall_s").at("median"), 0.004);
  EXPECT_EQ(j.at("device_s").at("count"), 2);
  EXPECT_EQ(j.at("device_samples_s"), (nlohmann::json{0.002, 0.003}));
  EXPECT_TRUE(j.at("step_speedup").is_null());
  EXPECT_EQ(j.at("cumulative_speedup"), 3.0);
  EXPECT_EQ(j.at("verification").at("status"), "passed");
  EXPECT_EQ(j.at("verification").at("detail"), "exact");
  EXPECT_EQ(j.at("energy").at("gpu_source"), "nvml total-energy counter");
  EXPECT_EQ(j.at("energy").at("cpu_source"), "rapl powercap (package-0)");
  EXPECT_EQ(j.at("result").at("sum"), "1.5");

  // Without device times the wall median is the time, and device_s is null.
  const nlohmann::json w = hpcs::to_json(record("cpu/rk1", 0.004));
  EXPECT_EQ(w.at("time_kind"), "wall");
  EXPECT_EQ(w.at("time_s"), 0.004);
  EXPECT_TRUE(w.at("device_s").is_null());
  EXPECT_EQ(w.at("verification").at("status"), "not checked");
}

}  // namespace
