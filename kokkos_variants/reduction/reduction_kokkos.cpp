// SPDX-License-Identifier: BSD-3-Clause
// Registers the Kokkos variants of the reduction: kokkos/rk1..4, rk6, rk7 (team policy +
// scratch, with named block tunings and tuning spaces), Kokkos::parallel_reduce on the
// default and the host execution space.
#include "hpcs/kokkos_runtime.hpp"
#include "hpcs/kokkos_views.hpp"
#include "reduction_kokkos_factories.hpp"
#include "reduction_variants.hpp"

namespace hpcs::reduction {

void register_kokkos_variants(VariantList& list) {
  // RK-1..3 give each thread one value: a team of one (Kokkos::Serial) never reduces.
  const auto needs_teams = [](const Problem&, const Tuning&) -> std::optional<std::string> {
    if (auto why = KokkosRuntime::unavailable()) return why;
    if (kokkos::kokkos_max_team_size() < 2)
      return std::string("one value per thread needs teams of 2 or more; this Kokkos backend allows 1");
    return std::nullopt;
  };
  // Every variant uploads the rank's block into a view: a second host copy under a host backend.
  const auto host_copies = [](const Problem&, const Tuning&) { return views_in_host_memory() ? 1.0 : 0.0; };
  for (int step : {1, 2, 3, 4, 6, 7}) {
    auto v = kokkos_variant<Variant>("kokkos/rk" + std::to_string(step), [step](DType t, const Tuning& tune) {
      return kokkos::make_kokkos_rk(step, t, with_default_block(tune, kRkBlock));
    });
    v.resolve = [](const Problem&, const Tuning& t) { return with_default_block(t, kRkBlock); };
    v.step = step;
    if (step <= 3) v.why_not = needs_teams;
    v.tunings = rk_tunings(step);
    v.space = rk_space(step, kokkos::kokkos_max_team_size);
    v.host_copies = host_copies;
    list.push_back(v);
  }
  for (bool host : {false, true}) {
    auto v = kokkos_variant<Variant>(
        host ? "kokkos/parallel_reduce_host" : "kokkos/parallel_reduce",
        [host](DType t, const Tuning&) { return kokkos::make_kokkos_parallel_reduce(t, host); });
    v.host_copies = host_copies;
    list.push_back(v);
  }
}

}  // namespace hpcs::reduction
