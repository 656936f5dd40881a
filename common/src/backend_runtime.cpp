// SPDX-License-Identifier: BSD-3-Clause
#include "hpcs/harness/backend_runtime.hpp"

#include <vector>

namespace hpcs {
namespace {
// A function-local list: registrations run during static initialization of other files.
std::vector<BackendRuntime>& runtimes() {
  static std::vector<BackendRuntime> list;
  return list;
}
}  // namespace

bool register_backend_runtime(BackendRuntime runtime) {
  runtimes().push_back(std::move(runtime));
  return true;
}

BackendRuntimes::BackendRuntimes(const GpuSelection& gpu) {
  for (auto& r : runtimes()) {
    r.start(gpu);
    ++started_;
  }
}

BackendRuntimes::~BackendRuntimes() {
  while (started_ > 0) runtimes()[--started_].stop();
}

}  // namespace hpcs
