// SPDX-License-Identifier: BSD-3-Clause
#include "hpcs/report/run_table.hpp"

namespace hpcs {

namespace {
RunTableCell text(std::string s) { return {std::move(s), 0, std::nullopt}; }
RunTableCell integer(std::int64_t v) { return {{}, v, std::nullopt}; }
RunTableCell real(std::optional<double> v) { return {{}, 0, v}; }
}  // namespace

const std::vector<RunTableColumn>& run_table_columns() {
  using K = CellKind;
  static const std::vector<RunTableColumn> columns = {{"app", K::Text},
                                                      {"variant", K::Text},
                                                      {"backend", K::Text},
                                                      {"config", K::Text},
                                                      {"dtype", K::Text},
                                                      {"items", K::Integer},
                                                      {"item", K::Text},
                                                      {"ranks", K::Integer},
                                                      {"step", K::Integer},
                                                      {"reps", K::Integer},
                                                      {"time_kind", K::Text},
                                                      {"time_s", K::Real},
                                                      {"time_min_s", K::Real},
                                                      {"time_max_s", K::Real},
                                                      {"rate", K::Real},
                                                      {"rate_unit", K::Text},
                                                      {"gflops", K::Real},
                                                      {"step_speedup", K::Real},
                                                      {"cumulative_speedup", K::Real},
                                                      {"joules_per_rep", K::Real},
                                                      {"watts", K::Real},
                                                      {"energy_domain", K::Text},
                                                      {"verification", K::Text},
                                                      {"verification_detail", K::Text},
                                                      {"device", K::Text},
                                                      {"git_revision", K::Text},
                                                      {"created_utc", K::Text},
                                                      {"started_utc", K::Text}};
  return columns;
}

std::vector<RunTableCell> run_table_row(const RunRecord& r, const RunTableContext& c) {
  const Timings& t = r.timings;
  const Stats& s = t.device_stats ? *t.device_stats : t.wall_stats;
  return {text(r.app),
          text(r.variant),
          text(r.backend),
          text(r.config),
          text(r.dtype),
          integer(static_cast<std::int64_t>(r.items)),
          text(r.item_name),
          integer(r.ranks),
          integer(r.step),
          integer(static_cast<std::int64_t>(t.wall.size())),
          text(t.representative_kind()),
          real(s.median),
          real(s.min),
          real(s.max),
          real(r.rate),
          text(r.rate_unit),
          real(r.gflops),
          real(r.step_speedup),
          real(r.cumulative_speedup),
          real(r.joules_per_rep()),
          real(r.watts()),
          text(r.energy_domain()),
          text(r.verification.status),
          text(r.verification.detail),
          text(c.device),
          text(c.git_revision),
          text(c.created_utc),
          text(r.started_utc)};
}

}  // namespace hpcs
