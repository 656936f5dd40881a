// SPDX-License-Identifier: BSD-3-Clause
// The codesign search (Appendix C.8-C.19): its O(1) time against predict(), its tile set
// against the constraints, its best tiles against brute force over predict(), the Pareto
// front against its definition, and the workload and grid against C.3. 3D: the slab model
// (A.21-A.31) and its O(1) restatement against a literal implementation written here, the
// 3D tiles against their constraints, the best tiles against brute force, Table A.4's C_iter.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <set>
#include <sstream>
#include <tuple>

#include "hpcs/base/error.hpp"
#include "hpcs/base/splitmix64.hpp"
#include "hex_tiling.hpp"
#include "jacobi_codesign.hpp"
#include "jacobi_design_mode.hpp"
#include "jacobi_model.hpp"
#include "jacobi_model3d.hpp"

namespace hpcs::jacobi {
namespace {

double predicted(int dims, const WorkloadSize& z, const Tuning& t, const CodesignConstants& c,
                 const HardwarePoint& hp) {
  return predict(problem_of(dims, z), z.t, t, Precision::Float32, calibration_of(c, hp)).time;
}

TEST(JacobiCodesign, WorkloadAndGridAreC3s) {
  const auto sizes = workload_sizes(thesis_sides(), thesis_steps());
  EXPECT_EQ(sizes.size(), 16u);  // C.3.1: |SZ| = 16
  for (const auto& z : sizes) EXPECT_LE(z.t, z.s);
  const HardwareGrid g = thesis_hardware_grid();
  EXPECT_EQ(g.n_sm.size(), 16u);  // 2..32 even
  EXPECT_EQ(g.n_v.size(), 64u);   // 32..2048 by 32
  EXPECT_EQ(g.shared_kb, (std::vector<int>{12, 24, 36, 48, 96, 144, 192, 240, 288, 336, 384, 432, 480}));
  EXPECT_EQ(problem_of(1, {4096, 1024}).interior(), problem_of(2, {4096, 1024}).interior());
}

// The other 2D stencils run the search with the thesis' own C_iter of that stencil (Table A.4,
// GTX 980) and count their own operations; Jacobi's constants stay as they are.
TEST(JacobiCodesign, OtherStencilsTakeTheirTableA4CIter) {
  const CodesignConstants jacobi = thesis_gtx980_constants();
  EXPECT_EQ(for_stencil(jacobi, Stencil::Jacobi).c_iter_2d, 3.39e-8);
  EXPECT_EQ(for_stencil(jacobi, Stencil::Jacobi).source, jacobi.source);
  for (const auto& [s, c_iter, flops] :
       {std::tuple{Stencil::Heat, 3.68e-8, 9.0}, std::tuple{Stencil::Laplacian, 3.11e-8, 6.0},
        std::tuple{Stencil::Gradient, 6.09e-8, 13.0}}) {
    const CodesignConstants c = for_stencil(jacobi, s);
    EXPECT_NEAR(c.c_iter_2d, c_iter, 1e-15) << to_string(s);
    EXPECT_EQ(c.c_iter_1d, jacobi.c_iter_1d);
    EXPECT_EQ(c.stencil, s);
    EXPECT_EQ(flops_per_update(2, s), flops);
    // the search sees the stencil: its result says which, and a slower C_iter never speeds it up
    const std::vector<WorkloadSize> z{{512, 256}};
    const HardwareGrid g{{8}, {128}, {24}};
    const CodesignResult mine = codesign_search(2, z, g, c, 650, 1), base = codesign_search(2, z, g, jacobi, 650, 1);
    EXPECT_EQ(mine.stencil, s);
    ASSERT_EQ(mine.designs.size(), 1u);
    EXPECT_EQ(mine.designs[0].total_s >= base.designs[0].total_s, c_iter >= 3.39e-8) << to_string(s);
  }
  EXPECT_EQ(flops_per_update(2), 5.0);
  EXPECT_EQ(flops_per_update(1), 3.0);
}

// ---- 3D (HHC slabs, A.21-A.31) -------------------------------------------------------------

// A.21-A.31 written out for one (S^3, T) problem, one statement per equation, with the
// counts the model takes [ours]: A.21/A.23's wavefronts and their hexagons from HexTiling
// (as 1D and 2D), A.24's sub-slabs as exact ceil counts, m_o by the 2D write-back rule.
double literal_slab_time(const WorkloadSize& z, const CodesignTile& t, const CodesignConstants& c,
                         const HardwarePoint& hp) {
  const double S = static_cast<double>(z.s), tT = t.t_T, tS1 = t.t_S1, tS2 = t.t_S2, tS3 = t.t_S3;
  const double w_tile = tS1 + tT - 2;                                                  // A.22
  const double n_sub = std::ceil((S + tT - 1) / tS2) * std::ceil((S + tT - 1) / tS3);  // A.24
  const double m_i = tS2 * tS3 * (tS1 + 2 * tT);                                       // A.25
  const double m_o = tS2 * tS3 * (tS1 + 2 * tT - 2 - (t.t_S1 == 1 ? 1 : 0));           // A.25 [ours]
  const double m_prime = (m_i + m_o) * c.l_word + 2 * c.t_sync;                        // A.26
  double sum = 0;                                                                      // A.28
  for (double x = tS1; x <= w_tile; x += 2) sum += std::ceil(x * tS2 * tS3 / hp.n_v);
  const double comp = 2 * c.c_iter_3d * sum + tT * c.t_sync;
  const double m_tile = 2 * (tS1 + tT + 1) * (tS2 + tT + 1) * (tS3 + tT + 1);  // reconstructed, words
  const int k = static_cast<int>(std::max(1.0, std::min(std::floor(hp.shared_kb * 1024.0 / (4 * m_tile)),
                                                        static_cast<double>(c.mtb_sm))));  // A.12
  const auto t_slab = [&](int kk) {                                                        // A.29, A.30
    return kk == 1 ? (m_prime + comp) * n_sub : m_prime + kk * std::max(m_prime, comp) * n_sub;
  };
  const HexTiling hex{t.t_T, t.t_S1, z.s, z.t};
  double total = 0;  // A.31, per wavefront (A.2), k_i = min(k, ceil(w / n_SM)) [ours]
  for (std::int64_t i = 0; i < hex.wavefronts(); ++i) {
    const double w = static_cast<double>(hex.tiles(i));
    if (w == 0) continue;
    const int k_i = static_cast<int>(std::min<double>(k, std::ceil(w / hp.n_sm)));
    total += c.t_launch + t_slab(k_i) * std::ceil(w / (hp.n_sm * k_i));
  }
  return total;
}

CodesignConstants heat3d() { return for_stencil(thesis_gtx980_constants(), 3, Stencil::Heat); }

TEST(JacobiCodesign3D, TableA4CIterAndTheCountedFlops) {
  const CodesignConstants thesis = thesis_gtx980_constants();
  const CodesignConstants h = for_stencil(thesis, 3, Stencil::Heat), l = for_stencil(thesis, 3, Stencil::Laplacian);
  EXPECT_NEAR(h.c_iter_3d, 1.55e-7, 1e-15);  // Table A.4, GTX 980
  EXPECT_NEAR(l.c_iter_3d, 1.36e-7, 1e-15);
  EXPECT_EQ(h.c_iter_2d, thesis.c_iter_2d);  // Jacobi 2D's, not scaled
  EXPECT_EQ(h.stencil, Stencil::Heat);
  EXPECT_EQ(l.stencil, Stencil::Laplacian);
  EXPECT_EQ(thesis.c_iter_3d, 0.0);
  // a calibration (what-if): its Jacobi 2D C_iter times the thesis' ratio
  CodesignConstants cal = thesis;
  cal.c_iter_2d = 2e-8;
  EXPECT_NEAR(for_stencil(cal, 3, Stencil::Heat).c_iter_3d, 2e-8 * 1.55e-7 / 3.39e-8, 1e-20);
  EXPECT_NEAR(for_stencil(cal, 3, Stencil::Laplacian).c_iter_3d, 2e-8 * 1.36e-7 / 3.39e-8, 1e-20);
  // dims 1 and 2 are for_stencil(c, s)
  EXPECT_EQ(for_stencil(thesis, 2, Stencil::Gradient).c_iter_2d, for_stencil(thesis, Stencil::Gradient).c_iter_2d);
  EXPECT_THROW(for_stencil(thesis, 3, Stencil::Jacobi), Error);
  EXPECT_THROW(for_stencil(thesis, 3, Stencil::Gradient), Error);
  EXPECT_EQ(flops_per_update(3, Stencil::Heat), 13.0);
  EXPECT_EQ(flops_per_update(3, Stencil::Laplacian), 8.0);
  EXPECT_THROW(flops_per_update(3, Stencil::Jacobi), Error);
  // 3D without a 3D C_iter is refused
  EXPECT_THROW(codesign_search(3, {{64, 32}}, {{8}, {128}, {96}}, thesis, 650, 1), Error);
  EXPECT_THROW(codesign_time(3, {64, 32}, slab_tile(2, 1, 1, 32), thesis, {8, 128, 96}), Error);
  // names and titles of the report and the CSV
  EXPECT_EQ(codesign_name({3, Stencil::Heat}), "heat3d");
  EXPECT_EQ(codesign_name({3, Stencil::Laplacian}), "laplacian3d");
  EXPECT_EQ(codesign_title({3, Stencil::Heat}), "Heat 3D");
  EXPECT_EQ(codesign_name({2, Stencil::Heat}), "heat2d");
  EXPECT_EQ(codesign_title({1, Stencil::Jacobi}), "Jacobi 1D");
}

TEST(JacobiCodesign3D, WorkloadIsTheThesis3DSizes) {
  const auto sizes = workload_sizes(thesis_sides_3d(), thesis_steps_3d());
  EXPECT_EQ(sizes.size(), 12u);  // digest 1.3: 12 (S, T) combinations with T <= S
  for (const auto& z : sizes) EXPECT_LE(z.t, z.s);
  EXPECT_EQ(points_of(3, {640, 128}), 640.0 * 640 * 640);
  EXPECT_EQ(points_of(2, {640, 128}), 640.0 * 640);
}

TEST(JacobiCodesign3D, TimeIsTheLiteralModelForEveryTileAndPoint) {
  std::uint64_t draw = 31;
  const auto pick = [&](int lo, int hi) { return lo + static_cast<int>(splitmix64(++draw) % (hi - lo + 1)); };
  for (Stencil st : {Stencil::Heat, Stencil::Laplacian})
    for (int n = 0; n < 300; ++n) {
      const CodesignConstants c = for_stencil(thesis_gtx980_constants(), 3, st);
      const HardwarePoint hp{2 * pick(1, 16), 32 * pick(1, 64), pick(0, 1) ? 12 * pick(1, 3) : 48 * pick(1, 10)};
      const WorkloadSize z =
          n % 3 == 0 ? WorkloadSize{pick(3, 100), pick(1, 90)} : WorkloadSize{128 * pick(1, 5), 128 * pick(1, 5)};
      const CodesignTile t = slab_tile(2 * pick(1, 20), pick(1, 120), pick(1, 40), 32 * pick(1, 4));
      SCOPED_TRACE(::testing::Message() << "S=" << z.s << " T=" << z.t << " tiles " << t.t_T << "/" << t.t_S1 << "/"
                                        << t.t_S2 << "/" << t.t_S3 << " hp " << hp.n_sm << "x" << hp.n_v << ", "
                                        << hp.shared_kb << " KB");
      const double want = literal_slab_time(z, t, c, hp);
      const SlabPrediction p = predict_slabs(z.s, z.s, z.s, z.t, t.slab(), slab_machine_of(c, hp));
      EXPECT_NEAR(p.time, want, 1e-12 * want);
      EXPECT_NEAR(codesign_time(3, z, t, c, hp), want, 1e-12 * want);
      // the pieces against their equations
      EXPECT_EQ(p.subslabs, ((z.s + t.t_T - 1 + t.t_S2 - 1) / t.t_S2) * ((z.s + t.t_T - 1 + t.t_S3 - 1) / t.t_S3));
      EXPECT_DOUBLE_EQ(p.v_tile, double(t.t_S2) * t.t_S3 * t.t_T * (2.0 * t.t_S1 + t.t_T - 2) / 2);  // A.27
      EXPECT_DOUBLE_EQ(tile_bytes(3, t), 4 * p.tile_words);
      EXPECT_LE(p.time, p.time_as_printed * (1 + 1e-12));  // k_i <= k only shortens a wavefront
    }
  // the sub-slab count against the tiling itself: every (S2, S3) column in exactly the
  // sub-prisms SkewedColumns gives along each axis
  const SlabTile t{4, 3, 5, 32};
  const SkewedColumns along2{5, 4, 100}, along3{32, 4, 64};
  EXPECT_EQ(slab_subslabs(100, 64, t), along2.subprisms() * along3.subprisms());
  EXPECT_EQ(slab_subslabs(100, 64, t), ((100 + 3 + 4) / 5) * ((64 + 3 + 31) / 32));
  EXPECT_THROW(predict_slabs(10, 10, 10, 5, {3, 1, 1, 32}, slab_machine_of(heat3d(), {2, 32, 48})), Error);
}

TEST(JacobiCodesign3D, LegalTilesAreExactlyTheConstrainedOnes) {
  // Under 8 KB (2048 words): every tile of a box that holds all legal ones.
  const double kb = 8;
  const auto tiles = legal_tiles(3, kb);
  std::set<std::tuple<int, int, int, int>> listed;
  for (const auto& t : tiles) listed.insert({t.t_T, t.t_S1, t.t_S2, t.t_S3});
  ASSERT_EQ(listed.size(), tiles.size());  // no tile twice
  std::size_t in_box = 0;
  for (int tT = 1; tT <= 12; ++tT)
    for (int tS3 = 1; tS3 <= 300; ++tS3)
      for (int tS2 = 1; tS2 <= 40; ++tS2)
        for (int tS1 = 1; tS1 <= 40; ++tS1) {
          const double words = 2.0 * (tS1 + tT + 1) * (tS2 + tT + 1) * (tS3 + tT + 1);
          const bool legal = tT % 2 == 0 && tS3 % 32 == 0 && 4 * words <= kb * 1024;
          in_box += legal;
          ASSERT_EQ(listed.count({tT, tS1, tS2, tS3}) == 1, legal) << tT << "/" << tS1 << "/" << tS2 << "/" << tS3;
        }
  EXPECT_EQ(in_box, tiles.size());  // and none outside the box
  // 48 KB: 805 tiles, t_T at most 8: the block limit bounds every size
  const auto all = legal_tiles(3, 48);
  EXPECT_EQ(all.size(), 805u);
  int top = 0;
  for (const auto& t : all) top = std::max(top, t.t_T);
  EXPECT_EQ(top, 8);
  EXPECT_EQ(tile_bytes(3, slab_tile(2, 1, 1, 32)), 4.0 * 2 * 4 * 4 * 35);  // the smallest: 4480 bytes
}

TEST(JacobiCodesign3D, BestTilesAreTheMinimumOverTheLegalTiles) {
  const CodesignConstants c = [] {
    CodesignConstants k = heat3d();
    k.block_kb = 8;
    return k;
  }();
  const HardwareGrid grid{{2, 8, 18}, {32, 288, 896}, {12, 24, 96}};
  const std::vector<WorkloadSize> sizes{{64, 32}, {100, 50}};
  const CodesignResult r = codesign_search(3, sizes, grid, c, 1e9, 2);
  EXPECT_EQ(r.dims, 3);
  EXPECT_EQ(r.stencil, Stencil::Heat);
  ASSERT_EQ(r.designs.size(), 27u);
  for (const DesignResult& d : r.designs) {
    const auto tiles = legal_tiles(3, std::min<double>(c.block_kb, d.hp.shared_kb));
    for (std::size_t z = 0; z < sizes.size(); ++z) {
      double want = std::numeric_limits<double>::infinity();
      for (const auto& t : tiles) want = std::min(want, literal_slab_time(sizes[z], t, c, d.hp));
      SCOPED_TRACE(::testing::Message() << d.hp.n_sm << "x" << d.hp.n_v << ", " << d.hp.shared_kb);
      EXPECT_NEAR(d.seconds[z], want, 1e-12 * want);
      EXPECT_NEAR(literal_slab_time(sizes[z], d.tiles[z], c, d.hp), want, 1e-12 * want);
      EXPECT_EQ(d.tiles[z].t_S3 % 32, 0);
    }
    // GFLOPS: 13 flops per Heat 3D update over S^3 T
    EXPECT_NEAR(d.gflops, 13.0 * (64.0 * 64 * 64 * 32 + 100.0 * 100 * 100 * 50) / d.total_s / 1e9, 1e-9 * d.gflops);
    const DesignResult alone = solve_design(3, sizes, d.hp, c);
    EXPECT_EQ(alone.seconds, d.seconds);
    for (std::size_t z = 0; z < sizes.size(); ++z) EXPECT_EQ(alone.tiles[z].t_S3, d.tiles[z].t_S3);
  }
  // the CSV names the stencil
  std::ostringstream csv;
  write_codesign_csv(csv, {r});
  EXPECT_NE(csv.str().find("\nheat3d,2,32,12,"), std::string::npos);
}

TEST(JacobiCodesign, TimeIsPredictsForEveryTileAndPoint) {
  const CodesignConstants c = thesis_gtx980_constants();
  std::uint64_t draw = 29;
  const auto pick = [&](int lo, int hi) { return lo + static_cast<int>(splitmix64(++draw) % (hi - lo + 1)); };
  for (int dims : {1, 2})
    for (int n = 0; n < 300; ++n) {
      const HardwarePoint hp{2 * pick(1, 16), 32 * pick(1, 64), pick(0, 1) ? 12 * pick(1, 3) : 48 * pick(1, 10)};
      const WorkloadSize z = n % 3 == 0 ? WorkloadSize{pick(3, 300), pick(1, 90)}
                                        : WorkloadSize{std::int64_t{1024} << pick(0, 4), 256 * pick(1, 16)};
      const Tuning t{2 * pick(1, 40), pick(1, 200), dims == 2 ? 32 * pick(1, 8) : 1, 0, 0};
      SCOPED_TRACE(::testing::Message() << dims << "D S=" << z.s << " T=" << z.t << " tiles " << t.t_T << "/" << t.t_S1
                                        << "/" << t.t_S2 << " hp " << hp.n_sm << "x" << hp.n_v << ", " << hp.shared_kb
                                        << " KB");
      const double want = predicted(dims, z, t, c, hp);
      EXPECT_NEAR(codesign_time(dims, z, t, c, hp), want, 1e-12 * want);
    }
}

TEST(JacobiCodesign, LegalTilesAreExactlyTheConstrainedOnes) {
  // 2D under a small block limit (4 KB = 1024 words): the enumeration against a scan of a box
  // that holds every legal tile.
  const double kb = 4;
  const auto tiles = legal_tiles(2, kb);
  std::size_t in_box = 0;
  for (int tT = 1; tT <= 40; ++tT)
    for (int tS2 = 1; tS2 <= 600; ++tS2)
      for (int tS1 = 1; tS1 <= 300; ++tS1) {
        const Tuning t{tT, tS1, tS2, 0, 0};
        const bool legal = tT % 2 == 0 && tS2 % 32 == 0 && tile_bytes(2, t) <= kb * 1024;
        in_box += legal;
        const bool listed = std::any_of(tiles.begin(), tiles.end(),
                                        [&](const Tuning& u) { return u.t_T == tT && u.t_S1 == tS1 && u.t_S2 == tS2; });
        ASSERT_EQ(listed, legal) << tT << "/" << tS1 << "/" << tS2;
      }
  EXPECT_EQ(in_box, tiles.size());  // and none outside the box
  // A.20 at the limit: 2 (t_S1 + t_T + 1)(t_S2 + t_T + 1) words.
  EXPECT_EQ(tile_bytes(2, {2, 5, 32, 0, 0}), 4.0 * 2 * 8 * 35);
  // 1D: t_S1 a multiple of 32 (C.14) with 2 (t_S1 + t_T) words within 48 KB, t_T <= 512.
  const auto line = legal_tiles(1, 48);
  std::size_t want = 0;
  for (int tT = 2; tT <= kMax1dT; tT += 2) want += (6144 - tT) / 32;
  EXPECT_EQ(line.size(), want);
  for (const auto& t : line)
    EXPECT_TRUE(t.t_T % 2 == 0 && t.t_T <= kMax1dT && t.t_S1 % 32 == 0 && tile_bytes(1, t) <= 48 * 1024);
}

// A small search for the tests: a few points, sizes and a low block limit (few tiles).
struct Small {
  CodesignConstants c = thesis_gtx980_constants();
  HardwareGrid grid{{2, 4, 8}, {32, 96, 256}, {12, 24, 48}};
  std::vector<WorkloadSize> sizes{{512, 256}, {1000, 64}};
  Small() { c.block_kb = 8; }
};

TEST(JacobiCodesign, BestTilesAreTheMinimumOfPredictOverTheLegalTiles) {
  const Small s;
  for (int dims : {1, 2}) {
    const CodesignResult r = codesign_search(dims, s.sizes, s.grid, s.c, 1e9, 2);
    ASSERT_EQ(r.designs.size(), 27u);
    for (const DesignResult& d : r.designs) {
      if (d.hp.n_v != 96 && d.hp.n_sm != 4) continue;  // a cross of the grid: enough, and quick
      const auto tiles = legal_tiles(dims, std::min<double>(s.c.block_kb, d.hp.shared_kb));
      for (std::size_t z = 0; z < s.sizes.size(); ++z) {
        double want = std::numeric_limits<double>::infinity();
        for (const auto& t : tiles) want = std::min(want, predicted(dims, s.sizes[z], t, s.c, d.hp));
        SCOPED_TRACE(::testing::Message() << dims << "D " << d.hp.n_sm << "x" << d.hp.n_v << ", " << d.hp.shared_kb);
        EXPECT_NEAR(d.seconds[z], want, 1e-12 * want);
        EXPECT_NEAR(predicted(dims, s.sizes[z], d.tiles[z], s.c, d.hp), want, 1e-12 * want);
      }
      // the search is solve_design() point by point, whatever the thread count
      const DesignResult alone = solve_design(dims, s.sizes, d.hp, s.c);
      EXPECT_EQ(alone.seconds, d.seconds);
      EXPECT_DOUBLE_EQ(alone.area_mm2, d.area_mm2);
      for (std::size_t z = 0; z < s.sizes.size(); ++z) {
        EXPECT_EQ(alone.tiles[z].t_T, d.tiles[z].t_T);
        EXPECT_EQ(alone.tiles[z].t_S1, d.tiles[z].t_S1);
        EXPECT_EQ(alone.tiles[z].t_S2, d.tiles[z].t_S2);
      }
    }
  }
}

TEST(JacobiCodesign, ParetoFrontIsTheUndominatedDesigns) {
  const Small s;
  const CodesignResult r = codesign_search(2, s.sizes, s.grid, s.c, 1e9, 1);
  std::size_t front = 0;
  for (const auto& d : r.designs) {
    bool dominated = false;
    for (const auto& e : r.designs)
      dominated = dominated || (e.area_mm2 <= d.area_mm2 && e.total_s <= d.total_s &&
                                (e.area_mm2 < d.area_mm2 || e.total_s < d.total_s));
    EXPECT_EQ(d.pareto, !dominated) << d.hp.n_sm << "x" << d.hp.n_v << ", " << d.hp.shared_kb;
    front += d.pareto;
    // GFLOPS: 5 flops per update over the workload's updates, per second of the sum
    EXPECT_NEAR(d.gflops, 5.0 * (512.0 * 512 * 256 + 1000.0 * 1000 * 64) / d.total_s / 1e9, 1e-9 * d.gflops);
  }
  EXPECT_GE(front, 1u);
  EXPECT_TRUE(r.designs.front().pareto);  // the smallest design is on the front
  EXPECT_TRUE(std::is_sorted(r.designs.begin(), r.designs.end(),
                             [](const auto& a, const auto& b) { return a.area_mm2 < b.area_mm2; }));
}

TEST(JacobiCodesign, BudgetKeepsThePointsThatFitAndRefusesNone) {
  const Small s;
  const double smallest = smallest_area(s.grid);
  EXPECT_DOUBLE_EQ(smallest, chip_area(design_of({2, 32, 12})).total());
  const CodesignResult r = codesign_search(2, s.sizes, s.grid, s.c, 100, 1);
  EXPECT_LT(r.designs.size(), 27u);
  for (const auto& d : r.designs) EXPECT_LE(d.area_mm2, 100);
  EXPECT_THROW(codesign_search(2, s.sizes, s.grid, s.c, smallest - 0.01, 1), Error);
  const DesignResult* band = best_in_band(r, 0, 100);
  ASSERT_NE(band, nullptr);
  for (const auto& d : r.designs) EXPECT_GE(d.total_s, band->total_s);
  EXPECT_EQ(best_in_band(r, 1000, 2000), nullptr);
}

TEST(JacobiCodesign, DesignsWithoutRoomForATileAreInfeasible) {
  // C.10: the smallest 2D tile (t_T 2, t_S1 1, t_S2 32) needs 1120 bytes, more than 1 KB.
  Small s;
  s.grid.shared_kb = {1, 24};
  const CodesignResult r = codesign_search(2, s.sizes, s.grid, s.c, 1e9, 1);
  EXPECT_EQ(r.infeasible, 9u);
  EXPECT_EQ(r.designs.size(), 9u);
  for (const auto& d : r.designs) EXPECT_EQ(d.hp.shared_kb, 24);
  s.grid.shared_kb = {1};
  EXPECT_THROW(codesign_search(2, s.sizes, s.grid, s.c, 1e9, 1), Error);
  EXPECT_NO_THROW(codesign_search(1, s.sizes, s.grid, s.c, 1e9, 1));  // 1D's smallest: 272 bytes
}

TEST(JacobiCodesign, CalibrationWhatIfTakesTheFilesTimesAndTheThesisBlockLimit) {
  Calibration cal;
  cal.device = "Some GPU";
  cal.c_iter_1d = 1e-8, cal.c_iter_2d = 2e-8, cal.l_word = 3e-10, cal.t_sync = 4e-9, cal.t_launch = 5e-6;
  cal.mtb_sm = 16, cal.m_block_bytes = 227 * 1024;
  const CodesignConstants c = constants_from(cal, "x.json");
  EXPECT_EQ(c.source, "Some GPU (x.json)");
  EXPECT_EQ(c.c_iter_2d, 2e-8);
  EXPECT_EQ(c.mtb_sm, 16);
  EXPECT_EQ(c.block_kb, 48);
  const Calibration back = calibration_of(c, {4, 64, 24});
  EXPECT_EQ(back.m_block_bytes, 24 * 1024);  // capped at the design's M_SM
  EXPECT_EQ(back.n_v, 64);
  // A stencil whose C_iter the file measured takes it; one it did not, the thesis' ratio.
  cal.c_iter_heat2d = 2.5e-8;
  const CodesignConstants measured = constants_from(cal, "x.json");
  EXPECT_EQ(for_stencil(measured, Stencil::Heat).c_iter_2d, 2.5e-8);
  EXPECT_NE(for_stencil(measured, Stencil::Heat).source.find("heat measured"), std::string::npos);
  EXPECT_NEAR(for_stencil(measured, Stencil::Gradient).c_iter_2d, 2e-8 * 6.09 / 3.39, 1e-20);
}

}  // namespace
}  // namespace hpcs::jacobi
