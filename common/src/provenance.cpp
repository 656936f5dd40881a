// SPDX-License-Identifier: BSD-3-Clause
#include "hpcs/measure/provenance.hpp"

#include <ctime>

#include "hpcs/parallel/gpu.hpp"

namespace hpcs {

nlohmann::json Provenance::to_json() const {
  return {{"suite", "hpc_miniapps"},
          {"suite_version", suite_version},
          {"git_revision", git_revision},
          {"build_type", build_type},
          {"compiler", compiler},
          {"backends", backends},
          {"created_utc", created_utc},
          {"command_line", command_line},
          {"ranks", ranks},
          {"hosts", hosts},
          {"devices", devices},
          {"cuda_driver", cuda_driver},
          {"cuda_runtime", cuda_runtime},
          {"slurm", slurm}};
}

std::string utc_now() {
  const std::time_t now = std::time(nullptr);
  std::tm tm{};
  gmtime_r(&now, &tm);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm);
  return buf;
}

}  // namespace hpcs

namespace hpcs {

std::string device_description(const GpuSelection& gpu) {
  return gpu.device ? gpu.device->name + " (" + gpu.device->pci_bus_id + ")" : "cpu";
}

}  // namespace hpcs
