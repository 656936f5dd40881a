// SPDX-License-Identifier: BSD-3-Clause
#pragma once
#include <CLI/CLI.hpp>

namespace hpcs::inputs {

// `gen_inputs jacobi`: an initial grid, boundary included (random in [-1, 1] or hot-edge),
// in the layout jacobi_miniapp reads; the values equal the mini-app's generated grid.
void add_jacobi_command(CLI::App& app);

}  // namespace hpcs::inputs
