// SPDX-License-Identifier: BSD-3-Clause
// kokkos/rk* for float64 inputs (see rk_team_kokkos.hpp).
#include "kokkos_reducers.hpp"
#include "rk_team_kokkos.hpp"

namespace hpcs::reduction {

std::unique_ptr<Reducer> make_kokkos_rk_float64(int step, const Tuning& t) {
  return std::make_unique<kokkos_rk::KokkosRk<double, double>>(step, t);
}

}  // namespace hpcs::reduction
