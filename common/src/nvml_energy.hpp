// SPDX-License-Identifier: BSD-3-Clause
// GPU energy through NVML (nvml_library.hpp; internal to energy.cpp).
#pragma once
#include <atomic>
#include <memory>
#include <optional>
#include <string>
#include <thread>

#include "nvml_library.hpp"

namespace hpcs::detail {

class NvmlEnergy {
 public:
  explicit NvmlEnergy(const std::string& pci_bus_id);
  ~NvmlEnergy();
  bool ok() const { return ok_; }
  const std::string& source() const { return source_; }
  void start();
  std::optional<double> stop_joules();

 private:
  std::unique_ptr<NvmlLibrary> nvml_;
  bool ok_ = false, use_counter_ = false;
  std::string source_;
  unsigned long long counter_start_mj_ = 0;
  // power sampling (when there is no energy counter)
  std::thread sampler_;
  std::atomic<bool> sampling_{false};
  double sampled_joules_ = 0;
  bool sample_failed_ = false;
};

}  // namespace hpcs::detail
