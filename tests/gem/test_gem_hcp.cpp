// SPDX-License-Identifier: BSD-3-Clause
// HCP's hierarchy (gem_hcp.hpp): its options, groups that partition the atoms into cells,
// the two charges that keep a group's charge and dipole, and the walk that stands for every
// atom exactly once, approximating only groups wholly beyond their level's cutoff.
// The potentials it gives: test_gem_hcp_potential.cpp.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <random>
#include <string>
#include <vector>

#include "expect_error.hpp"
#include "gem_hcp.hpp"
#include "hpcs/base/error.hpp"

namespace hpcs::gem {
namespace {

// n atoms uniform in a cube of edge `size`, charges in [-1, 1) (plus `bias`).
Atoms random_atoms(int n, double size, std::mt19937_64& rng, double bias = 0) {
  std::uniform_real_distribution<double> u(0, 1);
  Atoms a;
  for (int i = 0; i < n; ++i) a.push_back(size * u(rng), size * u(rng), size * u(rng), 2 * u(rng) - 1 + bias, 1.5);
  return a;
}

std::string message_of(const HcpOptions& o) {
  return hpcs::testing::error_message([&] { check_hcp(o); });
}

TEST(HcpOptions, BadValuesNameTheOption) {
  HcpOptions o;
  EXPECT_EQ(message_of(o), "");
  o.cutoff = INFINITY;  // exact
  EXPECT_EQ(message_of(o), "");
  for (double bad : {-1.0, double(NAN)}) {
    HcpOptions c;
    c.cutoff = bad;
    EXPECT_EQ(message_of(c).rfind("--hcp-cutoff ", 0), 0u) << bad;
  }
  for (double bad : {0.0, -6.0, double(NAN), double(INFINITY)}) {
    HcpOptions c;
    c.cell = bad;
    EXPECT_EQ(message_of(c).rfind("--hcp-cell ", 0), 0u) << bad;
  }
  for (double bad : {0.0, -0.01, double(NAN), double(INFINITY)}) {
    HcpOptions c;
    c.tolerance = bad;
    EXPECT_EQ(message_of(c).rfind("--hcp-tolerance ", 0), 0u) << bad;
  }
  HcpOptions tiny;  // more cells across the molecule than the cell keys hold
  tiny.cell = 1e-12;
  std::mt19937_64 rng(1);
  EXPECT_THROW(build_hcp(random_atoms(3, 10, rng), {1, 1, 1}, tiny), Error);
}

// Every atom in exactly one level-1 group, each group inside one cell (level 2: inside one
// level-2 cell), atoms unchanged, every atom inside its group's sphere.
TEST(HcpGroups, PartitionEveryAtomOnce) {
  std::mt19937_64 rng(7);
  for (int n : {1, 2, 17, 1000})
    for (double cell : {0.5, 3.0, 6.0, 100.0}) {
      const Atoms a = random_atoms(n, 40, rng);
      HcpOptions o;
      o.cell = cell, o.cutoff = 10;
      const HcpHierarchy h = build_hcp(a, a.charge, o);
      const std::string what = std::to_string(n) + " atoms, cell " + std::to_string(cell);
      std::vector<std::size_t> seen = h.input_index;
      std::sort(seen.begin(), seen.end());
      for (std::size_t i = 0; i < seen.size(); ++i) ASSERT_EQ(seen[i], i) << what;
      ASSERT_EQ(h.atoms.size(), a.size());
      for (std::size_t k = 0; k < h.atoms.size(); ++k) {
        const std::size_t i = h.input_index[k];
        ASSERT_TRUE(h.atoms[k].x == a.x[i] && h.atoms[k].y == a.y[i] && h.atoms[k].z == a.z[i] &&
                    h.atoms[k].q == a.charge[i])
            << what;
      }
      ASSERT_EQ(h.first1.front(), 0);
      ASSERT_EQ(h.first1.back(), n);
      ASSERT_EQ(h.first2.front(), 0);
      ASSERT_EQ(h.first2.back(), static_cast<int>(h.sphere1.size()));
      ASSERT_EQ(h.approx1.size(), 2 * h.sphere1.size());
      ASSERT_EQ(h.approx2.size(), 2 * h.sphere2.size());
      for (int level : {1, 2}) {
        const std::vector<int>& first = level == 1 ? h.first1 : h.first2;
        for (std::size_t g = 0; g + 1 < first.size(); ++g) {
          ASSERT_LT(first[g], first[g + 1]) << what << ": empty group";  // increasing: each atom once
          const int b = level == 1 ? first[g] : h.first1[std::size_t(first[g])];
          const int e = level == 1 ? first[g + 1] : h.first1[std::size_t(first[g + 1])];
          const HcpSphere& s = (level == 1 ? h.sphere1 : h.sphere2)[g];
          const double edge = level == 1 ? cell : kHcpLevel2 * cell;
          const double cutoff = level == 1 ? o.cutoff : kHcpLevel2 * o.cutoff;
          double lo[3] = {INFINITY, INFINITY, INFINITY}, hi[3] = {-INFINITY, -INFINITY, -INFINITY};
          for (int k = b; k < e; ++k) {
            const auto& p = h.atoms[std::size_t(k)];
            const double c[3] = {p.x, p.y, p.z};
            for (int d = 0; d < 3; ++d) lo[d] = std::min(lo[d], c[d]), hi[d] = std::max(hi[d], c[d]);
            EXPECT_LE(std::hypot(p.x - s.x, p.y - s.y, p.z - s.z), std::sqrt(s.reach2) - cutoff) << what;
          }
          for (int d = 0; d < 3; ++d) EXPECT_LT(hi[d] - lo[d], edge) << what << ": a group wider than its cell";
        }
      }
    }
}

// Total charge and dipole (about any origin) of a group equal those of its two charges.
TEST(HcpGroups, TwoChargesKeepChargeAndDipole) {
  std::mt19937_64 rng(11);
  for (double bias : {0.0, 1.0, -1.0})  // mixed, all positive, all negative
    for (int n : {1, 2, 25}) {
      const Atoms a = random_atoms(n, 6, rng, bias);
      std::vector<HcpCharge<double>> c;
      double q = 0, dip[3] = {0, 0, 0};
      for (std::size_t i = 0; i < a.size(); ++i) {
        c.push_back({a.x[i] + 50, a.y[i] - 20, a.z[i], a.charge[i]});
        q += c.back().q, dip[0] += c.back().q * c.back().x, dip[1] += c.back().q * c.back().y;
        dip[2] += c.back().q * c.back().z;
      }
      const auto two = two_charges(c.data(), c.data() + c.size());
      const std::string what = std::to_string(n) + " charges, bias " + std::to_string(bias);
      EXPECT_GE(two[0].q, 0) << what;
      EXPECT_LE(two[1].q, 0) << what;
      EXPECT_NEAR(two[0].q + two[1].q, q, 1e-12) << what;
      const double got[3] = {two[0].q * two[0].x + two[1].q * two[1].x, two[0].q * two[0].y + two[1].q * two[1].y,
                             two[0].q * two[0].z + two[1].q * two[1].z};
      for (int d = 0; d < 3; ++d) EXPECT_NEAR(got[d], dip[d], 1e-11 * (1 + std::fabs(dip[d]))) << what << " axis " << d;
      if (bias != 0) EXPECT_EQ(two[bias > 0 ? 1 : 0].q, 0) << what << ": one-signed, yet a charge of the other sign";
      for (const auto& t : two) EXPECT_TRUE(std::isfinite(t.x) && std::isfinite(t.y) && std::isfinite(t.z)) << what;
    }
}

// The walk's charges at a point: what each stands for (by address), and whether each group
// it approximated lies wholly beyond its cutoff and each group it opened does not.
TEST(HcpWalk, StandsForEveryAtomOnceApproximatingOnlyFarGroups) {
  std::mt19937_64 rng(5);
  const Atoms a = random_atoms(3000, 60, rng);
  HcpOptions o;
  o.cell = 2, o.cutoff = 4;  // level 2: 8 A cells beyond 16 A, so both levels approximate
  const HcpHierarchy h = build_hcp(a, a.charge, o);
  const HcpView<double> view = h.view();
  std::vector<std::size_t> group1(h.atoms.size()), group2(h.sphere1.size());  // atom -> level 1 -> level 2
  for (std::size_t g = 0; g < h.sphere1.size(); ++g)
    for (int k = h.first1[g]; k < h.first1[g + 1]; ++k) group1[std::size_t(k)] = g;
  for (std::size_t G = 0; G < h.sphere2.size(); ++G)
    for (int g = h.first2[G]; g < h.first2[G + 1]; ++g) group2[std::size_t(g)] = G;
  std::uniform_real_distribution<double> u(-20, 80);
  long long used[3] = {0, 0, 0};  // atoms, level-1 charges, level-2 charges
  for (int trial = 0; trial < 40; ++trial) {
    const double x = u(rng), y = u(rng), z = u(rng);
    std::vector<int> covered(a.size(), 0);
    auto cover = [&](int begin, int end, double cutoff) {
      for (int k = begin; k < end; ++k) {
        const auto& p = h.atoms[std::size_t(k)];
        ++covered[std::size_t(k)];
        if (cutoff >= 0) EXPECT_GT(std::hypot(p.x - x, p.y - y, p.z - z), cutoff);
      }
    };
    auto add = [&](const HcpCharge<double>& c) {
      const HcpCharge<double>* p = &c;
      if (p >= h.atoms.data() && p < h.atoms.data() + h.atoms.size()) {
        const auto k = static_cast<int>(p - h.atoms.data());
        const std::size_t g = group1[std::size_t(k)];
        EXPECT_FALSE(hcp_far(h.sphere1[g], x, y, z) || hcp_far(h.sphere2[group2[g]], x, y, z)) << "atom of a far group";
        ++used[0], cover(k, k + 1, -1);
      } else if (p >= h.approx1.data() && p < h.approx1.data() + h.approx1.size()) {
        const auto k = static_cast<std::size_t>(p - h.approx1.data());
        EXPECT_TRUE(hcp_far(h.sphere1[k / 2], x, y, z) && !hcp_far(h.sphere2[group2[k / 2]], x, y, z));
        ++used[1];
        if (k % 2 == 0) cover(h.first1[k / 2], h.first1[k / 2 + 1], o.cutoff);
      } else {
        const auto k = static_cast<std::size_t>(p - h.approx2.data());
        ASSERT_LT(k, h.approx2.size());
        EXPECT_TRUE(hcp_far(h.sphere2[k / 2], x, y, z));
        ++used[2];
        if (k % 2 == 0)
          cover(h.first1[std::size_t(h.first2[k / 2])], h.first1[std::size_t(h.first2[k / 2 + 1])],
                kHcpLevel2 * o.cutoff);
      }
    };
    hcp_walk(view, x, y, z, add);
    for (std::size_t k = 0; k < covered.size(); ++k) ASSERT_EQ(covered[k], 1) << "atom " << k << " at trial " << trial;
  }
  EXPECT_GT(used[0], 0);
  EXPECT_GT(used[1], 0);
  EXPECT_GT(used[2], 0) << "level 2 never approximated: the test does not reach it";
}

}  // namespace
}  // namespace hpcs::gem
