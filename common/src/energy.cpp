// SPDX-License-Identifier: BSD-3-Clause
#include "hpcs/measure/energy.hpp"

#include <chrono>
#include <cstdlib>
#include <thread>

#include "hpcs/base/timer.hpp"
#include "nvml_energy.hpp"
#include "rapl_energy.hpp"

namespace hpcs {

namespace {
std::optional<double> ratio(const std::optional<double>& j, double s) {
  if (!j || s <= 0) return std::nullopt;
  return *j / s;
}
std::optional<double> dynamic(const std::optional<double>& j, const std::optional<double>& idle_w, double s) {
  if (!j || !idle_w) return std::nullopt;
  return *j - *idle_w * s;
}
}  // namespace

std::optional<double> EnergyWindow::gpu_watts() const { return ratio(gpu_joules, seconds); }
std::optional<double> EnergyWindow::cpu_watts() const { return ratio(cpu_joules, seconds); }
std::optional<double> EnergyWindow::gpu_dynamic_joules() const { return dynamic(gpu_joules, gpu_idle_watts, seconds); }
std::optional<double> EnergyWindow::cpu_dynamic_joules() const { return dynamic(cpu_joules, cpu_idle_watts, seconds); }

struct EnergyMeter::Impl {
  std::optional<detail::NvmlEnergy> gpu;
  detail::RaplEnergy cpu;
  std::string no_gpu_source = "unavailable: no GPU selected";
  std::optional<double> gpu_idle_w, cpu_idle_w;
  WallTimer timer;
  explicit Impl(const std::string& powercap_root) : cpu(powercap_root) {}
};

EnergyMeter::EnergyMeter(const std::optional<std::string>& pci_bus_id) {
  const char* root = std::getenv("HPCS_POWERCAP_ROOT");
  impl_ = std::make_unique<Impl>(root ? root : "/sys/class/powercap");
  if (pci_bus_id) impl_->gpu.emplace(*pci_bus_id);
}

EnergyMeter::~EnergyMeter() = default;

bool EnergyMeter::gpu_available() const { return impl_->gpu && impl_->gpu->ok(); }
bool EnergyMeter::cpu_available() const { return impl_->cpu.ok(); }
const std::string& EnergyMeter::gpu_source() const { return impl_->gpu ? impl_->gpu->source() : impl_->no_gpu_source; }
const std::string& EnergyMeter::cpu_source() const { return impl_->cpu.source(); }

void EnergyMeter::start() {
  if (impl_->gpu) impl_->gpu->start();
  impl_->cpu.start();
  impl_->timer.restart();
}

EnergyWindow EnergyMeter::stop() {
  EnergyWindow w;
  w.seconds = impl_->timer.seconds();
  if (impl_->gpu) w.gpu_joules = impl_->gpu->stop_joules();
  w.cpu_joules = impl_->cpu.stop_joules();
  w.gpu_idle_watts = impl_->gpu_idle_w;
  w.cpu_idle_watts = impl_->cpu_idle_w;
  return w;
}

void EnergyMeter::measure_idle(double seconds) {
  if (!any_available() || seconds <= 0) return;
  start();
  std::this_thread::sleep_for(std::chrono::duration<double>(seconds));
  const EnergyWindow w = stop();
  impl_->gpu_idle_w = w.gpu_watts();
  impl_->cpu_idle_w = w.cpu_watts();
}

}  // namespace hpcs
