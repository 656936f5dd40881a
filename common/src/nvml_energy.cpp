// SPDX-License-Identifier: BSD-3-Clause
#include "nvml_energy.hpp"

#include <dlfcn.h>

#include <chrono>
#include <cstdlib>

namespace hpcs::detail {
namespace {
// The few NVML entry points we use, declared here so the suite builds without nvml.h.
using nvmlReturn = int;
using nvmlDevice = void*;
constexpr nvmlReturn kSuccess = 0;
constexpr auto kSamplePeriod = std::chrono::milliseconds(50);  // 20 Hz
}  // namespace

struct NvmlEnergy::Api {
  void* lib = nullptr;
  nvmlReturn (*init)() = nullptr;
  nvmlReturn (*shutdown)() = nullptr;
  nvmlReturn (*by_pci)(const char*, nvmlDevice*) = nullptr;
  nvmlReturn (*total_energy)(nvmlDevice, unsigned long long*) = nullptr;  // mJ
  nvmlReturn (*power)(nvmlDevice, unsigned int*) = nullptr;               // mW
  const char* (*error_string)(nvmlReturn) = nullptr;
  bool initialized = false;

  std::string error(nvmlReturn r) const {
    return error_string ? error_string(r) : ("NVML error " + std::to_string(r));
  }
  ~Api() {
    if (initialized && shutdown) shutdown();
    if (lib) dlclose(lib);
  }
};

template <class F>
static bool load(void* lib, const char* name, F& f) {
  f = reinterpret_cast<F>(dlsym(lib, name));
  return f != nullptr;
}

NvmlEnergy::NvmlEnergy(const std::string& pci_bus_id) : api_(std::make_unique<Api>()) {
  const char* env = std::getenv("HPCS_NVML_LIBRARY");
  const std::string path = env ? env : "libnvidia-ml.so.1";
  if (path == "none") {
    source_ = "unavailable: NVML disabled by HPCS_NVML_LIBRARY=none";
    return;
  }
  api_->lib = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (!api_->lib) {
    source_ = "unavailable: cannot load " + path + " (no NVIDIA driver?)";
    return;
  }
  load(api_->lib, "nvmlErrorString", api_->error_string);
  if (!load(api_->lib, "nvmlInit_v2", api_->init) || !load(api_->lib, "nvmlShutdown", api_->shutdown) ||
      !load(api_->lib, "nvmlDeviceGetHandleByPciBusId_v2", api_->by_pci) ||
      !load(api_->lib, "nvmlDeviceGetPowerUsage", api_->power)) {
    source_ = "unavailable: " + path + " lacks the NVML entry points";
    return;
  }
  load(api_->lib, "nvmlDeviceGetTotalEnergyConsumption", api_->total_energy);
  if (nvmlReturn r = api_->init(); r != kSuccess) {
    source_ = "unavailable: nvmlInit failed: " + api_->error(r);
    return;
  }
  api_->initialized = true;
  // NVML numbers GPUs its own way (it ignores CUDA_VISIBLE_DEVICES): match by PCI bus id.
  if (nvmlReturn r = api_->by_pci(pci_bus_id.c_str(), &device_); r != kSuccess) {
    source_ = "unavailable: NVML has no GPU at PCI " + pci_bus_id + ": " + api_->error(r);
    return;
  }
  unsigned long long mj = 0;
  unsigned int mw = 0;
  if (api_->total_energy && api_->total_energy(device_, &mj) == kSuccess) {
    use_counter_ = true;
    source_ = "nvml total-energy counter";
  } else if (api_->power(device_, &mw) == kSuccess) {
    source_ = "nvml power sampled at 20 Hz";
  } else {
    source_ = "unavailable: GPU reports neither energy nor power";
    return;
  }
  ok_ = true;
}

NvmlEnergy::~NvmlEnergy() {
  sampling_ = false;
  if (sampler_.joinable()) sampler_.join();
}

void NvmlEnergy::start() {
  if (!ok_) return;
  if (use_counter_) {
    api_->total_energy(device_, &counter_start_mj_);
    return;
  }
  sampled_joules_ = 0;
  sample_failed_ = false;
  sampling_ = true;
  sampler_ = std::thread([this] {
    using clock = std::chrono::steady_clock;
    auto last_t = clock::now();
    unsigned int mw = 0;
    if (api_->power(device_, &mw) != kSuccess) sample_failed_ = true;
    double last_w = mw * 1e-3;
    while (sampling_) {
      std::this_thread::sleep_for(kSamplePeriod);
      const auto t = clock::now();
      if (api_->power(device_, &mw) != kSuccess) sample_failed_ = true;
      const double w = mw * 1e-3;
      sampled_joules_ += 0.5 * (w + last_w) * std::chrono::duration<double>(t - last_t).count();
      last_t = t;
      last_w = w;
    }
  });
}

std::optional<double> NvmlEnergy::stop_joules() {
  if (!ok_) return std::nullopt;
  if (use_counter_) {
    unsigned long long mj = 0;
    if (api_->total_energy(device_, &mj) != kSuccess || mj < counter_start_mj_) return std::nullopt;
    return 1e-3 * static_cast<double>(mj - counter_start_mj_);
  }
  sampling_ = false;
  if (sampler_.joinable()) sampler_.join();
  if (sample_failed_) return std::nullopt;
  return sampled_joules_;
}

}  // namespace hpcs::detail
