// SPDX-License-Identifier: BSD-3-Clause
#include "hpcs/io/calibration_file.hpp"

#include <cerrno>
#include <climits>
#include <cmath>
#include <cstring>
#include <fstream>
#include <limits>

#include "hpcs/base/error.hpp"
#include "hpcs/io/atomic_text_file.hpp"
#include "hpcs/io/data_files.hpp"
#include "hpcs/io/input_file.hpp"

namespace hpcs {

std::string calibration_slug(const std::string& device_name) { return device_slug(device_name); }

std::optional<std::string> find_calibration_for(const std::string& device_name) {
  const std::string slug = calibration_slug(device_name);
  if (slug.empty()) return std::nullopt;
  return find_data_file("calibration/" + slug + ".json");
}

void throw_calibration_error(const std::string& path, const std::string& what) {
  throw Error("calibration file '" + path + "': " + one_line(what));
}

nlohmann::json read_calibration_json(const std::string& path) {
  require_regular_file(path, "a calibration file (JSON)");
  std::ifstream in(path, std::ios::binary);
  if (!in) throw_calibration_error(path, std::string("cannot open (") + std::strerror(errno) + ")");
  skip_utf8_bom(in);
  nlohmann::json j;
  try {
    in >> j;
  } catch (const nlohmann::json::exception& e) {
    throw_calibration_error(path, std::string("not valid JSON: ") + e.what());
  }
  if (!j.is_object())
    throw_calibration_error(path, std::string("the top level must be a JSON object, not ") + j.type_name());
  return j;
}

void write_calibration_json(const std::string& path, const nlohmann::json& j) {
  write_text_file_atomically(path, [&](std::ostream& out) { out << j.dump(2) << '\n'; });
}

namespace calibration_field {
namespace {
const nlohmann::json& need(const nlohmann::json& j, const char* key) {
  if (!j.is_object()) throw Error("the top level must be a JSON object");
  const auto it = j.find(key);
  if (it == j.end()) throw Error(std::string("missing key '") + key + "'");
  return *it;
}
}  // namespace

std::string text(const nlohmann::json& j, const char* key) {
  const auto& v = need(j, key);
  if (!v.is_string()) throw Error(std::string("key '") + key + "' must be a string, not " + v.dump());
  return v.get<std::string>();
}

double positive(const nlohmann::json& j, const char* key) {
  const auto& v = need(j, key);
  if (!v.is_number() || !(v.get<double>() > 0) || !std::isfinite(v.get<double>()))
    throw Error(std::string("key '") + key + "' must be a positive number, not " + v.dump());
  return v.get<double>();
}

int positive_int(const nlohmann::json& j, const char* key) {
  const auto& v = need(j, key);
  if (!v.is_number_integer() || v.get<long long>() <= 0 || v.get<long long>() > INT_MAX)
    throw Error(std::string("key '") + key + "' must be a positive integer, not " + v.dump());
  return v.get<int>();
}

double energy(const nlohmann::json& j, const char* key) {
  const auto& v = need(j, key);
  if (v.is_null()) return std::numeric_limits<double>::quiet_NaN();
  if (!v.is_number()) throw Error(std::string("key '") + key + "' must be a number or null, not " + v.dump());
  return v.get<double>();
}

double optional_energy(const nlohmann::json& j, const char* key) {
  if (j.is_object() && !j.contains(key)) return std::numeric_limits<double>::quiet_NaN();
  return energy(j, key);
}

double optional_positive(const nlohmann::json& j, const char* key) {
  if (j.is_object() && (!j.contains(key) || j[key].is_null())) return std::numeric_limits<double>::quiet_NaN();
  return positive(j, key);
}

nlohmann::json number_or_null(double x) { return std::isnan(x) ? nlohmann::json(nullptr) : nlohmann::json(x); }

}  // namespace calibration_field
}  // namespace hpcs
