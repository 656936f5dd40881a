// SPDX-License-Identifier: BSD-3-Clause
// The process around a mini-app or benchmark: MPI for the whole run, the same options
// parsed on every rank (only rank 0 prints), this rank's GPU (one per node-local rank),
// the backends' runtimes, and the error convention: an hpcs::Error raised on every rank
// together ends with one "error:" line from rank 0 and exit code 1 on all ranks; anything
// else prints that rank's message and aborts MPI, so no rank is left waiting.
#pragma once
#include <functional>

#include "hpcs/harness/cli.hpp"  // CLI::App, declared
#include "hpcs/parallel/mpi_context.hpp"

namespace hpcs {

int run_main(int argc, char** argv, CLI::App& cli, const std::function<int(const MpiContext&)>& body);

}  // namespace hpcs
