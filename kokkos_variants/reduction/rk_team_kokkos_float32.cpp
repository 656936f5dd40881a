// SPDX-License-Identifier: BSD-3-Clause
// kokkos/rk* for float32 inputs (see rk_team_kokkos.hpp).
#include "kokkos_reducers.hpp"
#include "rk_team_kokkos.hpp"

namespace hpcs::reduction {

std::unique_ptr<Reducer> make_kokkos_rk_float32(int step, const Tuning& t) {
  return std::make_unique<kokkos_rk::KokkosRk<float, float>>(step, t);
}

}  // namespace hpcs::reduction
