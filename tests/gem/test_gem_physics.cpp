// SPDX-License-Identifier: BSD-3-Clause
// GEM's model against the physics it must reproduce (digest 6.4): a centred charge gives the
// Born sphere (regions 2 and 3) and the Debye-Hueckel sphere (region 3 with salt), equal
// dielectrics give pure Coulomb in every region; the kernels' factored constants equal the
// formulas as written in all 18 cases; the electrostatic size of a ball is its radius.
#include <gtest/gtest.h>

#include <cmath>
#include <random>

#include "gem_physics.hpp"
#include "gem_reference.hpp"
#include "expect_error.hpp"
#include "hpcs/base/error.hpp"

namespace hpcs::gem {
namespace {

// One charge at the origin of a sphere of size A, observed on the sphere (d and d' radial).
double centred(const Physics& p, double A) { return reference_term(p, A, A + p.proj, A + p.ion_exc); }

TEST(GemPhysics, CentredChargeIsTheBornSphere) {
  for (double proj : {0.5, 2.0, 3.0, 7.5}) {  // region 2, region 2 at its edge, region 3
    Physics p;
    p.proj = proj;
    const double A = 12.5, r = A + proj;
    EXPECT_NEAR(centred(p, A), 1 / (p.eps_out * r), 1e-15) << "p = " << proj;
  }
}

TEST(GemPhysics, CentredChargeWithSaltIsTheDebyeHueckelSphere) {
  for (double salt : {0.01, 0.1, 0.15}) {
    Physics p;
    p.proj = 3.0;
    p.salt = salt;
    const double A = 9.0, r = A + p.proj, rp = A + p.ion_exc, kappa = 0.316 * std::sqrt(salt);
    const double dh = std::exp(-kappa * (r - rp)) / (p.eps_out * r * (1 + kappa * rp));
    EXPECT_NEAR(centred(p, A), dh, 1e-15) << "salt " << salt;
  }
}

TEST(GemPhysics, RegionOneCentredChargeCarriesTheModelsFactor) {
  // r0 = A/2 makes region 1 at p = 0 give (1 + alpha) / (1 + alpha beta) times Born (digest 1.3).
  Physics p;
  const double A = 10, beta = p.eps_in / p.eps_out;
  EXPECT_NEAR(centred(p, A), (1 + kAlpha) / (1 + kAlpha * beta) / (p.eps_out * A), 1e-14);
}

TEST(GemPhysics, EqualDielectricsArePureCoulombInEveryRegion) {
  std::mt19937_64 rng(7);
  std::uniform_real_distribution<double> u(1.0, 30.0);
  for (double proj : {0.0, -0.5, 1.0, 4.0}) {
    Physics p;
    p.eps_in = p.eps_out = 4.0;
    p.proj = proj;
    for (int k = 0; k < 50; ++k) {
      const double d = u(rng), dp = d + 1.0, A = 15;
      EXPECT_NEAR(reference_term(p, A, d, dp), 1 / (4.0 * d), 1e-15) << "p = " << proj << " d = " << d;
    }
  }
}

TEST(GemPhysics, RegionTwoWithoutSaltIsGemsSurfaceFormula) {
  Physics p;
  p.proj = 1.0;
  const double A = 20, r = A + p.proj, beta = p.eps_in / p.eps_out;
  for (double d : {1.3, 5.0, 33.0}) {
    const double gem = 1 / (p.eps_out * (1 + kAlpha * beta)) * ((1 + kAlpha) / d - kAlpha * (1 - beta) / r);
    EXPECT_NEAR(reference_term(p, A, d, d + 1), gem, 1e-15);
  }
}

// The kernels' factored arithmetic (gem_pair.hpp) against the formulas as written, in every
// case, at random distances and sizes.
template <int R, bool S, int P>
void expect_same(const Physics& base, std::mt19937_64& rng) {
  std::uniform_real_distribution<double> u(1.0, 40.0);
  Physics p = base;
  p.proj = R == 1 ? 0.0 : R == 2 ? 1.0 : 3.5;
  p.salt = S ? 0.15 : 0.0;
  p.phi = static_cast<PhiType>(P);
  for (int k = 0; k < 20; ++k) {
    const double A = u(rng), d = u(rng), dp = d + 0.5 * u(rng) / 40;
    const PairConstants<double> c = pair_constants(p, A);
    ASSERT_EQ(c.region, R);
    const double want = reference_term(p, A, d, dp);
    EXPECT_NEAR((pair_term<R, S, P>(c, d, dp)), want, 1e-12 * (1 + std::fabs(want))) << R << S << P;
    EXPECT_NEAR(pair_term_runtime(c, d, dp), want, 1e-12 * (1 + std::fabs(want))) << R << S << P;
  }
}

TEST(GemPhysics, KernelArithmeticEqualsTheFormulasInAllCases) {
  std::mt19937_64 rng(11);
  Physics p;
  p.eps_in = 2.0;  // a reaction field that is not tiny
  int cases = 0;
  with_case(pair_constants(p, 10.0), [&](auto) { ++cases; });
  EXPECT_EQ(cases, 1);
  for (int region = 1; region <= 3; ++region)
    for (bool salt : {false, true})
      for (int phi = 1; phi <= 3; ++phi) {
        PairConstants<double> c;
        c.region = region, c.salt = salt, c.phi = phi;
        with_case(c, [&](auto tag) {
          using C = decltype(tag);
          EXPECT_EQ(C::region, region);
          EXPECT_EQ(C::salt, salt);
          EXPECT_EQ(C::phi, phi);
          expect_same<C::region, C::salt, C::phi>(p, rng);
        });
      }
}

TEST(GemPhysics, ElectrostaticSizeOfABallIsItsRadius) {
  Atoms one;
  one.push_back(3, -2, 1, 0.5, 1.7);
  EXPECT_NEAR(estimate_A(one), 1.7, 1e-12);
  // A ball of radius 20 filled with small atoms on a grid.
  Atoms ball;
  for (double x = -20; x <= 20; x += 1)
    for (double y = -20; y <= 20; y += 1)
      for (double z = -20; z <= 20; z += 1)
        if (x * x + y * y + z * z <= 400) ball.push_back(x, y, z, 0, 0.5);
  EXPECT_NEAR(estimate_A(ball), 20.0, 0.4);
}

TEST(GemPhysics, RegionsFollowProjection) {
  Physics p;
  EXPECT_EQ(region_of(p), 1);
  p.proj = 1.0;
  EXPECT_EQ(region_of(p), 2);
  p.proj = 2.0;
  EXPECT_EQ(region_of(p), 2);
  p.proj = 2.5;
  EXPECT_EQ(region_of(p), 3);
}

TEST(GemPhysics, BadParametersNameTheOption) {
  const auto message = [](Physics p) { return hpcs::testing::error_message([&] { check_physics(p); }); };
  Physics p;
  EXPECT_EQ(message(p), "");
  p.eps_out = 0;
  EXPECT_NE(message(p).find("--eps-out"), std::string::npos);
  p = Physics{};
  p.salt = -1;
  EXPECT_NE(message(p).find("--salt"), std::string::npos);
  p = Physics{};
  p.eps_in = NAN;
  EXPECT_NE(message(p).find("--eps-in"), std::string::npos);
  p = Physics{};
  p.r0_frac = 1.0;
  EXPECT_NE(message(p).find("--r0-frac"), std::string::npos);
}

TEST(GemPhysics, VerticesMoveAlongTheirNormals) {
  Vertices v;
  v.push_back(1, 2, 3, 0, 0, 1);
  Physics p;
  p.proj = 1.5;
  const ShiftedVertices s = shift_vertices(v, p);
  EXPECT_DOUBLE_EQ(s.pz[0], 4.5);
  EXPECT_DOUBLE_EQ(s.qz[0], 5.0);
  EXPECT_DOUBLE_EQ(s.px[0], 1.0);
}

}  // namespace
}  // namespace hpcs::gem
