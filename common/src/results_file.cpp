// SPDX-License-Identifier: BSD-3-Clause
#include "hpcs/report/results_file.hpp"

#include <cstdio>

#include "hpcs/base/error.hpp"
#include "hpcs/harness/run_report.hpp"
#include "hpcs/report/run_table.hpp"
#include "hpcs/report/tuning_table.hpp"

namespace hpcs {

namespace {
bool all_numbers(const nlohmann::json& a) {
  for (const auto& v : a)
    if (!v.is_number()) return false;
  return true;
}
}  // namespace

void write_json(h5::Group& group, const nlohmann::json& value) {
  for (auto it = value.begin(); it != value.end(); ++it) {
    const std::string& key = it.key();
    const nlohmann::json& v = it.value();
    if (v.is_null()) continue;  // unavailable values are absent, never a made-up zero
    if (v.is_boolean()) group.attribute(key, v.get<bool>());
    else if (v.is_number_integer()) group.attribute(key, v.get<std::int64_t>());
    else if (v.is_number()) group.attribute(key, v.get<double>());
    else if (v.is_string()) group.attribute(key, v.get<std::string>());
    else if (v.is_object()) {
      h5::Group child = group.group(key);
      write_json(child, v);
    } else if (v.is_array() && all_numbers(v)) {
      group.dataset(key, v.get<std::vector<double>>());
    } else if (v.is_array()) {
      // Lists of strings (hosts, devices): one attribute per element keeps h5py-friendly types.
      h5::Group child = group.group(key);
      for (std::size_t i = 0; i < v.size(); ++i) write_json(child, {{std::to_string(i), v[i]}});
    }
  }
}

void write_results(const std::string& path, const nlohmann::json& metadata, const std::vector<RunRecord>& records) {
  h5::Writer writer(path);
  {
    h5::Group root = writer.root();
    root.attribute("schema_version", static_cast<std::int64_t>(kSchemaVersion));
    nlohmann::json rest = metadata;
    rest.erase("schema_version");  // written above, whatever the caller's says
    write_json(root, rest);
    // The same runs as one table (pandas.DataFrame(h5py.File(F)["runs_table"][()])).
    RunTableContext context{{}, metadata.value("git_revision", ""), metadata.value("created_utc", "")};
    if (metadata.contains("devices") && metadata["devices"].is_array() && !metadata["devices"].empty() &&
        metadata["devices"][0].is_string())
      context.device = metadata["devices"][0].get<std::string>();
    write_run_table(root, "runs_table", records, context);
    if (has_tuning(records)) {  // one row per point: features, tunables, time, energy
      const Table t = tuning_table(records);
      write_compound_table(root, "tuning_table", t.columns, t.rows);
    }
    h5::Group runs = root.group("runs");
    for (std::size_t i = 0; i < records.size(); ++i) {
      char name[32];
      std::snprintf(name, sizeof name, "%03zu", i);
      h5::Group g = runs.group(name);
      write_json(g, to_json(records[i]));
    }
  }
  writer.commit();
}

}  // namespace hpcs
