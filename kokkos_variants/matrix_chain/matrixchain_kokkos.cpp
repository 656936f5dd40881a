// SPDX-License-Identifier: BSD-3-Clause
// Registers the Kokkos variants of the matrix chain: kokkos/unfused (step 1, the naive or
// op-count plan, one output-stationary tiled GEMM per product) and kokkos/fused (step 2,
// the fused plan: its products as above, its fused pairs keeping T in team scratch).
// Both resolve M = 0 to the backend's (matrixchain_kokkos_capacity.hpp), refuse a tile the
// team scratch cannot hold, and tune M (--tune, matrixchain_tuning.cpp).
#include "hpcs/kokkos_runtime.hpp"
#include "matrixchain_kokkos.hpp"
#include "matrixchain_kokkos_capacity.hpp"

namespace hpcs::matrixchain {

namespace {
Tuning with_auto_memory(const Problem& p, Tuning t) {
  // Without Kokkos running there is no device to ask; why_not refuses the variant anyway.
  if (t.fast_memory == 0 && !KokkosRuntime::unavailable()) t.fast_memory = kokkos::auto_fast_memory(p.precision);
  return t;
}
}  // namespace

void register_kokkos_variants(VariantList& list) {
  Variant unfused;
  unfused.name = "kokkos/unfused";
  unfused.backend = "kokkos";
  unfused.step = 1;
  unfused.make = kokkos::make_executor;
  unfused.resolve = [](const Problem& p, const Tuning& t) { return with_auto_memory(p, unfused_plan(t)); };
  unfused.why_not = [](const Problem& p, const Tuning& t) -> std::optional<std::string> {
    if (auto why = KokkosRuntime::unavailable()) return why;
    return kokkos::scratch_misfit("kokkos/unfused", p, t);
  };
  unfused.tunings = plan_tunings(false);
  unfused.space = fast_memory_space();
  list.push_back(unfused);

  Variant fused;
  fused.name = "kokkos/fused";
  fused.backend = "kokkos";
  fused.step = 2;
  fused.make = kokkos::make_executor;
  fused.resolve = [](const Problem& p, const Tuning& t) { return with_auto_memory(p, t); };
  fused.why_not = [](const Problem& p, const Tuning& t) -> std::optional<std::string> {
    if (auto why = KokkosRuntime::unavailable()) return why;
    if (auto why = needs_fused_plan("kokkos/fused", t)) return why;
    return kokkos::scratch_misfit("kokkos/fused", p, t);
  };
  fused.tunings = plan_tunings(true);
  fused.space = fast_memory_space();
  list.push_back(fused);
}

}  // namespace hpcs::matrixchain
