// SPDX-License-Identifier: BSD-3-Clause
// hpcs::EnergyMeter without hardware: NVML that cannot be loaded, and CPU package energy
// from a fake powercap tree ($HPCS_POWERCAP_ROOT) with sub-zones, counter wrap-around and
// unreadable zones; EnergyWindow's derived values; JSON null (not 0) for unmeasured energy.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>
#include <functional>
#include <string>
#include <thread>

#include "hpcs/measure/energy.hpp"
#include "hpcs/report/report.hpp"
#include "unit_test_util.hpp"

namespace {
namespace fs = std::filesystem;
using hpcs::unit::ScopedEnv;
using hpcs::unit::TempDir;
using hpcs::unit::write_text;
using ::testing::HasSubstr;
using ::testing::StartsWith;

constexpr std::uint64_t kMaxRange = 262143328850;  // a real max_energy_range_uj

// A powercap tree with zones intel-rapl:0 (package-0), its sub-zone intel-rapl:0:0 (core,
// also linked at the top level like sysfs does) and intel-rapl:1 (package-1).
class FakePowercap {
 public:
  FakePowercap() {
    zone("intel-rapl:0", "package-0", 1000000);
    zone("intel-rapl:0/intel-rapl:0:0", "core", 500000);
    zone("intel-rapl:0:0", "core", 500000);
    zone("intel-rapl:1", "package-1", 2000000);
    write_text(dir_.path() / "intel-rapl:1" / "enabled", "1\n");  // unrelated files are fine
  }
  std::string root() const { return dir_.path().string(); }
  void zone(const std::string& z, const std::string& name, std::uint64_t uj) {
    write_text(dir_.path() / z / "name", name + "\n");
    write_text(dir_.path() / z / "max_energy_range_uj", std::to_string(kMaxRange) + "\n");
    set(z, uj);
  }
  void set(const std::string& z, std::uint64_t uj) {
    write_text(dir_.path() / z / "energy_uj", std::to_string(uj) + "\n");
  }
  void remove_counter(const std::string& z) { fs::remove(dir_.path() / z / "energy_uj"); }

 private:
  TempDir dir_;
};

// With $HPCS_NVML_LIBRARY = `library` a meter for a GPU measures no GPU energy, and its
// source says why (`why`).
void expect_gpu_energy_unavailable(const std::string& library, const std::string& why) {
  ScopedEnv nvml("HPCS_NVML_LIBRARY", library);
  hpcs::EnergyMeter meter(std::string("0000:1B:00.0"));
  EXPECT_FALSE(meter.gpu_available());
  EXPECT_THAT(meter.gpu_source(), StartsWith("unavailable"));
  EXPECT_THAT(meter.gpu_source(), HasSubstr(why));
  meter.start();
  EXPECT_EQ(meter.stop().gpu_joules, std::nullopt);
}

TEST(Energy, NvmlThatCannotBeLoadedIsUnavailable) {
  expect_gpu_energy_unavailable("/nonexistent/libnvidia-ml.so.1", "/nonexistent/libnvidia-ml.so.1");
}

TEST(Energy, NvmlDisabled) { expect_gpu_energy_unavailable("none", "HPCS_NVML_LIBRARY=none"); }

TEST(Energy, NoGpuSelected) {
  hpcs::EnergyMeter meter(std::nullopt);
  EXPECT_FALSE(meter.gpu_available());
  EXPECT_EQ(meter.gpu_source(), "unavailable: no GPU selected");
}

TEST(Energy, NothingAvailable) {
  TempDir dir;
  const std::string root = (dir.path() / "no-powercap").string();
  ScopedEnv powercap("HPCS_POWERCAP_ROOT", root);
  hpcs::EnergyMeter meter(std::nullopt);
  EXPECT_FALSE(meter.cpu_available());
  EXPECT_FALSE(meter.any_available());
  EXPECT_THAT(meter.cpu_source(), StartsWith("unavailable"));
  EXPECT_THAT(meter.cpu_source(), HasSubstr(root));
  meter.measure_idle(0.01);
  meter.start();
  const hpcs::EnergyWindow w = meter.stop();
  EXPECT_GE(w.seconds, 0.0);
  EXPECT_EQ(w.cpu_joules, std::nullopt);
  EXPECT_EQ(w.gpu_joules, std::nullopt);
  EXPECT_EQ(w.cpu_idle_watts, std::nullopt);
  EXPECT_EQ(w.cpu_watts(), std::nullopt);
}

TEST(Energy, PowercapSumsPackageZones) {
  FakePowercap pc;
  ScopedEnv powercap("HPCS_POWERCAP_ROOT", pc.root());
  hpcs::EnergyMeter meter(std::nullopt);
  ASSERT_TRUE(meter.cpu_available());
  EXPECT_TRUE(meter.any_available());
  EXPECT_THAT(meter.cpu_source(), StartsWith("rapl powercap ("));
  EXPECT_THAT(meter.cpu_source(), HasSubstr("package-0"));
  EXPECT_THAT(meter.cpu_source(), HasSubstr("package-1"));
  EXPECT_THAT(meter.cpu_source(), ::testing::Not(HasSubstr("core")));

  meter.start();
  pc.set("intel-rapl:0", 1000000 + 2500000);         // +2.5 J
  pc.set("intel-rapl:1", 2000000 + 500000);          // +0.5 J
  pc.set("intel-rapl:0:0", 500000 + 100000000);      // sub-zone: not counted
  pc.set("intel-rapl:0/intel-rapl:0:0", 100000000);  // not counted either
  const hpcs::EnergyWindow w = meter.stop();
  ASSERT_TRUE(w.cpu_joules.has_value());
  EXPECT_NEAR(*w.cpu_joules, 3.0, 1e-9);
  EXPECT_GE(w.seconds, 0.0);
  EXPECT_EQ(w.cpu_idle_watts, std::nullopt);  // no idle window measured

  // A second window starts from the current counters.
  meter.start();
  pc.set("intel-rapl:1", 2000000 + 500000 + 1000000);  // +1 J
  const hpcs::EnergyWindow w2 = meter.stop();
  ASSERT_TRUE(w2.cpu_joules.has_value());
  EXPECT_NEAR(*w2.cpu_joules, 1.0, 1e-9);
}

TEST(Energy, PowercapCounterWrapAround) {
  FakePowercap pc;
  pc.set("intel-rapl:0", kMaxRange - 100);
  ScopedEnv powercap("HPCS_POWERCAP_ROOT", pc.root());
  hpcs::EnergyMeter meter(std::nullopt);
  ASSERT_TRUE(meter.cpu_available());
  meter.start();
  pc.set("intel-rapl:0", 1999900);  // wrapped: 100 + 1999900 uJ = 2 J
  const hpcs::EnergyWindow w = meter.stop();
  ASSERT_TRUE(w.cpu_joules.has_value());
  EXPECT_NEAR(*w.cpu_joules, 2.0, 1e-9);
}

// A meter on `pc` measures no CPU energy: its source says so, and a window (with `during`
// inside it) has no joules.
void expect_cpu_energy_unavailable(
    const FakePowercap& pc, const std::function<void()>& during = [] {}) {
  ScopedEnv powercap("HPCS_POWERCAP_ROOT", pc.root());
  hpcs::EnergyMeter meter(std::nullopt);
  EXPECT_FALSE(meter.cpu_available());
  EXPECT_THAT(meter.cpu_source(), StartsWith("unavailable"));
  meter.start();
  during();
  EXPECT_EQ(meter.stop().cpu_joules, std::nullopt);
}

TEST(Energy, PowercapZoneWithoutCounterIsUnavailable) {
  FakePowercap pc;
  pc.remove_counter("intel-rapl:0");
  pc.remove_counter("intel-rapl:1");
  expect_cpu_energy_unavailable(pc);
}

TEST(Energy, PowercapOneUnreadablePackageMakesCpuEnergyUnavailable) {
  // Summing the readable packages only would report a made-up smaller energy.
  FakePowercap pc;
  pc.remove_counter("intel-rapl:1");
  expect_cpu_energy_unavailable(pc, [&] { pc.set("intel-rapl:0", 5000000); });
}

TEST(Energy, PowercapCounterVanishingDuringWindow) {
  FakePowercap pc;
  ScopedEnv powercap("HPCS_POWERCAP_ROOT", pc.root());
  hpcs::EnergyMeter meter(std::nullopt);
  ASSERT_TRUE(meter.cpu_available());
  meter.start();
  pc.remove_counter("intel-rapl:1");
  EXPECT_EQ(meter.stop().cpu_joules, std::nullopt);
}

TEST(Energy, PowercapWithoutPackageZones) {
  TempDir dir;
  write_text(dir.path() / "intel-rapl:0" / "name", "psys\n");
  write_text(dir.path() / "intel-rapl:0" / "energy_uj", "1\n");
  write_text(dir.path() / "intel-rapl:0" / "max_energy_range_uj", "100\n");
  ScopedEnv powercap("HPCS_POWERCAP_ROOT", dir.path().string());
  hpcs::EnergyMeter meter(std::nullopt);
  EXPECT_FALSE(meter.cpu_available());
  EXPECT_THAT(meter.cpu_source(), StartsWith("unavailable"));
}

TEST(Energy, IdleBaselineAndDerivedValues) {
  FakePowercap pc;
  ScopedEnv powercap("HPCS_POWERCAP_ROOT", pc.root());
  hpcs::EnergyMeter meter(std::nullopt);
  ASSERT_TRUE(meter.cpu_available());

  // 1 J is drawn early in a 0.3 s idle window: 1 / seconds watts, seconds in [0.3, 2).
  std::thread bump([&] {
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
    pc.set("intel-rapl:0", 2000000);
  });
  meter.measure_idle(0.3);
  bump.join();

  meter.start();
  pc.set("intel-rapl:0", 2000000 + 4000000);  // +4 J
  std::this_thread::sleep_for(std::chrono::milliseconds(20));
  const hpcs::EnergyWindow w = meter.stop();
  ASSERT_TRUE(w.cpu_idle_watts.has_value());
  EXPECT_GT(*w.cpu_idle_watts, 0.5);
  EXPECT_LE(*w.cpu_idle_watts, 1.0 / 0.3);
  ASSERT_TRUE(w.cpu_joules.has_value());
  EXPECT_NEAR(*w.cpu_joules, 4.0, 1e-9);
  EXPECT_GE(w.seconds, 0.02);
  ASSERT_TRUE(w.cpu_watts().has_value());
  EXPECT_DOUBLE_EQ(*w.cpu_watts(), 4.0 / w.seconds);
  ASSERT_TRUE(w.cpu_dynamic_joules().has_value());
  EXPECT_DOUBLE_EQ(*w.cpu_dynamic_joules(), 4.0 - *w.cpu_idle_watts * w.seconds);
  EXPECT_EQ(w.gpu_idle_watts, std::nullopt);
  EXPECT_EQ(w.gpu_dynamic_joules(), std::nullopt);
}

TEST(Energy, WindowDerivedValues) {
  hpcs::EnergyWindow w;
  w.seconds = 2.0;
  w.gpu_joules = 10.0;
  w.gpu_idle_watts = 1.5;
  w.cpu_joules = 6.0;
  EXPECT_EQ(w.gpu_watts(), std::optional<double>(5.0));
  EXPECT_EQ(w.gpu_dynamic_joules(), std::optional<double>(7.0));
  EXPECT_EQ(w.cpu_watts(), std::optional<double>(3.0));
  EXPECT_EQ(w.cpu_dynamic_joules(), std::nullopt);  // no idle baseline
  w.seconds = 0;
  EXPECT_EQ(w.gpu_watts(), std::nullopt);  // no division by a zero-length window
}

TEST(Energy, UnmeasuredEnergyIsJsonNullNotZero) {
  hpcs::RunRecord r;
  r.timings.wall = {1.0};
  r.timings.wall_stats = hpcs::summarize(r.timings.wall);
  r.items = 100;
  hpcs::EnergyRun run;
  run.iterations = 10;
  run.window.seconds = 2.0;
  run.window.cpu_joules = 20.0;
  run.window.cpu_idle_watts = 4.0;
  r.energy = run;
  r.gpu_energy_source = "unavailable: no GPU selected";
  const nlohmann::json j = hpcs::to_json(r);
  const nlohmann::json& e = j.at("energy");
  EXPECT_TRUE(e.at("gpu_j_per_rep").is_null());
  EXPECT_TRUE(e.at("gpu_dynamic_j_per_rep").is_null());
  EXPECT_TRUE(e.at("gpu_w").is_null());
  EXPECT_TRUE(e.at("gpu_idle_w").is_null());
  EXPECT_EQ(e.at("cpu_j_per_rep"), 2.0);
  EXPECT_EQ(e.at("cpu_dynamic_j_per_rep"), 1.2);  // (20 - 4 * 2) / 10
  EXPECT_EQ(e.at("cpu_w"), 10.0);
  EXPECT_EQ(e.at("domain"), "cpu");
  EXPECT_EQ(e.at("j_per_item"), 0.02);
  EXPECT_EQ(e.at("gpu_source"), "unavailable: no GPU selected");
  EXPECT_EQ(r.joules_per_rep(), std::optional<double>(2.0));
  EXPECT_EQ(r.energy_domain(), "cpu");

  // No energy phase at all: no per-rep values, sources still reported.
  r.energy.reset();
  const nlohmann::json none = hpcs::to_json(r);
  EXPECT_FALSE(none.at("energy").contains("gpu_j_per_rep"));
  EXPECT_EQ(r.joules_per_rep(), std::nullopt);
  EXPECT_EQ(r.energy_domain(), "");
}

}  // namespace
