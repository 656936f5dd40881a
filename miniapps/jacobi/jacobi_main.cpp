// SPDX-License-Identifier: BSD-3-Clause
// jacobi_miniapp: Jacobi 1D 3-point / 2D 5-point stencils over T time steps, naive and
// hexagonally (1D) / hybrid-hexagonal-classic (2D) tiled, distributed over MPI ranks.
#include <iostream>

#include "hpcs/error.hpp"
#include "hpcs/gpu.hpp"
#include "hpcs/kokkos_runtime.hpp"
#include "hpcs/mpi_context.hpp"
#include "jacobi_app.hpp"

int main(int argc, char** argv) {
  hpcs::MpiContext mpi(argc, argv);
  CLI::App app{"Jacobi 1D/2D stencils, naive and hexagonal / HHC temporally tiled, distributed over MPI ranks "
               "in bands of rows",
               "jacobi_miniapp"};
  hpcs::jacobi::Options options = hpcs::jacobi::default_options();
  hpcs::jacobi::add_options(app, options);
  if (auto code = hpcs::parse_command_line(app, argc, argv, mpi.root())) return *code;
  try {
    hpcs::select_gpu(mpi.local_rank());
    hpcs::KokkosRuntime kokkos(hpcs::current_gpu());
    return hpcs::jacobi::run(mpi, options, argc, argv);
  } catch (const hpcs::Error& e) {
    if (mpi.root()) std::cerr << "error: " << hpcs::one_line(e.what()) << std::endl;
    return 1;
  } catch (const std::exception& e) {
    std::cerr << "error: rank " << mpi.rank() << ": " << hpcs::one_line(e.what()) << std::endl;
    MPI_Abort(mpi.comm(), 1);
  }
  return 1;
}
