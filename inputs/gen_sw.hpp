// SPDX-License-Identifier: BSD-3-Clause
#pragma once
#include <CLI/CLI.hpp>

namespace hpcs::inputs {

// `gen_inputs sw`: a random pair with an optional planted similar region.
// `gen_inputs fasta`: two FASTA sequences converted into a pair file.
void add_sw_commands(CLI::App& app);

}  // namespace hpcs::inputs
