// SPDX-License-Identifier: BSD-3-Clause
// The Jacobi mini-app driver: options, the measured run over the selected variants
// (distributed over MPI ranks in bands of rows), and the tile sweep (--sweep).
#pragma once
#include <CLI/CLI.hpp>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "hpcs/cli.hpp"
#include "hpcs/mpi_context.hpp"
#include "jacobi_types.hpp"

namespace hpcs::jacobi {

struct Options {
  CommonOptions common;
  std::string dataset = "/grid";    // of the input file
  // generated input (no input file); absent extents take generated_problem's defaults
  int dims = 2;
  std::optional<std::int64_t> n, nx, ny;
  std::uint64_t seed = 42;
  std::string pattern = "random";
  std::string precision;            // empty: the file's type (generated: float32)
  std::int64_t steps = 100;
  Tiles tiles;                      // zeros: resolve_tiles() defaults
  std::int64_t halo_depth = 0;      // 0: t_T for tiled variants, 1 for naive ones
  double verify_cells = 17179869184.0;  // 2^34 updates: above, variants are checked against each other
  std::string output_grid, grid_variant;
  bool model = false;
  std::string calibration;          // empty: find_calibration_for(the device)
  bool sweep = false;
  std::vector<int> sweep_t, sweep_s1, sweep_s2, sweep_threads;  // empty: SweepSpec defaults
  std::string sweep_output;
};

Options default_options();
void add_options(CLI::App& app, Options& o);
int run(const MpiContext& mpi, const Options& o, int argc, char** argv);

}  // namespace hpcs::jacobi
