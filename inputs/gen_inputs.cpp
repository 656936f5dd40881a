// SPDX-License-Identifier: BSD-3-Clause
// gen_inputs: writes mini-app inputs as HDF5, one subcommand (or a few) per mini-app, each
// defined in inputs/<app>/gen_<prefix>.cpp and listed by the build (gen_commands.cpp):
//   gen_inputs reduction --n 1048576 --type float32 --seed 7 -o vec.h5
//   gen_inputs jacobi --dims 2 --nx 512 --ny 384 --seed 7 --precision float32 -o grid.h5
#include <CLI/CLI.hpp>

#include <iostream>

#include "hpcs/harness/cli.hpp"
#include "hpcs/base/error.hpp"
#include "hpcs/base/stderr_line.hpp"
#include "hpcs/version.hpp"

namespace hpcs::inputs {
void add_app_commands(CLI::App& app);  // generated: every app's add_<prefix>_commands()
}

int main(int argc, char** argv) {
  CLI::App app{"Writes inputs of the HPC mini-app suite as HDF5 files", "gen_inputs"};
  app.set_version_flag("--version", std::string(HPCS_VERSION) + " (" + HPCS_GIT_REVISION + ")");
  app.require_subcommand(1);
  hpcs::inputs::add_app_commands(app);
  try {
    // The mini-apps' parser: one "error:" line, negative counts and empty names refused.
    if (const auto code = hpcs::parse_command_line(app, argc, argv, true)) return *code;
  } catch (const hpcs::Error& e) {
    hpcs::write_stderr_line("error: " + hpcs::one_line(e.what()));
    return 1;
  }
  return 0;
}
