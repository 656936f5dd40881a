// SPDX-License-Identifier: BSD-3-Clause
// Per-device calibration files (inputs/calibration/<device slug>.json): one flat JSON
// object of measured machine constants, written by jacobi_calibrate and read by every app
// whose model uses them (Jacobi's time and energy models, Smith-Waterman's energy model).
// Here is what they share: finding a device's file, reading it, and checked fields whose
// errors name the key; each app keeps its own typed view of the keys it needs.
#pragma once
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

namespace hpcs {

// The file name of a device's calibration: lower case, every run of characters other than
// letters and digits replaced by one '_', none at either end ("NVIDIA H200" -> "nvidia_h200",
// "NVIDIA H100 80GB HBM3" -> "nvidia_h100_80gb_hbm3").
std::string calibration_slug(const std::string& device_name);

// <slug>.json for a device name in <binary dir>/../share/hpc_miniapps/calibration (the
// installed inputs/calibration; the build tree links it there); nullopt if none.
std::optional<std::string> find_calibration_for(const std::string& device_name);

// Reads a calibration file (a regular file, UTF-8 byte-order mark skipped) and hands its
// top-level JSON object to parse(); throws hpcs::Error "calibration file '<path>': <why>"
// when it cannot be opened, is not valid JSON, is not an object, or parse() throws
// hpcs::Error (whose message, naming the key, follows the file's name).
template <class Parse>
auto read_calibration_file(const std::string& path, Parse&& parse) -> decltype(parse(nlohmann::json{}));

// The parsed top-level object of a calibration file (errors as above).
nlohmann::json read_calibration_json(const std::string& path);
// Prefixes an error of one file's fields with the file: "calibration file '<path>': <what>".
[[noreturn]] void throw_calibration_error(const std::string& path, const std::string& what);

// Writes `j` (indented, one trailing newline) to `path` atomically (temporary + rename).
void write_calibration_json(const std::string& path, const nlohmann::json& j);

// Checked fields of a calibration object; each throws hpcs::Error naming the key.
namespace calibration_field {
std::string text(const nlohmann::json& j, const char* key);  // a string, required
double positive(const nlohmann::json& j, const char* key);   // a finite number > 0, required
int positive_int(const nlohmann::json& j, const char* key);  // an integer in 1..INT_MAX, required
// A measured energy constant: a number, or null (not measured: no NVML) read as NaN.
// Dynamic energies may be slightly negative (below the noise of P_stat x time): kept.
double energy(const nlohmann::json& j, const char* key);             // required
double optional_energy(const nlohmann::json& j, const char* key);    // absent: NaN (older files)
double optional_positive(const nlohmann::json& j, const char* key);  // absent or null: NaN, else > 0
// NaN as null (what was not measured is never written as a number).
nlohmann::json number_or_null(double x);
}  // namespace calibration_field

template <class Parse>
auto read_calibration_file(const std::string& path, Parse&& parse) -> decltype(parse(nlohmann::json{})) {
  const nlohmann::json j = read_calibration_json(path);
  try {
    return parse(j);
  } catch (const std::exception& e) {
    throw_calibration_error(path, e.what());
  }
}

}  // namespace hpcs
