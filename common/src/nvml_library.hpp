// SPDX-License-Identifier: BSD-3-Clause
// NVML loaded with dlopen (the binaries run where no driver exists): the entry points the
// suite reads, one GPU found by its PCI bus id (NVML numbers GPUs its own way and ignores
// CUDA_VISIBLE_DEVICES). $HPCS_NVML_LIBRARY names the library ("none": off; tests point it
// at a fake). Internal to energy.cpp, telemetry.cpp and gpu_clock.cpp; only the last may
// change a clock, and only when the user asks (--gpu-clock).
#pragma once
#include <memory>
#include <string>

#include "hpcs/base/non_copyable.hpp"

namespace hpcs::detail {

using nvmlReturn = int;
using nvmlDevice = void*;
constexpr nvmlReturn kNvmlSuccess = 0;

class NvmlLibrary : NonCopyable {
 public:
  // Opens the library and the device; ok() false with why() otherwise.
  explicit NvmlLibrary(const std::string& pci_bus_id);
  ~NvmlLibrary();
  bool ok() const { return device != nullptr; }
  const std::string& why() const { return why_; }
  std::string error(nvmlReturn r) const;

  nvmlDevice device = nullptr;
  // Required: power (mW). Optional (null where the library lacks them):
  nvmlReturn (*power)(nvmlDevice, unsigned int*) = nullptr;
  nvmlReturn (*total_energy)(nvmlDevice, unsigned long long*) = nullptr;  // mJ
  nvmlReturn (*clock)(nvmlDevice, int, unsigned int*) = nullptr;          // MHz; 1 SM, 2 memory
  nvmlReturn (*temperature)(nvmlDevice, int, unsigned int*) = nullptr;    // C; 0 the GPU die
  nvmlReturn (*throttle_reasons)(nvmlDevice, unsigned long long*) = nullptr;
  nvmlReturn (*power_limit)(nvmlDevice, unsigned int*) = nullptr;  // mW, enforced
  // Only --gpu-clock (gpu_clock.cpp) calls these, with the user's permission.
  nvmlReturn (*lock_clocks)(nvmlDevice, unsigned int, unsigned int) = nullptr;  // SM MHz min, max
  nvmlReturn (*reset_clocks)(nvmlDevice) = nullptr;

 private:
  void* lib_ = nullptr;
  bool initialized_ = false;
  nvmlReturn (*shutdown_)() = nullptr;
  const char* (*error_string_)(nvmlReturn) = nullptr;
  std::string why_;
};

}  // namespace hpcs::detail
