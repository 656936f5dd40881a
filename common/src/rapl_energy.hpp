// SPDX-License-Identifier: BSD-3-Clause
// CPU package energy from Linux powercap (RAPL) files (internal to energy.cpp).
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace hpcs::detail {

class RaplEnergy {
 public:
  explicit RaplEnergy(const std::string& root);
  bool ok() const { return !domains_.empty(); }
  const std::string& source() const { return source_; }
  void start();
  std::optional<double> stop_joules();

 private:
  struct Domain {
    std::string energy_file;
    std::uint64_t max_range_uj = 0, start_uj = 0;
  };
  std::vector<Domain> domains_;
  std::string source_;
};

}  // namespace hpcs::detail
