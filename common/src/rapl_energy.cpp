// SPDX-License-Identifier: BSD-3-Clause
#include "rapl_energy.hpp"

#include <filesystem>
#include <fstream>

namespace hpcs::detail {
namespace fs = std::filesystem;

static std::optional<std::uint64_t> read_u64(const std::string& file) {
  std::ifstream in(file);
  std::uint64_t v = 0;
  if (in >> v) return v;
  return std::nullopt;
}

RaplEnergy::RaplEnergy(const std::string& root) {
  std::error_code ec;
  if (!fs::is_directory(root, ec)) {
    source_ = "unavailable: no " + root;
    return;
  }
  std::vector<std::string> names;
  bool unreadable = false;
  for (const auto& entry : fs::directory_iterator(root, ec)) {
    const std::string dir = entry.path().filename().string();
    // Top-level package zones only ("intel-rapl:0"), not sub-zones ("intel-rapl:0:0").
    if (dir.rfind("intel-rapl:", 0) != 0 || dir.find(':', 11) != std::string::npos) continue;
    const std::string base = entry.path().string();
    std::ifstream name_in(base + "/name");
    std::string name;
    name_in >> name;
    if (name.rfind("package", 0) != 0) continue;
    auto max = read_u64(base + "/max_energy_range_uj");
    auto now = read_u64(base + "/energy_uj");
    if (!now || !max) {
      unreadable = true;  // root-only since Linux 5.10 (CVE-2020-8694)
      continue;
    }
    domains_.push_back({base + "/energy_uj", *max, 0});
    names.push_back(name);
  }
  // One unreadable package makes the total unknown: a sum of the others would be too small.
  if (unreadable) domains_.clear();
  if (domains_.empty()) {
    source_ = unreadable ? "unavailable: RAPL energy files are not readable (root only)"
                         : "unavailable: no RAPL package zone under " + root;
    return;
  }
  source_ = "rapl powercap (";
  for (std::size_t i = 0; i < names.size(); ++i) source_ += (i ? "," : "") + names[i];
  source_ += ")";
}

void RaplEnergy::start() {
  for (auto& d : domains_) d.start_uj = read_u64(d.energy_file).value_or(0);
}

std::optional<double> RaplEnergy::stop_joules() {
  if (domains_.empty()) return std::nullopt;
  double joules = 0;
  for (auto& d : domains_) {
    auto now = read_u64(d.energy_file);
    if (!now) return std::nullopt;
    // The counter wraps at max_energy_range_uj.
    const std::uint64_t delta = *now >= d.start_uj ? *now - d.start_uj : *now + d.max_range_uj - d.start_uj;
    joules += 1e-6 * static_cast<double>(delta);
  }
  return joules;
}

}  // namespace hpcs::detail
