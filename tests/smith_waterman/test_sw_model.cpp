// SPDX-License-Identifier: BSD-3-Clause
// The thesis' energy model (sw_model.hpp): Table 6.6's split of a tile at t_S = t_T = 1024,
// and Eq. 12's pass terms, by hand from the digest's formulas (digest 000 sections 7.3, 8.4).
#include <gtest/gtest.h>

#include "sw_model.hpp"

namespace hpcs::sw {
namespace {

TEST(SwEnergyModel, TileSplitReproducesTable66) {
  // Table 6.6, Smith-Waterman: E_gs 1.9e-5 J (2%), E_sr 4.6e-4 J (41%), E_ar 6.5e-4 J (57%);
  // the Ch. 4 model gives 1.91e-5, 3.80e-4 (s_S = 8) to 5.33e-4 (s_S = 4) and 6.29e-4.
  const EnergyModel m8 = energy_model(1 << 20, 1 << 20, 1024, 1024, 8, 1.0);
  EXPECT_NEAR(m8.tile_gs_joules, 4.25 * 2048 * 2.2e-9, 1e-12);
  EXPECT_NEAR(m8.tile_gs_joules, 1.9e-5, 0.05e-5);
  EXPECT_NEAR(m8.tile_ar_joules, 5.0 * 1048576 * (7.2e-11 + 4.8e-11), 1e-12);
  EXPECT_NEAR(m8.tile_ar_joules, 6.3e-4, 0.1e-4);
  EXPECT_NEAR(m8.tile_sr_joules, (1048576 + 5.0 * 1048576 / 8) * 2.23e-10, 1e-12);
  const EnergyModel m4 = energy_model(1 << 20, 1 << 20, 1024, 1024, 4, 1.0);
  EXPECT_LT(m8.tile_sr_joules, 4.6e-4);  // the table's value lies between s_S = 8 and 4
  EXPECT_GT(m4.tile_sr_joules, 4.6e-4);
  EXPECT_DOUBLE_EQ(m8.tile_joules, m8.tile_gs_joules + m8.tile_sr_joules + m8.tile_ar_joules);
  // 2^40 cells in 2^20 tiles; static power times the time on top.
  EXPECT_DOUBLE_EQ(m8.dynamic_joules, 1048576.0 * m8.tile_joules);
  EXPECT_DOUBLE_EQ(m8.total_joules, 48.0 + m8.dynamic_joules);
  EXPECT_EQ(m8.passes, 0);
  EXPECT_EQ(to_json(m8).count("multipass"), 0u);
}

TEST(SwEnergyModel, PassTermsOfEq12) {
  // S = 4096 rows, T = 2048 columns, 512 x 256 tiles, N_P = 2 passes: P_h = 4, P_w = 8.
  const EnergyModel m = energy_model(4096, 2048, 512, 256, 16, 0.5, 2);
  const double a = 4.25, e_gs = 2.2e-9;
  EXPECT_EQ(m.passes, 2);
  EXPECT_NEAR(m.pass_write_back.gs_joules, a * (2048 + 2048) * e_gs, 1e-15);
  EXPECT_NEAR(m.pass_write_back.ls_words, a * 2048 * 3, 1e-9);
  EXPECT_NEAR(m.pass_write_through.gs_joules, (a * 2048 + a / 2 * 2048 * 5) * e_gs, 1e-15);
  EXPECT_NEAR(m.pass_write_through.ls_words, a / 2 * 2048 * 3, 1e-9);
  EXPECT_NEAR(m.pass_write_back.sr_joules, 32 * m.tile_sr_joules, 1e-15);
  EXPECT_NEAR(m.pass_write_back.ar_joules, 32 * m.tile_ar_joules, 1e-15);
  EXPECT_DOUBLE_EQ(m.pass_write_back.joules(),
                   m.pass_write_back.gs_joules + m.pass_write_back.sr_joules + m.pass_write_back.ar_joules);
  // The passes' E_sr + E_ar cover every tile once: N_P passes x P_h P_w tiles = S T / (t_S t_T).
  EXPECT_NEAR(2 * (m.pass_write_back.sr_joules + m.pass_write_back.ar_joules), m.dynamic_joules - 64 * m.tile_gs_joules,
              1e-12);
  const nlohmann::json j = to_json(m);
  EXPECT_EQ(j["multipass"]["passes"], 2);
  EXPECT_DOUBLE_EQ(j["multipass"]["write_back"]["pass_j"].get<double>(), m.pass_write_back.joules());
}

}  // namespace
}  // namespace hpcs::sw
