// SPDX-License-Identifier: BSD-3-Clause
#include "hpcs/report/energy_phase.hpp"

namespace hpcs {

EnergyPhase::EnergyPhase(const MpiContext& mpi, const std::optional<std::string>& gpu_pci_bus_id, double window_seconds,
                         double idle_seconds)
    : mpi_(mpi), meter_(gpu_pci_bus_id), gpu_(gpu_pci_bus_id), window_(window_seconds),
      telemetry_(gpu_pci_bus_id, "no GPU on this rank") {
  int any = meter_.any_available() ? 1 : 0;
  MPI_Allreduce(MPI_IN_PLACE, &any, 1, MPI_INT, MPI_MAX, mpi.comm());
  on_ = window_seconds > 0 && any;
  if (on_) meter_.measure_idle(idle_seconds);
}

void EnergyPhase::measure(RunRecord& r, const RepFunction& rep) {
  const bool cpu = r.backend == "cpu";
  r.gpu_energy_source = cpu ? "not applicable (CPU variant)" : meter_.gpu_source();
  r.cpu_energy_source = meter_.cpu_source();
  if (!on_ || r.items == 0) return;
  const std::string key = gpu_ && !cpu ? *gpu_ : "";
  r.energy = measure_energy(mpi_, meter_, window_, r.timings.wall_stats.median, key, rep);
  if (cpu) {
    r.energy->window.gpu_joules.reset();
    r.energy->window.gpu_idle_watts.reset();
  }
}

void EnergyPhase::start_telemetry(bool cpu_variant) {
  sampling_cpu_variant_ = cpu_variant;
  if (!cpu_variant) telemetry_.start();
}

void EnergyPhase::finish_telemetry(RunRecord& r) {
  r.extra["telemetry"] =
      sampling_cpu_variant_ ? nlohmann::json{{"absent", "not applicable (CPU variant)"}} : telemetry_.stop();
}

}  // namespace hpcs
