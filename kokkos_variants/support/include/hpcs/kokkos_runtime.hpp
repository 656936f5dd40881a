// SPDX-License-Identifier: BSD-3-Clause
// Kokkos' lifetime in a mini-app: kokkos_runtime.cpp registers it with the session
// (hpcs/harness/backend_runtime.hpp), which initializes Kokkos on the GPU this rank chose and
// finalizes it at the end. Variants ask here whether they can run. No Kokkos types.
#pragma once
#include <optional>
#include <string>
#include <utility>

namespace hpcs {

struct KokkosRuntime {
  // Why Kokkos variants cannot run in this process (not initialized, or a GPU backend
  // without a visible GPU); nullopt when they can.
  static std::optional<std::string> unavailable();
  static std::string description();  // e.g. "Kokkos 4.6.99 (Cuda)"
};

// An app's Kokkos variant: its name, the backend, its factory, and why_not saying why Kokkos
// cannot run (a variant with more conditions replaces why_not, asking unavailable() first).
template <class Variant, class Make>
Variant kokkos_variant(std::string name, Make make) {
  Variant v;
  v.name = std::move(name);
  v.backend = "kokkos";
  v.make = std::move(make);
  v.why_not = [](const auto&, const auto&) { return KokkosRuntime::unavailable(); };
  return v;
}

}  // namespace hpcs
