// SPDX-License-Identifier: BSD-3-Clause
// kokkos/rk* for float32 inputs (see reduction_rk_team_kokkos.hpp).
#include "reduction_kokkos_factories.hpp"
#include "reduction_rk_team_kokkos.hpp"

namespace hpcs::reduction::kokkos {

std::unique_ptr<Reducer> make_kokkos_rk_float32(int step, const Tuning& t) {
  return std::make_unique<kokkos::KokkosRk<float, float>>(step, t);
}

}  // namespace hpcs::reduction::kokkos
