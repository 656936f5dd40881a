// SPDX-License-Identifier: BSD-3-Clause
// The command-line convention every mini-app shares (CLI11):
//   <app>_miniapp [input.h5] --variant LIST --reps N --warmup N --verify|--no-verify
//                 --output results.h5 --json --list --energy-window S --idle-window S
// plus the app's own options, added to the same CLI::App.
#pragma once
#include <CLI/CLI.hpp>

#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

namespace hpcs {

struct CommonOptions {
  std::string input;              // positional; empty: generated input
  std::string variant = "all";    // comma-separated names or globs ("cuda/*"), or "all"
  int reps = 10;
  int warmup = 2;
  bool verify = true;
  std::string output;             // HDF5 results file (written atomically by rank 0)
  bool json = false;              // JSON lines on stdout, table on stderr
  bool list = false;              // list variants and exit
  double energy_window = 1.0;     // seconds of repeated runs per variant for energy; 0: off
  double idle_window = 1.0;       // seconds of idle baseline before the runs; 0: off
};

void add_common_options(CLI::App& app, CommonOptions& options);

// Parses on every rank (same arguments, same outcome); only `print` ranks write help
// or errors. Returns an exit code when the program should stop (help, bad options).
std::optional<int> parse_command_line(CLI::App& app, int argc, char** argv, bool print);

// Resolves a --variant spec against the known names, in the order of `known`.
// Throws hpcs::Error naming an entry that matches nothing.
std::vector<std::string> select_variants(const std::string& spec, const std::vector<std::string>& known);

// Resolves --variant against variant names, given why each cannot run here (nullopt: it
// can). Unavailable variants matched by "all" or a glob are skipped with one note per
// reason on `notes` (if not null); naming one exactly is an error. Returns indices into
// `names`, in their order; throws hpcs::Error if nothing runnable is left.
std::vector<std::size_t> choose_variants(const std::string& spec, const std::vector<std::string>& names,
                                         const std::vector<std::optional<std::string>>& unavailable,
                                         std::ostream* notes);

// Shell-style glob with '*' and '?'.
bool glob_match(const std::string& pattern, const std::string& text);

}  // namespace hpcs
