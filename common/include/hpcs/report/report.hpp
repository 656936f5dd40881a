// SPDX-License-Identifier: BSD-3-Clause
// One record per measured run, the readable table rank 0 prints, and the JSON record
// (--json) and HDF5 group (--output) made from the same fields.
#pragma once
#include <nlohmann/json.hpp>

#include <cstdint>
#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

#include "hpcs/measure/measure.hpp"

namespace hpcs {

struct Verification {
  std::string status = "not checked";  // "passed", "FAILED" or "not checked"
  std::string detail;                  // e.g. "|got-ref| = 3e-7 <= tol 2e-5"
  bool failed() const { return status == "FAILED"; }
};

struct RunRecord {
  std::string app, variant, backend, config;
  std::string started_utc;  // when the variant's set-up began (ISO 8601, UTC)
  std::string dtype;
  std::uint64_t items = 0;            // global problem size (elements, cells, ...)
  std::string item_name = "element";  // what an item is ("element", "cell"): per-item energy
  int ranks = 1;
  int step = 0;  // on the app's ladder of optimizations (0: off it)
  Timings timings;
  double bytes_per_rep = 0;        // bytes the rate counts (read + written)
  double flops_per_rep = 0;        // floating-point operations (0: no GFLOP/s)
  std::string rate_unit = "GB/s";  // decimal: 1 GB = 1e9 bytes
  std::string rate_note = "GB/s = input bytes / median time (1 GB = 1e9 B)";
  double rate = 0;
  std::optional<double> gflops;  // GFLOP/s where the app counts flops
  std::optional<double> step_speedup, cumulative_speedup;
  std::optional<EnergyRun> energy;
  std::string gpu_energy_source, cpu_energy_source;
  Verification verification;
  nlohmann::json extra = nlohmann::json::object();  // app-specific results

  // Energy of one repetition: GPU if measured, else CPU packages.
  std::optional<double> joules_per_rep() const;
  std::optional<double> watts() const;
  std::string energy_domain() const;  // "gpu", "cpu" or "" if unmeasured
};

// Fills rate from bytes_per_rep and the representative time.
void set_bandwidth(RunRecord& r);
// Fills rate as items per second / 1e9 (e.g. GCUPS for cells).
void set_giga_rate(RunRecord& r, const std::string& unit, const std::string& note);

// Rates of a measured record from its work: `unit` "GB/s" counts bytes, any other unit
// items / s / 1e9; GFLOP/s where flops > 0.
void set_rates(RunRecord& r, const std::string& unit, const std::string& note);

// Speedup columns along each backend's ladder (records with step > 0, in step order).
void set_ladder_speedups(std::vector<RunRecord>& records);

// step_speedup = time of the previous step / this time; cumulative = first / this.
// `chain` lists indices into records in step order (e.g. RK-1..RK-7 of one backend).
void set_step_speedups(std::vector<RunRecord>& records, const std::vector<std::size_t>& chain);

void print_table(std::ostream& os, const std::vector<RunRecord>& records);
nlohmann::json to_json(const RunRecord& r);
// One JSON record per line (--json), each carrying the run's provenance and its settings
// ("run": the keys every app shares, and the app's parameters).
void print_json_records(std::ostream& os, const std::vector<RunRecord>& records, const nlohmann::json& provenance,
                        const nlohmann::json& run);
// The mini-apps' exit code: 2 if any record failed verification, else 0.
int verification_exit_code(const std::vector<RunRecord>& records);

}  // namespace hpcs
