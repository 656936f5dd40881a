// SPDX-License-Identifier: BSD-3-Clause
#include <Kokkos_Core.hpp>

#include "hpcs/harness/backend_runtime.hpp"
#include "hpcs/kokkos_runtime.hpp"
#include "hpcs/kokkos_teams.hpp"

namespace hpcs {
namespace {
std::optional<std::string> g_unavailable = std::string("Kokkos is not initialized");
bool g_initialized = false;

void start(const GpuSelection& gpu) {
  if (kKokkosOnGpu && !gpu.device) {
    g_unavailable = "Kokkos was built for a GPU and " + gpu.reason;
    return;
  }
#if KOKKOS_VERSION >= 40000
  auto settings = Kokkos::InitializationSettings().set_disable_warnings(true);
  if (gpu.device) settings.set_device_id(gpu.device->index);
  Kokkos::initialize(settings);
#else
  Kokkos::InitArguments args;
  args.disable_warnings = true;
  if (gpu.device) args.device_id = gpu.device->index;
  Kokkos::initialize(args);
#endif
  g_initialized = true;
  g_unavailable.reset();
}

void stop() {
  if (g_initialized) Kokkos::finalize();
  g_initialized = false;
  g_unavailable = "Kokkos is finalized";
}

// Linked in with the Kokkos variants (they call unavailable() below), so every binary with
// Kokkos variants starts Kokkos, and no other binary links Kokkos at all.
const bool g_registered = register_backend_runtime({"kokkos", start, stop});
}  // namespace

std::optional<std::string> KokkosRuntime::unavailable() {
  (void)g_registered;
  return g_unavailable;
}

std::string KokkosRuntime::description() {
  return "Kokkos " + std::to_string(KOKKOS_VERSION / 10000) + "." + std::to_string(KOKKOS_VERSION / 100 % 100) + "." +
         std::to_string(KOKKOS_VERSION % 100) + " (" + Kokkos::DefaultExecutionSpace::name() + ")";
}

}  // namespace hpcs
