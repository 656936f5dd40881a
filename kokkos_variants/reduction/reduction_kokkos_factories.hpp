// SPDX-License-Identifier: BSD-3-Clause
// Factories of the Kokkos reducers (internal to kokkos_variants/reduction).
#pragma once
#include <memory>

#include "reduction_variants.hpp"

namespace hpcs::reduction::kokkos {

std::unique_ptr<Reducer> make_kokkos_rk(int step, DType type, const Tuning& t);  // 1,2,3,4,6,7
std::unique_ptr<Reducer> make_kokkos_parallel_reduce(DType type, bool host_result);
std::unique_ptr<Reducer> make_kokkos_rk_int32(int step, const Tuning& t);
std::unique_ptr<Reducer> make_kokkos_rk_float32(int step, const Tuning& t);
std::unique_ptr<Reducer> make_kokkos_rk_float64(int step, const Tuning& t);
// Largest team (power of two) the default execution space allows for the RK kernels.
int kokkos_max_team_size();

}  // namespace hpcs::reduction::kokkos
