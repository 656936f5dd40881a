// SPDX-License-Identifier: BSD-3-Clause
// sw_miniapp: local alignment score, end and start of two long sequences (Smith-Waterman
// with affine gaps), traditional and multi-pass wavefronts, distributed over MPI ranks.
#include <iostream>

#include "hpcs/error.hpp"
#include "hpcs/gpu.hpp"
#include "hpcs/kokkos_runtime.hpp"
#include "hpcs/mpi_context.hpp"
#include "sw_app.hpp"

int main(int argc, char** argv) {
  hpcs::MpiContext mpi(argc, argv);
  CLI::App app{"Smith-Waterman local alignment (Gotoh affine gaps) with traditional and multi-pass "
               "wavefronts, distributed over MPI ranks",
               "sw_miniapp"};
  hpcs::sw::Options options = hpcs::sw::default_options();
  hpcs::sw::add_options(app, options);
  if (auto code = hpcs::parse_command_line(app, argc, argv, mpi.root())) return *code;
  try {
    hpcs::select_gpu(mpi.local_rank());
    hpcs::KokkosRuntime kokkos(hpcs::current_gpu());
    return hpcs::sw::run(mpi, options, argc, argv);
  } catch (const hpcs::Error& e) {
    if (mpi.root()) std::cerr << "error: " << hpcs::one_line(e.what()) << std::endl;
    return 1;
  } catch (const std::exception& e) {
    std::cerr << "error: rank " << mpi.rank() << ": " << hpcs::one_line(e.what()) << std::endl;
    MPI_Abort(mpi.comm(), 1);
  }
  return 1;
}
