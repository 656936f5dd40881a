// SPDX-License-Identifier: BSD-3-Clause
// kokkos/rk* for int32 inputs (see rk_team_kokkos.hpp).
#include "kokkos_reducers.hpp"
#include "rk_team_kokkos.hpp"

namespace hpcs::reduction {

std::unique_ptr<Reducer> make_kokkos_rk_int32(int step, const Tuning& t) {
  return std::make_unique<kokkos_rk::KokkosRk<std::int32_t, std::int64_t>>(step, t);
}

}  // namespace hpcs::reduction
