// SPDX-License-Identifier: BSD-3-Clause
#include "hpcs/harness/session.hpp"

#include <CLI/CLI.hpp>

#include "hpcs/harness/backend_runtime.hpp"
#include "hpcs/harness/cli.hpp"
#include "hpcs/base/error.hpp"
#include "hpcs/parallel/gpu.hpp"
#include "hpcs/parallel/host_memory.hpp"
#include "hpcs/base/stderr_line.hpp"

namespace hpcs {

namespace {

// How long a failing rank waits for the others to fail too before it aborts the job. Errors
// raised on every rank (through collective() or a check all ranks make alike) meet within
// milliseconds; only an error of one rank (a failed CUDA call during a timed repetition, a
// fault injected by HPCS_TEST_FAIL_AT=rep) waits this long.
constexpr double kErrorGraceSeconds = 5.0;

// Every rank that leaves on an exception comes here. All ranks failing: the root prints the
// one line and every rank exits 1. This rank alone: it prints its line, naming itself, and
// aborts, since the others wait in a collective it will never join.
int leave_on_error(const MpiContext& mpi, const std::string& what) {
  if (mpi.all_ranks_failing_within(kErrorGraceSeconds)) {
    if (mpi.root()) write_stderr_line("error: " + one_line(what));
    return 1;
  }
  std::string line = one_line(what);
  if (line.find("(rank ") == std::string::npos) line += " (rank " + std::to_string(mpi.rank()) + ")";
  write_stderr_line("error: " + line);
  MPI_Abort(mpi.comm(), 1);
  return 1;
}

}  // namespace

int run_main(int argc, char** argv, CLI::App& cli, const std::function<int(const MpiContext&)>& body) {
  MpiContext mpi(argc, argv);
  set_ranks_sharing_memory(mpi.local_size());  // the readers' memory checks count them all
  if (auto code = parse_command_line(cli, argc, argv, mpi.root())) return *code;
  try {
    const GpuSelection& gpu = select_gpu(mpi.local_rank());
    BackendRuntimes runtimes(gpu);
    return body(mpi);
  } catch (const std::exception& e) {
    return leave_on_error(mpi, e.what());
  }
}

}  // namespace hpcs
