// SPDX-License-Identifier: BSD-3-Clause
// The main() every mini-app shares: MPI, the same options parsed on every rank, this rank's
// GPU, the Kokkos lifetime around the run, and the error convention (one `error:` line,
// non-zero exit on every rank). It lives beside the Kokkos lifetime helper it uses.
#pragma once
#include <iostream>
#include <string>

#include "hpcs/cli.hpp"
#include "hpcs/error.hpp"
#include "hpcs/gpu.hpp"
#include "hpcs/kokkos_runtime.hpp"
#include "hpcs/mpi_context.hpp"

namespace hpcs {

// add_options(CLI::App&, Options&); run(const MpiContext&, const Options&, argc, argv) -> exit code.
template <class Options, class AddOptions, class Run>
int app_main(int argc, char** argv, const std::string& description, const std::string& name, Options options,
             AddOptions add_options, Run run) {
  MpiContext mpi(argc, argv);
  CLI::App app{description, name};
  add_options(app, options);
  if (auto code = parse_command_line(app, argc, argv, mpi.root())) return *code;
  try {
    select_gpu(mpi.local_rank());
    KokkosRuntime kokkos(current_gpu());
    return run(mpi, options, argc, argv);
  } catch (const Error& e) {
    // Raised on every rank together (collective checks), so all ranks exit non-zero.
    if (mpi.root()) std::cerr << "error: " << one_line(e.what()) << std::endl;
    return 1;
  } catch (const std::exception& e) {
    std::cerr << "error: rank " << mpi.rank() << ": " << one_line(e.what()) << std::endl;
    MPI_Abort(mpi.comm(), 1);  // an unexpected failure on one rank: do not leave the others waiting
  }
  return 1;
}

}  // namespace hpcs
