// SPDX-License-Identifier: BSD-3-Clause
// Registers kokkos/naive and kokkos/tiled (with the named tunings of tiled variants), each
// with its --tune space (jacobi_tuning.cpp). Both need an initialized Kokkos (and a GPU
// when Kokkos was built for one); the tiled one also rejects tiles whose rows do not fit
// the backend's team scratch and team sizes the backend cannot run.
#include "hpcs/kokkos_runtime.hpp"
#include "jacobi_kokkos_factories.hpp"
#include "jacobi_variants.hpp"

namespace hpcs::jacobi {

void register_kokkos_variants(VariantList& list) {
  Variant naive = new_variant("kokkos/naive", "kokkos", false);
  static_cast<SolverFactories&>(naive.make) = kokkos::naive_factories();
  naive.why_not = [](const Task& task, const Tuning& t) -> std::optional<std::string> {
    if (auto why = KokkosRuntime::unavailable()) return why;
    return kokkos::naive_rejects(task.grid, t);
  };
  naive.space = naive_space();
  list.push_back(naive);

  Variant tiled = new_variant("kokkos/tiled", "kokkos", true);
  static_cast<SolverFactories&>(tiled.make) = kokkos::tiled_factories();
  tiled.resolve = [](const Task& task, const Tuning& t) {
    // The backend's scratch limit is known only once Kokkos runs.
    return KokkosRuntime::unavailable() ? resolve_tiles(task.grid, t, task.precision)
                                        : kokkos::tiled_resolve(task.grid, t, task.precision);
  };
  tiled.why_not = [](const Task& task, const Tuning& t) -> std::optional<std::string> {
    if (auto why = KokkosRuntime::unavailable()) return why;
    return kokkos::tiled_rejects(task.grid, t, task.precision);
  };
  tiled.space = tiled_space({}, tiled.resolve);  // its own default tiles join the candidates
  list.push_back(tiled);
}

}  // namespace hpcs::jacobi
