// SPDX-License-Identifier: BSD-3-Clause
#include "nvml_library.hpp"

#include <dlfcn.h>

#include <cstdlib>

namespace hpcs::detail {

namespace {
template <class F>
bool load(void* lib, const char* name, F& f) {
  f = reinterpret_cast<F>(dlsym(lib, name));
  return f != nullptr;
}
}  // namespace

NvmlLibrary::NvmlLibrary(const std::string& pci_bus_id) {
  const char* env = std::getenv("HPCS_NVML_LIBRARY");
  const std::string path = env ? env : "libnvidia-ml.so.1";
  if (path == "none") {
    why_ = "NVML disabled by HPCS_NVML_LIBRARY=none";
    return;
  }
  lib_ = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (!lib_) {
    why_ = "cannot load " + path + " (no NVIDIA driver?)";
    return;
  }
  nvmlReturn (*init)() = nullptr;
  nvmlReturn (*by_pci)(const char*, nvmlDevice*) = nullptr;
  load(lib_, "nvmlErrorString", error_string_);
  if (!load(lib_, "nvmlInit_v2", init) || !load(lib_, "nvmlShutdown", shutdown_) ||
      !load(lib_, "nvmlDeviceGetHandleByPciBusId_v2", by_pci) || !load(lib_, "nvmlDeviceGetPowerUsage", power)) {
    why_ = path + " lacks the NVML entry points";
    return;
  }
  load(lib_, "nvmlDeviceGetTotalEnergyConsumption", total_energy);
  load(lib_, "nvmlDeviceGetClockInfo", clock);
  load(lib_, "nvmlDeviceGetTemperature", temperature);
  // Renamed "clocks event reasons" in CUDA 12.2's NVML; the old name stays exported.
  if (!load(lib_, "nvmlDeviceGetCurrentClocksEventReasons", throttle_reasons))
    load(lib_, "nvmlDeviceGetCurrentClocksThrottleReasons", throttle_reasons);
  load(lib_, "nvmlDeviceGetEnforcedPowerLimit", power_limit);
  load(lib_, "nvmlDeviceSetGpuLockedClocks", lock_clocks);
  load(lib_, "nvmlDeviceResetGpuLockedClocks", reset_clocks);
  if (nvmlReturn r = init(); r != kNvmlSuccess) {
    why_ = "nvmlInit failed: " + error(r);
    return;
  }
  initialized_ = true;
  nvmlDevice d = nullptr;
  if (nvmlReturn r = by_pci(pci_bus_id.c_str(), &d); r != kNvmlSuccess) {
    why_ = "NVML has no GPU at PCI " + pci_bus_id + ": " + error(r);
    return;
  }
  device = d;
}

NvmlLibrary::~NvmlLibrary() {
  if (initialized_ && shutdown_) shutdown_();
  if (lib_) dlclose(lib_);
}

std::string NvmlLibrary::error(nvmlReturn r) const {
  return error_string_ ? error_string_(r) : ("NVML error " + std::to_string(r));
}

}  // namespace hpcs::detail
