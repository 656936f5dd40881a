// SPDX-License-Identifier: BSD-3-Clause
// Calibration files: one flat JSON object per device whose keys are the Calibration
// members; every key Jacobi's model reads is required, so a file from an older
// jacobi_calibrate fails loudly instead of silently feeding 0 into the model. The keys
// added for Smith-Waterman (e_iadd ... e_ls) are optional: the committed files predate them.
#include "jacobi_calibration.hpp"

#include "hpcs/io/calibration_file.hpp"

namespace hpcs::jacobi {
namespace {
using calibration_field::energy;
using calibration_field::number_or_null;
using calibration_field::optional_energy;
using calibration_field::positive;
using calibration_field::positive_int;
using calibration_field::text;
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
          {"e_iadd", number_or_null(e_iadd)},
          {"e_imax", number_or_null(e_imax)},
          {"e_dpx_addmax", number_or_null(e_dpx_addmax)},
          {"e_dpx_max", number_or_null(e_dpx_max)},
          {"e_ls", number_or_null(e_ls)},
          {"units",
           {{"m_sm_bytes", "bytes"},
            {"l_word", "s per 4-byte word per SM"},
            {"t_sync", "s"},
            {"t_launch", "s"},
            {"c_iter", "s per iteration per vector unit"},
            {"p_stat", "W"},
            {"e_gs", "J per 4-byte word"},
            {"e_sr", "J per 4-byte word"},
            {"e_fadd", "J per operation"},
            {"e_iadd", "J per int32 add instruction"},
            {"e_imax", "J per int32 max instruction"},
            {"e_dpx_addmax", "J per __viaddmax_s32 (DPX: max(a + b, c), one instruction)"},
            {"e_dpx_max", "J per __vimax3_s32_relu (DPX: max(a, b, c, 0), one instruction)"},
            {"e_ls", "J per 4-byte word between L2 and shared memory"}}},
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
  c.e_iadd = optional_energy(j, "e_iadd");
  c.e_imax = optional_energy(j, "e_imax");
  c.e_dpx_addmax = optional_energy(j, "e_dpx_addmax");
  c.e_dpx_max = optional_energy(j, "e_dpx_max");
  c.e_ls = optional_energy(j, "e_ls");
  if (j.contains("details")) c.details = j["details"];
  return c;
}

Calibration load_calibration(const std::string& path) {
  return read_calibration_file(path, [](const nlohmann::json& j) { return Calibration::from_json(j); });
}

void save_calibration(const std::string& path, const Calibration& c) { write_calibration_json(path, c.to_json()); }

}  // namespace hpcs::jacobi
