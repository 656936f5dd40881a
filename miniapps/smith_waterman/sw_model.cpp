// SPDX-License-Identifier: BSD-3-Clause
#include "sw_model.hpp"

#include <algorithm>
#include <cmath>

namespace hpcs::sw {

TrafficModel traffic_model(std::int64_t s, std::int64_t t, int tile_rows, int tile_cols, std::int64_t resident_rows) {
  TrafficModel m;
  const double S = static_cast<double>(s), T = static_cast<double>(t), ts = tile_rows, tt = tile_cols;
  const std::int64_t rows_of_tiles = (s + tile_rows - 1) / tile_rows, cols_of_tiles = (t + tile_cols - 1) / tile_cols;
  m.launches_traditional = rows_of_tiles + cols_of_tiles - 1;
  m.passes = (rows_of_tiles + std::max<std::int64_t>(1, resident_rows) - 1) / std::max<std::int64_t>(1, resident_rows);
  const double np = static_cast<double>(std::max<std::int64_t>(1, m.passes));
  m.traditional = 17.0 * (ts + tt) * S * T / (ts * tt);
  m.multipass_wb_printed = 17.0 * S + 17.0 * S * T / (ts * np);
  m.multipass_wt_printed = 17.0 * S + (S * T / ts) * (9.0 / np + 8.0);
  m.multipass_per_pass = 17.0 * S + 17.0 * T * np;
  return m;
}

namespace {
// E_iter, the integer operations of one cell, and what they were counted as.
double iteration_joules(EnergyModel& m) {
  const EnergyConstants& k = m.constants;
  if (m.dpx && k.has_dpx()) {
    m.ar_ops = "3 iadd + 2 DPX add-max (__viaddmax_s32) + 1 DPX max3 (__vimax3_s32_relu)";
    return 3.0 * k.e_iadd + 2.0 * k.e_dpx_addmax + k.e_dpx_max;
  }
  m.ar_ops = "5 iadd + 5 imax";
  if (m.dpx) m.note = "the variant runs DPX; priced as 5 iadd + 5 imax: the constants have no DPX energies";
  return 5.0 * (k.e_iadd + k.e_imax);
}

void price_ls(PassEnergy& p, const EnergyConstants& k) {
  if (k.prices_ls()) p.ls_joules = p.ls_words * k.e_ls;
}
}  // namespace

EnergyModel energy_model(std::int64_t s, std::int64_t t, int tile_rows, int tile_cols, int sub_rows, double seconds,
                         std::int64_t passes, const EnergyConstants& k, bool dpx) {
  EnergyModel m;
  m.constants = k;
  m.dpx = dpx;
  const double ts = tile_rows, tt = tile_cols, v = ts * tt;
  const double alpha = 4.25;  // 4 int arrays + 1 char array crossing a tile edge, in 4-byte units
  m.tile_gs_joules = alpha * (ts + tt) * k.e_gs;
  m.tile_sr_joules = (v + 5.0 * tt * ts / sub_rows) * k.e_sr;
  m.tile_ar_joules = v * iteration_joules(m);
  m.tile_joules = m.tile_gs_joules + m.tile_sr_joules + m.tile_ar_joules;
  const double S = static_cast<double>(s), T = static_cast<double>(t);
  const double tiles = S * T / v;
  m.dynamic_joules = tiles * m.tile_joules;
  m.total_joules = k.p_stat * seconds + m.dynamic_joules;
  m.passes = passes;
  if (passes > 0) {
    const double np = static_cast<double>(passes), ph = S / (ts * np), pw = T / tt;
    PassEnergy common;
    common.sr_joules = ph * pw * m.tile_sr_joules;
    common.ar_joules = ph * pw * m.tile_ar_joules;
    m.pass_write_back = m.pass_write_through = common;
    m.pass_write_back.gs_joules = alpha * (S / np + T) * k.e_gs;
    m.pass_write_back.ls_words = alpha * T * (ph - 1.0);
    m.pass_write_through.gs_joules = (alpha * S / np + alpha / 2.0 * T * (ph + 1.0)) * k.e_gs;
    m.pass_write_through.ls_words = alpha / 2.0 * T * (ph - 1.0);
    price_ls(m.pass_write_back, k);
    price_ls(m.pass_write_through, k);
  }
  return m;
}

nlohmann::json to_json(const TrafficModel& m) {
  return {{"traditional_bytes", m.traditional},
          {"multipass_wb_printed_bytes", m.multipass_wb_printed},
          {"multipass_wt_printed_bytes", m.multipass_wt_printed},
          {"multipass_per_pass_bytes", m.multipass_per_pass},
          {"passes", m.passes},
          {"launches_traditional", m.launches_traditional}};
}

namespace {
nlohmann::json or_null(double x) { return std::isfinite(x) ? nlohmann::json(x) : nlohmann::json(nullptr); }

nlohmann::json pass_json(const PassEnergy& p) {
  return {{"gs_j", p.gs_joules},    {"sr_j", p.sr_joules},          {"ar_j", p.ar_joules},
          {"ls_words", p.ls_words}, {"ls_j", or_null(p.ls_joules)}, {"ls_priced", !std::isnan(p.ls_joules)},
          {"pass_j", p.joules()}};
}

nlohmann::json constants_json(const EnergyConstants& k) {
  nlohmann::json j = {{"source", k.source},
                      {"p_stat_w", k.p_stat},
                      {"e_gs_j", k.e_gs},
                      {"e_sr_j", k.e_sr},
                      {"e_iadd_j", k.e_iadd},
                      {"e_imax_j", k.e_imax},
                      {"e_ls_j", or_null(k.e_ls)},
                      {"e_dpx_addmax_j", or_null(k.e_dpx_addmax)},
                      {"e_dpx_max_j", or_null(k.e_dpx_max)}};
  if (!k.device.empty()) j["device"] = k.device;
  if (!k.note.empty()) j["note"] = k.note;
  return j;
}
}  // namespace

nlohmann::json to_json(const EnergyModel& m) {
  nlohmann::json j = {{"tile_j", m.tile_joules}, {"dynamic_j", m.dynamic_joules}, {"total_j", m.total_joules}};
  j["tile_split_j"] = {{"gs", m.tile_gs_joules}, {"sr", m.tile_sr_joules}, {"ar", m.tile_ar_joules}};
  j["constants"] = constants_json(m.constants);
  j["dpx"] = m.dpx;
  j["ar_ops_per_cell"] = m.ar_ops;
  if (!m.note.empty()) j["note"] = m.note;
  if (m.passes > 0)
    j["multipass"] = {{"passes", m.passes},
                      {"write_back", pass_json(m.pass_write_back)},
                      {"write_through", pass_json(m.pass_write_through)}};
  return j;
}

}  // namespace hpcs::sw
