// SPDX-License-Identifier: BSD-3-Clause
// Machine constants of the time and energy models (digest 3.6, 4.3), measured on a GPU by
// jacobi_calibrate (the CUDA variants' calibrate/ folder) and stored as one JSON file per
// device under inputs/calibration/ (docs/jacobi.md: how to recalibrate).
#pragma once
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

namespace hpcs::jacobi {

struct Calibration {
  std::string device;       // e.g. "NVIDIA H200"
  std::string measured_at;  // ISO date, command, revision: provenance
  // Hardware (Table A.2)
  int n_sm = 0;              // SMs
  int n_v = 0;               // FP32 lanes per SM
  double m_sm_bytes = 0;     // shared memory per SM
  double m_block_bytes = 0;  // shared memory one block may use
  int r_sm = 0;              // registers per SM
  int mtb_sm = 0;            // resident blocks per SM
  // Time constants (Table A.3/A.4), seconds
  double l_word = 0;                            // L: global<->shared time per word per SM
  double t_sync = 0;                            // one __syncthreads
  double t_launch = 0;                          // one launch + host synchronisation (T_sync')
  double c_iter_1d = 0, c_iter_2d = 0;          // C_iter, float32
  double c_iter_1d_f64 = 0, c_iter_2d_f64 = 0;  // C_iter, float64
  // Energy constants (Table B.2), watts and joules
  // NaN where a quantity could not be measured (no NVML): stored as null, never as 0.
  double p_stat = 0;
  double e_gs = 0, e_sr = 0, e_fadd = 0, e_fmul = 0;  // per 4-byte word / per float32 operation
  double e_dadd = 0, e_dmul = 0;                      // per float64 operation
  // Raw measurements behind the constants (bandwidth, spreads, windows): reported, not used.
  nlohmann::json details = nlohmann::json::object();
  nlohmann::json to_json() const;
  static Calibration from_json(const nlohmann::json& j);  // throws hpcs::Error naming the key
};

// Reads / writes a calibration file; errors name the file and the problem.
Calibration load_calibration(const std::string& path);
void save_calibration(const std::string& path, const Calibration& c);  // temp + rename

// The file name of a device's calibration: lower case, every run of characters other than
// letters and digits replaced by one '_', none at either end ("NVIDIA H200" -> "nvidia_h200",
// "NVIDIA H100 80GB HBM3" -> "nvidia_h100_80gb_hbm3").
std::string calibration_slug(const std::string& device_name);

// <slug>.json for a device name in <binary dir>/../share/hpc_miniapps/calibration (the
// installed inputs/calibration; the build tree links it there); nullopt if none.
std::optional<std::string> find_calibration_for(const std::string& device_name);

}  // namespace hpcs::jacobi
