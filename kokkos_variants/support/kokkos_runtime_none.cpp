// SPDX-License-Identifier: BSD-3-Clause
// KokkosRuntime for builds without Kokkos.
#include "hpcs/kokkos_runtime.hpp"

namespace hpcs {

KokkosRuntime::KokkosRuntime(const GpuSelection&) {}
KokkosRuntime::~KokkosRuntime() = default;
std::optional<std::string> KokkosRuntime::unavailable() { return "this build has no Kokkos"; }
std::string KokkosRuntime::description() { return "none"; }

}  // namespace hpcs
