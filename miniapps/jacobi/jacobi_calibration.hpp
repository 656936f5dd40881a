// SPDX-License-Identifier: BSD-3-Clause
// Machine constants of the time and energy models (digest 3.6, 4.3), measured on a GPU by
// jacobi_calibrate (the CUDA variants' calibrate/ folder) and stored as one JSON file per
// device under inputs/calibration/ (docs/jacobi.md: how to recalibrate). Finding and
// reading the file is the harness's (hpcs/io/calibration_file.hpp); this is Jacobi's
// typed view of it, plus the constants jacobi_calibrate measures for Smith-Waterman.
#pragma once
#include <limits>
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "hpcs/io/calibration_file.hpp"
#include "jacobi_problem.hpp"

namespace hpcs::jacobi {

struct Calibration {
  static constexpr double kNotMeasured = std::numeric_limits<double>::quiet_NaN();
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
  // C_iter of the other 2D stencils, float32 and float64, on Jacobi 2D's tile configurations.
  // Optional (files measured before them read NaN; the model then scales Jacobi 2D's by the
  // thesis' Table A.4 ratio and says so).
  double c_iter_heat2d = kNotMeasured, c_iter_heat2d_f64 = kNotMeasured;
  double c_iter_laplacian2d = kNotMeasured, c_iter_laplacian2d_f64 = kNotMeasured;
  double c_iter_gradient2d = kNotMeasured, c_iter_gradient2d_f64 = kNotMeasured;
  // C_iter of the 3D stencils under HHC slabs (A.28), float32 and float64. Optional: without
  // the stencil's key the 3D model makes no prediction and says so (no 2D value stands in).
  double c_iter_jacobi3d = kNotMeasured, c_iter_jacobi3d_f64 = kNotMeasured;
  double c_iter_heat3d = kNotMeasured, c_iter_heat3d_f64 = kNotMeasured;
  double c_iter_laplacian3d = kNotMeasured, c_iter_laplacian3d_f64 = kNotMeasured;
  // Energy constants (Table B.2), watts and joules
  // NaN where a quantity could not be measured (no NVML): stored as null, never as 0.
  double p_stat = 0;
  double e_gs = 0, e_sr = 0, e_fadd = 0, e_fmul = 0;  // per 4-byte word / per float32 operation
  double e_dadd = 0, e_dmul = 0;                      // per float64 operation
  // Smith-Waterman's energy model (docs/smith_waterman.md). Optional: files measured before
  // these existed lack them and read as NaN (not measured); written as null then.
  double e_iadd = kNotMeasured, e_imax = kNotMeasured;  // per int32 add / max instruction
  double e_dpx_addmax = kNotMeasured;                   // per DPX __viaddmax_s32: max(a + b, c)
  double e_dpx_max = kNotMeasured;                      // per DPX __vimax3_s32_relu: max(a, b, c, 0)
  double e_ls = kNotMeasured;                           // per 4-byte word between L2 and shared memory
  // Raw measurements behind the constants (bandwidth, spreads, windows): reported, not used.
  nlohmann::json details = nlohmann::json::object();
  // The measured 2D C_iter of `s` in `p` (Jacobi: c_iter_2d / _f64); NaN where not measured.
  double c_iter_2d_of(Stencil s, Precision p) const;
  // The measured 3D C_iter of `s` in `p`; NaN where the file lacks c_iter_3d_key(s, p).
  double c_iter_3d_of(Stencil s, Precision p) const;
  static std::string c_iter_3d_key(Stencil s, Precision p);  // "c_iter_heat3d", "..._f64"
  nlohmann::json to_json() const;
  static Calibration from_json(const nlohmann::json& j);  // throws hpcs::Error naming the key
};

// Reads / writes a calibration file; errors name the file and the problem.
Calibration load_calibration(const std::string& path);
void save_calibration(const std::string& path, const Calibration& c);  // temp + rename

// Lookup by device name (calibration_slug: "NVIDIA H200" -> "nvidia_h200"), from the harness.
using hpcs::calibration_slug;
using hpcs::find_calibration_for;

}  // namespace hpcs::jacobi
