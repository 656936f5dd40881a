// SPDX-License-Identifier: BSD-3-Clause
// Backends with a process-wide runtime (Kokkos) register its start and stop here from
// their own support library; the session starts them once the GPU is chosen. Registration
// is inverted so that common/ knows no backend and a build without one links nothing.
#pragma once
#include <functional>
#include <string>

#include "hpcs/parallel/gpu.hpp"

namespace hpcs {

struct BackendRuntime {
  std::string name;                                // "kokkos"
  std::function<void(const GpuSelection&)> start;  // after the GPU is chosen
  std::function<void()> stop;                      // before MPI ends
};

// Called at static initialization by a backend's support library; returns true so it
// can initialize a namespace-scope constant.
bool register_backend_runtime(BackendRuntime runtime);

// Starts every registered runtime (in registration order) and stops them in reverse.
class BackendRuntimes {
 public:
  explicit BackendRuntimes(const GpuSelection& gpu);
  ~BackendRuntimes();
  BackendRuntimes(const BackendRuntimes&) = delete;
  BackendRuntimes& operator=(const BackendRuntimes&) = delete;

 private:
  std::size_t started_ = 0;
};

}  // namespace hpcs
