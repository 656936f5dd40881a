// SPDX-License-Identifier: BSD-3-Clause
#include "hpcs/csv_report.hpp"

#include <unistd.h>

#include <cstdio>
#include <fstream>

#include "hpcs/error.hpp"
#include "hpcs/temporary_files.hpp"

namespace hpcs {

namespace {
// RFC 4180: a field with a comma, quote or line break is quoted, its quotes doubled.
std::string field(const std::string& s) {
  if (s.find_first_of(",\"\n\r") == std::string::npos) return s;
  std::string q = "\"";
  for (char c : s) q += c == '"' ? std::string("\"\"") : std::string(1, c);
  return q + "\"";
}

std::string number(double v) {
  char buf[40];
  std::snprintf(buf, sizeof buf, "%.9g", v);
  return buf;
}

std::string optional(const std::optional<double>& v) { return v ? number(*v) : std::string(); }

std::vector<std::string> row_of(const RunRecord& r, const Provenance& p) {
  const Timings& t = r.timings;
  const Stats& s = t.device_stats ? *t.device_stats : t.wall_stats;
  return {r.app,
          r.variant,
          r.backend,
          r.config,
          r.dtype,
          std::to_string(r.items),
          r.item_name,
          std::to_string(r.ranks),
          std::to_string(r.step),
          std::to_string(t.wall.size()),
          t.representative_kind(),
          number(s.median),
          number(s.min),
          number(s.max),
          number(r.rate),
          r.rate_unit,
          optional(r.gflops),
          optional(r.step_speedup),
          optional(r.cumulative_speedup),
          optional(r.joules_per_rep()),
          optional(r.watts()),
          r.energy_domain(),
          r.verification.status,
          r.verification.detail,
          p.devices.empty() ? std::string() : p.devices.front(),
          p.git_revision,
          p.created_utc,
          r.started_utc};
}
}  // namespace

const std::vector<std::string>& csv_columns() {
  static const std::vector<std::string> columns = {
      "app",        "variant",      "backend",    "config",         "dtype",        "items",
      "item",       "ranks",        "step",       "reps",           "time_kind",    "time_s",
      "time_min_s", "time_max_s",   "rate",       "rate_unit",      "gflops",       "step_speedup",
      "cumulative_speedup",         "joules_per_rep", "watts",      "energy_domain", "verification",
      "verification_detail",        "device",     "git_revision",   "created_utc",    "started_utc"};
  return columns;
}

void write_csv(const std::string& path, const std::vector<RunRecord>& records, const Provenance& prov) {
  const std::string temp = path + ".tmp." + std::to_string(::getpid());
  const ScopedTemporaryFile registered(temp);  // removed if a signal ends the run mid-write
  {
    std::ofstream out(temp);
    if (!out) throw Error(path + ": cannot write");
    const auto write_row = [&](const std::vector<std::string>& cells) {
      for (std::size_t k = 0; k < cells.size(); ++k) out << (k ? "," : "") << field(cells[k]);
      out << "\n";
    };
    write_row(csv_columns());
    for (const RunRecord& r : records) write_row(row_of(r, prov));
    if (!out.flush()) {
      std::remove(temp.c_str());
      throw Error(path + ": cannot write (disk full?)");
    }
  }
  if (std::rename(temp.c_str(), path.c_str()) != 0) {
    std::remove(temp.c_str());
    throw Error(path + ": cannot rename the temporary file into place");
  }
}

}  // namespace hpcs
