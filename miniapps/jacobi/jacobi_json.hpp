// SPDX-License-Identifier: BSD-3-Clause
// The Jacobi app's JSON (calibrations, predictions, sweep summaries) writes what was not
// measured (NaN: no NVML, a point not run) as null, never as a number: the harness' rule
// for calibration files (hpcs/io/calibration_file.hpp), under the app's namespace.
#pragma once
#include <nlohmann/json.hpp>

#include "hpcs/io/calibration_file.hpp"

namespace hpcs::jacobi {

using calibration_field::number_or_null;

}  // namespace hpcs::jacobi
