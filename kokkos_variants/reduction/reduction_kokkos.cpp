// SPDX-License-Identifier: BSD-3-Clause
#include "reduction_kokkos.hpp"

#include "hpcs/kokkos_runtime.hpp"
#include "kokkos_reducers.hpp"

namespace hpcs::reduction {

void register_reduction_kokkos(VariantList& list) {
  const auto unavailable = [] { return KokkosRuntime::unavailable(); };
  // RK-1..3 give each thread one value: a team of one (Kokkos::Serial) never reduces.
  const auto needs_teams = []() -> std::optional<std::string> {
    if (auto why = KokkosRuntime::unavailable()) return why;
    if (kokkos_max_team_size() < 2)
      return std::string("one value per thread needs teams of 2 or more; this Kokkos backend allows 1");
    return std::nullopt;
  };
  for (int step : {1, 2, 3, 4, 6, 7})
    list.push_back({"kokkos/rk" + std::to_string(step), "kokkos", step,
                    [step](DType t, const Tuning& tune) { return make_kokkos_rk(step, t, tune); },
                    step <= 3 ? std::function<std::optional<std::string>()>(needs_teams) : unavailable});
  list.push_back({"kokkos/parallel_reduce", "kokkos", 0,
                  [](DType t, const Tuning&) { return make_kokkos_parallel_reduce(t, false); }, unavailable});
  list.push_back({"kokkos/parallel_reduce_host", "kokkos", 0,
                  [](DType t, const Tuning&) { return make_kokkos_parallel_reduce(t, true); }, unavailable});
}

}  // namespace hpcs::reduction
