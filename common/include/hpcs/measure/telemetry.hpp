// SPDX-License-Identifier: BSD-3-Clause
// What the GPU did while a variant was measured (issue 30), read-only through NVML: the SM
// and memory clocks, temperature and board power sampled by a thread (every 50 ms, or
// $HPCS_TELEMETRY_PERIOD_MS) from the first timed repetition to the end of the energy
// window, the enforced power limit, and every clock-event (throttle) reason seen. Stored in
// each record as result.telemetry (a summary and the trace; HDF5 keeps the trace as
// datasets); where nothing can be read the record says why. Nothing here changes a clock.
#pragma once
#include <nlohmann/json.hpp>

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace hpcs {

class GpuTelemetry {
 public:
  // pci_bus_id: this rank's GPU; without one, `why_none` is what the records say.
  GpuTelemetry(const std::optional<std::string>& pci_bus_id, const std::string& why_none);
  ~GpuTelemetry();
  GpuTelemetry(const GpuTelemetry&) = delete;
  GpuTelemetry& operator=(const GpuTelemetry&) = delete;

  bool available() const;
  void start();
  // {"source", "samples", "period_s", "window_s", "sm_clock_mhz": {mean, min, max},
  //  "memory_clock_mhz", "temperature_c", "power_w", "power_limit_w", "throttle_reasons",
  //  "trace": {"t_s", "power_w", "sm_clock_mhz", "memory_clock_mhz", "temperature_c"}},
  // or {"absent": why}.
  nlohmann::json stop();

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

// NVML's clock-event reasons of a bit mask, by name ("sw_power_cap", "hw_thermal_slowdown").
std::vector<std::string> throttle_reason_names(unsigned long long mask);

}  // namespace hpcs
