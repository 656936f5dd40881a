// SPDX-License-Identifier: BSD-3-Clause
// Kokkos lifetime for main(): initializes Kokkos on the GPU this rank selected (when
// the build has Kokkos), finalizes it on destruction. No Kokkos types here, so drivers
// build the same with and without Kokkos.
#pragma once
#include <optional>
#include <string>

#include "hpcs/gpu.hpp"

namespace hpcs {

class KokkosRuntime {
 public:
  explicit KokkosRuntime(const GpuSelection& gpu);
  ~KokkosRuntime();
  KokkosRuntime(const KokkosRuntime&) = delete;
  KokkosRuntime& operator=(const KokkosRuntime&) = delete;

  // Why Kokkos variants cannot run in this process (no Kokkos in the build, or a GPU
  // backend without a visible GPU); nullopt when they can.
  static std::optional<std::string> unavailable();
  static std::string description();  // e.g. "Kokkos 4.6.99 (Cuda)"
};

}  // namespace hpcs
