// SPDX-License-Identifier: BSD-3-Clause
// cuda/tiled's thread-block code (jacobi_hex1d_block.hpp, jacobi_hhc2d_block.hpp) run on the CPU by the
// block emulator, which checks shared/global races, copies in flight and reads of unset
// shared slots; the result must equal the reference bit for bit. The CUDA variants
// themselves: test_jacobi_cuda_gpu.cpp.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include "block_emulator.hpp"
#include "jacobi_hex1d_block.hpp"
#include "jacobi_hhc2d_block.hpp"
#include "jacobi_hhc2d_fast_block.hpp"
#include "hpcs/base/error.hpp"
#include "jacobi_test_grids.hpp"
#include "jacobi_reference.hpp"
#include "jacobi_variants.hpp"

namespace hpcs::jacobi {
namespace {

using blocks::Hex1dBlock;
using blocks::Hex1dParams;
using blocks::Hhc2dBlock;
using blocks::Hhc2dParams;

// The second buffer starts with NaN in the interior, so reading a level that was never
// written there shows in the result.
template <class Real>
std::vector<Real> poisoned(const Problem& p, std::vector<Real> g) {
  const std::int64_t c = p.cols();
  for (std::int64_t i = 1; i <= p.n1; ++i)
    for (std::int64_t j = (p.dims == 1 ? 0 : 1); j <= (p.dims == 1 ? 0 : p.n2); ++j)
      g[static_cast<std::size_t>(i * c + j)] = std::numeric_limits<Real>::quiet_NaN();
  return g;
}

template <class Real>
std::vector<Real> emulate_1d(const std::vector<Real>& init, std::int64_t S, std::int64_t T, int t_T, int t_S,
                             int threads, emu::Checker& chk) {
  const Problem p{1, S, 1};
  emu::GlobalGrid<Real> g0(init), g1(poisoned(p, init));
  emu::World<Real> world{{&g0, &g1}, p.rows(), 1, 0, 0, &chk};
  Hex1dParams<Real> prm;
  prm.g[0] = g0.v.data();
  prm.g[1] = g1.v.data();
  prm.h = HexTiling{t_T, t_S, S, T};
  prm.threads = threads;
  prm.nr = prm.h.w_tile() + 2;
  const auto nr = static_cast<std::size_t>(prm.nr);
  for (std::int64_t w = 0; w < prm.h.wavefronts(); ++w) {
    world.wave = w;
    for (std::int64_t k = 0; k < prm.h.tiles(w); ++k) {
      emu::BlockMem<Real> m(world, static_cast<int>(k), t_T + 1, {nr, nr});
      Hex1dBlock<Real, emu::BlockMem<Real>> b(prm, m, w, k);
      emu::run_block<Real>(b, m, threads);
    }
  }
  return (T % 2 ? g1 : g0).v;
}

template <class Real, int kS2 = 0, int kT = 0, class St = Jacobi2D>
std::vector<Real> emulate_2d(const std::vector<Real>& init, const Problem& p, std::int64_t T, const Tuning& t,
                             int round, emu::Checker& chk) {
  emu::GlobalGrid<Real> g0(init), g1(poisoned(p, init));
  emu::World<Real> world{{&g0, &g1}, p.rows(), p.cols(), 0, 0, &chk};
  Hhc2dParams<Real> prm = blocks::hhc2d_params(p, t, T, g0.v.data(), g1.v.data(), round);
  const auto a = static_cast<std::size_t>(prm.nr * prm.rs);
  for (std::int64_t w = 0; w < prm.h.wavefronts(); ++w) {
    world.wave = w;
    prm.init_row0 = blocks::hhc_init_row0(prm.h, w);
    const auto b = static_cast<std::size_t>((w == 0 ? prm.nr : t.t_S1 + 2) * prm.rsi);
    for (std::int64_t k = 0; k < prm.h.tiles(w); ++k) {
      emu::BlockMem<Real> m(world, static_cast<int>(k), t.t_T + 1, {a, a, b});
      emu::run_block_per_thread<Real>(
          [&](int tid) { return Hhc2dBlock<Real, emu::BlockMem<Real>, kS2, kT, St>(prm, m, w, k, tid); }, m, t.threads);
    }
  }
  return (T % 2 ? g1 : g0).v;
}

// As the fixed-shape kernel runs it: interior hexagons with Hhc2dFastBlock (shape
// t_S2 x t_T x t_S1 compiled in, kRound the period rounding), the others with the generic
// block (the fixed-shape one when the rounding is the GPU's). `fast` counts the hexagons
// the fast block ran [0] without and [1] with the Edge checks, so a test can require both.
template <class Real, int kS2, int kT, int kS1, int kRound>
std::vector<Real> emulate_2d_fast(const std::vector<Real>& init, const Problem& p, std::int64_t T, int threads,
                                  emu::Checker& chk, long (&fast)[2]) {
  using Fast = blocks::Hhc2dFastBlock<Real, emu::BlockMem<Real>, kS2, kT, kS1, kRound>;
  constexpr int gS2 = kRound == blocks::kRoundFixed ? kS2 : 0, gT = kRound == blocks::kRoundFixed ? kT : 0;
  emu::GlobalGrid<Real> g0(init), g1(poisoned(p, init));
  emu::World<Real> world{{&g0, &g1}, p.rows(), p.cols(), 0, 0, &chk};
  const Tuning t{kT, kS1, kS2, threads};
  Hhc2dParams<Real> prm = blocks::hhc2d_params(p, t, T, g0.v.data(), g1.v.data(), kRound);
  const auto a = static_cast<std::size_t>(prm.nr * prm.rs);
  for (std::int64_t w = 0; w < prm.h.wavefronts(); ++w) {
    world.wave = w;
    prm.init_row0 = blocks::hhc_init_row0(prm.h, w);
    const auto b = static_cast<std::size_t>((w == 0 ? prm.nr : kS1 + 2) * prm.rsi);
    for (std::int64_t k = 0; k < prm.h.tiles(w); ++k) {
      if (Fast::applies(prm.h, w)) {
        emu::BlockMem<Real> m(world, static_cast<int>(k), 0, {Fast::elems(0), Fast::elems(1), Fast::elems(2)});
        ++fast[Fast(prm, m, w, k, 0).edge() ? 1 : 0];
        emu::run_block_per_thread<Real>([&](int tid) { return Fast(prm, m, w, k, tid); }, m, threads);
      } else {
        emu::BlockMem<Real> m(world, static_cast<int>(k), kT + 1, {a, a, b});
        emu::run_block_per_thread<Real>(
            [&](int tid) { return Hhc2dBlock<Real, emu::BlockMem<Real>, gS2, gT>(prm, m, w, k, tid); }, m, threads);
      }
    }
  }
  return (T % 2 ? g1 : g0).v;
}

// Returns the hexagons the fast block ran without / with the Edge checks.
template <class Real, int kS2, int kT, int kS1, int kRound = blocks::kRoundFixed>
std::array<long, 2> check_fast_block(const Problem& p, std::int64_t T) {
  SCOPED_TRACE(testing::Message() << "fast t_S2=" << kS2 << " t_T=" << kT << " t_S1=" << kS1 << " round=" << kRound
                                  << " n1=" << p.n1 << " n2=" << p.n2 << " T=" << T);
  const auto init = random_grid<Real>(p, static_cast<std::uint64_t>(p.n1 * 7 + p.n2 * 3 + T));
  emu::Checker chk;
  long fast[2] = {0, 0};
  const auto got = emulate_2d_fast<Real, kS2, kT, kS1, kRound>(init, p, T, kS2, chk, fast);
  EXPECT_EQ(chk.errors, 0) << chk.first_error;
  EXPECT_EQ(got, reference_run(p, init, T));
  return {fast[0], fast[1]};
}

TEST(FastMod, MatchesTheRemainder) {
  for (int P = 1; P < 1200; P += (P < 80 ? 1 : 7))
    for (int a = -3000; a < 300000; a += (a < 5000 ? 1 : 97)) {
      const int want = ((a % P) + P) % P;
      ASSERT_EQ(blocks::fast_mod(a, P, 1.0f / static_cast<float>(P)), want) << "a=" << a << " P=" << P;
    }
}

TEST(HexRows, LeaveThresholdsMatchLeavesTile) {
  for (int t_T : {2, 4, 8})
    for (int t_S : {1, 3, 6})
      for (std::int64_t S : {1, 4, 17, 50})
        for (std::int64_t T : {1, 3, 8, 13}) {
          const HexTiling h{t_T, t_S, S, T};
          for (std::int64_t w = 0; w < h.wavefronts(); ++w)
            for (std::int64_t k = 0; k < h.tiles(w); ++k) {
              const std::int64_t origin = h.x0(w, k) - h.half();
              for (int r = 0; r < t_T; ++r) {
                const blocks::RowInfo ri = blocks::row_info(h, w, k, r, origin);
                const Span s = h.row(w, k, r);
                for (std::int64_t x = s.lo; x <= s.hi; ++x) {
                  const int lx = static_cast<int>(x - origin);
                  ASSERT_EQ(lx < ri.wl || lx > ri.wh, h.leaves_tile(w, k, r, x))
                      << "t_T=" << t_T << " t_S=" << t_S << " S=" << S << " T=" << T << " w=" << w << " k=" << k
                      << " r=" << r << " x=" << x;
                }
              }
            }
        }
}

TEST(Hex1dBlockEmulated, EqualsReferenceWithoutRaces) {
  int runs = 0;
  for (int t_T : {2, 4, 6, 10})
    for (int t_S : {1, 2, 5, 9})
      for (std::int64_t S : {1, 2, 7, 30, 77})
        for (std::int64_t T : {0, 1, 2, 5, 11, 20})
          for (int threads : {1, 3, 32}) {
            SCOPED_TRACE(testing::Message()
                         << "t_T=" << t_T << " t_S=" << t_S << " S=" << S << " T=" << T << " threads=" << threads);
            const Problem p{1, S, 1};
            const auto init = random_grid<double>(p, static_cast<std::uint64_t>(S * 131 + T));
            emu::Checker chk;
            const auto got = emulate_1d(init, S, T, t_T, t_S, threads, chk);
            ASSERT_EQ(chk.errors, 0) << chk.first_error;
            ASSERT_EQ(got, reference_run(p, init, T));
            ++runs;
          }
  EXPECT_GT(runs, 0);
}

// Random shapes and tiles (fixed seed, so failures reproduce), tight circular buffers
// (round 1) and the GPU's (round 32), float and double.
template <class Real, class St = Jacobi2D>
void check_2d_emulated(int configs, int round, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  auto pick = [&](std::initializer_list<int> v) { return *(v.begin() + rng() % v.size()); };
  for (int c = 0; c < configs; ++c) {
    Tuning t;
    t.t_T = pick({2, 4, 6, 8, 12});
    t.t_S1 = pick({1, 2, 3, 5, 8});
    t.t_S2 = pick({1, 2, 3, 4, 7, 16});
    t.threads = t.t_S2 * pick({1, 2, 3});
    const Problem p{2, pick({1, 2, 3, 9, 23, 40}), pick({1, 2, 5, 17, 33, 50}), St::id};
    const std::int64_t T = pick({0, 1, 2, 3, 5, 9, 14});
    SCOPED_TRACE(testing::Message() << "config " << c << ": n1=" << p.n1 << " n2=" << p.n2 << " T=" << T
                                    << " t_T=" << t.t_T << " t_S1=" << t.t_S1 << " t_S2=" << t.t_S2
                                    << " threads=" << t.threads << " round=" << round);
    const auto init = random_grid<Real>(p, rng());
    emu::Checker chk;
    const auto got = emulate_2d<Real, 0, 0, St>(init, p, T, t, round, chk);
    ASSERT_EQ(chk.errors, 0) << chk.first_error;
    ASSERT_EQ(got, reference_run(p, init, T)) << "stencil " << to_string(p.stencil);
  }
}

TEST(Hhc2dBlockEmulated, EqualsReferenceWithoutRacesTightBuffers) { check_2d_emulated<double>(300, 1, 7); }
TEST(Hhc2dBlockEmulated, EqualsReferenceWithoutRacesGpuBuffers) { check_2d_emulated<float>(100, 32, 11); }
// The generic kernel the other 2D stencils run (kernel_for: never a fixed shape or the fast block).
TEST(Hhc2dBlockEmulated, EveryStencilEqualsReference) {
  check_2d_emulated<double, Heat2D>(60, 1, 21);
  check_2d_emulated<float, Laplacian2D>(60, 32, 22);
  check_2d_emulated<float, Gradient2D>(60, 32, 23);
  check_2d_emulated<double, Gradient2D>(40, 1, 24);
}

// The fixed-shape block code of the GPU's specialised kernels (jacobi_hhc2d.cu kernel_for).
template <int kS2, int kT>
void check_fixed_shape(int t_S1, int threads, const Problem& p, std::int64_t T) {
  SCOPED_TRACE(testing::Message() << "fixed t_S2=" << kS2 << " t_T=" << kT << " t_S1=" << t_S1 << " threads=" << threads
                                  << " n1=" << p.n1 << " n2=" << p.n2 << " T=" << T);
  const auto init = random_grid<float>(p, 5);
  const Tuning t{kT, t_S1, kS2, threads};
  emu::Checker chk;
  const auto got = emulate_2d<float, kS2, kT>(init, p, T, t, blocks::kRoundFixed, chk);
  ASSERT_EQ(chk.errors, 0) << chk.first_error;
  ASSERT_EQ(got, reference_run(p, init, T));
}

TEST(Hhc2dBlockEmulated, FixedShapes) {
  check_fixed_shape<256, 16>(9, 256, Problem{2, 45, 600}, 37);
  check_fixed_shape<256, 16>(9, 512, Problem{2, 30, 300}, 21);
  check_fixed_shape<256, 16>(3, 256, Problem{2, 7, 1000}, 9);
  check_fixed_shape<128, 16>(9, 256, Problem{2, 40, 333}, 33);
  check_fixed_shape<256, 24>(6, 256, Problem{2, 41, 290}, 50);
}

// The interior-hexagon block of the GPU's fixed-shape kernels, with the GPU's periods
// and with the tightest ones (round 1: P = t_S2 + t_T, Pi = t_S2 + 2), on sizes that are
// not multiples of the tiles, T not a multiple of t_T, n2 below and above t_S2.
TEST(Hhc2dFastBlockEmulated, EqualsReferenceWithoutRaces) {
  auto both = [](std::array<long, 2> n) {
    EXPECT_GT(n[0], 0) << "no interior hexagon: the straight-line steps never ran";
    EXPECT_GT(n[1], 0) << "no hexagon cut by a boundary row: the Edge steps never ran";
  };
  both(check_fast_block<float, 256, 16, 9>(Problem{2, 100, 600}, 37));
  both(check_fast_block<float, 256, 16, 9>(Problem{2, 70, 200}, 32));
  check_fast_block<float, 256, 16, 9>(Problem{2, 40, 1}, 17);
  both(check_fast_block<double, 32, 8, 3>(Problem{2, 61, 97}, 29));
  both(check_fast_block<float, 16, 4, 2, 1>(Problem{2, 33, 45}, 21));
  both(check_fast_block<double, 8, 6, 5, 1>(Problem{2, 57, 3}, 40));
  both(check_fast_block<float, 6, 6, 1, 1>(Problem{2, 29, 31}, 19));
  check_fast_block<float, 4, 2, 1, 1>(Problem{2, 20, 9}, 11);
  both(check_fast_block<double, 10, 10, 4, 1>(Problem{2, 90, 23}, 34));
  // Every offset of the grid's end against the hexagons (n1 over two pitches): cuts of
  // one row, of half a hexagon, of all but one row.
  std::array<long, 2> total{0, 0};
  for (std::int64_t n1 = 20; n1 < 20 + 2 * 14; ++n1) {
    const auto n = check_fast_block<float, 8, 6, 5, 1>(Problem{2, n1, 19}, 13);
    total[0] += n[0];
    total[1] += n[1];
  }
  both(total);
}

TEST(Hhc2dBlockEmulated, WideSubprismsAndManyRowGroups) {
  const Problem p{2, 45, 70};
  const auto init = random_grid<float>(p, 3);
  for (const Tuning& t : {Tuning{8, 4, 32, 64}, Tuning{16, 3, 32, 96}, Tuning{4, 12, 64, 64}, Tuning{10, 1, 5, 40}}) {
    SCOPED_TRACE(testing::Message() << "t_T=" << t.t_T << " t_S1=" << t.t_S1 << " t_S2=" << t.t_S2);
    emu::Checker chk;
    const auto got = emulate_2d(init, p, 21, t, 32, chk);
    ASSERT_EQ(chk.errors, 0) << chk.first_error;
    ASSERT_EQ(got, reference_run(p, init, 21));
  }
}

}  // namespace
}  // namespace hpcs::jacobi
