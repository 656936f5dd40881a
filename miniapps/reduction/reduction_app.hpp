// SPDX-License-Identifier: BSD-3-Clause
// The reduction mini-app driver: options, and the run over the selected variants.
#pragma once
#include <CLI/CLI.hpp>

#include <cstdint>
#include <string>

#include "hpcs/cli.hpp"
#include "hpcs/mpi_context.hpp"
#include "reduction_types.hpp"

namespace hpcs::reduction {

struct Options {
  CommonOptions common;
  std::string dataset = "data";
  std::uint64_t n = std::uint64_t{1} << 22;  // Harris's 4M elements
  std::string type = "float32";
  std::uint64_t seed = 42;
  Tuning tuning;
};

void add_options(CLI::App& app, Options& o);

// Runs every selected variant, verifies, reports; returns the process exit code.
// Throws hpcs::Error (on every rank together) for bad input.
int run(const MpiContext& mpi, const Options& o, int argc, char** argv);

}  // namespace hpcs::reduction
