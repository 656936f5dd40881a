// SPDX-License-Identifier: BSD-3-Clause
#include "nvml_energy.hpp"

#include <chrono>

namespace hpcs::detail {
namespace {
constexpr auto kSamplePeriod = std::chrono::milliseconds(50);  // 20 Hz
}  // namespace

NvmlEnergy::NvmlEnergy(const std::string& pci_bus_id) : nvml_(std::make_unique<NvmlLibrary>(pci_bus_id)) {
  if (!nvml_->ok()) {
    source_ = "unavailable: " + nvml_->why();
    return;
  }
  unsigned long long mj = 0;
  unsigned int mw = 0;
  if (nvml_->total_energy && nvml_->total_energy(nvml_->device, &mj) == kNvmlSuccess) {
    use_counter_ = true;
    source_ = "nvml total-energy counter";
  } else if (nvml_->power(nvml_->device, &mw) == kNvmlSuccess) {
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
    nvml_->total_energy(nvml_->device, &counter_start_mj_);
    return;
  }
  sampled_joules_ = 0;
  sample_failed_ = false;
  sampling_ = true;
  sampler_ = std::thread([this] {
    using clock = std::chrono::steady_clock;
    auto last_t = clock::now();
    unsigned int mw = 0;
    if (nvml_->power(nvml_->device, &mw) != kNvmlSuccess) sample_failed_ = true;
    double last_w = mw * 1e-3;
    while (sampling_) {
      std::this_thread::sleep_for(kSamplePeriod);
      const auto t = clock::now();
      if (nvml_->power(nvml_->device, &mw) != kNvmlSuccess) sample_failed_ = true;
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
    if (nvml_->total_energy(nvml_->device, &mj) != kNvmlSuccess || mj < counter_start_mj_) return std::nullopt;
    return 1e-3 * static_cast<double>(mj - counter_start_mj_);
  }
  sampling_ = false;
  if (sampler_.joinable()) sampler_.join();
  if (sample_failed_) return std::nullopt;
  return sampled_joules_;
}

}  // namespace hpcs::detail
