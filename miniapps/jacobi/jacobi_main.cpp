// SPDX-License-Identifier: BSD-3-Clause
// jacobi_miniapp: Jacobi 1D 3-point / 2D 5-point stencils over T time steps, naive and
// hexagonally (1D) / hybrid-hexagonal-classic (2D) tiled, distributed over MPI ranks.
#include "hpcs/app_main.hpp"
#include "jacobi_app.hpp"

int main(int argc, char** argv) {
  return hpcs::app_main(argc, argv,
                        "Jacobi 1D/2D stencils, naive and hexagonal / HHC temporally tiled, distributed over MPI "
                        "ranks in bands of rows",
                        "jacobi_miniapp", hpcs::jacobi::default_options(), hpcs::jacobi::add_options,
                        hpcs::jacobi::run);
}
