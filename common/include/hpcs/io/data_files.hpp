// SPDX-License-Identifier: BSD-3-Clause
// Run-time data shipped with the suite (calibration files, tuning models), found relative
// to the executable: <binary dir>/HPCS_DATA_FROM_BIN/<relative>, right in the build tree
// (a link to the source's inputs/) and in an installed tree (share/hpc_miniapps/).
#pragma once
#include <optional>
#include <string>

namespace hpcs {

// The readable file, or nullopt.
std::optional<std::string> find_data_file(const std::string& relative);
// Where find_data_file looks for `relative` (for messages saying where nothing was found).
std::string data_file_path(const std::string& relative);

// A device's name as a file name: "NVIDIA H100 80GB HBM3" -> "nvidia_h100_80gb_hbm3".
std::string device_slug(const std::string& device_name);

}  // namespace hpcs
