// SPDX-License-Identifier: BSD-3-Clause
// Kokkos' lifetime in a mini-app: kokkos_runtime.cpp registers it with the session
// (hpcs/harness/backend_runtime.hpp), which initializes Kokkos on the GPU this rank chose and
// finalizes it at the end. Variants ask here whether they can run. No Kokkos types.
#pragma once
#include <optional>
#include <string>

namespace hpcs {

struct KokkosRuntime {
  // Why Kokkos variants cannot run in this process (not initialized, or a GPU backend
  // without a visible GPU); nullopt when they can.
  static std::optional<std::string> unavailable();
  static std::string description();  // e.g. "Kokkos 4.6.99 (Cuda)"
};

}  // namespace hpcs
