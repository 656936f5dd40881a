// SPDX-License-Identifier: BSD-3-Clause
#include "hpcs/measure/gpu_clock.hpp"

#include <atomic>

#include "hpcs/base/error.hpp"
#include "hpcs/io/temporary_files.hpp"
#include "nvml_library.hpp"

namespace hpcs {

namespace {
// What the signal handler resets: one lock per process (one GPU per rank).
std::atomic<detail::nvmlReturn (*)(detail::nvmlDevice)> g_reset{nullptr};
std::atomic<detail::nvmlDevice> g_device{nullptr};

void reset_from_signal() {
  // NVML is not async-signal-safe; a clock left locked after SIGTERM is the worse outcome.
  if (auto* reset = g_reset.exchange(nullptr)) reset(g_device.load());
}
}  // namespace

struct GpuClockLock::Impl {
  detail::NvmlLibrary nvml;
  int cleanup_slot = -1;
  explicit Impl(const std::string& pci) : nvml(pci) {}
};

GpuClockLock::GpuClockLock(const std::string& pci_bus_id, unsigned int mhz)
    : impl_(std::make_unique<Impl>(pci_bus_id)) {
  const std::string option = "--gpu-clock " + std::to_string(mhz);
  detail::NvmlLibrary& nvml = impl_->nvml;
  if (!nvml.ok()) throw Error(option + ": cannot lock the SM clock without NVML (" + nvml.why() + ")");
  if (!nvml.lock_clocks || !nvml.reset_clocks)
    throw Error(option + ": this NVML cannot lock clocks (no nvmlDeviceSetGpuLockedClocks)");
  // Registered before the lock, so a signal between the two still resets.
  g_device = nvml.device;
  g_reset = nvml.reset_clocks;
  impl_->cleanup_slot = register_signal_cleanup(reset_from_signal);
  if (const detail::nvmlReturn r = nvml.lock_clocks(nvml.device, mhz, mhz); r != detail::kNvmlSuccess) {
    g_reset = nullptr;
    unregister_signal_cleanup(impl_->cleanup_slot);
    throw Error(option + ": NVML refused to lock the SM clock of the GPU at " + pci_bus_id + " (" + nvml.error(r) +
                "; locking needs root or `nvidia-smi -acp UNRESTRICTED`); no clock was changed");
  }
}

GpuClockLock::~GpuClockLock() {
  if (auto* reset = g_reset.exchange(nullptr)) reset(impl_->nvml.device);
  unregister_signal_cleanup(impl_->cleanup_slot);
}

}  // namespace hpcs
