// SPDX-License-Identifier: BSD-3-Clause
#include "hpcs/harness/cli.hpp"

#include <CLI/CLI.hpp>

#include <cmath>
#include <cstdlib>
#include <iostream>
#include <sstream>

#include "hpcs/base/error.hpp"
#include "hpcs/version.hpp"

namespace hpcs {

void add_selection_options(CLI::App& app, CommonOptions& o) {
  app.add_option("input", o.input, "Input HDF5 file (omit to generate the input)");
  app.add_option("--variant,-v", o.variant,
                 "Variants to run: comma-separated names or globs (cuda/*, cuda/rk7/* for its named tunings), or all")
      ->capture_default_str();
  app.add_flag("--verify,!--no-verify", o.verify, "Check every variant against the CPU reference")
      ->capture_default_str();
  app.add_option("--verify-cells", o.verify_cells,
                 "Largest problem (work items) checked against the CPU reference; above it the variants must "
                 "reproduce the first one's result")
      ->check(non_negative_number())
      ->capture_default_str();
  app.add_flag("--list", o.list, "List the variants (and named tunings) this build has and exit");
  app.set_version_flag("--version", std::string(HPCS_VERSION) + " (" + HPCS_GIT_REVISION + ")");
}

void add_common_options(CLI::App& app, CommonOptions& o) {
  add_selection_options(app, o);
  app.add_option("--reps,-r", o.reps, "Timed repetitions per variant")
      ->check(CLI::Range(1, 1000000))
      ->capture_default_str();
  app.add_option("--warmup,-w", o.warmup, "Untimed warm-up runs per variant")
      ->check(CLI::Range(0, 1000000))
      ->capture_default_str();
  app.add_option("--output,-o", o.output, "Write results (with metadata) to this HDF5 file");
  app.add_option("--csv", o.csv, "Write the records as a CSV table to this file (one row per run)");
  app.add_flag("--json", o.json, "Print one JSON record per run on stdout (the table goes to stderr)");
  app.add_option("--energy-window", o.energy_window,
                 "Seconds of repeated runs per variant measured for energy (0: no energy phase)")
      ->check(CLI::Range(0.0, 3600.0))
      ->capture_default_str();
  app.add_option("--idle-window", o.idle_window, "Seconds of idle power measured before the runs (0: none)")
      ->check(CLI::Range(0.0, 3600.0))
      ->capture_default_str();
  app.add_option("--repeat-check", o.repeat_check,
                 "Runs per variant after the timed ones whose results must equal the result run's, bit for bit "
                 "(determinism check; 0: none)")
      ->check(CLI::Range(0, 1000000))
      ->capture_default_str();
  app.add_flag("--quiet,-q", o.quiet,
               "No progress lines on stderr (by default: the header at once, then a line every "
               "HPCS_PROGRESS_SECONDS (5) while a run is busy)");
  app.add_option("--tune", o.tune,
                 "Autotune each chosen variant's tunables: exhaustive (every legal point), random:N (N sampled "
                 "points) or model (the learned model's point); every point is a verified, timed run "
                 "(docs/autotuning.md)");
  app.add_option("--tuning-model", o.tuning_model,
                 "Tuning model (JSON) for --tune model or, without --tune, for the variants whose tunables the "
                 "command line leaves free (default: the shipped one for this app and device, if any)")
      ->check(CLI::ExistingFile);
  app.add_option(
         "--gpu-clock", o.gpu_clock,
         "Lock the GPU's SM clock at this many MHz for the runs (seed 003's clock study; needs root or "
         "`nvidia-smi -acp UNRESTRICTED`, refused otherwise; reset at the end, on error and on SIGINT/SIGTERM). "
         "Never on machines you do not own")
      ->check(CLI::Range(1u, 10000u));
  app.add_option("--tune-table", o.tune_table,
                 "Write the tuning table (one row per run: features, tunables, time, energy) as CSV to this file");
  app.add_option("--output-variant", o.output_variant,
                 "The run whose result the app's own output files hold (default: the first run)");
}

CLI::Option* add_precision_option(CLI::App& app, std::string& precision, const std::string& help) {
  return app.add_option("--precision", precision, help)->check(CLI::IsMember({"float32", "float64"}));
}

void add_renamed_flags(CLI::App& app, const std::vector<std::pair<std::string, std::string>>& renamed) {
  for (const auto& [old_flag, new_flag] : renamed)
    app.add_option_function<std::string>(
           old_flag,
           [old = old_flag, now = new_flag](const std::string&) { throw CLI::ValidationError(old + " is now " + now); })
        ->group("");
}

std::set<std::string> given_options(const CLI::App& app) {
  std::set<std::string> names;
  for (const CLI::Option* opt : app.get_options())
    if (opt->count() > 0)
      for (const std::string& n : opt->get_lnames()) names.insert(n);
  return names;
}

namespace {
// A number as CLI11 will read it; NaN when the text is not one (its own conversion says so).
double number_of(const std::string& text) {
  char* end = nullptr;
  const double v = std::strtod(text.c_str(), &end);
  return (end == text.c_str() || *end != '\0') ? std::nan("") : v;
}
}  // namespace

void refuse_meaningless_values(CLI::App& app) {
  for (CLI::Option* opt : app.get_options()) {
    // CLI11's name of the bound type, followed by its validators' names ("FLOAT:NONNEGATIVE")
    const std::string full = opt->get_type_name();
    const std::string type = full.substr(0, full.find(':'));
    if (type == "UINT")
      opt->check(CLI::Validator(
          [](std::string& v) {
            return !v.empty() && v[0] == '-' ? v + " is negative; expected a whole number, 0 or more" : std::string();
          },
          ""));
    else if (type == "TEXT")
      opt->check(CLI::Validator([](std::string& v) { return v.empty() ? "an empty value is not allowed" : ""; }, ""));
    else if (type == "FLOAT")  // CLI11 reads "nan" and "inf" as numbers: --verify-cells nan once ran
      opt->check(CLI::Validator(
          [](std::string& v) {
            char* end = nullptr;
            const double x = std::strtod(v.c_str(), &end);
            return end != v.c_str() && *end == '\0' && !std::isfinite(x) ? v + " is not a finite number"
                                                                         : std::string();
          },
          ""));
  }
  for (CLI::App* sub : app.get_subcommands([](CLI::App*) { return true; })) refuse_meaningless_values(*sub);
}

CLI::Validator positive_number() {
  return CLI::Validator(
      [](std::string& v) {
        const double x = number_of(v);
        return std::isnan(x) || x > 0 ? std::string() : v + " is not positive";
      },
      "POSITIVE");
}

CLI::Validator non_negative_number() {
  return CLI::Validator(
      [](std::string& v) { return number_of(v) < 0 ? v + " is negative; expected 0 or more" : std::string(); },
      "NONNEGATIVE");
}

std::optional<int> parse_command_line(CLI::App& app, int argc, char** argv, bool print) {
  refuse_meaningless_values(app);
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    std::ostringstream out, err;
    const int code = app.exit(e, out, err);
    if (print) {
      std::cout << out.str() << std::flush;
      // One line for errors: CLI11 adds a "Run with --help" hint on a second line.
      std::string msg = err.str();
      if (code != 0) msg = "error: " + one_line(msg.substr(0, msg.find('\n'))) + "\n";
      std::cerr << msg << std::flush;
    }
    return code;
  }
  return std::nullopt;
}

}  // namespace hpcs
