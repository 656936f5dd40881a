// SPDX-License-Identifier: BSD-3-Clause
// The energy phase of a measured run: one meter on this rank's GPU and host, an idle
// baseline before the runs, and per variant a window of repeated runs (hpcs/measure/measure.hpp).
// Every rank enters it or none does, since the repetitions are collective.
#pragma once
#include <optional>
#include <string>

#include "hpcs/measure/energy.hpp"
#include "hpcs/measure/measure.hpp"
#include "hpcs/report/report.hpp"
#include "hpcs/measure/telemetry.hpp"

namespace hpcs {

class EnergyPhase {
 public:
  // gpu_pci_bus_id: this rank's GPU (none: no GPU energy). Measures the idle baseline for
  // idle_seconds when the phase is on (window_seconds > 0 and some rank can measure).
  EnergyPhase(const MpiContext& mpi, const std::optional<std::string>& gpu_pci_bus_id, double window_seconds,
              double idle_seconds);
  bool on() const { return on_; }
  // Fills r's energy sources and, when on, its energy from a window of rep(). A CPU
  // variant gets no GPU energy: the GPU only idles meanwhile.
  void measure(RunRecord& r, const RepFunction& rep);
  // The GPU's clocks, temperature and power from the first timed repetition to the end of
  // the energy window (hpcs/measure/telemetry.hpp): start before the timed repetitions, finish
  // after measure() into r's result.telemetry. A CPU variant's record says why none.
  void start_telemetry(bool cpu_variant);
  void finish_telemetry(RunRecord& r);

 private:
  const MpiContext& mpi_;
  EnergyMeter meter_;
  std::optional<std::string> gpu_;
  double window_ = 0;
  bool on_ = false;
  GpuTelemetry telemetry_;
  bool sampling_cpu_variant_ = false;
};

}  // namespace hpcs
