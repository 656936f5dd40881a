// SPDX-License-Identifier: BSD-3-Clause
// The command-line convention every mini-app shares (CLI11):
//   <app>_miniapp [input.h5] --variant LIST --reps N --warmup N --verify|--no-verify
//                 --verify-cells N --output results.h5 --json --list --energy-window S --idle-window S
// plus the app's own options, added to the same CLI::App.
#pragma once
#include <iosfwd>
#include <optional>
#include <set>
#include <utility>
#include <string>
#include <vector>

// CLI11 is declared, not included: the library is header-only and costs tens of seconds
// of compile time in every translation unit (more under the sanitizers); the files that
// add or parse options include <CLI/CLI.hpp>.
namespace CLI {
class App;
class Option;
class Validator;
}  // namespace CLI

namespace hpcs {

struct CommonOptions {
  std::string input;            // positional; empty: generated input
  std::string variant = "all";  // comma-separated names or globs ("cuda/*"), or "all"
  int reps = 10;
  int warmup = 2;
  bool verify = true;
  std::string output;          // HDF5 results file (written atomically by rank 0)
  std::string csv;             // the records as a CSV table (hpcs/report/csv_report.hpp)
  bool json = false;           // JSON lines on stdout, table on stderr
  bool list = false;           // list variants and exit
  double energy_window = 1.0;  // seconds of repeated runs per variant for energy; 0: off
  double idle_window = 1.0;    // seconds of idle baseline before the runs; 0: off
  int repeat_check = 0;        // runs after the timed ones whose results must equal the first
  bool quiet = false;          // no progress lines on stderr (hpcs/measure/progress.hpp)
  // Largest problem (work items: elements, cells, updates) checked against the CPU
  // reference; above it the first variant is the yardstick the others must reproduce.
  double verify_cells = 17179869184.0;  // 2^34
  // Autotuning (hpcs/harness/tune.hpp): "", "exhaustive", "random:N" or "model"; a model file;
  // the tuning table's CSV file.
  std::string tune, tuning_model, tune_table;
  // The options the command line gave (long names without dashes: "band"): the tuner
  // leaves these tunables as given. Filled after parsing.
  std::set<std::string> given_options;
  // --gpu-clock: the SM clock (MHz) locked for the runs where permitted (hpcs/measure/gpu_clock.hpp);
  // 0: the clocks as found (never changed).
  unsigned int gpu_clock = 0;
  // The run whose result the app's own output files hold; empty: the first run.
  std::string output_variant;
};

// input, --variant, --verify/--no-verify, --verify-cells, --list, --version: what both a
// mini-app and its benchmark take.
void add_selection_options(CLI::App& app, CommonOptions& options);
// The selection options and the measured run's: --reps, --warmup, --output, --json,
// --energy-window, --idle-window, --repeat-check, --quiet, --tune, --tuning-model, --tune-table,
// --gpu-clock, --output-variant.
void add_common_options(CLI::App& app, CommonOptions& options);
// Flags spelt otherwise before, {old, new}: each old one is a hidden option that fails
// naming the new one (AppInfo::renamed_flags).
void add_renamed_flags(CLI::App& app, const std::vector<std::pair<std::string, std::string>>& renamed);
// The long names (without dashes) of the options the parsed command line gave.
std::set<std::string> given_options(const CLI::App& app);

// --precision float32|float64, as the apps and gen_inputs' commands spell it.
CLI::Option* add_precision_option(CLI::App& app, std::string& precision, const std::string& help);

// Parses on every rank (same arguments, same outcome); only `print` ranks write help
// or errors (one "error:" line). Returns an exit code when the program should stop (help:
// 0; bad options: CLI11's code, 104-114). Runs refuse_meaningless_values(app) first.
std::optional<int> parse_command_line(CLI::App& app, int argc, char** argv, bool print);

// Values no option of the suite accepts, refused for every option of `app` and its
// subcommands: a negative number for an unsigned option (CLI11 would turn --n -5 into
// 18446744073709551611, --seed -1 into 2^64-1), NaN or an infinity for a floating-point
// option, and an empty text (--output '' would silently mean "no output").
void refuse_meaningless_values(CLI::App& app);

// CLI::PositiveNumber and CLI::NonNegativeNumber, with messages that say what is wrong
// ("0 is not positive") instead of printing their range up to a 309-digit number.
CLI::Validator positive_number();
CLI::Validator non_negative_number();

}  // namespace hpcs
