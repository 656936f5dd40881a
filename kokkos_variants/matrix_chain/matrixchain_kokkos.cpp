// SPDX-License-Identifier: BSD-3-Clause
// Registers the Kokkos variants of the matrix chain: kokkos/unfused (step 1, the naive or
// op-count plan, one output-stationary tiled GEMM per product) and kokkos/fused (step 2,
// the fused plan: its products as above, its fused pairs keeping T in team scratch).
// Both resolve M = 0 to the backend's (matrixchain_capacity_kokkos.hpp), refuse a tile the
// team scratch cannot hold, and tune M (--tune, matrixchain_tuning.cpp). Each runs its plan as
// one Kokkos graph unless --cuda-graph off (the named tuning `nograph`).
#include "hpcs/kokkos_runtime.hpp"
#include "matrixchain_kokkos_factories.hpp"
#include "matrixchain_capacity_kokkos.hpp"

namespace hpcs::matrixchain {

namespace {
Tuning with_auto_memory(const Problem& p, Tuning t) {
  // Without Kokkos running there is no device to ask; why_not refuses the variant anyway.
  if (t.fast_memory == 0 && !KokkosRuntime::unavailable())
    t.fast_memory = kokkos::auto_fast_memory(p.precision, t.plan);
  return t;
}
}  // namespace

void register_kokkos_variants(VariantList& list) {
  TiledBackend kokkos;
  kokkos.name = "kokkos";
  kokkos.make = [](const std::string&, bool) { return Make(kokkos::make_executor); };  // one executor runs both
  kokkos.unavailable = KokkosRuntime::unavailable;
  kokkos.misfit = kokkos::scratch_misfit;
  kokkos.with_auto_memory = with_auto_memory;
  for (const bool fused : {false, true}) {
    Variant v = tiled_variant(kokkos, fused);
    v.tunings.push_back(without_graph());
    list.push_back(v);
  }
}

}  // namespace hpcs::matrixchain
