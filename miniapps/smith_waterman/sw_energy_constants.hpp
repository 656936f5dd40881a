// SPDX-License-Identifier: BSD-3-Clause
// The constants of the thesis' energy model (sw_model.hpp): Table 5.1's, measured on a K20c
// by the thesis, or a device's calibration file (inputs/calibration/<device>.json, written
// by jacobi_calibrate) where it has the constants Smith-Waterman needs. Every record says
// which it used (model_energy.constants.source).
#pragma once
#include <cmath>
#include <limits>
#include <string>

namespace hpcs::sw {

inline constexpr const char* kThesisConstants = "K20c, Table 5.1 (thesis)";

struct EnergyConstants {
  static constexpr double kNone = std::numeric_limits<double>::quiet_NaN();
  double p_stat = 48.0;                       // W
  double e_gs = 2.2e-9;                       // J per 4-byte word, global memory <-> shared memory
  double e_sr = 2.23e-10;                     // J per 4-byte word, shared memory <-> registers
  double e_iadd = 7.2e-11, e_imax = 4.8e-11;  // J per int32 add / max
  double e_ls = kNone;                        // J per 4-byte word, L2 <-> shared; NaN: unpriced
  double e_dpx_addmax = kNone;                // J per __viaddmax_s32; NaN: not measured
  double e_dpx_max = kNone;                   // J per __vimax3_s32_relu; NaN: not measured
  std::string source = kThesisConstants;      // or the calibration file's path
  std::string device;                         // the calibration's device ("" for the thesis')
  std::string note;                           // why the thesis' constants, when a file was looked for

  bool from_file() const { return source != kThesisConstants; }
  bool prices_ls() const { return std::isfinite(e_ls); }
  bool has_dpx() const { return std::isfinite(e_dpx_addmax) && std::isfinite(e_dpx_max); }
};

// The thesis' constants, with a note saying why (no GPU, no file, a file without them).
EnergyConstants thesis_constants(const std::string& note = "");

// The constants of a calibration file: its own where it has every one the model prices
// (p_stat, e_gs, e_sr, e_iadd, e_imax, e_ls measured, not null; e_dpx_* where present),
// else the thesis' with a note naming what the file lacks. A file that cannot be read, is
// not a JSON object or has a key of the wrong type throws hpcs::Error naming file and key.
EnergyConstants constants_from_file(const std::string& path);

}  // namespace hpcs::sw
