// SPDX-License-Identifier: BSD-3-Clause
// The Jacobi app's JSON (calibrations, predictions, sweep summaries) writes what was not
// measured (NaN: no NVML, a point not run) as null, never as a number.
#pragma once
#include <nlohmann/json.hpp>

#include <cmath>

namespace hpcs::jacobi {

// NaN as null (nlohmann does so too, but say it explicitly).
inline nlohmann::json number_or_null(double x) { return std::isnan(x) ? nlohmann::json(nullptr) : nlohmann::json(x); }

}  // namespace hpcs::jacobi
