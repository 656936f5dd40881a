// SPDX-License-Identifier: BSD-3-Clause
// The planner against the thesis' worked example (App. D, digest 6.4) in both beta
// conventions, the closed forms against the traffic the tiled kernels move, optimal tiles
// against every other tile, the fusion DP against brute force over every legal marking,
// and small dimensions that would make a closed form negative.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdlib>
#include <functional>
#include <random>
#include <utility>
#include <vector>

#include "matrixchain_chunk_groups.hpp"
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

// left_counted / right_counted against a walk over the fused kernels' blocks (patch, chunk
// group) and the elements each moves: T's X rows and Y columns (left) or Y rows and Z
// columns (right) once per block, its share of the streamed operand, and its R chunks (read
// back unless it is the first band, written always), every piece cut at the edges.
Traffic walk_fused(bool left, const std::array<std::int64_t, 4>& p, const Tile& t, std::int64_t groups) {
  const auto cut = [](std::int64_t start, std::int64_t width, std::int64_t dim) {
    return std::min(width, dim - start);
  };
  const auto ceil_div = [](std::int64_t a, std::int64_t b) { return (a + b - 1) / b; };
  // T tiles (p0, p2) on the left and (p1, p3) on the right; chunks cut p3 (left) or p0 (right).
  const std::int64_t t_rows = left ? p[0] : p[1], t_cols = left ? p[2] : p[3], contraction = left ? p[1] : p[2];
  const std::int64_t streamed = left ? p[3] : p[0], width = left ? t.y : t.x;
  const std::int64_t chunks = ceil_div(streamed, width), per = ceil_div(chunks, groups);
  Traffic w;
  for (std::int64_t ib = 0; ib * t.x < t_rows; ++ib)
    for (std::int64_t jb = 0; jb * t.y < t_cols; ++jb)
      for (std::int64_t g = 0; g < groups; ++g) {
        const std::int64_t rows = cut(ib * t.x, t.x, t_rows), cols = cut(jb * t.y, t.y, t_cols);
        w.reads += static_cast<double>((rows + cols) * contraction);  // phase 1, again in every group
        const bool first_band = left ? jb == 0 : ib == 0;
        for (std::int64_t ch = g * per; ch < std::min(chunks, (g + 1) * per); ++ch) {
          const std::int64_t c = cut(ch * width, width, streamed);
          // left: Z[jb's cols of T, chunk], R[ib rows, chunk]; right: X[chunk, ib's rows of T], R[chunk, jb cols]
          const std::int64_t z = c * (left ? cols : rows), r = c * (left ? rows : cols);
          w.reads += static_cast<double>(z + (first_band ? 0 : r));
          w.writes += static_cast<double>(r);
        }
      }
  return w;
}

TEST(Model, CountedFusedTrafficEqualsAWalkOverTheBlocks) {
  std::mt19937_64 rng(17);
  std::uniform_int_distribution<std::int64_t> dim(1, 90), side(1, 5);
  for (int trial = 0; trial < 300; ++trial) {
    const std::array<std::int64_t, 4> p{dim(rng), dim(rng), dim(rng), dim(rng)};
    const Tile t{8 * side(rng), 8 * side(rng)};
    const Dims4 q{static_cast<double>(p[0]), static_cast<double>(p[1]), static_cast<double>(p[2]),
                  static_cast<double>(p[3])};
    const auto ceil_div = [](std::int64_t a, std::int64_t b) { return (a + b - 1) / b; };
    for (bool left : {true, false}) {
      const std::int64_t chunks = left ? ceil_div(p[3], t.y) : ceil_div(p[0], t.x);
      // groups as fused_chunk_groups makes them: none empty
      for (std::int64_t want = 1; want <= chunks; ++want) {
        const std::int64_t groups = ceil_div(chunks, ceil_div(chunks, want));
        const Traffic walked = walk_fused(left, p, t, groups);
        const Traffic counted = left ? left_counted(q, t, groups) : right_counted(q, t, groups);
        ASSERT_EQ(counted.reads, walked.reads) << (left ? "left " : "right ") << p[0] << "," << p[1] << "," << p[2]
                                               << "," << p[3] << " tile " << t.x << "x" << t.y << " groups " << groups;
        ASSERT_EQ(counted.writes, walked.writes);
      }
    }
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

// Chunk groups of the fused kernels (cuda/fused and kokkos/fused): whole waves of the
// resident blocks only, at most one group per chunk, no group empty, 1 when the patches
// alone fill the device.
TEST(FusedChunkGroups, FillOneWaveWithoutEmptyGroups) {
  EXPECT_EQ(fused_chunk_groups(2, 605, 132).groups, 61);  // 66 wanted: 10 chunks each -> 61 groups
  EXPECT_EQ(fused_chunk_groups(2, 605, 132).per_group, 10);
  EXPECT_EQ(fused_chunk_groups(3, 3, 264).groups, 3);     // capped by the chunks
  EXPECT_EQ(fused_chunk_groups(200, 50, 132).groups, 1);  // the patches fill the GPU
  EXPECT_EQ(fused_chunk_groups(132, 50, 132).groups, 1);  // exactly one wave already
  EXPECT_EQ(fused_chunk_groups(5, 1, 132).groups, 1);     // one chunk
  EXPECT_EQ(fused_chunk_groups(5, 0, 132).per_group, 0);  // nothing to stream
  EXPECT_EQ(fused_chunk_groups(1, 1383, 1).groups, 1);    // one slot: one group, all chunks
  EXPECT_EQ(fused_chunk_groups(1, 1383, 1).per_group, 1383);
  for (std::int64_t patches : {1, 2, 3, 7, 40, 131, 132, 133, 500})
    for (std::int64_t chunks : {1, 2, 3, 10, 97, 605, 1383})
      for (std::int64_t slots : {1, 132, 264, 4224}) {
        const auto c = fused_chunk_groups(patches, chunks, slots);
        const std::string what = std::to_string(patches) + " " + std::to_string(chunks) + " " + std::to_string(slots);
        EXPECT_GE(c.groups, 1) << what;
        EXPECT_LE(c.groups, chunks) << what;
        EXPECT_GE(c.groups * c.per_group, chunks) << what;                  // every chunk has a group
        EXPECT_LT((c.groups - 1) * c.per_group, chunks) << what;            // and the last group a chunk
        EXPECT_TRUE(c.groups == 1 || patches * c.groups <= slots) << what;  // one wave
      }
}

// The test hook replaces the backend's slots, at least 1; unset or empty, the backend's.
TEST(FusedChunkGroups, TestHookReplacesTheSlots) {
  constexpr const char* kSlots = "HPCS_TEST_MATRIXCHAIN_FUSED_SLOTS";
  ::unsetenv(kSlots);
  EXPECT_EQ(fused_slots(264), 264);
  ::setenv(kSlots, "", 1);
  EXPECT_EQ(fused_slots(264), 264);
  ::setenv(kSlots, "7", 1);
  EXPECT_EQ(fused_slots(264), 7);
  ::setenv(kSlots, "0", 1);
  EXPECT_EQ(fused_slots(264), 1);
  ::unsetenv(kSlots);
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

// The chains of the H100 float64 study (M = 8192) where cuda/fused ran up to 90x slower than
// cuda/unfused: a fused step's grid was its T patches alone (2 to 7 blocks on 132 SMs, each
// streaming 600 to 1400 chunks in turn). With chunk groups the grid fills the GPU; the steps
// whose patches already did (the chains that ran as fast fused) keep one group. Slots: the
// fused kernels on an H100 (float64, 4 x 4 outputs: 440-504 threads of 128 registers, 1
// block per SM; 8 x 8 outputs: 128 threads of 254 registers and 95 KB, 2 per SM).
TEST(CudaChunkGroups, SlowFusedChainsOfTheH100StudyFillTheGpu) {
  struct Expected {
    std::int64_t patches, chunks, groups;
  };
  const std::vector<std::pair<Dims, std::vector<Expected>>> chains = {
      {{189, 176, 74, 48334}, {{2, 605, 61}}},
      {{492, 237, 151, 196, 312, 76, 101114}, {{4, 3, 3}, {6, 1264, 22}}},
      {{42535, 151, 150, 321, 180, 70, 458}, {{2, 2, 2}, {380, 7, 1}}},
      {{435, 84, 107, 38626}, {{439, 5, 1}}},
      {{294, 264, 224, 268, 96, 57979}, {{6, 3, 3}, {4, 604, 32}}},
      {{73107, 171, 112, 313, 78, 491, 263}, {{4, 2, 2}, {762, 4, 1}}},
      {{119464, 241, 64, 339, 340, 383}, {{3, 3, 3}, {934, 6, 1}}},
      {{113880, 103, 222, 216}, {{3, 1095, 44}}},
      {{110603, 74, 179, 73, 267, 138, 82}, {{2, 1, 1}, {1, 1383, 126}}},
      {{127962, 110, 472, 346, 472}, {{7, 1143, 18}}}};
  const auto ceil_div = [](std::int64_t a, std::int64_t b) { return (a + b - 1) / b; };
  const auto d = [](std::int64_t v) { return static_cast<double>(v); };
  for (const auto& [dims, expected] : chains) {
    const Plan plan = make_plan(ChainAnalysis(dims, 8192, BetaConvention::Derived), PlanKind::Fused, 8);
    std::size_t fused = 0;
    for (const Step& s : plan.steps) {
      if (s.kind == StepKind::Gemm) continue;
      ASSERT_LT(fused, expected.size()) << format_dims(dims) << " " << plan.tree;
      const bool left = s.kind == StepKind::FusedLeft;
      const std::int64_t patches =
          ceil_div(left ? s.p[0] : s.p[1], s.tile.x) * ceil_div(left ? s.p[2] : s.p[3], s.tile.y);
      const std::int64_t chunks = left ? ceil_div(s.p[3], s.tile.y) : ceil_div(s.p[0], s.tile.x);
      const cuda::KernelShape shape = cuda::kernel_shape(s.kind, s.tile, Precision::Float64, 227 * 1024);
      const std::int64_t slots = 132 * (shape.micro == 8 ? 2 : 1);
      const Expected& e = expected[fused++];
      const std::string what =
          format_dims(dims) + " " + plan.tree + " step " + std::to_string(s.first) + ".." + std::to_string(s.last);
      EXPECT_EQ(patches, e.patches) << what;
      EXPECT_EQ(chunks, e.chunks) << what;
      const auto groups = cuda::fused_chunk_groups(patches, chunks, slots);
      EXPECT_EQ(groups.groups, e.groups) << what;
      // counted traffic: T's inputs once per group, the rest as with one group
      const Dims4 q{d(s.p[0]), d(s.p[1]), d(s.p[2]), d(s.p[3])};
      const Traffic one = left ? left_counted(q, s.tile) : right_counted(q, s.tile);
      const Traffic many = left ? left_counted(q, s.tile, groups.groups) : right_counted(q, s.tile, groups.groups);
      const double t_inputs = left
                                  ? q[0] * q[1] * ceil_div(s.p[2], s.tile.y) + q[1] * q[2] * ceil_div(s.p[0], s.tile.x)
                                  : q[1] * q[2] * ceil_div(s.p[3], s.tile.y) + q[2] * q[3] * ceil_div(s.p[1], s.tile.x);
      EXPECT_EQ(many.reads - one.reads, static_cast<double>(groups.groups - 1) * t_inputs) << what;
      EXPECT_EQ(many.writes, one.writes) << what;
    }
    EXPECT_EQ(fused, expected.size()) << format_dims(dims) << " " << plan.tree;
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
