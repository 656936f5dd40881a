// SPDX-License-Identifier: BSD-3-Clause
// reduction_miniapp: sum of a vector with RK-1..RK-7 (CUDA, Kokkos), CUB, Kokkos'
// parallel_reduce and a CPU reference, distributed over MPI ranks.
#include "hpcs/app_main.hpp"
#include "reduction_app.hpp"

int main(int argc, char** argv) {
  return hpcs::app_main(argc, argv,
                        "Parallel reduction (sum) RK-1..RK-7 after Harris / Yen et al., distributed over MPI ranks",
                        "reduction_miniapp", hpcs::reduction::Options{}, hpcs::reduction::add_options,
                        hpcs::reduction::run);
}
