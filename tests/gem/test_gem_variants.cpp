// SPDX-License-Identifier: BSD-3-Clause
// Every GEM variant of this build against the float64 reference, vertex by vertex, within
// the bound the mini-app verifies with (gem_result.hpp): float32 and float64,
// all three regions with and without salt, all three potentials, atom and vertex counts
// that are not multiples of block or tile sizes (1 atom, 1 vertex included), several launch
// shapes. Variants that cannot run here skip with the reason.
#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <string>

#include "gem_launch_shape.hpp"
#include "gem_ball_inputs.hpp"
#include "gem_reference.hpp"
#include "gem_variants.hpp"
#include "hpcs/base/error.hpp"
#include "variant_params.hpp"

namespace hpcs::gem {
namespace {

using testing::ball_inputs;

using GemVariant = hpcs::testing::VariantTest<VariantList, all_variants>;

void check(const Variant& v, Precision prec, const Tuning& t, const Inputs& in, const std::string& what) {
  const ReferencePotentials ref = reference_potentials(in.physics, in.A, in.atoms, in.vertices, 1);
  auto e = v.make(prec, t);
  e->setup(in);
  e->run();
  e->run();  // repeatable
  std::vector<double> got(in.vertices.size());
  e->potentials(got.data());
  const double u = prec == Precision::Float32 ? 0x1p-24 : 0x1p-53;
  const double per_sum = u * (4 * std::sqrt(static_cast<double>(in.q.size())) + 16);
  for (std::size_t k = 0; k < got.size(); ++k)
    ASSERT_LE(std::fabs(got[k] - ref.phi[k]), per_sum * ref.abs_sum[k])
        << v.name << " " << what << " vertex " << k << ": " << got[k] << " vs " << ref.phi[k] << " (" << e->config()
        << ")";
}

TEST_P(GemVariant, EqualsReferenceInEveryCase) {
  const Variant& v = variant();
  if (auto why = v.why_not(Problem{}, Tuning{})) GTEST_SKIP() << v.name << " skipped: " << *why;
  std::mt19937_64 rng(std::random_device{}());
  testing::for_each_case([&](Precision prec, const Physics& p, const std::string& what) {
    check(v, prec, Tuning{}, ball_inputs(37, 29, p, rng), what);
  });
}

TEST_P(GemVariant, EqualsReferenceAtOddSizesAndShapes) {
  const Variant& v = variant();
  if (auto why = v.why_not(Problem{}, Tuning{})) GTEST_SKIP() << v.name << " skipped: " << *why;
  std::mt19937_64 rng(std::random_device{}());
  const Physics p;
  for (auto [atoms, vertices] : {std::pair{1, 1}, {1, 300}, {333, 1}, {257, 511}, {1000, 130}})
    for (int block : {32, 64, 256})
      for (int tile : {0, 7, 100}) {
        Tuning t;
        t.block = block, t.tile_atoms = tile;
        if (v.why_not(Problem{}, t)) continue;  // a shape this variant refuses
        const std::string what = std::to_string(atoms) + " atoms x " + std::to_string(vertices) + " vertices, block " +
                                 std::to_string(block) + " tile " + std::to_string(tile);
        check(v, Precision::Float32, t, ball_inputs(atoms, vertices, p, rng), what);
      }
}

// Vertices per thread and atom splits (variants that ignore them run the same shape again):
// slots past the last vertex, splits past the last atom and uneven last splits.
TEST_P(GemVariant, EqualsReferenceForEveryVerticesPerThreadAndSplit) {
  const Variant& v = variant();
  if (auto why = v.why_not(Problem{}, Tuning{})) GTEST_SKIP() << v.name << " skipped: " << *why;
  std::mt19937_64 rng(std::random_device{}());
  Physics p;
  p.salt = 0.1;
  for (Precision prec : {Precision::Float32, Precision::Float64})
    for (auto [atoms, vertices] : {std::pair{5, 700}, {301, 67}})
      for (int vpt : {1, 2, 8})
        for (int splits : {1, 3, 7}) {
          Tuning t;
          t.block = 64, t.vertices_per_thread = vpt, t.atom_splits = splits;
          if (v.why_not(Problem{}, t)) continue;
          const std::string what = to_string(prec) + " " + std::to_string(atoms) + " atoms x " +
                                   std::to_string(vertices) + " vertices, vpt " + std::to_string(vpt) + " splits " +
                                   std::to_string(splits);
          check(v, prec, t, ball_inputs(atoms, vertices, p, rng), what);
        }
}

INSTANTIATE_TEST_SUITE_P(All, GemVariant, ::testing::ValuesIn(hpcs::testing::names_of(GemVariant::variants())),
                         hpcs::testing::param_name);

}  // namespace
}  // namespace hpcs::gem

namespace hpcs::gem {
namespace {

// The bound must be tight enough to see a kernel that drops one atom (a tile off by one):
// leaving out the first or the last atom breaks it at some vertex, in both precisions.
TEST(GemVerification, BoundCatchesAMissingAtom) {
  std::mt19937_64 rng(3);
  for (Precision prec : {Precision::Float32, Precision::Float64})
    for (double proj : {0.0, 1.0, 3.0}) {
      Physics p;
      p.proj = proj;
      const Inputs in = ball_inputs(300, 200, p, rng);
      const ReferencePotentials ref = reference_potentials(in.physics, in.A, in.atoms, in.vertices, 1);
      const double u = prec == Precision::Float32 ? 0x1p-24 : 0x1p-53;
      const double per_sum = u * (4 * std::sqrt(static_cast<double>(in.q.size())) + 16);
      for (std::size_t drop : {std::size_t{0}, in.atoms.size() - 1}) {
        Atoms fewer;
        for (std::size_t i = 0; i < in.atoms.size(); ++i)
          if (i != drop)
            fewer.push_back(in.atoms.x[i], in.atoms.y[i], in.atoms.z[i], in.atoms.charge[i], in.atoms.radius[i]);
        const ReferencePotentials wrong = reference_potentials(in.physics, in.A, fewer, in.vertices, 1);
        int violations = 0;
        for (std::size_t k = 0; k < ref.phi.size(); ++k)
          violations += std::fabs(wrong.phi[k] - ref.phi[k]) > per_sum * ref.abs_sum[k];
        EXPECT_GT(violations, 0) << to_string(prec) << " p=" << proj << " without atom " << drop;
      }
    }
}

// The automatic atom split fills kTargetWaves waves of the whole problem (an H100/H200 has
// 132 SMs of 2048 threads: a wave of 1056 blocks of 256), never drops below kMinAtomsPerSplit
// atoms a split, and does not depend on anything but the whole problem's sizes.
TEST(GemLaunchShape, AutomaticSplitsFillSixteenWavesOfTheWholeProblem) {
  const DeviceFill h100{132, 2048};
  // 594,250 vertices: 581 blocks of 1024 vertices; 16 waves = 16,896 blocks -> 30 splits.
  EXPECT_EQ(auto_atom_splits(594250, 476040, 256, 4, h100), 30);
  EXPECT_EQ(auto_atom_splits(259138, 25086, 256, 4, h100), 67);  // 254 vertex blocks
  EXPECT_EQ(auto_atom_splits(594250, 476040, 256, 4, h100) * 581, 17430);
  // Enough vertex blocks: no split.
  EXPECT_EQ(auto_atom_splits(std::int64_t(16896) * 1024, 1000, 256, 4, h100), 1);
  EXPECT_EQ(auto_atom_splits(std::int64_t(16895) * 1024, 100000, 256, 4, h100), 2);
  // Few atoms: at least kMinAtomsPerSplit a split.
  EXPECT_EQ(auto_atom_splits(1000, 640, 256, 4, h100), 640 / kMinAtomsPerSplit);
  EXPECT_EQ(auto_atom_splits(1000, 63, 256, 4, h100), 1);
  EXPECT_EQ(auto_atom_splits(0, 100, 256, 4, h100), 1);
}

}  // namespace
}  // namespace hpcs::gem
