// SPDX-License-Identifier: BSD-3-Clause
// The plan beside each run: which tree and fused pairs ran, with which tiles, and the
// model's traffic for it (the DP's prediction at the model's tiles, and the elements the
// executed tiles move, summed over the ranks) against the measured time.
#include <cstdio>
#include <ostream>

#include "hpcs/base/format.hpp"
#include "matrixchain_app.hpp"

namespace hpcs::matrixchain {

namespace {
// A step with the traffic its executed tile (and chunk groups) move on this rank (the rows
// of A1 it holds).
nlohmann::json step_json(const Step& s, std::int64_t rows, std::int64_t groups) {
  Plan one;
  one.steps = {s};
  const Traffic t = plan_traffic(one, rows, {groups});
  return {{"kind", to_string(s.kind)},
          {"first", s.first},
          {"last", s.last},
          {"dims", s.p},
          {"local_dims", local_dims(s, rows)},
          {"tile", {s.tile.x, s.tile.y}},
          {"model_tile", {s.model_tile.x, s.model_tile.y}},
          {"chunk_groups", groups},
          {"rank0_model_read_elements", t.reads},
          {"rank0_model_write_elements", t.writes}};
}
}  // namespace

void App::add_fields(const MpiContext& mpi, RunRecord& r, ChainTrial& trial, const Result&) {
  if (r.variant.rfind("cpu/reference", 0) == 0) return;  // the reference runs no plan
  const Plan& plan = trial.plan();
  const std::vector<std::int64_t> groups = trial.chunk_groups();
  const Traffic mine = plan_traffic(plan, chain_.data.rows, groups);
  double counted[3] = {mine.reads, mine.writes, plan_multiply_adds(plan, chain_.data.rows)};
  MPI_Allreduce(MPI_IN_PLACE, counted, 3, MPI_DOUBLE, MPI_SUM, mpi.comm());
  const double bytes = static_cast<double>(bytes_of(problem_.precision));
  nlohmann::json steps = nlohmann::json::array();
  for (std::size_t i = 0; i < plan.steps.size(); ++i)
    steps.push_back(step_json(plan.steps[i], chain_.data.rows, i < groups.size() ? groups[i] : 1));
  r.extra["plan"] = {{"kind", to_string(plan.kind)},
                     {"tree", plan.tree},
                     {"fast_memory", plan.fast_memory},
                     {"beta_convention", to_string(plan.beta)},
                     {"launch_steps", plan.steps.size()},
                     {"predicted_elements", plan.predicted},
                     {"model_elements", counted[0] + counted[1]},
                     {"model_read_elements", counted[0]},
                     {"model_write_elements", counted[1]},
                     {"model_bytes", (counted[0] + counted[1]) * bytes},
                     {"multiply_adds", counted[2]},
                     {"steps", steps}};
}

void App::print_details(std::ostream& os, const std::vector<RunRecord>& records) const {
  bool any = false;
  for (const RunRecord& r : records) any = any || r.extra.contains("plan");
  if (!any) return;
  os << "\nplans (model traffic in elements between slow and fast memory; 'counted' = the executed tiles, all ranks;\n"
        "'predicted' = the DP at the model's tiles on one rank; GB/s = counted bytes / median time)\n";
  char line[512];
  std::snprintf(line, sizeof line, "%-24s %-8s %7s %6s %14s %14s %9s  %s\n", "variant", "plan", "M", "steps",
                "predicted", "counted", "GB/s", "tree");
  os << line;
  for (const RunRecord& r : records) {
    if (!r.extra.contains("plan")) continue;
    const nlohmann::json& p = r.extra["plan"];
    const double t = r.timings.representative();
    const double gbs = t > 0 ? p["model_bytes"].get<double>() / t / 1e9 : 0.0;
    std::snprintf(line, sizeof line, "%-24s %-8s %7.0f %6d %14s %14s %9s  %s\n", r.variant.c_str(),
                  p["kind"].get<std::string>().c_str(), p["fast_memory"].get<double>(),
                  static_cast<int>(p["launch_steps"].get<std::size_t>()),
                  format_one("%.0f", p["predicted_elements"].get<double>()).c_str(),
                  format_one("%.0f", p["model_elements"].get<double>()).c_str(), format_one("%.1f", gbs).c_str(),
                  p["tree"].get<std::string>().c_str());
    os << line;
  }
}

}  // namespace hpcs::matrixchain
