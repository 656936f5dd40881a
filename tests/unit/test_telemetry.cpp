// SPDX-License-Identifier: BSD-3-Clause
// hpcs::GpuTelemetry against a fake NVML (fake_nvml.c): clocks, temperature, power, limit and
// throttle reasons summarised and traced; a GPU NVML does not know, no GPU, NVML disabled.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <chrono>
#include <string>
#include <thread>

#include "hpcs/measure/energy.hpp"
#include "hpcs/measure/telemetry.hpp"
#include "unit_test_util.hpp"

namespace {
using hpcs::unit::ScopedEnv;
using ::testing::ElementsAre;
using ::testing::HasSubstr;

TEST(Telemetry, SamplesTheFakeGpu) {
  ScopedEnv nvml("HPCS_NVML_LIBRARY", std::string(HPCS_FAKE_NVML));
  ScopedEnv period("HPCS_TELEMETRY_PERIOD_MS", std::string("10"));
  hpcs::GpuTelemetry t(std::string("0000:01:00.0"), "unused");
  ASSERT_TRUE(t.available());
  t.start();
  std::this_thread::sleep_for(std::chrono::milliseconds(60));
  const nlohmann::json j = t.stop();
  EXPECT_GE(j["samples"].get<int>(), 3);
  EXPECT_EQ(j["sm_clock_mhz"]["mean"], 1755.0);
  EXPECT_EQ(j["sm_clock_mhz"]["min"], 1755.0);
  EXPECT_EQ(j["memory_clock_mhz"]["max"], 2619.0);
  EXPECT_EQ(j["temperature_c"]["mean"], 47.0);
  EXPECT_DOUBLE_EQ(j["power_w"]["mean"].get<double>(), 250.0);
  EXPECT_DOUBLE_EQ(j["power_limit_w"].get<double>(), 700.0);
  EXPECT_THAT(j["throttle_reasons"].get<std::vector<std::string>>(), ElementsAre("sw_power_cap"));
  EXPECT_EQ(j["trace"]["t_s"].size(), j["samples"].get<std::size_t>());
  EXPECT_EQ(j["trace"]["power_w"].size(), j["samples"].get<std::size_t>());
  EXPECT_GE(j["window_s"].get<double>(), 0.05);
}

TEST(Telemetry, SaysWhyNone) {
  ScopedEnv nvml("HPCS_NVML_LIBRARY", std::string(HPCS_FAKE_NVML));
  hpcs::GpuTelemetry other(std::string("0000:99:00.0"), "unused");
  EXPECT_FALSE(other.available());
  EXPECT_THAT(other.stop()["absent"].get<std::string>(), HasSubstr("NVML has no GPU at PCI 0000:99:00.0"));
  hpcs::GpuTelemetry none(std::nullopt, "no GPU on this rank");
  none.start();
  EXPECT_EQ(none.stop()["absent"], "no GPU on this rank");
  ScopedEnv off("HPCS_NVML_LIBRARY", std::string("none"));
  hpcs::GpuTelemetry disabled(std::string("0000:01:00.0"), "unused");
  EXPECT_THAT(disabled.stop()["absent"].get<std::string>(), HasSubstr("HPCS_NVML_LIBRARY=none"));
}

TEST(Telemetry, ReasonNames) {
  EXPECT_THAT(hpcs::throttle_reason_names(0x1 | 0x40), ElementsAre("gpu_idle", "hw_thermal_slowdown"));
  EXPECT_TRUE(hpcs::throttle_reason_names(0).empty());
}

TEST(Energy, FakeNvmlCounter) {
  ScopedEnv nvml("HPCS_NVML_LIBRARY", std::string(HPCS_FAKE_NVML));
  hpcs::EnergyMeter meter(std::string("0000:01:00.0"));
  ASSERT_TRUE(meter.gpu_available());
  EXPECT_EQ(meter.gpu_source(), "nvml total-energy counter");
  meter.start();
  EXPECT_GT(meter.stop().gpu_joules.value_or(0), 0.0);  // the fake adds 1 J per read
}

}  // namespace
