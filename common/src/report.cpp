// SPDX-License-Identifier: BSD-3-Clause
#include "hpcs/report/report.hpp"

#include <cstdio>
#include <ostream>
#include <algorithm>
#include <map>
#include <set>

#include "hpcs/base/format.hpp"

namespace hpcs {

std::optional<double> RunRecord::joules_per_rep() const {
  if (!energy || energy->iterations == 0) return std::nullopt;
  const auto& w = energy->window;
  const auto j = w.gpu_joules ? w.gpu_joules : w.cpu_joules;
  if (!j) return std::nullopt;
  return *j / static_cast<double>(energy->iterations);
}

std::optional<double> RunRecord::watts() const {
  if (!energy) return std::nullopt;
  return energy->window.gpu_joules ? energy->window.gpu_watts() : energy->window.cpu_watts();
}

std::string RunRecord::energy_domain() const {
  if (!energy) return "";
  if (energy->window.gpu_joules) return "gpu";
  if (energy->window.cpu_joules) return "cpu";
  return "";
}

void set_bandwidth(RunRecord& r) {
  const double t = r.timings.representative();
  r.rate = t > 0 ? r.bytes_per_rep / t / 1e9 : 0.0;
  r.rate_unit = "GB/s";
}

void set_giga_rate(RunRecord& r, const std::string& unit, const std::string& note) {
  const double t = r.timings.representative();
  r.rate = t > 0 ? static_cast<double>(r.items) / t / 1e9 : 0.0;
  r.rate_unit = unit;
  r.rate_note = note;
}

void set_rates(RunRecord& r, const std::string& unit, const std::string& note) {
  if (unit == "GB/s") set_bandwidth(r);
  else set_giga_rate(r, unit, note);
  r.rate_note = note;
  const double t = r.timings.representative();
  if (r.flops_per_rep > 0 && t > 0) r.gflops = r.flops_per_rep / t / 1e9;
}

void set_ladder_speedups(std::vector<RunRecord>& records) {
  std::map<std::string, std::vector<std::pair<int, std::size_t>>> ladders;  // backend -> (step, record)
  for (std::size_t i = 0; i < records.size(); ++i)
    if (records[i].step > 0) ladders[records[i].backend].push_back({records[i].step, i});
  for (auto& [backend, steps] : ladders) {
    std::sort(steps.begin(), steps.end());
    std::vector<std::size_t> order;
    for (const auto& s : steps) order.push_back(s.second);
    set_step_speedups(records, order);
  }
}

void set_step_speedups(std::vector<RunRecord>& records, const std::vector<std::size_t>& chain) {
  if (chain.empty()) return;
  const double first = records[chain.front()].timings.representative();
  for (std::size_t k = 0; k < chain.size(); ++k) {
    RunRecord& r = records[chain[k]];
    const double t = r.timings.representative();
    if (t <= 0) continue;
    r.cumulative_speedup = first / t;
    if (k > 0) r.step_speedup = records[chain[k - 1]].timings.representative() / t;
  }
}

namespace {
std::string opt(const char* f, const std::optional<double>& v) { return v ? format_one(f, *v) : "-"; }

nlohmann::json stats_json(const Stats& s) {
  return {{"min", s.min}, {"median", s.median}, {"max", s.max}, {"mean", s.mean}, {"count", s.count}};
}
nlohmann::json opt_json(const std::optional<double>& v) { return v ? nlohmann::json(*v) : nlohmann::json(); }

void print_table_notes(std::ostream& os, const std::vector<RunRecord>& records, const std::string& per_item,
                       const std::set<std::string>& sources) {
  const auto& r0 = records.front();
  os << "  n = " << r0.items << " " << r0.dtype << " " << r0.item_name << "s over " << r0.ranks << " rank(s); "
     << r0.timings.wall.size() << " reps after " << r0.timings.warmup
     << " untimed run(s), the result run first; clock: device = CUDA events around the kernels, wall = barrier to "
        "barrier (incl. MPI combine)\n";
  os << "  " << r0.rate_note << "; step/total = speedup over the previous/first step of the same backend\n";
  os << "  energy (J/rep, " << per_item << ", W): GPU when measured, else CPU packages; ";
  for (const auto& s : sources) os << s << "; ";
  os << "\n";
  for (const auto& r : records)
    if (r.verification.failed()) os << "  FAILED " << r.variant << ": " << r.verification.detail << "\n";
}
}  // namespace

void print_table(std::ostream& os, const std::vector<RunRecord>& records) {
  if (records.empty()) return;
  char line[512];
  const std::string per_item = "nJ/" + records.front().item_name.substr(0, 4);
  const bool flops =
      std::any_of(records.begin(), records.end(), [](const RunRecord& r) { return r.gflops.has_value(); });
  std::snprintf(line, sizeof line, "%-28s %-26s %5s %11s %11s %11s %9s%s %7s %8s %10s %9s %7s  %s\n", "variant",
                "config", "clock", "t_med[ms]", "t_min[ms]", "t_max[ms]", records.front().rate_unit.c_str(),
                flops ? "   GFLOP/s" : "", "step", "total", "J/rep", per_item.c_str(), "W", "verify");
  os << line;
  std::set<std::string> sources;
  for (const auto& r : records) {
    const auto& t = r.timings;
    const Stats& s = t.device_stats ? *t.device_stats : t.wall_stats;
    const auto jpr = r.joules_per_rep();
    std::optional<double> nj;
    if (jpr && r.items) nj = *jpr / static_cast<double>(r.items) * 1e9;
    const std::string gf = flops ? " " + format_one("%9.1f", r.gflops.value_or(0.0)) : "";
    // Three significant digits at least: a CPU run of the wavefront makes 0.04 GCUPS.
    const std::string rate = format_one(r.rate >= 100 ? "%9.1f" : (r.rate >= 0.1 ? "%9.3f" : "%9.3g"), r.rate);
    std::snprintf(line, sizeof line, "%-28s %-26s %5s %11.4f %11.4f %11.4f %s%s %7s %8s %10s %9s %7s  %s\n",
                  r.variant.c_str(), r.config.c_str(), t.representative_kind(), s.median * 1e3, s.min * 1e3,
                  s.max * 1e3, rate.c_str(), gf.c_str(), opt("%.2fx", r.step_speedup).c_str(),
                  opt("%.2fx", r.cumulative_speedup).c_str(), opt("%.3g", jpr).c_str(), opt("%.3g", nj).c_str(),
                  opt("%.1f", r.watts()).c_str(), r.verification.status.c_str());
    os << line;
    if (!r.gpu_energy_source.empty()) sources.insert("gpu: " + r.gpu_energy_source);
    if (!r.cpu_energy_source.empty()) sources.insert("cpu: " + r.cpu_energy_source);
  }
  print_table_notes(os, records, per_item, sources);
}

nlohmann::json to_json(const RunRecord& r) {
  nlohmann::json j;
  j["app"] = r.app;
  j["variant"] = r.variant;
  j["backend"] = r.backend;
  j["config"] = r.config;
  j["started_utc"] = r.started_utc;
  j["dtype"] = r.dtype;
  j["items"] = r.items;
  j["ranks"] = r.ranks;
  j["reps"] = r.timings.wall.size();
  j["warmup"] = r.timings.warmup;
  j["time_kind"] = r.timings.representative_kind();
  j["time_s"] = r.timings.representative();
  j["wall_s"] = stats_json(r.timings.wall_stats);
  j["device_s"] = r.timings.device_stats ? stats_json(*r.timings.device_stats) : nlohmann::json();
  j["wall_samples_s"] = r.timings.wall;
  j["device_samples_s"] = r.timings.device;
  nlohmann::json per_rank = {{"device_median_s", r.timings.rank_device_median},
                             {"busy_median_s", r.timings.rank_busy_median}};
  if (r.energy && !r.energy->rank_gpu_joules.empty()) {
    std::vector<double> jpr;
    for (double v : r.energy->rank_gpu_joules) jpr.push_back(v / static_cast<double>(r.energy->iterations));
    per_rank["gpu_j_per_rep"] = jpr;
  }
  j["per_rank"] = per_rank;
  j["bytes_per_rep"] = r.bytes_per_rep;
  j["rate"] = r.rate;
  j["rate_unit"] = r.rate_unit;
  j["step"] = r.step;
  j["flops_per_rep"] = r.flops_per_rep;
  j["gflops"] = opt_json(r.gflops);
  j["step_speedup"] = opt_json(r.step_speedup);
  j["cumulative_speedup"] = opt_json(r.cumulative_speedup);
  nlohmann::json e;
  e["gpu_source"] = r.gpu_energy_source;
  e["cpu_source"] = r.cpu_energy_source;
  if (r.energy) {
    const auto& w = r.energy->window;
    const double it = static_cast<double>(r.energy->iterations);
    auto per = [&](const std::optional<double>& v) { return v ? nlohmann::json(*v / it) : nlohmann::json(); };
    e["window_s"] = w.seconds;
    e["iterations"] = r.energy->iterations;
    e["gpu_j_per_rep"] = per(w.gpu_joules);
    e["gpu_dynamic_j_per_rep"] = per(w.gpu_dynamic_joules());
    e["gpu_w"] = opt_json(w.gpu_watts());
    e["gpu_idle_w"] = opt_json(w.gpu_idle_watts);
    e["cpu_j_per_rep"] = per(w.cpu_joules);
    e["cpu_dynamic_j_per_rep"] = per(w.cpu_dynamic_joules());
    e["cpu_w"] = opt_json(w.cpu_watts());
    e["cpu_idle_w"] = opt_json(w.cpu_idle_watts);
    const auto jpr = r.joules_per_rep();
    e["domain"] = r.energy_domain();
    e["j_per_item"] = (jpr && r.items) ? nlohmann::json(*jpr / static_cast<double>(r.items)) : nlohmann::json();
  }
  j["energy"] = e;
  j["verification"] = {{"status", r.verification.status}, {"detail", r.verification.detail}};
  j["result"] = r.extra;
  return j;
}

void print_json_records(std::ostream& os, const std::vector<RunRecord>& records, const nlohmann::json& provenance,
                        const nlohmann::json& run) {
  for (const auto& r : records) {
    nlohmann::json j = to_json(r);
    j["provenance"] = provenance;
    j["run"] = run;
    os << j.dump() << "\n";
  }
  os << std::flush;
}

int verification_exit_code(const std::vector<RunRecord>& records) {
  for (const auto& r : records)
    if (r.verification.failed()) return 2;
  return 0;
}

}  // namespace hpcs
