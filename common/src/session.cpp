// SPDX-License-Identifier: BSD-3-Clause
#include "hpcs/session.hpp"

#include <iostream>

#include "hpcs/backend_runtime.hpp"
#include "hpcs/cli.hpp"
#include "hpcs/error.hpp"
#include "hpcs/gpu.hpp"

namespace hpcs {

int run_main(int argc, char** argv, CLI::App& cli, const std::function<int(const MpiContext&)>& body) {
  MpiContext mpi(argc, argv);
  if (auto code = parse_command_line(cli, argc, argv, mpi.root())) return *code;
  try {
    const GpuSelection& gpu = select_gpu(mpi.local_rank());
    BackendRuntimes runtimes(gpu);
    return body(mpi);
  } catch (const Error& e) {
    if (mpi.root()) std::cerr << "error: " << one_line(e.what()) << std::endl;
    return 1;
  } catch (const std::exception& e) {
    std::cerr << "error: rank " << mpi.rank() << ": " << one_line(e.what()) << std::endl;
    MPI_Abort(mpi.comm(), 1);
  }
  return 1;
}

}  // namespace hpcs
