// SPDX-License-Identifier: BSD-3-Clause
// The time/energy models against enumeration of our tiling and against hand arithmetic.
// CPU only. Calibration files and the sweep: test_jacobi_calibration.cpp.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <set>
#include <tuple>
#include <utility>

#include "hex_tiling.hpp"
#include "hpcs/base/error.hpp"
#include "jacobi_calibration.hpp"
#include "jacobi_model.hpp"
#include "jacobi_model3d.hpp"
#include "toy_calibration.hpp"

namespace hpcs::jacobi {
namespace {
using testing_support::toy;

// ---- geometry against enumeration ----------------------------------------------------------

// Hexagons that own at least one (t, x), found without HexTiling::tiles(): walk k until
// the hexagon's base lies past S + t_T (no row can reach back into [1, S]).
struct Owned {
  std::int64_t wavefronts = 0, widest = 0, hexagons = 0;
};
Owned enumerate_owned(const HexTiling& h) {
  Owned o;
  for (std::int64_t w = 0; w < h.wavefronts() + 2; ++w) {
    std::int64_t here = 0;
    for (std::int64_t k = 0; h.x0(w, k) <= h.S + h.t_T; ++k) {
      bool any = false;
      for (int r = 0; r < h.t_T; ++r) any = any || !h.row(w, k, r).empty();
      if (any) ++here;
    }
    if (here > 0) ++o.wavefronts;  // launches: an empty wavefront is none
    o.widest = std::max(o.widest, here);
    o.hexagons += here;
  }
  return o;
}

TEST(JacobiModel, WavefrontsTilesAndAreaMatchTheEnumeratedTiling) {
  const Calibration cal = toy();
  for (int t_T : {2, 4, 6, 10})
    for (int t_S : {1, 3, 8, 17})
      for (std::int64_t S : {1, 9, 64, 203})
        for (std::int64_t m : {1, 2, 5}) {
          const std::int64_t T = m * t_T;  // whole hexagon rows: every counted hexagon owns points
          SCOPED_TRACE(testing::Message() << "t_T=" << t_T << " t_S=" << t_S << " S=" << S << " T=" << T);
          const HexTiling h{t_T, t_S, S, T};
          const Owned o = enumerate_owned(h);
          const Prediction p = predict(Problem{1, S, 1}, T, Tuning{t_T, t_S, 1, 0}, Precision::Float32, cal);
          EXPECT_EQ(p.wavefronts, o.wavefronts);
          EXPECT_EQ(p.tiles_per_wavefront, o.widest);
          EXPECT_EQ(p.tiles, o.hexagons);
          EXPECT_LE(p.wavefronts, 2 * m + 1);  // A.3: about 2 T / t_T
          // V_tile: the area of an interior hexagon, row by row.
          const HexTiling big{t_T, t_S, 100000, 100 * t_T};
          std::int64_t area = 0;
          for (int r = 0; r < t_T; ++r) area += big.row(5, 3, r).size();
          EXPECT_EQ(p.v_tile, static_cast<double>(area));
        }
}

TEST(JacobiModel, SubPrismsMultiplyTheHexagonsIn2D) {
  const Calibration cal = toy();
  for (int t_S2 : {1, 4, 32})
    for (std::int64_t n2 : {1, 10, 100}) {
      const Problem p2{2, 64, n2};
      const Prediction q = predict(p2, 12, Tuning{4, 5, t_S2, 0}, Precision::Float32, cal);
      const Prediction q1 = predict(Problem{1, 64, 1}, 12, Tuning{4, 5, 1, 0}, Precision::Float32, cal);
      // Sub-prisms enumerated: those with a column in [1, n2] in some row.
      const SkewedColumns sc{t_S2, 4, n2};
      std::int64_t used = 0;
      for (std::int64_t s = 0; s < n2 + 8; ++s) {
        bool any = false;
        for (int r = 0; r < 4; ++r) any = any || !sc.columns(s, r).empty();
        used += any ? 1 : 0;
      }
      EXPECT_EQ(q.subprisms, used) << "t_S2=" << t_S2 << " n2=" << n2;
      EXPECT_EQ(q.tiles, q1.tiles * used);
      EXPECT_EQ(q.v_tile, t_S2 * q1.v_tile);
    }
}

// Global words one interior hexagon moves under the protocol of test_hex_schedule.cpp:
// an input (t-1, x) comes from the hexagon's own previous row when it computed it, else
// from global memory; a point is stored when leaves_tile() says so.
std::pair<std::int64_t, std::int64_t> walk_protocol_1d(const HexTiling& h, std::int64_t w, std::int64_t k) {
  std::int64_t reads = 0, writes = 0;
  for (int r = h.first_row(w); r <= h.last_row(w); ++r) {
    const Span s = h.row(w, k, r);
    const Span own = r > h.first_row(w) ? h.row(w, k, r - 1) : Span{};
    std::set<std::int64_t> inputs;
    for (std::int64_t x = s.lo; x <= s.hi; ++x)
      for (std::int64_t xx = x - 1; xx <= x + 1; ++xx) inputs.insert(xx);
    for (std::int64_t xx : inputs) reads += own.contains(xx) ? 0 : 1;
    for (std::int64_t x = s.lo; x <= s.hi; ++x) writes += h.leaves_tile(w, k, r, x) ? 1 : 0;
  }
  return {reads, writes};
}

TEST(JacobiModel, TransferWordsMatchTheProtocolOfAnInteriorHexagon) {
  const Calibration cal = toy();
  for (int t_T : {2, 4, 8, 16})
    for (int t_S : {1, 2, 5, 32}) {
      const HexTiling h{t_T, t_S, 100000, 50 * t_T};
      const auto [reads, writes] = walk_protocol_1d(h, 7, 4);
      EXPECT_EQ(reads, t_S + 2 * t_T);  // m_i (A.8)
      // m_o: 2 less than A.8 prints (digest 2.2), 3 less for t_S = 1 (ends that meet)
      EXPECT_EQ(writes, t_S + 2 * t_T - (t_S == 1 ? 3 : 2));
      const Problem p{1, 1000, 1};
      EXPECT_EQ(predict(p, 64, Tuning{t_T, t_S, 1, 0}, Precision::Float32, cal).m_io_words,
                static_cast<double>(reads + writes));
      EXPECT_EQ(predict(p, 64, Tuning{t_T, t_S, 1, 0}, Precision::Float64, cal).m_io_words,
                2.0 * static_cast<double>(reads + writes));
    }
}

constexpr std::pair<int, int> kFivePoint[] = {{0, 0}, {-1, 0}, {1, 0}, {0, -1}, {0, 1}};

// 2D: the prism of an interior hexagon over all n2 columns (every sub-prism of it); the five
// inputs of (i, j) at t-1 come from the prism's previous row when it computed them. Reads
// of the boundary columns 0 and n2+1 are left out, so the total is n2 columns' worth,
// i.e. n2 / t_S2 sub-prisms of m_io.
TEST(JacobiModel, TransferWordsMatchTheProtocolOfAnInteriorPrism) {
  const Calibration cal = toy();
  const std::int64_t n2 = 24;
  for (int t_T : {2, 6})
    for (int t_S1 : {1, 4}) {
      const HexTiling h{t_T, t_S1, 100000, 50 * t_T};
      const std::int64_t w = 9, k = 3;
      std::int64_t reads = 0, writes = 0;
      for (int r = h.first_row(w); r <= h.last_row(w); ++r) {
        const Span s = h.row(w, k, r);
        const Span own = r > h.first_row(w) ? h.row(w, k, r - 1) : Span{};
        const Span next = h.row(w, k, r + 1);
        std::set<std::pair<std::int64_t, std::int64_t>> inputs;
        for (std::int64_t i = s.lo; i <= s.hi; ++i)
          for (std::int64_t j = 1; j <= n2; ++j)
            for (const auto& [di, dj] : kFivePoint)
              if (j + dj >= 1 && j + dj <= n2) inputs.insert({i + di, j + dj});
        for (const auto& [i, j] : inputs) reads += own.contains(i) ? 0 : 1;
        for (std::int64_t i = s.lo; i <= s.hi; ++i)
          for (std::int64_t j = 1; j <= n2; ++j) {
            bool leaves = r == h.last_row(w);
            for (const auto& [di, dj] : kFivePoint)  // the consumers of (i, j) at t+1
              if (j + dj >= 1 && j + dj <= n2) leaves = leaves || !next.contains(i + di);
            writes += leaves ? 1 : 0;
          }
      }
      for (int t_S2 : {1, 4, 8}) {
        const Prediction q = predict(Problem{2, 1000, 1000}, 64, Tuning{t_T, t_S1, t_S2, 0}, Precision::Float32, cal);
        EXPECT_EQ(q.m_io_words * static_cast<double>(n2), static_cast<double>(t_S2 * (reads + writes)))
            << "t_T=" << t_T << " t_S1=" << t_S1 << " t_S2=" << t_S2;
      }
    }
}

// ---- formulas against hand arithmetic --------------------------------------------------------

// A prediction against one worked out by hand: counts exactly, footprints, times and
// energies to 12 significant digits, and a note (its text aside) where the hand one has one.
void expect_by_hand(const Prediction& got, const Prediction& want) {
  EXPECT_EQ(got.wavefronts, want.wavefronts);
  EXPECT_EQ(got.tiles_per_wavefront, want.tiles_per_wavefront);
  EXPECT_EQ(got.subprisms, want.subprisms);
  EXPECT_EQ(got.tiles, want.tiles);
  EXPECT_EQ(got.k, want.k);
  const std::pair<double Prediction::*, const char*> reals[] = {{&Prediction::m_io_words, "m_io_words"},
                                                                {&Prediction::m_tile_words, "m_tile_words"},
                                                                {&Prediction::v_tile, "v_tile"},
                                                                {&Prediction::t_transfer, "t_transfer"},
                                                                {&Prediction::t_compute, "t_compute"},
                                                                {&Prediction::t_tile, "t_tile"},
                                                                {&Prediction::time, "time"},
                                                                {&Prediction::time_as_printed, "time_as_printed"},
                                                                {&Prediction::time_ideal, "time_ideal"},
                                                                {&Prediction::energy_static, "energy_static"},
                                                                {&Prediction::energy_dynamic, "energy_dynamic"},
                                                                {&Prediction::energy, "energy"}};
  for (const auto& [field, name] : reals) EXPECT_NEAR(got.*field, want.*field, 1e-12 * std::fabs(want.*field)) << name;
  EXPECT_EQ(got.note.empty(), want.note.empty()) << got.note;
}

TEST(JacobiModel, OneDimensionalCaseByHand) {
  // S = 20, T = 8, t_T = 4, t_S = 3, float32, toy calibration.
  // half = 2, w_tile = 5, pitch = 8; N_w = (8-1)/2 + 2 = 5; offsets 0 and t_S + half - 1 = 4,
  // w = (20 + 0 - offset)/8 + 1 = 3 for both colours -> N_tiles = 15.
  // m_io = (3 + 8) + (3 + 8 - 2) = 20 words; M_tile = 2 (3 + 4) = 14 words = 56 bytes;
  // k = min(floor(1024 / 56) = 18, MTB_SM = 8) = 8; V_tile = 2 (6 + 4 - 2) = 16.
  // m' = 20 * 1e-9 + 2 * 1e-8 = 4e-8.
  // c = 2 * 2e-9 * (ceil(3/4) + ceil(5/4) = 3) + 4 * 1e-8 = 1.2e-8 + 4e-8 = 5.2e-8.
  // T_tile(8) = 4e-8 + 5.2e-8 + 7 * 5.2e-8 = 4.56e-7; as printed (A.2), ceil(3 / (8 * 2)) = 1
  // per wavefront: 5 * (4.56e-7 + 1e-6) = 7.28e-6. But 3 tiles on 2 SMs put at most
  // ceil(3/2) = 2 on one: T_tile(2) = 4e-8 + 5.2e-8 + 5.2e-8 = 1.44e-7, ceil(3 / (2 * 2)) = 1:
  // T_alg = 5 * (1.44e-7 + 1e-6) = 5.72e-6. T_ideal = 2e-9 * 20 * 8 / (2 * 4) = 4e-8.
  // E_tile = 1e-9 * 20 + 4 * 1e-10 * 16 + (2 * 1e-11 + 2e-11) * 16 = 2.704e-8;
  // E_dyn = 15 * 2.704e-8 = 4.056e-7; E_stat = 10 W * 5.72e-6 s = 5.72e-5.
  // Prediction{N_w, w, N_sp, N_tiles, m_io, M_tile, V_tile, k, m', c, T_tile, T_alg,
  //            as printed, T_ideal, E_stat, E_dyn, E, note}
  expect_by_hand(predict(Problem{1, 20, 1}, 8, Tuning{4, 3, 1, 0}, Precision::Float32, toy()),
                 Prediction{5, 3, 1, 15, 20, 14, 16, 8, 4e-8, 5.2e-8, 4.56e-7, 5.72e-6, 7.28e-6, 4e-8, 5.72e-5,
                            4.056e-7, 5.72e-5 + 4.056e-7, ""});
  // k = 1 (A.11): T_tile = 9.2e-8; ceil(3 / 2) = 2 tiles on the busiest SM:
  // T_alg = 5 * (2 * 9.2e-8 + 1e-6) = 5.92e-6. A measured time replaces T_alg in E_stat.
  const Prediction q = predict(Problem{1, 20, 1}, 8, Tuning{4, 3, 1, 0}, Precision::Float32, toy(), 1, 1e-3);
  EXPECT_NEAR(q.t_tile, 9.2e-8, 1e-20);
  EXPECT_NEAR(q.time, 5.92e-6, 1e-18);
  EXPECT_NEAR(q.time_as_printed, 5.92e-6, 1e-18);
  EXPECT_NEAR(q.energy_static, 1e-2, 1e-15);
}

TEST(JacobiModel, TwoDimensionalCaseByHand) {
  // S1 = 20, S2 = 10, T = 8, t_T = 4, t_S1 = 3, t_S2 = 4, float64, k = 2 given.
  // Hexagons as in 1D: 15; N_sp = ceil((10 + 4 - 1) / 4) = 4 -> N_tiles = 60.
  // m_io = 4 (11 + 9) = 80 values = 160 words; M_tile (A.20) = 2 (3+4+1)(4+4+1) = 144
  // values = 288 words = 1152 bytes > 512 a block may use (noted).
  // V_tile = 4 * 2 * (6 + 4 - 2) = 64. m' = 160e-9 + 2e-8 = 1.8e-7.
  // c = 2 * 6e-9 * (ceil(3*4/4) + ceil(5*4/4) = 8) + 4e-8 = 1.36e-7.
  // T_prism(2) = 1.8e-7 + 2 * max(1.8e-7, 1.36e-7) * 4 = 1.62e-6; ceil(3 / 4) = 1 (and
  // ceil(3 / 2) = 2 = k prisms do fit on the busiest SM, so as printed = refined):
  // T_alg = 5 * (1.62e-6 + 1e-6) = 1.31e-5. T_ideal = 6e-9 * 200 * 8 / 8 = 1.2e-6.
  // E_tile = 1e-9 * 160 + 6 * 2 * 1e-10 * 64 + (4 * 3e-11 + 4e-11) * 64 = 2.4704e-7;
  // E_dyn = 60 * 2.4704e-7 = 1.48224e-5; E_stat = 10 W * 1.31e-5 s = 1.31e-4.
  const Problem p2{2, 20, 10};
  expect_by_hand(predict(p2, 8, Tuning{4, 3, 4, 0}, Precision::Float64, toy(), 2),
                 Prediction{5, 3, 4, 60, 160, 288, 64, 2, 1.8e-7, 1.36e-7, 1.62e-6, 1.31e-5, 1.31e-5, 1.2e-6, 1.31e-4,
                            1.48224e-5, 1.31e-4 + 1.48224e-5, "the tile exceeds a block's shared memory"});
  // k = 1 (A.17): T_prism = (1.8e-7 + 1.36e-7) * 4 = 1.264e-6; ceil(3 / 2) = 2:
  // T_alg = 5 * (2 * 1.264e-6 + 1e-6) = 1.764e-5.
  const Prediction q = predict(p2, 8, Tuning{4, 3, 4, 0}, Precision::Float64, toy(), 1);
  EXPECT_NEAR(q.t_tile, 1.264e-6, 1e-18);
  EXPECT_NEAR(q.time, 1.764e-5, 1e-17);
}

TEST(JacobiModel, KFollowsSharedMemoryAndBlockLimits) {
  Calibration c = toy();
  const Problem p{1, 1000, 1};
  // 1D t_T = 4, t_S = 3: M_tile = 14 words = 56 bytes; 1024 / 56 = 18.3.
  EXPECT_EQ(predict(p, 8, Tuning{4, 3, 1, 0}, Precision::Float32, c).k, 8);  // MTB_SM = 8 binds
  c.mtb_sm = 32;
  EXPECT_EQ(predict(p, 8, Tuning{4, 3, 1, 0}, Precision::Float32, c).k, 18);  // floor(M_SM / M_tile)
  EXPECT_EQ(predict(p, 8, Tuning{4, 3, 1, 0}, Precision::Float64, c).k, 9);   // 112 bytes
  // t_S = 200, t_T = 100: 2 * 300 * 4 = 2400 bytes > M_SM: still one tile (k >= 1), noted.
  const Prediction big = predict(p, 8, Tuning{100, 200, 1, 0}, Precision::Float32, c);
  EXPECT_EQ(big.k, 1);
  EXPECT_FALSE(big.note.empty());
  // A k the variant reports wins over A.12.
  EXPECT_EQ(predict(p, 8, Tuning{4, 3, 1, 0}, Precision::Float32, c, 3).k, 3);
}

TEST(JacobiModel, MoreWorkTakesMoreTimeAndEnergy) {
  const Calibration c = toy();
  for (int dims : {1, 2}) {
    const Problem p{dims, 500, dims == 2 ? 300 : 1};
    const Tuning t{8, 16, 32, 0};
    double last_t = 0, last_e = 0;
    for (std::int64_t steps : {8, 16, 64, 256, 1024}) {
      const Prediction q = predict(p, steps, t, Precision::Float32, c, 2);
      EXPECT_GT(q.time, last_t) << "dims=" << dims << " steps=" << steps;
      EXPECT_GT(q.energy, last_e);
      EXPECT_GE(q.time, q.time_ideal);  // the busiest SM does at least its share
      last_t = q.time;
      last_e = q.energy;
    }
    const Problem bigger{dims, 5000, dims == 2 ? 3000 : 1};
    EXPECT_GT(predict(bigger, 64, t, Precision::Float32, c, 2).time, predict(p, 64, t, Precision::Float32, c, 2).time);
  }
}

TEST(JacobiModel, RejectsBadTilesAndStepsWithTheReason) {
  const Calibration c = toy();
  try {
    predict(Problem{1, 100, 1}, 8, Tuning{3, 4, 1, 0}, Precision::Float32, c);
    FAIL() << "odd t_T accepted";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("t_T = 3"), std::string::npos) << e.what();
  }
  EXPECT_THROW(predict(Problem{1, 100, 1}, -1, Tuning{4, 4, 1, 0}, Precision::Float32, c), Error);
  EXPECT_THROW(predict(Problem{1, 100, 1}, 8, Tuning{4, 4, 1, 0}, Precision::Float32, Calibration{}), Error);
}

// The calibration measures Jacobi's C_iter only: the other 2D stencils scale it by the
// thesis' GTX 980 ratios (Table A.4) and price their own adds and multiplies, and say so.
TEST(JacobiModel, OtherStencilsScaleJacobisCiterByTheThesisRatios) {
  const Calibration c = toy();
  const Tuning t{4, 3, 4, 0};
  Problem p{2, 20, 10};
  const Prediction jacobi = predict(p, 8, t, Precision::Float32, c, 2);
  EXPECT_EQ(jacobi.c_iter, c.c_iter_2d);
  EXPECT_EQ(jacobi.c_iter_source, "calibration");
  EXPECT_EQ(jacobi.note.find("C_iter"), std::string::npos);
  const struct {
    Stencil s;
    double ratio;
    int adds, muls;
  } cases[] = {{Stencil::Heat, 3.68 / 3.39, 6, 3},
               {Stencil::Laplacian, 3.11 / 3.39, 4, 2},
               {Stencil::Gradient, 6.09 / 3.39, 9, 4}};
  for (const auto& k : cases) {
    p.stencil = k.s;
    const Prediction q = predict(p, 8, t, Precision::Float32, c, 2);
    SCOPED_TRACE(to_string(k.s));
    EXPECT_DOUBLE_EQ(q.c_iter, c.c_iter_2d * k.ratio);
    EXPECT_DOUBLE_EQ(q.c_iter_scale, k.ratio);
    EXPECT_NE(q.c_iter_source.find("thesis Table A.4, GTX 980: " + to_string(k.s)), std::string::npos);
    EXPECT_NE(q.note.find("C_iter scaled from Jacobi"), std::string::npos);
    // c = 2 C_iter (ceil(3*4/4) + ceil(5*4/4) = 8) + t_T T_sync (TwoDimensionalCaseByHand)
    EXPECT_NEAR(q.t_compute, 2 * q.c_iter * 8 + 4e-8, 1e-20);
    // E_tile's iteration part: (adds e_fadd + muls e_fmul) V_tile (64) over 60 tiles, beside Jacobi's 4 + 1
    EXPECT_NEAR(q.energy_dynamic - jacobi.energy_dynamic, 60 * 64 * ((k.adds - 4) * c.e_fadd + (k.muls - 1) * c.e_fmul),
                1e-18);
    EXPECT_EQ(q.tiles, jacobi.tiles);  // the geometry is the stencil's radius only
  }
  EXPECT_GT(predict(p, 8, t, Precision::Float32, c, 2).time, jacobi.time);  // gradient's C_iter is 1.8x
}

// A calibration that measured a stencil's own C_iter (jacobi_calibrate, on Jacobi 2D's tile
// configurations) gives it to the model unscaled, per precision; the others keep the ratio.
TEST(JacobiModel, AStencilsMeasuredCiterReplacesTheRatio) {
  Calibration c = toy();
  c.c_iter_heat2d = 5e-9, c.c_iter_heat2d_f64 = 7e-9;
  const Tuning t{4, 3, 4, 0};
  Problem p{2, 20, 10};
  p.stencil = Stencil::Heat;
  const Prediction f32 = predict(p, 8, t, Precision::Float32, c, 2);
  EXPECT_DOUBLE_EQ(f32.c_iter, 5e-9);
  EXPECT_DOUBLE_EQ(f32.c_iter_scale, 1.0);
  EXPECT_EQ(f32.c_iter_source, "calibration (heat 2D, measured)");
  EXPECT_EQ(f32.note.find("C_iter scaled"), std::string::npos) << f32.note;
  EXPECT_NEAR(f32.t_compute, 2 * 5e-9 * 8 + 4e-8, 1e-20);
  EXPECT_DOUBLE_EQ(predict(p, 8, t, Precision::Float64, c, 2).c_iter, 7e-9);
  p.stencil = Stencil::Laplacian;  // not measured in this file: scaled, and said so
  const Prediction lap = predict(p, 8, t, Precision::Float32, c, 2);
  EXPECT_DOUBLE_EQ(lap.c_iter, c.c_iter_2d * 3.11 / 3.39);
  EXPECT_NE(lap.note.find("C_iter scaled from Jacobi"), std::string::npos);
  p.stencil = Stencil::Jacobi;  // Jacobi's own is c_iter_2d whatever else the file has
  EXPECT_EQ(predict(p, 8, t, Precision::Float32, c, 2).c_iter, c.c_iter_2d);
}

// 3D runs (HHC slabs): predict() is predict_slabs() with the calibration's constants and the
// stencil's own 3D C_iter; float64 moves 2 words per value. Without the stencil's 3D key there
// is no prediction (model_lacks names the key; predict throws): no 2D value stands in.
TEST(JacobiModel, ThreeDimensionalRunsUseTheSlabModelAndTheirOwnCiter) {
  Calibration c = toy();
  Problem p{3, 12, 6};
  p.n3 = 10;
  p.stencil = Stencil::Heat;
  Tuning t{4, 3, 2, 0};
  t.t_S3 = 5;
  EXPECT_EQ(model_lacks(p, Precision::Float32, c).value_or(""),
            "the 3D prediction needs c_iter_heat3d (C_iter of heat 3D, float32) in the calibration file, which "
            "lacks it");
  EXPECT_THROW(predict(p, 6, t, Precision::Float32, c), hpcs::Error);
  c.c_iter_heat3d = 5e-9, c.c_iter_heat3d_f64 = 7e-9;
  EXPECT_FALSE(model_lacks(p, Precision::Float32, c));
  EXPECT_TRUE(model_lacks(p, Precision::Float64, c) == std::nullopt);
  p.stencil = Stencil::Jacobi;  // another 3D stencil still needs its own key
  EXPECT_NE(model_lacks(p, Precision::Float32, c).value_or("").find("c_iter_jacobi3d"), std::string::npos);
  p.stencil = Stencil::Heat;
  SlabMachine m;
  m.n_sm = c.n_sm, m.n_v = c.n_v, m.mtb_sm = c.mtb_sm, m.m_sm_bytes = c.m_sm_bytes, m.l_word = c.l_word;
  m.t_sync = c.t_sync, m.t_launch = c.t_launch, m.c_iter = 5e-9;
  const SlabTile slab{4, 3, 2, 5};
  const Prediction q = predict(p, 6, t, Precision::Float32, c, 2);
  const SlabPrediction want = predict_slabs(12, 6, 10, 6, slab, m, 2);
  EXPECT_DOUBLE_EQ(q.time, want.time);
  EXPECT_EQ(q.k, 2);
  EXPECT_EQ(q.wavefronts, want.wavefronts);
  EXPECT_EQ(q.subprisms, want.subslabs);
  EXPECT_DOUBLE_EQ(q.c_iter, 5e-9);
  EXPECT_EQ(q.c_iter_source, "calibration (heat 3D, measured)");
  EXPECT_TRUE(std::isnan(q.energy));  // no 3D energy model
  EXPECT_NE(q.note.find("3D: HHC slab model"), std::string::npos) << q.note;
  // float64: L per value doubles, the shared memory holds half the values, C_iter the f64 key.
  m.l_word *= 2, m.m_sm_bytes /= 2, m.c_iter = 7e-9;
  EXPECT_DOUBLE_EQ(predict(p, 6, t, Precision::Float64, c).time, predict_slabs(12, 6, 10, 6, slab, m).time);
  // 2D and 1D never need a 3D key.
  EXPECT_FALSE(model_lacks(Problem{2, 20, 10}, Precision::Float32, toy()));
}

// --slab-split [ours] (jacobi_model3d.hpp, SlabSplit): a machine whose blocks each own an SM
// (k = 1, SMs to spare), so a wavefront's time is its critical path.
SlabMachine split_machine(int n_sm) {
  SlabMachine m;
  m.n_sm = n_sm, m.n_v = 32, m.mtb_sm = 1, m.m_sm_bytes = 1e9;
  m.l_word = 1e-9, m.t_sync = 1e-7, m.t_launch = 1e-6, m.c_iter = 1e-8;
  return m;
}

SlabTile split_tile(int split) { return {2, 2, 2, 4, split}; }

TEST(JacobiModel, SlabSplitOneIsTheUnsplitSlab) {
  const SlabMachine m = split_machine(100);
  const SlabPrediction plain = predict_slabs(10, 6, 5, 4, SlabTile{2, 2, 2, 4}, m);
  const SlabPrediction one = predict_slabs(10, 6, 5, 4, split_tile(1), m);
  EXPECT_EQ(one.time, plain.time);  // bit for bit
  EXPECT_EQ(one.time_as_printed, plain.time_as_printed);
  EXPECT_EQ(one.t_slab, plain.t_slab);
  EXPECT_EQ(one.split.groups, 1);
  EXPECT_EQ(one.split.fill, 0);
  EXPECT_EQ(one.split.serial, one.subslabs);
  EXPECT_EQ(one.blocks_per_wavefront, one.tiles_per_wavefront);
}

// The kernels' groups (SlabGroups): ceil(4 / 3) = 2 rows leave 2 groups; N past the rows clamps.
TEST(JacobiModel, SlabSplitGroupsAreTheKernels) {
  // S2: ceil((6 + 2 - 1) / 2) = 4 sub-slab rows; S3: ceil((5 + 2 - 1) / 4) = 2.
  for (const auto& [n, rows, groups] : {std::tuple{1, 4, 1}, {2, 2, 2}, {3, 2, 2}, {4, 1, 4}, {64, 1, 4}}) {
    const SlabSplit s = slab_split_of(6, 5, split_tile(n));
    EXPECT_EQ(s.rows, rows) << n;
    EXPECT_EQ(s.groups, groups) << n;
    EXPECT_EQ(s.serial, rows * 2) << n;
    EXPECT_EQ(s.fill, (groups - 1) * rows) << n;
  }
  EXPECT_EQ(predict_slabs(10, 6, 5, 4, split_tile(64), split_machine(100)).time,
            predict_slabs(10, 6, 5, 4, split_tile(4), split_machine(100)).time);
}

// By hand, tile 2/2/2/4 split 2 on 10 x 6 x 5: m_i = 8 (2 + 4) = 48 words, m_o = 8 (2 + 4 - 2)
// = 32, m' = 80 ns + 2 T_sync = 280 ns; c = 2 C_iter ceil(2 * 8 / 32) + 2 T_sync = 220 ns;
// k = 1: a sub-slab costs 500 ns. Each block walks R n_3 = 2 x 2 = 4 sub-slabs (2 us of
// work), the last group after a fill of (2 - 1) 2 = 2: a path of 3 us, + T_sync' = 4 us a
// wavefront (unsplit: 8 sub-slabs, 5 us).
TEST(JacobiModel, SlabSplitByHand) {
  const SlabMachine m = split_machine(100);
  const SlabPrediction p = predict_slabs(10, 6, 5, 4, split_tile(2), m, 1);
  EXPECT_DOUBLE_EQ(p.t_transfer, 280e-9);
  EXPECT_DOUBLE_EQ(p.t_compute, 220e-9);
  EXPECT_EQ(p.split.serial, 4);
  EXPECT_EQ(p.split.fill, 2);
  EXPECT_EQ(p.blocks_per_wavefront, 2 * p.tiles_per_wavefront);
  ASSERT_GT(p.wavefronts, 0);
  EXPECT_NEAR(p.time, static_cast<double>(p.wavefronts) * 4e-6, 1e-15);
  EXPECT_DOUBLE_EQ(p.t_slab, 4 * 500e-9);
  const SlabPrediction u = predict_slabs(10, 6, 5, 4, split_tile(1), m, 1);
  EXPECT_NEAR(u.time, static_cast<double>(u.wavefronts) * 5e-6, 1e-15);
  EXPECT_EQ(p.time_as_printed, u.time_as_printed);  // A.31 as printed knows no split
}

// With SMs to spare, more groups never cost time (R (n_3 + G - 1) sub-slabs on the critical
// path shrinks) and use more blocks; on one SM every block queues, so a split gains nothing:
// the same work in more, shorter blocks.
TEST(JacobiModel, SlabSplitIsMonotoneOnAnIdleMachineAndGainsNothingOnAFullOne) {
  double last = std::numeric_limits<double>::infinity();
  std::int64_t blocks = 0;
  for (int n : {1, 2, 3, 4}) {
    const SlabPrediction p = predict_slabs(10, 6, 5, 4, split_tile(n), split_machine(100));
    EXPECT_LE(p.time, last) << n;
    EXPECT_GE(p.blocks_per_wavefront, blocks) << n;
    EXPECT_LE(p.split.serial, p.subslabs) << n;
    last = p.time, blocks = p.blocks_per_wavefront;
  }
  EXPECT_LT(last, predict_slabs(10, 6, 5, 4, split_tile(1), split_machine(100)).time);
  const SlabPrediction one = predict_slabs(10, 6, 5, 4, split_tile(1), split_machine(1));
  EXPECT_NEAR(predict_slabs(10, 6, 5, 4, split_tile(4), split_machine(1)).time, one.time, 1e-12 * one.time);
}

// predict() hands Tuning::slab_split to the slab model.
TEST(JacobiModel, ThreeDimensionalPredictionsFollowTheSlabSplit) {
  Calibration c = toy();
  c.c_iter_heat3d = 5e-9;
  Problem p{3, 12, 6};
  p.n3 = 10;
  p.stencil = Stencil::Heat;
  Tuning t{4, 3, 2, 0};
  t.t_S3 = 5;
  t.slab_split = 2;
  SlabMachine m;
  m.n_sm = c.n_sm, m.n_v = c.n_v, m.mtb_sm = c.mtb_sm, m.m_sm_bytes = c.m_sm_bytes, m.l_word = c.l_word;
  m.t_sync = c.t_sync, m.t_launch = c.t_launch, m.c_iter = 5e-9;
  const Prediction q = predict(p, 6, t, Precision::Float32, c, 1);
  EXPECT_DOUBLE_EQ(q.time, predict_slabs(12, 6, 10, 6, SlabTile{4, 3, 2, 5, 2}, m, 1).time);
  EXPECT_NE(q.time, predict_slabs(12, 6, 10, 6, SlabTile{4, 3, 2, 5}, m, 1).time);
  EXPECT_NE(q.note.find("--slab-split: 2 groups"), std::string::npos) << q.note;
}

TEST(JacobiModel, UnmeasuredEnergyConstantsGiveNullEnergy) {
  Calibration c = toy();
  c.e_gs = std::numeric_limits<double>::quiet_NaN();
  const Prediction q = predict(Problem{1, 100, 1}, 8, Tuning{4, 4, 1, 0}, Precision::Float32, c);
  EXPECT_TRUE(std::isnan(q.energy));
  EXPECT_TRUE(q.to_json()["energy_j"].is_null());
  EXPECT_GT(q.to_json()["time_s"].get<double>(), 0);
}

}  // namespace
}  // namespace hpcs::jacobi
