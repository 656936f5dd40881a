// SPDX-License-Identifier: BSD-3-Clause
#include "hpcs/harness/run_report.hpp"

#include <sys/stat.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <vector>

#include "hpcs/report/csv_report.hpp"
#include "hpcs/base/error.hpp"
#include "hpcs/io/h5.hpp"
#include "hpcs/io/input_file.hpp"
#include "hpcs/report/results_file.hpp"
#include "hpcs/report/tuning_table.hpp"

namespace hpcs {

namespace {
// FNV-1a 64 over the bytes given to it, in pieces.
struct Fnv1a {
  std::uint64_t h = 0xcbf29ce484222325ull;
  void add(const char* p, std::size_t n) {
    for (std::size_t i = 0; i < n; ++i) h = (h ^ static_cast<unsigned char>(p[i])) * 0x100000001b3ull;
  }
};

std::string seconds(double s) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.3g s", s);
  return buf;
}
}  // namespace

nlohmann::json describe_input(const std::string& path) {
  nlohmann::json d = {{"path", path}};
  if (char* full = ::realpath(path.c_str(), nullptr)) {
    d["absolute_path"] = full;
    std::free(full);
  }
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0 || !S_ISREG(st.st_mode)) return d;
  const auto size = static_cast<std::uint64_t>(st.st_size);
  d["bytes"] = size;
  // the whole file up to 1 GiB; beyond, its first and last 64 MiB (and the size above)
  std::ifstream in(path, std::ios::binary);
  if (!in) return d;
  constexpr std::uint64_t kWhole = std::uint64_t{1} << 30, kEnds = std::uint64_t{64} << 20;
  Fnv1a f;
  std::vector<char> buf(std::size_t{1} << 20);
  const auto hash = [&](std::uint64_t from, std::uint64_t count) {
    in.clear();
    in.seekg(static_cast<std::streamoff>(from));
    while (count > 0 && in) {
      in.read(buf.data(), static_cast<std::streamsize>(std::min<std::uint64_t>(count, buf.size())));
      const auto got = static_cast<std::uint64_t>(in.gcount());
      if (got == 0) break;
      f.add(buf.data(), got);
      count -= got;
    }
  };
  if (size <= kWhole) {
    hash(0, size);
    d["checksum_scope"] = "whole file";
  } else {
    hash(0, kEnds);
    hash(size - kEnds, kEnds);
    d["checksum_scope"] = "first and last 64 MiB";
  }
  char hex[24];
  std::snprintf(hex, sizeof hex, "%016llx", static_cast<unsigned long long>(f.h));
  d["checksum_fnv1a64"] = hex;
  return d;
}

void probe_outputs(const MpiContext& mpi, const std::vector<std::string>& inputs,
                   const std::vector<std::string>& outputs) {
  check_outputs_spare_inputs(outputs, inputs);
  for (const auto& path : outputs) {
    if (path.empty()) continue;
    collective(mpi, [&] {
      if (mpi.root()) h5::Writer probe(path);
    });
  }
}

nlohmann::json run_metadata(const std::string& app, const CommonOptions& o, const nlohmann::json& parameters,
                            const ReferenceInfo& ref) {
  nlohmann::json m = parameters;
  m.update({{"miniapp", app},
            {"input_file", o.input.empty() ? "(generated)" : o.input},
            {"variant_spec", o.variant},
            {"reps", o.reps},
            {"warmup", o.warmup},
            {"verify", o.verify},
            {"verify_cells", o.verify_cells},
            {"reference", ref.name},
            {"reference_is_cpu", ref.cpu},
            {"energy_window_s", o.energy_window},
            {"idle_window_s", o.idle_window},
            {"schema_version", kSchemaVersion}});  // the HDF5 file's root attribute too
  if (ref.cpu) m["reference_s"] = ref.seconds;
  if (!ref.result.is_null()) m["reference_result"] = ref.result;
  if (!ref.summary.empty()) m["reference_summary"] = ref.summary;
  m["units"] = {{"time_s", "s"},
                {"wall_s", "s"},
                {"device_s", "s"},
                {"wall_samples_s", "s"},
                {"device_samples_s", "s"},
                {"bytes_per_rep", "B"},
                {"flops_per_rep", "flop"},
                {"gflops", "GFLOP/s"},
                {"rate", "rate_unit"},
                {"energy.*_j_per_rep", "J"},
                {"energy.*_w", "W"},
                {"energy.window_s", "s"},
                {"energy.j_per_item", "J"},
                {"reference_s", "s"},
                {"input.bytes", "B"},
                {"per_rank.device_median_s", "s"},
                {"per_rank.busy_median_s", "s"},
                {"per_rank.gpu_j_per_rep", "J"}};
  if (!o.input.empty()) m["input"] = describe_input(o.input);
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
  if (!o.tune_table.empty())
    collective(mpi, [&] {
      if (!mpi.root()) return;
      const Table t = tuning_table(records);
      write_csv_table(o.tune_table, t.columns, t.rows);
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
