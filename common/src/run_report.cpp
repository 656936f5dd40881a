// SPDX-License-Identifier: BSD-3-Clause
#include "hpcs/run_report.hpp"

#include <sys/stat.h>

#include <cstdio>
#include <iostream>

#include "hpcs/csv_report.hpp"
#include "hpcs/error.hpp"
#include "hpcs/h5.hpp"
#include "hpcs/results_file.hpp"

namespace hpcs {

namespace {
// Two paths name the same file: the same inode, or the same string when one does not exist.
bool same_file(const std::string& a, const std::string& b) {
  struct stat sa {}, sb {};
  if (::stat(a.c_str(), &sa) == 0 && ::stat(b.c_str(), &sb) == 0) return sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
  return a == b;
}

std::string seconds(double s) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.3g s", s);
  return buf;
}
}  // namespace

void probe_outputs(const MpiContext& mpi, const std::string& input, const std::vector<std::string>& outputs) {
  std::vector<std::string> seen;
  for (const auto& path : outputs) {
    if (path.empty()) continue;
    if (!input.empty() && same_file(path, input))
      throw Error(path + ": an output would replace the input file; choose another name");
    for (const auto& other : seen)
      if (same_file(path, other)) throw Error(path + ": given for two outputs; choose another name for one");
    seen.push_back(path);
    collective(mpi, [&] {
      if (mpi.root()) h5::Writer probe(path);
    });
  }
}

nlohmann::json run_metadata(const std::string& app, const CommonOptions& o, const nlohmann::json& parameters,
                            const ReferenceInfo& ref) {
  nlohmann::json m = parameters;
  m["miniapp"] = app;
  m["input_file"] = o.input.empty() ? "(generated)" : o.input;
  m["variant_spec"] = o.variant;
  m["reps"] = o.reps;
  m["warmup"] = o.warmup;
  m["verify"] = o.verify;
  m["verify_cells"] = o.verify_cells;
  m["reference"] = ref.name;
  m["reference_is_cpu"] = ref.cpu;
  if (ref.cpu) m["reference_s"] = ref.seconds;
  if (!ref.result.is_null()) m["reference_result"] = ref.result;
  if (!ref.summary.empty()) m["reference_summary"] = ref.summary;
  m["energy_window_s"] = o.energy_window;
  m["idle_window_s"] = o.idle_window;
  return m;
}

void report_runs(const MpiContext& mpi, const CommonOptions& o, const std::string& header, const Provenance& prov,
                 const nlohmann::json& run_meta, const std::vector<RunRecord>& records,
                 const std::function<void(std::ostream&)>& details) {
  if (mpi.root()) {
    std::ostream& table = o.json ? std::cerr : std::cout;
    table << header << ", " << mpi.size() << " rank(s), device of rank 0: " << prov.devices.front() << "\n";
    const std::string ref = run_meta.value("reference", std::string("none"));
    const std::string summary = run_meta.value("reference_summary", std::string());
    if (!o.verify) table << "reference: none (--no-verify)\n";
    else if (run_meta.value("reference_is_cpu", false))
      table << "reference: " << ref << " on the same ranks (" << seconds(run_meta.value("reference_s", 0.0))
            << "): " << summary << "\n";
    else
      table << "reference: none (above --verify-cells); the first variant, " << ref << ", is the yardstick"
            << (summary.empty() ? "" : ": " + summary) << "\n";
    print_table(table, records);
    details(table);
    if (o.json) print_json_records(std::cout, records, prov.to_json(), run_meta);
  }
  if (!o.csv.empty())
    collective(mpi, [&] {
      if (mpi.root()) write_csv(o.csv, records, prov);
    });
  if (!o.output.empty()) {
    nlohmann::json meta = prov.to_json();
    meta.update(run_meta);
    collective(mpi, [&] {
      if (mpi.root()) write_results(o.output, meta, records);
    });
  }
}

}  // namespace hpcs
