// SPDX-License-Identifier: BSD-3-Clause
// Energy of a measured window: GPU through NVML (loaded with dlopen at run time, so
// binaries run where no driver exists) and CPU packages through Linux powercap (RAPL).
//
// GPU: the total-energy counter (mJ, Volta and later) where supported, otherwise board
// power sampled by a thread at 20 Hz and integrated. The counter updates every
// 20-100 ms, so windows should last a second or more. An idle baseline (watts) measured
// before the runs gives "dynamic" energy = joules - idle_watts * seconds.
// Anything that cannot be read is reported as unavailable (with the reason), never 0.
#pragma once
#include <memory>
#include <optional>
#include <string>

namespace hpcs {

struct EnergyWindow {
  double seconds = 0;
  std::optional<double> gpu_joules, cpu_joules;
  std::optional<double> gpu_idle_watts, cpu_idle_watts;

  std::optional<double> gpu_watts() const;
  std::optional<double> cpu_watts() const;
  std::optional<double> gpu_dynamic_joules() const;
  std::optional<double> cpu_dynamic_joules() const;
};

class EnergyMeter {
 public:
  // pci_bus_id: the GPU to meter (none: no GPU energy). NVML is looked for in
  // $HPCS_NVML_LIBRARY if set ("none" disables it), else libnvidia-ml.so.1.
  // powercap is looked for under $HPCS_POWERCAP_ROOT or /sys/class/powercap.
  explicit EnergyMeter(const std::optional<std::string>& pci_bus_id);
  ~EnergyMeter();
  EnergyMeter(const EnergyMeter&) = delete;
  EnergyMeter& operator=(const EnergyMeter&) = delete;

  bool gpu_available() const;
  bool cpu_available() const;
  bool any_available() const { return gpu_available() || cpu_available(); }
  // "nvml total-energy counter", "nvml power sampled at 20 Hz", or "unavailable: <reason>"
  const std::string& gpu_source() const;
  const std::string& cpu_source() const;

  // Measures idle power for `seconds` (sleeping) and keeps it as the baseline.
  void measure_idle(double seconds);
  void start();
  EnergyWindow stop();

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace hpcs
