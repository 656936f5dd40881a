// SPDX-License-Identifier: BSD-3-Clause
#include "hpcs/measure/telemetry.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdlib>
#include <mutex>
#include <numeric>
#include <thread>

#include "nvml_library.hpp"

namespace hpcs {

namespace {
using Clock = std::chrono::steady_clock;

std::chrono::milliseconds sample_period() {
  const char* env = std::getenv("HPCS_TELEMETRY_PERIOD_MS");
  const long ms = env ? std::strtol(env, nullptr, 10) : 50;
  return std::chrono::milliseconds(std::clamp(ms, 1L, 10000L));
}

nlohmann::json summary(const std::vector<double>& v) {
  if (v.empty()) return nullptr;
  const auto [lo, hi] = std::minmax_element(v.begin(), v.end());
  return {
      {"mean", std::accumulate(v.begin(), v.end(), 0.0) / static_cast<double>(v.size())}, {"min", *lo}, {"max", *hi}};
}
}  // namespace

std::vector<std::string> throttle_reason_names(unsigned long long mask) {
  // nvml.h's nvmlClocksEventReason* bits
  static const std::pair<unsigned long long, const char*> kReasons[] = {{0x1, "gpu_idle"},
                                                                        {0x2, "applications_clocks_setting"},
                                                                        {0x4, "sw_power_cap"},
                                                                        {0x8, "hw_slowdown"},
                                                                        {0x10, "sync_boost"},
                                                                        {0x20, "sw_thermal_slowdown"},
                                                                        {0x40, "hw_thermal_slowdown"},
                                                                        {0x80, "hw_power_brake_slowdown"},
                                                                        {0x100, "display_clock_setting"}};
  std::vector<std::string> names;
  for (const auto& [bit, name] : kReasons)
    if (mask & bit) names.push_back(name);
  return names;
}

struct GpuTelemetry::Impl {
  std::unique_ptr<detail::NvmlLibrary> nvml;
  std::string why_none;
  std::chrono::milliseconds period = sample_period();
  std::thread sampler;
  std::atomic<bool> sampling{false};
  std::mutex mutex;  // the trace, filled by the sampler, read by stop()
  Clock::time_point t0;
  std::vector<double> t_s, power_w, sm_mhz, mem_mhz, temp_c;
  unsigned long long reasons = 0;

  // One sample of every reading the library offers (a failed read leaves its series short).
  void sample() {
    const detail::nvmlDevice d = nvml->device;
    unsigned int v = 0;
    unsigned long long mask = 0;
    std::lock_guard<std::mutex> lock(mutex);
    t_s.push_back(std::chrono::duration<double>(Clock::now() - t0).count());
    if (nvml->power(d, &v) == detail::kNvmlSuccess) power_w.push_back(v * 1e-3);
    if (nvml->clock && nvml->clock(d, 1, &v) == detail::kNvmlSuccess) sm_mhz.push_back(v);
    if (nvml->clock && nvml->clock(d, 2, &v) == detail::kNvmlSuccess) mem_mhz.push_back(v);
    if (nvml->temperature && nvml->temperature(d, 0, &v) == detail::kNvmlSuccess) temp_c.push_back(v);
    if (nvml->throttle_reasons && nvml->throttle_reasons(d, &mask) == detail::kNvmlSuccess) reasons |= mask;
  }
};

GpuTelemetry::GpuTelemetry(const std::optional<std::string>& pci_bus_id, const std::string& why_none)
    : impl_(std::make_unique<Impl>()) {
  impl_->why_none = why_none;
  if (!pci_bus_id) return;
  impl_->nvml = std::make_unique<detail::NvmlLibrary>(*pci_bus_id);
  if (!impl_->nvml->ok()) {
    impl_->why_none = impl_->nvml->why();
    impl_->nvml.reset();
  }
}

GpuTelemetry::~GpuTelemetry() {
  impl_->sampling = false;
  if (impl_->sampler.joinable()) impl_->sampler.join();
}

bool GpuTelemetry::available() const { return impl_->nvml != nullptr; }

void GpuTelemetry::start() {
  Impl& m = *impl_;
  if (!m.nvml || m.sampling) return;
  m.t0 = Clock::now();
  for (auto* v : {&m.t_s, &m.power_w, &m.sm_mhz, &m.mem_mhz, &m.temp_c}) v->clear();
  m.reasons = 0;
  m.sample();
  m.sampling = true;
  m.sampler = std::thread([&m] {
    auto next = Clock::now() + m.period;
    while (m.sampling) {
      std::this_thread::sleep_until(next);
      next += m.period;
      if (m.sampling) m.sample();
    }
  });
}

nlohmann::json GpuTelemetry::stop() {
  Impl& m = *impl_;
  if (!m.nvml) return {{"absent", m.why_none}};
  if (!m.sampling) return {{"absent", "not sampled"}};
  m.sampling = false;
  if (m.sampler.joinable()) m.sampler.join();
  m.sample();  // the window's end
  nlohmann::json j = {{"source", "nvml, sampled every " + std::to_string(m.period.count()) + " ms"},
                      {"samples", m.t_s.size()},
                      {"period_s", m.period.count() * 1e-3},
                      {"window_s", m.t_s.back()},
                      {"sm_clock_mhz", summary(m.sm_mhz)},
                      {"memory_clock_mhz", summary(m.mem_mhz)},
                      {"temperature_c", summary(m.temp_c)},
                      {"power_w", summary(m.power_w)},
                      {"throttle_reasons", throttle_reason_names(m.reasons)},
                      {"trace",
                       {{"t_s", m.t_s},
                        {"power_w", m.power_w},
                        {"sm_clock_mhz", m.sm_mhz},
                        {"memory_clock_mhz", m.mem_mhz},
                        {"temperature_c", m.temp_c}}}};
  unsigned int mw = 0;
  j["power_limit_w"] = m.nvml->power_limit && m.nvml->power_limit(m.nvml->device, &mw) == detail::kNvmlSuccess
                           ? nlohmann::json(mw * 1e-3)
                           : nlohmann::json(nullptr);
  return j;
}

}  // namespace hpcs
