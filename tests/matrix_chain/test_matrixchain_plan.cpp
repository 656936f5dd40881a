// SPDX-License-Identifier: BSD-3-Clause
// The planner against the thesis' worked example (App. D, digest 6.4) in both beta
// conventions, the closed forms against the traffic the tiled kernels move, optimal tiles
// against every other tile, the fusion DP against brute force over every legal marking,
// and small dimensions that would make a closed form negative.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <functional>
#include <random>
#include <utility>
#include <vector>

#include "matrixchain_plan.hpp"
#if HPCS_HAVE_CUDA
#include "matrixchain_launch_shape.hpp"
#endif

namespace hpcs::matrixchain {
namespace {

const Dims kThesis = {936, 1008, 552, 368, 1016, 616, 544};

TEST(ThesisExample, OpTreeAndCounts) {
  const ChainAnalysis a(kThesis, 65536, BetaConvention::Thesis);
  EXPECT_EQ(a.optree(), "((A1(A2A3))((A4A5)A6))");
  EXPECT_EQ(a.opcount(1, 6), 1092977664.0);
  EXPECT_EQ(a.S_total(), 10190344.0);
}

TEST(ThesisExample, FusedTotalAndTilesInThesisConvention) {
  const ChainAnalysis a(kThesis, 65536, BetaConvention::Thesis);
  EXPECT_EQ(std::floor(a.F_total()), 8392058.0);  // the thesis prints 8,392,058 (-17.6%)
  EXPECT_NEAR(100 * (a.S_total() - a.F_total()) / a.S_total(), 17.6, 0.05);
  EXPECT_EQ(a.fused_tree(), "([A1(A2A3)][(A4A5)A6])");
  const NodeCosts& t3 = a.node(1, 3);
  EXPECT_EQ(t3.choice, Fuse::Right);
  EXPECT_NEAR(t3.tile_r.x, 312, 0.5);  // "312 x 210"
  EXPECT_NEAR(t3.tile_r.y, 210, 0.5);
  const NodeCosts& t4 = a.node(4, 6);
  EXPECT_EQ(t4.choice, Fuse::Left);
  EXPECT_NEAR(t4.tile_l.x, 220, 0.5);  // "220 x 296" (297.3 by the formula)
  EXPECT_NEAR(t4.tile_l.y, 297.3, 0.05);
  // Figure D.11, node by node, in units of 1e5 elements
  const auto e5 = [](std::vector<double> v) {
    for (double& x : v) x = std::round(x / 1e5);
    return v;
  };
  using Row = std::vector<double>;
  EXPECT_EQ(e5({a.node(2, 3).F, a.node(4, 5).F}), (Row{16, 18}));
  EXPECT_EQ(e5({t3.h0, t3.hr, t3.F0, t3.F}), (Row{31, 31, 47, 31}));
  EXPECT_EQ(e5({t4.h0, t4.hl, t4.F0, t4.F}), (Row{12, 28, 30, 28}));
  const NodeCosts& root = a.node(1, 6);
  EXPECT_EQ(root.choice, Fuse::None);
  EXPECT_EQ(e5({root.h0, root.hl, root.hr, root.F0, root.Fl, root.Fr}), (Row{20, 44, 40, 79, 88, 89}));
}

TEST(ThesisExample, DerivedConvention) {  // digest 6.2: T3 unfused, the root left-fused, -8.5%
  const ChainAnalysis a(kThesis, 65536, BetaConvention::Derived);
  EXPECT_EQ(a.node(1, 3).choice, Fuse::None);
  EXPECT_EQ(a.node(1, 6).choice, Fuse::Left);
  EXPECT_EQ(std::round(a.F_total()), 9323278.0);
}

TEST(ThesisExample, PlansHoldTheTreeAndTheirSteps) {
  const ChainAnalysis a(kThesis, 65536, BetaConvention::Thesis);
  const Plan fused = make_plan(a, PlanKind::Fused);
  ASSERT_EQ(fused.steps.size(), 3u);
  EXPECT_EQ(fused.steps[0].kind, StepKind::FusedRight);
  EXPECT_EQ(fused.steps[1].kind, StepKind::FusedLeft);
  EXPECT_EQ(fused.steps[2].kind, StepKind::Gemm);
  EXPECT_EQ(fused.steps[2].in[0].step, 0);
  EXPECT_EQ(fused.steps[2].in[1].step, 1);
  EXPECT_EQ(fused.predicted, a.F_total());
  EXPECT_EQ(make_plan(a, PlanKind::OpCount).steps.size(), 5u);
  const Plan naive = make_plan(a, PlanKind::Naive);
  EXPECT_EQ(naive.multiply_adds, a.naive_opcount());
  for (const Plan& p : {fused, naive})
    for (const Step& s : p.steps) {
      EXPECT_EQ(s.tile.x % 8, 0);
      EXPECT_EQ(s.tile.y % 8, 0);
      EXPECT_LE(s.tile.x * s.tile.y, 65536);
    }
}

// Tiles that divide the dimensions: the closed forms equal what the kernels move, exactly
// (the closed forms' factored shapes (1 + a)(1/x + a'/y) round in the last bits: an integer
// within 1e-6 of it).
void expect_exactly(double counted, double closed) {
  EXPECT_NEAR(closed, std::round(closed), 1e-6);
  EXPECT_EQ(counted, std::round(closed));
}

TEST(Model, ClosedFormEqualsCountedTrafficWhenTilesDivide) {
  std::mt19937_64 rng(11);
  std::uniform_int_distribution<int> mult(1, 9), side(1, 6);
  for (int trial = 0; trial < 200; ++trial) {
    const Tile t{8 * side(rng), 8 * side(rng)};
    const double x = static_cast<double>(t.x), y = static_cast<double>(t.y);
    const Dims3 g{x * mult(rng), 7.0 * mult(rng), y * mult(rng)};
    expect_exactly(gemm_counted(g, t).total(), gemm_closed(g, x, y));
    const Dims4 l{x * mult(rng), 3.0 * mult(rng), y * mult(rng), 5.0 * mult(rng)};
    expect_exactly(left_counted(l, t).total(), left_closed(l, x, y));
    const Dims4 r{11.0 * mult(rng), x * mult(rng), 13.0 * mult(rng), y * mult(rng)};
    expect_exactly(right_counted(r, t).total(), right_closed(r, x, y, BetaConvention::Derived));
  }
}

// The optimal tiles beat every other tile of the same capacity (dimensions above sqrt(M)).
TEST(Model, OptimalTilesBeatEveryFeasibleTile) {
  std::mt19937_64 rng(5);
  std::uniform_real_distribution<double> dim(300, 3000);
  const double M = 4096;
  for (int trial = 0; trial < 50; ++trial) {
    const Dims3 g{dim(rng), dim(rng), dim(rng)};
    const Dims4 p{dim(rng), dim(rng), dim(rng), dim(rng)};
    const RealTile tg = gemm_tile(g, M), tl = left_tile(p, M), tr = right_tile(p, M, BetaConvention::Derived);
    const double hg = gemm_closed(g, tg.x, tg.y), hl = left_closed(p, tl.x, tl.y),
                 hr = right_closed(p, tr.x, tr.y, BetaConvention::Derived);
    EXPECT_NEAR(hl, 2 * p[0] * p[2] * std::sqrt((p[1] + p[3]) * (p[1] + 2 * p[3])) / std::sqrt(M) - p[0] * p[3],
                1e-6 * hl);
    for (double x = 4; x <= 256; x += 4)
      for (double y = 4; x * y <= M; y += 4) {
        EXPECT_LE(hg, gemm_closed(g, x, y) * (1 + 1e-12));
        EXPECT_LE(hl, left_closed(p, x, y) * (1 + 1e-12));
        EXPECT_LE(hr, right_closed(p, x, y, BetaConvention::Derived) * (1 + 1e-12));
      }
  }
}

// Brute force: the cheapest of every legal fusion marking of OpTree (a fused child is
// consumed: it fuses with none of its own children) equals the DP's F, and F <= S.
double brute_force(const ChainAnalysis& a) {
  const int internal = a.n() - 1;
  std::vector<Fuse> marks(static_cast<std::size_t>(internal), Fuse::None);
  double best = INFINITY;
  const int combos = static_cast<int>(std::pow(3, internal));
  for (int code = 0; code < combos; ++code) {
    int c = code;
    for (auto& m : marks) m = static_cast<Fuse>(c % 3), c /= 3;
    // pre-order: walk the tree; a consumed node must be None and contributes its children
    bool legal = true;
    std::size_t at = 0;
    std::function<double(int, int, bool)> walk = [&](int i, int j, bool consumed) -> double {
      if (i == j) return 0;
      const Fuse f = marks[at++];
      const NodeCosts& nc = a.node(i, j);
      if ((f == Fuse::Left && !nc.can_left) || (f == Fuse::Right && !nc.can_right) || (consumed && f != Fuse::None))
        legal = false;
      const double own = consumed ? 0 : f == Fuse::Left ? nc.hl : f == Fuse::Right ? nc.hr : nc.h0;
      return own + walk(i, nc.k, f == Fuse::Left) + walk(nc.k + 1, j, f == Fuse::Right);
    };
    const double cost = walk(1, a.n(), false);
    if (legal) best = std::min(best, cost);
  }
  return best + static_cast<double>(a.dims().front() * a.dims().back());
}

TEST(FusionDP, EqualsBruteForceOverLegalMarkings) {
  std::mt19937_64 rng(7);
  std::uniform_int_distribution<std::int64_t> dim(20, 1500);
  for (int n = 2; n <= 8; ++n)
    for (int trial = 0; trial < 60; ++trial) {
      Dims d(static_cast<std::size_t>(n + 1));
      for (auto& v : d) v = dim(rng);
      for (BetaConvention b : {BetaConvention::Derived, BetaConvention::Thesis})
        for (double M : {1024.0, 65536.0}) {
          const ChainAnalysis a(d, M, b);
          EXPECT_NEAR(a.F_total(), brute_force(a), 1e-9 * a.F_total()) << format_dims(d) << " M " << M;
          EXPECT_LE(a.F_total(), a.S_total() * (1 + 1e-12));
        }
    }
}

// Ranks hold row bands of A1: among orders of equal op count the planner replicates the
// least work over ranks, so equal dims multiply A1 in first (the textbook DP would take
// A1 (A2 (A3 ...)), which repeats all but one product on every rank).
TEST(OpCountDP, TiesReplicateTheLeastWorkOverRanks) {
  const ChainAnalysis square({8192, 8192, 8192, 8192, 8192, 8192, 8192}, 65536, BetaConvention::Derived);
  EXPECT_EQ(square.optree(), "(((((A1A2)A3)A4)A5)A6)");
  EXPECT_EQ(square.opcount(1, 6), 5.0 * 8192 * 8192 * 8192);
  // without A1 in a tie the textbook's first split stays
  const ChainAnalysis tail({1000, 64, 64, 64, 64}, 65536, BetaConvention::Derived);
  EXPECT_EQ(tail.optree(), "(A1(A2(A3A4)))");
  // the op count itself never changes: still the minimum over every order (brute force n <= 7)
  std::mt19937_64 rng(11);
  std::uniform_int_distribution<std::int64_t> dim(1, 4);
  for (int trial = 0; trial < 200; ++trial) {
    Dims d(7);
    for (auto& v : d) v = 64 * dim(rng);  // few distinct dims: many ties
    const ChainAnalysis a(d, 65536, BetaConvention::Derived);
    std::function<double(int, int)> best = [&](int i, int j) {
      if (i == j) return 0.0;
      double m = 1e300;
      for (int k = i; k < j; ++k)
        m = std::min(m, best(i, k) + best(k + 1, j) + static_cast<double>(d[i - 1] * d[k] * d[j]));
      return m;
    };
    EXPECT_EQ(a.opcount(1, 6), best(1, 6)) << format_dims(d);
  }
}

// Lanes (streams) of independent subtrees: the thesis tree ((A1(A2A3))((A4A5)A6)) runs
// A2A3 and A4A5 at once; a left-deep chain stays on one lane; lanes are capped.
TEST(PlanLanes, IndependentSubtreesGetTheirOwnLane) {
  const ChainAnalysis thesis(kThesis, 65536, BetaConvention::Derived);
  const Plan plan = make_plan(thesis, PlanKind::OpCount);
  ASSERT_EQ(plan.steps.size(), 5u);
  EXPECT_EQ(plan_lanes(plan, 4), (std::vector<int>{0, 0, 1, 1, 0}));
  EXPECT_EQ(plan_lanes(plan, 1), (std::vector<int>{0, 0, 0, 0, 0}));
  const ChainAnalysis square({64, 64, 64, 64, 64}, 65536, BetaConvention::Derived);
  EXPECT_EQ(plan_lanes(make_plan(square, PlanKind::OpCount), 4), (std::vector<int>{0, 0, 0}));
  // ((A1A2)(A3A4))((A5A6)(A7A8)): four leaves' products, at most 3 lanes
  const ChainAnalysis balanced({1000, 10, 1000, 10, 1000, 10, 1000, 10, 1000}, 65536, BetaConvention::Derived);
  const Plan b = make_plan(balanced, PlanKind::OpCount);
  const std::vector<int> lanes = plan_lanes(b, 3);
  for (std::size_t i = 0; i < lanes.size(); ++i) {
    EXPECT_GE(lanes[i], 0);
    EXPECT_LT(lanes[i], 3);
  }
  EXPECT_GT(*std::max_element(lanes.begin(), lanes.end()), 0) << b.tree;
}

// Lanes running beside each step: the thesis tree's two subtrees overlap, the root runs
// alone; one lane, or a left-deep chain, is always alone.
TEST(PlanLanes, ConcurrencyCountsTheLanesOfIndependentSteps) {
  const ChainAnalysis thesis(kThesis, 65536, BetaConvention::Derived);
  const Plan plan = make_plan(thesis, PlanKind::OpCount);
  EXPECT_EQ(plan_concurrency(plan, plan_lanes(plan, 4)), (std::vector<int>{2, 2, 2, 2, 1}));
  EXPECT_EQ(plan_concurrency(plan, plan_lanes(plan, 1)), (std::vector<int>{1, 1, 1, 1, 1}));
  const ChainAnalysis square({64, 64, 64, 64, 64}, 65536, BetaConvention::Derived);
  const Plan left_deep = make_plan(square, PlanKind::OpCount);
  EXPECT_EQ(plan_concurrency(left_deep, plan_lanes(left_deep, 4)), (std::vector<int>{1, 1, 1}));
  // ((A1((A2A3)((A4A5)(A6A7))))A8) on 4 lanes: its three leaf products overlap
  const ChainAnalysis balanced({1000, 10, 1000, 10, 1000, 10, 1000, 10, 1000}, 65536, BetaConvention::Derived);
  const Plan b = make_plan(balanced, PlanKind::OpCount);
  ASSERT_EQ(b.tree, "((A1((A2A3)((A4A5)(A6A7))))A8)");
  const std::vector<int> c = plan_concurrency(b, plan_lanes(b, 4));
  EXPECT_EQ(c.back(), 1) << b.tree;
  EXPECT_EQ(*std::max_element(c.begin(), c.end()), 3) << b.tree;
}

// Dimensions below sqrt(M): tiles are cut to the dimensions and no cost goes negative.
TEST(Model, SmallDimensionsClampInsteadOfGoingNegative) {
  const Dims4 p{2, 2, 2, 10000};
  const double M = 65536;
  EXPECT_LT(2 * p[0] * p[1] * p[2] * (1 + p[3] / p[1]) * std::sqrt((1 + 2 * p[3] / p[1]) / (1 + p[3] / p[1])) / 256 -
                p[0] * p[3],
            0);  // the unclamped closed form
  const RealTile t = left_tile(p, M);
  EXPECT_LE(t.x, p[0]);
  EXPECT_LE(t.y, p[2]);
  EXPECT_GT(left_closed(p, t.x, t.y), 0);
  for (const Dims& d : {Dims{2, 2, 2, 10000}, Dims{1, 1, 1, 1}, Dims{3, 100000, 2, 5, 1}, Dims{7, 1, 9, 1, 11}}) {
    const ChainAnalysis a(d, M, BetaConvention::Derived);
    for (int i = 1; i <= a.n(); ++i)
      for (int j = i + 1; j <= a.n(); ++j) {
        EXPECT_GE(a.unfused(i, j), 0) << format_dims(d);
        EXPECT_GE(a.fused(i, j), 0) << format_dims(d);
      }
    for (PlanKind k : {PlanKind::Naive, PlanKind::OpCount, PlanKind::Fused}) {
      const Plan plan = make_plan(a, k);
      EXPECT_GT(plan_traffic(plan, d[0]).total(), 0) << format_dims(d);
    }
  }
}

TEST(Model, ExecutedTilesAreMultiplesWithinCapacity) {
  std::mt19937_64 rng(9);
  std::uniform_real_distribution<double> v(1, 2000);
  for (int trial = 0; trial < 2000; ++trial) {
    const double M = std::pow(2, std::uniform_int_distribution<int>(6, 17)(rng));
    // a model tile within the capacity (x y <= M), any dimensions
    const double x = std::min(v(rng), M / 8), y = std::uniform_real_distribution<double>(1, M / x)(rng);
    const Tile t = executed_tile({x, y}, v(rng), v(rng), M, 8);
    EXPECT_EQ(t.x % 8, 0);
    EXPECT_EQ(t.y % 8, 0);
    EXPECT_GE(t.x, 8);
    EXPECT_GE(t.y, 8);
    EXPECT_LE(static_cast<double>(t.x * t.y), M);
  }
  EXPECT_THROW(executed_tile({4, 4}, 100, 100, 32, 8), std::exception);
}

#if HPCS_HAVE_CUDA
// Split-K of the CUDA GEMM: only products too small to fill the GPU's resident blocks,
// slices of whole chunks covering k exactly and at least kMinSlice deep, fewer splits where
// fewer blocks are resident (float64's fast kernel: 1 per SM) or patches are more.
TEST(CudaSplitK, SplitsOnlyProductsThatLeaveTheGpuIdle) {
  using cuda::gemm_k_split;
  const Tile fast{128, 128};
  const std::int64_t f32 = 132 * 2, f64 = 132;                        // the fast kernel's slots on an H100
  EXPECT_EQ(gemm_k_split(8192, 8192, 8192, fast, 8, f32).splits, 1);  // 4096 patches
  EXPECT_EQ(gemm_k_split(1024, 40, 256, fast, 8, f32).splits, 1);     // k too short
  const auto tail = gemm_k_split(1024, 1024, 256, fast, 8, f32);      // 16 patches
  EXPECT_EQ(tail.splits, 16);
  EXPECT_EQ(tail.slice, 64);
  EXPECT_EQ(gemm_k_split(1024, 1024, 256, fast, 8, f64).splits, 8);
  EXPECT_EQ(gemm_k_split(936, 1008, 552, fast, 8, f32).splits, 6);  // 40 patches, 264 slots
  EXPECT_EQ(gemm_k_split(936, 1008, 552, fast, 8, f64).splits, 3);
  // 64 x 64 patches (M = 4096): 135 of them, 8 blocks per SM.
  const auto small = gemm_k_split(936, 1008, 552, Tile{64, 64}, 8, 132 * 8);
  EXPECT_EQ(small.splits, 7);
  EXPECT_EQ(small.slice, 144);
  for (std::int64_t p1 : {33, 256, 260, 1000, 1028, 4096, 100000})
    for (std::int64_t p0 : {1, 128, 300, 2000})
      for (int chunk : {1, 4, 8}) {
        const auto k = gemm_k_split(p0, p1, 200, fast, chunk, f32);
        EXPECT_TRUE(k.splits == 1 || k.slice % chunk == 0) << p0 << " " << p1;
        EXPECT_GE(k.splits * k.slice, p1);
        EXPECT_LT((k.splits - 1) * k.slice, p1);
        EXPECT_GE(k.slice, k.splits > 1 ? cuda::kMinSlice : 1);
      }
}

// The fast kernel's patch: 128- or 64-sided plan tiles with vector-aligned P1 and P2 only;
// shaped, a 128 side becomes 64 exactly where that pads its dimension less.
TEST(CudaFastPatch, NarrowsA128SideOnlyWhereThatPadsLess) {
  using cuda::fast_patch;
  const auto patch = [](const cuda::FastPatch& f) { return std::make_pair(f.x, f.y); };
  const Tile fast{128, 128};
  // The thesis chain's five products: 1008 x 368, 936 x 368, 368 x 616, 368 x 544, 936 x 544.
  EXPECT_EQ(patch(fast_patch(fast, 1008, 552, 368, true)), std::make_pair(128, 128));
  EXPECT_EQ(patch(fast_patch(fast, 936, 1008, 368, true)), std::make_pair(64, 128));
  EXPECT_EQ(patch(fast_patch(fast, 368, 1016, 616, true)), std::make_pair(128, 128));
  EXPECT_EQ(patch(fast_patch(fast, 368, 616, 544, true)), std::make_pair(128, 64));
  EXPECT_EQ(patch(fast_patch(fast, 936, 368, 544, true)), std::make_pair(64, 64));
  EXPECT_EQ(patch(fast_patch(fast, 936, 368, 544, false)), std::make_pair(128, 128));  // --gemm-patch plan
  EXPECT_EQ(patch(fast_patch(Tile{64, 64}, 936, 368, 544, true)), std::make_pair(64, 64));
  EXPECT_FALSE(fast_patch(fast, 936, 366, 544, true).applies());  // P1 not a multiple of 4
  EXPECT_FALSE(fast_patch(fast, 936, 368, 546, true).applies());  // P2 neither
  EXPECT_FALSE(fast_patch(Tile{104, 152}, 1040, 2048, 304, true).applies());
  EXPECT_EQ(patch(fast_patch(Tile{128, 64}, 100, 100, 100, false)), std::make_pair(128, 64));
  for (std::int64_t p0 = 1; p0 <= 1100; p0 += 7) {
    const int x = fast_patch(fast, p0, 8, 8, true).x;
    const auto padded = [p0](std::int64_t w) { return (p0 + w - 1) / w * w; };
    EXPECT_EQ(x, padded(64) < padded(128) ? 64 : 128) << p0;
  }
}
#endif

}  // namespace
}  // namespace hpcs::matrixchain
