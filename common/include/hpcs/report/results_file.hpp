// SPDX-License-Identifier: BSD-3-Clause
// Writes one HDF5 results file: file attributes from `metadata` (provenance and the
// app's parameters) and one group per run under /runs with the record's fields as
// attributes and its raw timings as datasets. Written atomically (temp + rename).
#pragma once
#include <nlohmann/json.hpp>

#include <string>
#include <vector>

#include "hpcs/io/h5.hpp"
#include "hpcs/report/report.hpp"

namespace hpcs {

void write_results(const std::string& path, const nlohmann::json& metadata, const std::vector<RunRecord>& records);

// Scalars become attributes, arrays of numbers datasets, objects sub-groups.
void write_json(h5::Group& group, const nlohmann::json& value);

}  // namespace hpcs
