// SPDX-License-Identifier: BSD-3-Clause
#include "sw_model.hpp"

#include <algorithm>

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

EnergyModel energy_model(std::int64_t s, std::int64_t t, int tile_rows, int tile_cols, int sub_rows, double seconds) {
  EnergyModel m;
  const double ts = tile_rows, tt = tile_cols, v = ts * tt;
  const double alpha = 4.25;  // 4 int arrays + 1 char array crossing a tile edge, in 4-byte units
  m.tile_joules =
      alpha * (ts + tt) * m.e_gs + (v + 5.0 * tt * ts / sub_rows) * m.e_sr + 5.0 * v * (m.e_iadd + m.e_imax);
  const double tiles = static_cast<double>(s) * static_cast<double>(t) / v;
  m.dynamic_joules = tiles * m.tile_joules;
  m.total_joules = m.p_stat * seconds + m.dynamic_joules;
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

nlohmann::json to_json(const EnergyModel& m) {
  return {{"tile_j", m.tile_joules},   {"dynamic_j", m.dynamic_joules},
          {"total_j", m.total_joules}, {"p_stat_w", m.p_stat},
          {"e_gs_j", m.e_gs},          {"e_sr_j", m.e_sr},
          {"e_iadd_j", m.e_iadd},      {"e_imax_j", m.e_imax}};
}

}  // namespace hpcs::sw
