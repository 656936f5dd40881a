// SPDX-License-Identifier: BSD-3-Clause
#include "sw_energy_constants.hpp"

#include <cmath>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "hpcs/io/calibration_file.hpp"

namespace hpcs::sw {

EnergyConstants thesis_constants(const std::string& note) {
  EnergyConstants k;
  k.note = note;
  return k;
}

namespace {
// The file's constants, all-or-nothing: mixing a Hopper e_gs with a K20c e_iadd would
// be neither GPU's model.
EnergyConstants parse(const std::string& path, const nlohmann::json& j) {
  using calibration_field::optional_energy;
  const std::string device = j.contains("device") ? calibration_field::text(j, "device") : std::string();
  EnergyConstants k;
  const std::vector<std::pair<const char*, double*>> needed = {{"p_stat", &k.p_stat}, {"e_gs", &k.e_gs},
                                                               {"e_sr", &k.e_sr},     {"e_iadd", &k.e_iadd},
                                                               {"e_imax", &k.e_imax}, {"e_ls", &k.e_ls}};
  std::string lacks;
  for (const auto& [key, value] : needed) {
    *value = optional_energy(j, key);
    if (!std::isfinite(*value)) lacks += (lacks.empty() ? "" : ", ") + std::string(key);
  }
  const double addmax = optional_energy(j, "e_dpx_addmax"), max3 = optional_energy(j, "e_dpx_max");
  if (!lacks.empty()) return thesis_constants(path + " has no measured " + lacks + " (jacobi_calibrate measures them)");
  k.e_dpx_addmax = addmax;
  k.e_dpx_max = max3;
  k.source = path;
  k.device = device;
  return k;
}
}  // namespace

EnergyConstants constants_from_file(const std::string& path) {
  return read_calibration_file(path, [&](const nlohmann::json& j) { return parse(path, j); });
}

}  // namespace hpcs::sw
