// SPDX-License-Identifier: BSD-3-Clause
// Calibration files: one flat JSON object per device whose keys are the Calibration
// members; every key is required, so a file from an older jacobi_calibrate fails loudly
// instead of silently feeding 0 into the model.
#include "jacobi_calibration.hpp"

#include <cctype>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <limits>

#include "hpcs/io/atomic_text_file.hpp"
#include "hpcs/io/data_files.hpp"
#include "hpcs/base/error.hpp"
#include "hpcs/io/input_file.hpp"
#include "jacobi_json.hpp"

#ifndef HPCS_DATA_FROM_BIN
#define HPCS_DATA_FROM_BIN "../share/hpc_miniapps"
#endif

namespace hpcs::jacobi {
namespace {

const nlohmann::json& need(const nlohmann::json& j, const char* key) {
  if (!j.is_object()) throw Error("the top level must be a JSON object");
  const auto it = j.find(key);
  if (it == j.end()) throw Error(std::string("missing key '") + key + "'");
  return *it;
}

double positive(const nlohmann::json& j, const char* key) {
  const auto& v = need(j, key);
  if (!v.is_number() || !(v.get<double>() > 0) || !std::isfinite(v.get<double>()))
    throw Error(std::string("key '") + key + "' must be a positive number, not " + v.dump());
  return v.get<double>();
}

int positive_int(const nlohmann::json& j, const char* key) {
  const auto& v = need(j, key);
  if (!v.is_number_integer() || v.get<long long>() <= 0 || v.get<long long>() > std::numeric_limits<int>::max())
    throw Error(std::string("key '") + key + "' must be a positive integer, not " + v.dump());
  return v.get<int>();
}

// Energy constants may be null (not measured: no NVML) and may be slightly negative
// (a dynamic energy below the noise of P_stat * time); both are kept as measured.
double energy(const nlohmann::json& j, const char* key) {
  const auto& v = need(j, key);
  if (v.is_null()) return std::numeric_limits<double>::quiet_NaN();
  if (!v.is_number()) throw Error(std::string("key '") + key + "' must be a number or null, not " + v.dump());
  return v.get<double>();
}

std::string text(const nlohmann::json& j, const char* key) {
  const auto& v = need(j, key);
  if (!v.is_string()) throw Error(std::string("key '") + key + "' must be a string, not " + v.dump());
  return v.get<std::string>();
}

}  // namespace

nlohmann::json Calibration::to_json() const {
  return {{"device", device},
          {"measured_at", measured_at},
          {"n_sm", n_sm},
          {"n_v", n_v},
          {"m_sm_bytes", m_sm_bytes},
          {"m_block_bytes", m_block_bytes},
          {"r_sm", r_sm},
          {"mtb_sm", mtb_sm},
          {"l_word", l_word},
          {"t_sync", t_sync},
          {"t_launch", t_launch},
          {"c_iter_1d", c_iter_1d},
          {"c_iter_2d", c_iter_2d},
          {"c_iter_1d_f64", c_iter_1d_f64},
          {"c_iter_2d_f64", c_iter_2d_f64},
          {"p_stat", number_or_null(p_stat)},
          {"e_gs", number_or_null(e_gs)},
          {"e_sr", number_or_null(e_sr)},
          {"e_fadd", number_or_null(e_fadd)},
          {"e_fmul", number_or_null(e_fmul)},
          {"e_dadd", number_or_null(e_dadd)},
          {"e_dmul", number_or_null(e_dmul)},
          {"units",
           {{"m_sm_bytes", "bytes"},
            {"l_word", "s per 4-byte word per SM"},
            {"t_sync", "s"},
            {"t_launch", "s"},
            {"c_iter", "s per iteration per vector unit"},
            {"p_stat", "W"},
            {"e_gs", "J per 4-byte word"},
            {"e_sr", "J per 4-byte word"},
            {"e_fadd", "J per operation"}}},
          {"details", details}};
}

Calibration Calibration::from_json(const nlohmann::json& j) {
  Calibration c;
  c.device = text(j, "device");
  c.measured_at = text(j, "measured_at");
  c.n_sm = positive_int(j, "n_sm");
  c.n_v = positive_int(j, "n_v");
  c.m_sm_bytes = positive(j, "m_sm_bytes");
  c.m_block_bytes = positive(j, "m_block_bytes");
  c.r_sm = positive_int(j, "r_sm");
  c.mtb_sm = positive_int(j, "mtb_sm");
  c.l_word = positive(j, "l_word");
  c.t_sync = positive(j, "t_sync");
  c.t_launch = positive(j, "t_launch");
  c.c_iter_1d = positive(j, "c_iter_1d");
  c.c_iter_2d = positive(j, "c_iter_2d");
  c.c_iter_1d_f64 = positive(j, "c_iter_1d_f64");
  c.c_iter_2d_f64 = positive(j, "c_iter_2d_f64");
  c.p_stat = energy(j, "p_stat");
  c.e_gs = energy(j, "e_gs");
  c.e_sr = energy(j, "e_sr");
  c.e_fadd = energy(j, "e_fadd");
  c.e_fmul = energy(j, "e_fmul");
  c.e_dadd = energy(j, "e_dadd");
  c.e_dmul = energy(j, "e_dmul");
  if (j.contains("details")) c.details = j["details"];
  return c;
}

Calibration load_calibration(const std::string& path) {
  require_regular_file(path, "a calibration file (JSON)");
  std::ifstream in(path);
  if (!in) throw Error("calibration file '" + path + "': cannot open (" + std::strerror(errno) + ")");
  nlohmann::json j;
  try {
    in >> j;
  } catch (const nlohmann::json::exception& e) {
    throw Error("calibration file '" + path + "': not valid JSON: " + one_line(e.what()));
  }
  try {
    return Calibration::from_json(j);
  } catch (const Error& e) {
    throw Error("calibration file '" + path + "': " + e.what());
  }
}

void save_calibration(const std::string& path, const Calibration& c) {
  write_text_file_atomically(path, [&](std::ostream& out) { out << c.to_json().dump(2) << '\n'; });
}

std::string calibration_slug(const std::string& device_name) { return device_slug(device_name); }

std::optional<std::string> find_calibration_for(const std::string& device_name) {
  const std::string slug = calibration_slug(device_name);
  if (slug.empty()) return std::nullopt;
  return find_data_file("calibration/" + slug + ".json");
}

}  // namespace hpcs::jacobi
