// SPDX-License-Identifier: BSD-3-Clause
// reduction_miniapp: sum of a vector with RK-1..RK-7 (CUDA, Kokkos), CUB, Kokkos'
// parallel_reduce and a CPU reference, distributed over MPI ranks.
#include <iostream>

#include "hpcs/error.hpp"
#include "hpcs/gpu.hpp"
#include "hpcs/kokkos_runtime.hpp"
#include "hpcs/mpi_context.hpp"
#include "reduction_app.hpp"

int main(int argc, char** argv) {
  hpcs::MpiContext mpi(argc, argv);
  CLI::App app{"Parallel reduction (sum) RK-1..RK-7 after Harris / Yen et al., distributed over MPI ranks",
               "reduction_miniapp"};
  hpcs::reduction::Options options;
  hpcs::reduction::add_options(app, options);
  if (auto code = hpcs::parse_command_line(app, argc, argv, mpi.root())) return *code;
  try {
    hpcs::select_gpu(mpi.local_rank());
    hpcs::KokkosRuntime kokkos(hpcs::current_gpu());
    return hpcs::reduction::run(mpi, options, argc, argv);
  } catch (const hpcs::Error& e) {
    // Raised on every rank together (collective checks), so all ranks exit non-zero.
    if (mpi.root()) std::cerr << "error: " << hpcs::one_line(e.what()) << std::endl;
    return 1;
  } catch (const std::exception& e) {
    std::cerr << "error: rank " << mpi.rank() << ": " << hpcs::one_line(e.what()) << std::endl;
    MPI_Abort(mpi.comm(), 1);  // an unexpected failure on one rank: do not leave the others waiting
  }
  return 1;
}
