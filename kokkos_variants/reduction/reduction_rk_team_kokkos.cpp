// SPDX-License-Identifier: BSD-3-Clause
// kokkos/rk*: the factory over element types, and the backend's largest team.
#include "reduction_kokkos_factories.hpp"
#include "reduction_rk_team_kokkos.hpp"

namespace hpcs::reduction::kokkos {

int kokkos_max_team_size() { return kokkos::team_size_for<double, double>(1024); }

std::unique_ptr<Reducer> make_kokkos_rk(int step, DType type, const Tuning& t) {
  if (step == 5 || step < 1 || step > 7) throw Error("kokkos/rk" + std::to_string(step) + " does not exist");
  switch (type) {
    case DType::Int32: return make_kokkos_rk_int32(step, t);
    case DType::Float32: return make_kokkos_rk_float32(step, t);
    default: return make_kokkos_rk_float64(step, t);
  }
}

}  // namespace hpcs::reduction::kokkos
