// SPDX-License-Identifier: BSD-3-Clause
#pragma once
#include <CLI/CLI.hpp>

namespace hpcs::inputs {

// `gen_inputs reduction`: a vector of int32/float32/float64 with its exact (int) or
// compensated (float) sum as attributes, so any run can be checked against the file.
void add_reduction_command(CLI::App& app);

}  // namespace hpcs::inputs
