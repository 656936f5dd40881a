// SPDX-License-Identifier: BSD-3-Clause
// What a benchmark JSON must say about where its numbers come from: suite revision,
// build and the device, in Google Benchmark's "context" block.
#pragma once
#include <benchmark/benchmark.h>

#include "hpcs/parallel/gpu.hpp"
#include "hpcs/version.hpp"

namespace hpcs {

inline void add_suite_context() {
  benchmark::AddCustomContext("hpcs_suite_version", HPCS_VERSION);
  benchmark::AddCustomContext("hpcs_git_revision", HPCS_GIT_REVISION);
  benchmark::AddCustomContext("hpcs_build_type", HPCS_BUILD_TYPE);
  benchmark::AddCustomContext("hpcs_compiler", HPCS_COMPILER);
  benchmark::AddCustomContext("hpcs_backends", HPCS_BACKENDS);
  const auto& gpu = current_gpu();
  benchmark::AddCustomContext("hpcs_device",
                              gpu.device ? gpu.device->name + " (" + gpu.device->pci_bus_id + ")" : "cpu");
}

}  // namespace hpcs
