// SPDX-License-Identifier: BSD-3-Clause
// Registers kokkos/naive and kokkos/tiled. Both need an initialized Kokkos (and a GPU when
// Kokkos was built for one); the tiled one also rejects tiles whose rows do not fit the
// backend's team scratch and team sizes the backend cannot run.
#include "jacobi_kokkos.hpp"

#include "hpcs/kokkos_runtime.hpp"
#include "jacobi_kokkos_solvers.hpp"

namespace hpcs::jacobi {

void register_jacobi_kokkos(VariantList& list) {
  VariantInfo naive;
  naive.name = "kokkos/naive";
  naive.backend = "kokkos";
  naive.make_float = [](const Tiles& t) { return kokkos::make_naive<float>(t); };
  naive.make_double = [](const Tiles& t) { return kokkos::make_naive<double>(t); };
  naive.unavailable = [] { return KokkosRuntime::unavailable(); };
  naive.rejects = [](const Problem& p, const Tiles& t, Precision) -> std::optional<std::string> {
    if (auto why = KokkosRuntime::unavailable()) return why;
    return kokkos::naive_rejects(p, t);
  };
  list.push_back(naive);

  VariantInfo tiled;
  tiled.name = "kokkos/tiled";
  tiled.backend = "kokkos";
  tiled.tiled = true;
  tiled.make_float = [](const Tiles& t) { return kokkos::make_tiled<float>(t); };
  tiled.make_double = [](const Tiles& t) { return kokkos::make_tiled<double>(t); };
  tiled.resolve = [](const Problem& p, const Tiles& t, Precision precision) {
    // The backend's scratch limit is known only once Kokkos runs.
    return KokkosRuntime::unavailable() ? resolve_tiles(p, t, precision) : kokkos::tiled_resolve(p, t, precision);
  };
  tiled.unavailable = [] { return KokkosRuntime::unavailable(); };
  tiled.rejects = [](const Problem& p, const Tiles& t, Precision precision) -> std::optional<std::string> {
    if (auto why = KokkosRuntime::unavailable()) return why;
    return kokkos::tiled_rejects(p, t, precision);
  };
  list.push_back(tiled);
}

}  // namespace hpcs::jacobi
