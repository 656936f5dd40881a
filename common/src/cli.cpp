// SPDX-License-Identifier: BSD-3-Clause
#include "hpcs/cli.hpp"

#include <algorithm>
#include <iostream>
#include <map>
#include <sstream>

#include "hpcs/error.hpp"
#include "hpcs/version.hpp"

namespace hpcs {

void add_common_options(CLI::App& app, CommonOptions& o) {
  app.add_option("input", o.input, "Input HDF5 file (omit to generate the input)");
  app.add_option("--variant,-v", o.variant,
                 "Variants to run: comma-separated names or globs (cuda/*), or all")
      ->capture_default_str();
  app.add_option("--reps,-r", o.reps, "Timed repetitions per variant")
      ->check(CLI::Range(1, 1000000))->capture_default_str();
  app.add_option("--warmup,-w", o.warmup, "Untimed warm-up runs per variant")
      ->check(CLI::Range(0, 1000000))->capture_default_str();
  app.add_flag("--verify,!--no-verify", o.verify, "Check every variant against the CPU reference")
      ->capture_default_str();
  app.add_option("--output,-o", o.output, "Write results (with metadata) to this HDF5 file");
  app.add_flag("--json", o.json, "Print one JSON record per run on stdout (the table goes to stderr)");
  app.add_flag("--list", o.list, "List the variants this build has and exit");
  app.add_option("--energy-window", o.energy_window,
                 "Seconds of repeated runs per variant measured for energy (0: no energy phase)")
      ->check(CLI::Range(0.0, 3600.0))->capture_default_str();
  app.add_option("--idle-window", o.idle_window, "Seconds of idle power measured before the runs (0: none)")
      ->check(CLI::Range(0.0, 3600.0))->capture_default_str();
  app.set_version_flag("--version", std::string(HPCS_VERSION) + " (" + HPCS_GIT_REVISION + ")");
}

std::optional<int> parse_command_line(CLI::App& app, int argc, char** argv, bool print) {
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    std::ostringstream out, err;
    const int code = app.exit(e, out, err);
    if (print) {
      std::cout << out.str() << std::flush;
      // One line for errors: CLI11 adds a "Run with --help" hint on a second line.
      std::string msg = err.str();
      if (code != 0) msg = "error: " + msg.substr(0, msg.find('\n')) + "\n";
      std::cerr << msg << std::flush;
    }
    return code;
  }
  return std::nullopt;
}

bool glob_match(const std::string& p, const std::string& t) {
  std::size_t pi = 0, ti = 0, star = std::string::npos, mark = 0;
  while (ti < t.size()) {
    if (pi < p.size() && (p[pi] == '?' || p[pi] == t[ti])) { ++pi; ++ti; }
    else if (pi < p.size() && p[pi] == '*') { star = pi++; mark = ti; }
    else if (star != std::string::npos) { pi = star + 1; ti = ++mark; }
    else return false;
  }
  while (pi < p.size() && p[pi] == '*') ++pi;
  return pi == p.size();
}

std::vector<std::string> select_variants(const std::string& spec, const std::vector<std::string>& known) {
  std::vector<std::string> patterns;
  std::stringstream ss(spec);
  for (std::string item; std::getline(ss, item, ',');)
    if (!item.empty()) patterns.push_back(item == "all" ? "*" : item);
  if (patterns.empty()) throw Error("--variant: empty list");
  std::vector<bool> chosen(known.size(), false);
  for (const auto& p : patterns) {
    bool any = false;
    for (std::size_t i = 0; i < known.size(); ++i)
      if (glob_match(p, known[i])) chosen[i] = any = true;
    if (!any) throw Error("--variant: no variant matches '" + p + "' (see --list)");
  }
  std::vector<std::string> out;
  for (std::size_t i = 0; i < known.size(); ++i)
    if (chosen[i]) out.push_back(known[i]);
  return out;
}

std::vector<std::size_t> choose_variants(const std::string& spec, const std::vector<std::string>& names,
                                         const std::vector<std::optional<std::string>>& unavailable,
                                         std::ostream* notes) {
  const auto chosen = select_variants(spec, names);
  std::vector<std::string> named;  // entries of the spec given as plain names
  std::stringstream ss(spec);
  for (std::string item; std::getline(ss, item, ',');) named.push_back(item);
  std::vector<std::size_t> out;
  std::map<std::string, std::string> skipped;  // reason -> variants
  for (std::size_t k = 0; k < names.size(); ++k) {
    if (std::find(chosen.begin(), chosen.end(), names[k]) == chosen.end()) continue;
    if (const auto& why = unavailable[k]) {
      if (std::find(named.begin(), named.end(), names[k]) != named.end())
        throw Error("--variant " + names[k] + ": cannot run here: " + *why);
      skipped[*why] += (skipped[*why].empty() ? "" : ", ") + names[k];
      continue;
    }
    out.push_back(k);
  }
  if (notes)
    for (const auto& [why, list] : skipped) *notes << "note: skipped " << list << ": " << why << "\n";
  if (out.empty()) throw Error("--variant " + spec + ": nothing this machine can run");
  return out;
}

}  // namespace hpcs
