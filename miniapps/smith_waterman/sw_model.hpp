// SPDX-License-Identifier: BSD-3-Clause
// The thesis' analytical models (Ranasinghe 2014, digest 000 sections 5-7), printed beside
// every run of a tiled variant.
//
// Off-chip volume in bytes, S x T table, t_S x t_T tiles, R = S/t_S rows of tiles:
//   traditional (Eq. 7):            V = 17 (t_S + t_T) S T / (t_S t_T)
//   multi-pass, write-back  (Eq. 8): V = 17 S + 17 S T / (t_S N_P)          (as printed)
//   multi-pass, write-through (Eq. 9): V = 17 S + (S T / t_S)(9 / N_P + 8)  (as printed)
//   multi-pass, per pass (correction): V = 17 S + 17 T N_P
// with P_h = rows of tiles resident at once (SMs x blocks per SM) and N_P = ceil(R / P_h).
// Eqs. 8/9 count the horizontal sequence once per *row of a pass* (T P_h per pass) where
// the text says once per *pass*; the correction counts it once per pass (digest 7.1).
//
// Energy (Ch. 4, Table 5.1 constants measured on a K20c):
//   E_tile = 4.25 (t_S + t_T) e_gs + (t_S t_T + 5 t_T t_S / s_S) e_sr + 5 t_S t_T (e_iadd + e_imax)
//   E = p_stat T_measured + N_tiles E_tile
#pragma once
#include <cstdint>

#include <nlohmann/json.hpp>

namespace hpcs::sw {

struct TrafficModel {
  double traditional = 0, multipass_wb_printed = 0, multipass_wt_printed = 0, multipass_per_pass = 0;
  std::int64_t passes = 0;  // N_P
  std::int64_t launches_traditional = 0;
};

struct EnergyModel {
  double p_stat = 48.0, e_gs = 2.2e-9, e_sr = 2.23e-10, e_iadd = 7.2e-11, e_imax = 4.8e-11;  // Table 5.1
  double tile_joules = 0;                                                                    // E_tile
  double dynamic_joules = 0;                                                                 // N_tiles E_tile
  double total_joules = 0;                                                                   // + p_stat T
};

TrafficModel traffic_model(std::int64_t s, std::int64_t t, int tile_rows, int tile_cols, std::int64_t resident_rows);
EnergyModel energy_model(std::int64_t s, std::int64_t t, int tile_rows, int tile_cols, int sub_rows, double seconds);
nlohmann::json to_json(const TrafficModel& m);
nlohmann::json to_json(const EnergyModel& m);

}  // namespace hpcs::sw
