// SPDX-License-Identifier: BSD-3-Clause
// The Smith-Waterman mini-app driver: options, and the run over the selected variants.
#pragma once
#include <CLI/CLI.hpp>

#include <cstdint>
#include <optional>
#include <string>

#include "hpcs/cli.hpp"
#include "hpcs/mpi_context.hpp"
#include "sw_variant.hpp"

namespace hpcs::sw {

struct Options {
  CommonOptions common;
  // generated input (no input file)
  std::string alphabet = "dna";
  std::int64_t len_a = 1 << 14, len_b = 1 << 14;
  std::uint64_t seed = 42;
  std::int64_t plant = 2000;
  double mutation = 0.1;
  // scoring: defaults depend on the alphabet (dna 2/-3, open 7, extend 2 = BLASTN's
  // 2/-3 5/2; protein BLOSUM62, open 11, extend 1 as parasail and CUDASW++4)
  std::optional<int> match, mismatch, gap_open, gap_extend;
  std::string matrix;
  Tiling tiling;
  double verify_cells = 17179869184.0;  // 2^34: above, variants are checked against each other
};

Options default_options();
void add_options(CLI::App& app, Options& o);
int run(const MpiContext& mpi, const Options& o, int argc, char** argv);

}  // namespace hpcs::sw
