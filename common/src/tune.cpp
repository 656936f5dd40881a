// SPDX-License-Identifier: BSD-3-Clause
#include "hpcs/harness/tune.hpp"

#include <cstdio>
#include <cstdlib>
#include <map>
#include <ostream>

#include "hpcs/io/data_files.hpp"
#include "hpcs/report/tuning_table.hpp"

namespace hpcs {

TuneRequest parse_tune(const std::string& spec) {
  TuneRequest r;
  if (spec.empty()) return r;
  if (spec == "exhaustive") r.mode = TuneRequest::Mode::Exhaustive;
  else if (spec == "model") r.mode = TuneRequest::Mode::Model;
  else if (spec.rfind("random:", 0) == 0) {
    const std::string n = spec.substr(7);
    char* end = nullptr;
    const long long v = n.empty() || n[0] == '-' ? 0 : std::strtoll(n.c_str(), &end, 10);
    if (v < 1 || !end || *end != '\0')
      throw Error("--tune " + spec + ": random:N needs a whole number of points N >= 1");
    r.mode = TuneRequest::Mode::Random;
    r.samples = static_cast<std::size_t>(v);
  } else {
    throw Error("--tune " + spec + ": expected exhaustive, random:N or model");
  }
  return r;
}

ChosenModel choose_tuning_model(const std::string& app, const std::string& file, bool required,
                                const std::string& device, const std::string& no_device) {
  ChosenModel c;
  std::string path = file;
  if (path.empty()) {
    if (device == "cpu") {
      c.note = "no GPU, so no tuning model (" + no_device + ")";
      if (required) throw Error("--tune model: " + c.note + "; pass --tuning-model FILE");
      return c;
    }
    const auto found = find_tuning_model(app, device);
    if (!found) {
      c.note = "no tuning model for " + app + " on " + device + " (" +
               data_file_path(tuning_model_relative_path(app, device)) + ")";
      if (required)
        throw Error("--tune model: " + c.note + "; train one (docs/autotuning.md) or pass --tuning-model FILE");
      return c;
    }
    path = *found;
  }
  TuningModel m = load_tuning_model(path);
  if (m.app != app) throw Error("tuning model '" + path + "': is for " + m.app + ", not " + app);
  if (m.device != device)
    throw Error("tuning model '" + path + "': is for the device " + m.device + ", this rank has " +
                (device == "cpu" ? "no GPU (" + no_device + ")" : device));
  c.model = std::move(m);
  return c;
}

namespace {
std::string seconds(double s) {
  char b[32];
  std::snprintf(b, sizeof b, "%.4g s", s);
  return b;
}

std::optional<double> median_time(const RunRecord& r) {
  const Stats& s = r.timings.device_stats ? *r.timings.device_stats : r.timings.wall_stats;
  return r.timings.wall.empty() ? std::nullopt : std::optional<double>(s.median);
}

bool searched(const RunRecord& r) {
  if (!r.extra.contains("tuning") || !r.extra["tuning"].is_object()) return false;
  const std::string s = r.extra["tuning"].value("source", std::string());
  return s == "exhaustive" || s.rfind("random:", 0) == 0;
}
}  // namespace

void print_tuning_summary(std::ostream& os, const std::vector<RunRecord>& records) {
  std::map<std::string, std::vector<const RunRecord*>> by_variant;
  std::vector<std::string> order;
  for (const RunRecord& r : records) {
    if (!searched(r) || !median_time(r)) continue;
    if (by_variant[r.variant].empty()) order.push_back(r.variant);
    by_variant[r.variant].push_back(&r);
  }
  for (const std::string& v : order) {
    auto runs = by_variant[v];
    std::sort(runs.begin(), runs.end(), [](auto* a, auto* b) { return *median_time(*a) < *median_time(*b); });
    const RunRecord& best = *runs.front();
    const double b = *median_time(best), med = *median_time(*runs[runs.size() / 2]), worst = *median_time(*runs.back());
    int failed = 0;
    for (auto* r : runs) failed += r->verification.failed() ? 1 : 0;
    char ratio[64];
    std::snprintf(ratio, sizeof ratio, "%.2fx the median, %.2fx the worst", med / b, worst / b);
    os << "tuning " << v << " (" << best.extra["tuning"].value("source", std::string()) << "): " << runs.size()
       << " point(s) of " << best.extra["tuning"].value("space_points", runs.size()) << " legal, " << failed
       << " failed; best " << seconds(b) << " [" << best.config << "], " << ratio << "; median " << seconds(med)
       << ", worst " << seconds(worst) << "\n";
  }
}

bool has_tuning(const std::vector<RunRecord>& records) {
  for (const RunRecord& r : records)
    if (r.extra.contains("tuning") && r.extra["tuning"].is_object()) return true;
  return false;
}

Table tuning_table(const std::vector<RunRecord>& records) {
  // Columns of the features, tunables and the app's own, in order of first appearance.
  std::vector<std::string> features, tunables, own;
  std::map<std::string, CellKind> feature_kind, own_kind;
  const auto add = [](std::vector<std::string>& names, const std::string& n) {
    if (std::find(names.begin(), names.end(), n) == names.end()) names.push_back(n);
  };
  for (const RunRecord& r : records) {
    if (r.extra.contains("tuning_columns") && r.extra["tuning_columns"].is_object())
      for (auto it = r.extra["tuning_columns"].begin(); it != r.extra["tuning_columns"].end(); ++it) {
        add(own, it.key());
        own_kind[it.key()] = it.value().is_string() ? CellKind::Text : CellKind::Real;
      }
    if (!r.extra.contains("tuning") || !r.extra["tuning"].is_object()) continue;
    const auto& t = r.extra["tuning"];
    if (t.contains("features"))
      for (auto it = t["features"].begin(); it != t["features"].end(); ++it) {
        add(features, it.key());
        feature_kind[it.key()] = it.value().is_string() ? CellKind::Text : CellKind::Real;
      }
    if (t.contains("point"))
      for (auto it = t["point"].begin(); it != t["point"].end(); ++it) add(tunables, it.key());
  }
  Table table;
  using K = CellKind;
  table.columns = {{"variant", K::Text}, {"source", K::Text}, {"model_class", K::Text}};
  for (const auto& f : features) table.columns.push_back({f, feature_kind[f]});
  for (const auto& t : tunables) table.columns.push_back({t, K::Real});
  for (const auto& t : tunables) table.columns.push_back({t + "_coord", K::Real});
  for (const RunTableColumn& c : std::vector<RunTableColumn>{{"config", K::Text},
                                                             {"time_s", K::Real},
                                                             {"time_min_s", K::Real},
                                                             {"rate", K::Real},
                                                             {"rate_unit", K::Text},
                                                             {"joules_per_rep", K::Real},
                                                             {"verification", K::Text}})
    table.columns.push_back(c);
  for (const auto& c : own) table.columns.push_back({c, own_kind[c]});

  const auto text = [](std::string s) { return RunTableCell{std::move(s), 0, std::nullopt}; };
  const auto real = [](std::optional<double> v) { return RunTableCell{{}, 0, v}; };
  for (const RunRecord& r : records) {
    const nlohmann::json t =
        r.extra.contains("tuning") && r.extra["tuning"].is_object() ? r.extra["tuning"] : nlohmann::json::object();
    std::vector<RunTableCell> row = {text(r.variant), text(t.value("source", std::string("no tunables"))),
                                     text(t.value("model_class", std::string()))};
    // A named value of `values` as a cell of its column's kind (empty where absent).
    const auto cell = [&](const nlohmann::json& values, const std::string& name, CellKind kind) {
      const bool has = values.contains(name);
      if (kind == K::Text) return text(has && values[name].is_string() ? values[name].get<std::string>() : "");
      return real(has && values[name].is_number() ? std::optional<double>(values[name].get<double>()) : std::nullopt);
    };
    const nlohmann::json f = t.value("features", nlohmann::json::object());
    for (const auto& name : features) row.push_back(cell(f, name, feature_kind[name]));
    for (const char* part : {"point", "coordinates"}) {
      const nlohmann::json p = t.value(part, nlohmann::json::object());
      for (const auto& name : tunables)
        row.push_back(real(p.contains(name) && p[name].is_number() ? std::optional<double>(p[name].get<double>())
                                                                   : std::nullopt));
    }
    const Stats& s = r.timings.device_stats ? *r.timings.device_stats : r.timings.wall_stats;
    const bool timed = !r.timings.wall.empty();
    row.push_back(text(r.config));
    row.push_back(real(timed ? std::optional<double>(s.median) : std::nullopt));
    row.push_back(real(timed ? std::optional<double>(s.min) : std::nullopt));
    row.push_back(real(r.rate));
    row.push_back(text(r.rate_unit));
    row.push_back(real(r.joules_per_rep()));
    row.push_back(text(r.verification.status));
    const nlohmann::json extra = r.extra.value("tuning_columns", nlohmann::json::object());
    for (const auto& name : own) row.push_back(cell(extra, name, own_kind[name]));
    table.rows.push_back(std::move(row));
  }
  return table;
}

}  // namespace hpcs
