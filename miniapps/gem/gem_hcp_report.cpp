// SPDX-License-Identifier: BSD-3-Clause
// What a GEM run reports of its HCP variants: the record's fields (parameters, and the error
// against the float64 reference over the reference's RMS), and a table after the common one
// with each HCP variant's error beside its speed-up over the exact variants of the run.
#include <ostream>

#include "hpcs/base/format.hpp"
#include "gem_app.hpp"

namespace hpcs::gem {

namespace {
std::string error_of(const nlohmann::json& h, const char* key) {
  return h.contains(key) ? format_one("%.3g", h[key].get<double>()) : "-";
}

// The fastest record of `backend` that is exact (no "hcp" field), or null.
const RunRecord* fastest_exact(const std::vector<RunRecord>& records, const std::string& backend) {
  const RunRecord* best = nullptr;
  for (const auto& r : records)
    if (r.backend == backend && !r.extra.contains("hcp") && r.timings.representative() > 0 &&
        (!best || r.timings.representative() < best->timings.representative()))
      best = &r;
  return best;
}

// The record of `variant`, or null: "the reference" is cpu/reference, not the fastest CPU
// variant (the CPU ladder runs float32 beside it).
const RunRecord* named(const std::vector<RunRecord>& records, const std::string& variant) {
  for (const auto& r : records)
    if (r.variant == variant && r.timings.representative() > 0) return &r;
  return nullptr;
}

std::string speedup(const RunRecord* exact, const RunRecord& r) {
  if (!exact || !(r.timings.representative() > 0)) return "-";
  return format_one("%.2fx", exact->timings.representative() / r.timings.representative()) + " (" + exact->variant +
         ")";
}
}  // namespace

nlohmann::json App::hcp_fields(const MpiContext& mpi, const Result& result) const {
  nlohmann::json h = {{"cutoff_A", hcp_.cutoff},
                      {"cell_A", hcp_.cell},
                      {"level2_cutoff_A", kHcpLevel2 * hcp_.cutoff},
                      {"level2_cell_A", kHcpLevel2 * hcp_.cell},
                      {"tolerance_rms", result.tolerance}};
  if (reference_) {
    const RelativeError e = relative_error(mpi, result, *reference_);
    h["max_error_rms"] = e.max;  // over the reference's RMS
    h["rms_error_rms"] = e.rms;
  } else {
    h["error"] = "not measured: no CPU reference in this run";
  }
  return h;
}

void App::print_details(std::ostream& os, const std::vector<RunRecord>& records) const {
  bool header = false;
  for (const auto& r : records) {
    if (!r.extra.contains("hcp")) continue;
    if (!header) {
      os << "\nHCP (Hierarchical Charge Partitioning): a group beyond " << format_one("%g", hcp_.cutoff)
         << " A of a vertex (level 2: " << format_one("%g", kHcpLevel2 * hcp_.cutoff)
         << " A) counts as 2 charges; cells " << format_one("%g", hcp_.cell)
         << " A (level 2: " << format_one("%g", kHcpLevel2 * hcp_.cell)
         << " A). Errors: |phi - exact float64 sum| over its RMS\n";
      os << format_one("%-20s", "variant") << format_one("%11s", "max error") << format_one("%11s", "RMS error")
         << format_one("%11s", "tolerance")
         << "   speed-up over the reference / the fastest exact variant of its backend\n";
      header = true;
    }
    const auto& h = r.extra["hcp"];
    os << format_one("%-20s", r.variant.c_str()) << format_one("%11s", error_of(h, "max_error_rms").c_str())
       << format_one("%11s", error_of(h, "rms_error_rms").c_str())
       << format_one("%11.3g", h["tolerance_rms"].get<double>()) << "   "
       << speedup(named(records, "cpu/reference"), r);
    const RunRecord* fastest = fastest_exact(records, r.backend);
    if (fastest && fastest->variant != "cpu/reference") os << " / " << speedup(fastest, r);
    os << "\n";
  }
}

}  // namespace hpcs::gem
