// SPDX-License-Identifier: BSD-3-Clause
// The tile bodies of kokkos/tiled (jacobi_team_tiles_kokkos.hpp) run on the host by teams of real
// threads that meet at a real barrier, wavefront by wavefront, with the scratch filled
// with NaN before every tile: a missing barrier, a read of scratch the tile never wrote, a
// wrong carry between sub-prisms (sub-slabs in 3D) or a missing write-back shows up on a CPU-only machine
// as a difference from the reference (Kokkos::Serial runs teams of one thread only).
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <cstring>
#include <memory>
#include <limits>
#include <random>
#include <thread>
#include <type_traits>

#include "jacobi_hhc2d_fast_block.hpp"
#include "jacobi_reference.hpp"
#include "jacobi_slab_tile.hpp"
#include "jacobi_team_tiles_kokkos.hpp"
#include "thread_barrier.hpp"

namespace hpcs::jacobi {
namespace {

using hpcs::testing::ThreadTeam;

template <class Real, class St = Jacobi2D>
std::vector<Real> host_tiled(const Problem& p, const Tuning& t, int threads, const std::vector<Real>& grid,
                             std::int64_t T) {
  constexpr bool k3D = std::is_same_v<St, Jacobi3D> || std::is_same_v<St, Heat3D> || std::is_same_v<St, Laplacian3D>;
  std::vector<Real> level[2] = {grid, grid};
  const HexTiling h{t.t_T, t.t_S1, p.n1, T};
  const int width = t.t_S1 + t.t_T - 2, frame = t.t_S2 + 2;
  std::vector<Real> scratch(p.dims == 1   ? kokkos::hex1d_scratch_values(width)
                            : p.dims == 2 ? kokkos::hhc2d_scratch_values(width, frame, t.t_T)
                                          : hhc3d_scratch_values(width, t.t_S2, t.t_S3));
  for (std::int64_t w = 0; w < h.wavefronts(); ++w)
    for (std::int64_t k = 0; k < h.tiles(w); ++k) {
      std::fill(scratch.begin(), scratch.end(), std::numeric_limits<Real>::quiet_NaN());
      hpcs::testing::ThreadBarrier bar(static_cast<unsigned>(threads));
      std::vector<std::thread> team;
      for (int r = 0; r < threads; ++r)
        team.emplace_back([&, r] {
          const ThreadTeam me{r, threads, &bar};
          if constexpr (k3D) {
            const SkewedColumns s2{t.t_S2, t.t_T, p.n2}, s3{t.t_S3, t.t_T, p.n3};
            hhc3d_tile<St>(
                Hhc3DArgs<Real>{h, s2, s3, w, p.cols(), p.pitch(), {level[0].data(), level[1].data()}, width}, k,
                scratch.data(), me);
          } else if (p.dims == 1) {
            kokkos::hex1d_tile(kokkos::Hex1DArgs<Real>{h, w, {level[0].data(), level[1].data()}, width}, k,
                               scratch.data(), me);
          } else {
            const SkewedColumns sc{t.t_S2, t.t_T, p.n2};
            kokkos::hhc2d_tile<St>(
                kokkos::Hhc2DArgs<Real>{h, sc, w, p.cols(), {level[0].data(), level[1].data()}, width, frame}, k,
                scratch.data(), me);
          }
        });
      for (auto& th : team) th.join();
    }
  return level[T % 2];
}

template <class Real, class St = Jacobi2D>
void check(const Problem& shape, const Tuning& t, std::int64_t T, std::mt19937_64& rng) {
  Problem p = shape;
  p.stencil = St::id;
  std::uniform_real_distribution<double> d(-1.0, 1.0);
  std::vector<Real> grid(static_cast<std::size_t>(p.stored()));
  for (auto& x : grid) x = static_cast<Real>(d(rng));
  const auto want = reference_run(p, grid, T);
  for (int threads : {3, 8, 11}) {  // fewer and more threads than columns, uneven runs of rows
    const auto got = host_tiled<Real, St>(p, t, threads, grid, T);
    ASSERT_EQ(std::memcmp(got.data(), want.data(), got.size() * sizeof(Real)), 0)
        << "dims " << p.dims << " " << p.n1 << "x" << p.n2 << " T=" << T << " t_T=" << t.t_T << " t_S1=" << t.t_S1
        << " n3=" << p.n3 << " t_S2=" << t.t_S2 << " t_S3=" << t.t_S3 << " threads=" << threads << " stencil "
        << to_string(p.stencil);
  }
}

TEST(JacobiTeamTiles, HexagonsOnHostThreadsEqualTheReference) {
  std::mt19937_64 rng(std::random_device{}());
  for (const Tuning& t : {Tuning{2, 1, 1, 0}, Tuning{4, 3, 1, 0}, Tuning{6, 8, 1, 0}, Tuning{10, 33, 1, 0}})
    for (std::int64_t n : {1, 5, 61}) {
      check<float>(Problem{1, n, 1}, t, 13, rng);
      check<double>(Problem{1, n, 1}, t, 8, rng);
    }
}

TEST(JacobiTeamTiles, HhcPrismsOnHostThreadsEqualTheReference) {
  std::mt19937_64 rng(std::random_device{}());
  for (const Tuning& t :
       {Tuning{2, 1, 1, 0}, Tuning{4, 3, 5, 0}, Tuning{6, 2, 1, 0}, Tuning{4, 5, 2, 0}, Tuning{8, 4, 40, 0}})
    for (const auto& [n1, n2] : std::vector<std::pair<std::int64_t, std::int64_t>>{{1, 7}, {6, 1}, {17, 23}}) {
      check<float>(Problem{2, n1, n2}, t, 9, rng);
      check<double>(Problem{2, n1, n2}, t, 6, rng);
    }
}

// kokkos/tiled's fast path on a GPU (jacobi_fast2d_kokkos.hpp): wavefronts of full hexagons
// run cuda/tiled's fast block with copies that land when issued (ImmediateMem) in teams of
// t_S2 real threads, the other wavefronts the generic team tile; the two write and read
// global memory by the same protocol, so the mix equals the reference bit for bit. Scratch
// starts as NaN for every tile.
template <int kS2, int kT, int kS1>
std::vector<float> host_fast_mix(const Problem& p, int threads, const std::vector<float>& grid, std::int64_t T,
                                 long& fast_tiles) {
  using Fast = blocks::Hhc2dFastBlock<float, blocks::ImmediateMem<float>, kS2, kT, kS1>;
  std::vector<float> level[2] = {grid, grid};
  const Tuning t{kT, kS1, kS2, kS2};
  const auto prm = blocks::hhc2d_params(p, t, T, level[0].data(), level[1].data(), blocks::kRoundFixed);
  const HexTiling& h = prm.h;
  const int width = kS1 + kT - 2, frame = kS2 + 2;
  const SkewedColumns sc{kS2, kT, p.n2};
  std::vector<float> scratch(
      std::max(kokkos::hhc2d_scratch_values(width, frame, kT), Fast::elems(0) + Fast::elems(1) + Fast::elems(2)));
  for (std::int64_t w = 0; w < h.wavefronts(); ++w) {
    const bool fast = Fast::applies(h, w);
    const int n = fast ? kS2 : threads;
    for (std::int64_t k = 0; k < h.tiles(w); ++k) {
      std::fill(scratch.begin(), scratch.end(), std::numeric_limits<float>::quiet_NaN());
      hpcs::testing::ThreadBarrier bar(static_cast<unsigned>(n));
      std::vector<std::thread> team;
      for (int r = 0; r < n; ++r)
        team.emplace_back([&, r] {
          if (fast) {
            float* b0 = scratch.data();
            blocks::ImmediateMem<float> mem{b0, static_cast<int>(Fast::elems(0)),
                                            static_cast<int>(Fast::elems(0) + Fast::elems(1))};
            Fast(prm, mem, w, k, r).run_all([&] { bar.wait(); });
          } else {
            kokkos::hhc2d_tile<Jacobi2D>(
                kokkos::Hhc2DArgs<float>{h, sc, w, p.cols(), {level[0].data(), level[1].data()}, width, frame}, k,
                scratch.data(), ThreadTeam{r, n, &bar});
          }
        });
      for (auto& th : team) th.join();
      fast_tiles += fast ? 1 : 0;
    }
  }
  return level[T % 2];
}

template <int kS2, int kT, int kS1>
void check_fast_mix(std::int64_t n1, std::int64_t n2, std::int64_t T, std::mt19937_64& rng) {
  const Problem p{2, n1, n2};
  std::uniform_real_distribution<double> d(-1.0, 1.0);
  std::vector<float> grid(static_cast<std::size_t>(p.stored()));
  for (auto& x : grid) x = static_cast<float>(d(rng));
  long fast_tiles = 0;
  const auto got = host_fast_mix<kS2, kT, kS1>(p, 5, grid, T, fast_tiles);
  const auto want = reference_run(p, grid, T);
  EXPECT_GT(fast_tiles, 0) << "no full wavefront: the case does not test the fast block";
  ASSERT_EQ(std::memcmp(got.data(), want.data(), got.size() * sizeof(float)), 0)
      << n1 << "x" << n2 << " T=" << T << " fast " << kS2 << "/" << kT << "/" << kS1;
}

TEST(JacobiTeamTiles, FastBlockWithImmediateCopiesBesideTheTeamTile) {
  std::mt19937_64 rng(std::random_device{}());
  // Sizes not multiples of the tiles; hexagons cut by the boundary rows (the Edge steps);
  // T leaving a cut last band.
  check_fast_mix<32, 4, 3>(37, 75, 13, rng);
  check_fast_mix<32, 8, 5>(61, 33, 19, rng);
  check_fast_mix<64, 10, 4>(45, 130, 22, rng);
}

// The other 2D stencils through the same prisms (the reference's stencil is checked against
// an independent loop in test_jacobi_stencils.cpp).
TEST(JacobiTeamTiles, HhcPrismsOfEveryStencil) {
  std::mt19937_64 rng(std::random_device{}());
  for (const Tuning& t : {Tuning{2, 1, 1, 0}, Tuning{4, 3, 5, 0}, Tuning{8, 4, 40, 0}})
    for (const auto& [n1, n2] : std::vector<std::pair<std::int64_t, std::int64_t>>{{6, 1}, {17, 23}}) {
      check<float, Heat2D>(Problem{2, n1, n2}, t, 9, rng);
      check<double, Laplacian2D>(Problem{2, n1, n2}, t, 7, rng);
      check<float, Gradient2D>(Problem{2, n1, n2}, t, 9, rng);
      check<double, Gradient2D>(Problem{2, n1, n2}, t, 5, rng);
    }
}

// --slab-split on host threads: every (hexagon, group) team of a wavefront runs at once, each
// on its own threads, barrier and NaN-filled scratch, the groups started last first, so the
// per-pass waits (std::atomic counters, the protocol of jacobi_hhc3d.cu and
// jacobi_tiled_kokkos.cpp) really wait; a wait that lets a group run ahead of its
// predecessor's pass, or a walk that misses a dependency, shows up as a difference.
struct ThreadSlabSync {
  const ThreadTeam* me;
  std::atomic<std::int64_t>* before;  // nullptr: group 0
  std::atomic<std::int64_t>* mine;
  void wait(std::int64_t s3) const {
    if (before == nullptr) return;
    if (me->rank() == 0)
      while (before->load(std::memory_order_acquire) < s3 + 1) std::this_thread::yield();
    me->barrier();
  }
  void signal(std::int64_t s3) const {
    me->barrier();
    if (me->rank() == 0) mine->store(s3 + 1, std::memory_order_release);
  }
};

template <class Real, class St>
std::vector<Real> host_split(const Problem& p, const Tuning& t, int threads, const std::vector<Real>& grid,
                             std::int64_t T, std::int64_t& most_groups) {
  std::vector<Real> level[2] = {grid, grid};
  const HexTiling h{t.t_T, t.t_S1, p.n1, T};
  const int width = t.t_S1 + t.t_T - 2;
  const SkewedColumns s2{t.t_S2, t.t_T, p.n2}, s3{t.t_S3, t.t_T, p.n3};
  const SlabGroups groups{s2.subprisms(), t.slab_split};
  most_groups = std::max(most_groups, groups.count);
  const Hhc3DArgs<Real> base{h, s2, s3, 0, p.cols(), p.pitch(), {level[0].data(), level[1].data()}, width};
  for (std::int64_t w = 0; w < h.wavefronts(); ++w) {
    const std::int64_t hexagons = h.tiles(w), teams = hexagons * groups.count;
    if (teams == 0) continue;
    Hhc3DArgs<Real> a = base;
    a.w = w;
    std::vector<std::atomic<std::int64_t>> counters(static_cast<std::size_t>(teams));
    for (auto& c : counters) c.store(0);
    std::vector<std::vector<Real>> scratch(static_cast<std::size_t>(teams));
    std::vector<std::unique_ptr<hpcs::testing::ThreadBarrier>> bars;
    std::vector<std::thread> all;
    for (std::int64_t id = teams - 1; id >= 0; --id) {  // the last groups first
      const std::int64_t g = id / hexagons, k = id % hexagons;
      auto& sc = scratch[static_cast<std::size_t>(id)];
      sc.assign(hhc3d_scratch_values(width, t.t_S2, t.t_S3), std::numeric_limits<Real>::quiet_NaN());
      bars.push_back(std::make_unique<hpcs::testing::ThreadBarrier>(static_cast<unsigned>(threads)));
      auto* bar = bars.back().get();
      std::atomic<std::int64_t>* mine = &counters[static_cast<std::size_t>(k * groups.count + g)];
      for (int r = 0; r < threads; ++r)
        all.emplace_back([&, buf = sc.data(), bar, mine, g, k, r] {
          const ThreadTeam me{r, threads, bar};
          hhc3d_tile<St>(a, k, buf, me, groups.first(g), groups.end(g, s2.subprisms()),
                         ThreadSlabSync{&me, g > 0 ? mine - 1 : nullptr, mine});
        });
    }
    for (auto& th : all) th.join();
  }
  return level[T % 2];
}

TEST(JacobiTeamTiles, SplitSlabsOnConcurrentHostTeamsEqualTheReference) {
  std::mt19937_64 rng(std::random_device{}());
  std::int64_t most_groups = 0;
  for (const Tuning& t : {Tuning{2, 1, 1, 0, 0, 3}, Tuning{4, 3, 2, 0, 0, 5}, Tuning{6, 2, 1, 0, 0, 4}})
    for (const Problem& shape : {Problem{3, 7, 9, Stencil::Jacobi, 5}, Problem{3, 2, 13, Stencil::Jacobi, 7}})
      for (int split : {1, 2, 3, 1000}) {
        Tuning ts = t;
        ts.slab_split = split;
        Problem p = shape;
        for (int which = 0; which < 2; ++which) {
          p.stencil = which == 0 ? Stencil::Jacobi : Stencil::Heat;
          std::uniform_real_distribution<double> d(-1.0, 1.0);
          if (which == 0) {
            std::vector<float> grid(static_cast<std::size_t>(p.stored()));
            for (auto& x : grid) x = static_cast<float>(d(rng));
            const auto want = reference_run(p, grid, 7);
            const auto got = host_split<float, Jacobi3D>(p, ts, 3, grid, 7, most_groups);
            ASSERT_EQ(std::memcmp(got.data(), want.data(), got.size() * sizeof(float)), 0)
                << p.n1 << "x" << p.n2 << "x" << p.n3 << " t_T=" << t.t_T << " t_S1=" << t.t_S1 << " t_S2=" << t.t_S2
                << " t_S3=" << t.t_S3 << " split=" << split;
          } else {
            std::vector<double> grid(static_cast<std::size_t>(p.stored()));
            for (auto& x : grid) x = d(rng);
            const auto want = reference_run(p, grid, 6);
            const auto got = host_split<double, Heat3D>(p, ts, 2, grid, 6, most_groups);
            ASSERT_EQ(std::memcmp(got.data(), want.data(), got.size() * sizeof(double)), 0)
                << p.n1 << "x" << p.n2 << "x" << p.n3 << " t_T=" << t.t_T << " t_S1=" << t.t_S1 << " t_S2=" << t.t_S2
                << " t_S3=" << t.t_S3 << " split=" << split << " heat";
          }
        }
      }
  EXPECT_GE(most_groups, 4);  // some slabs really were split
}

// The groups: ceil division, N clamped to the sub-slab rows, no empty group.
TEST(JacobiTeamTiles, SlabGroupsCoverTheRowsWithoutEmptyGroups) {
  for (std::int64_t n = 1; n <= 40; ++n)
    for (std::int64_t N : {1, 2, 3, 4, 7, 16, 64, 1000}) {
      const SlabGroups g{n, N};
      EXPECT_LE(g.count, std::min(n, N));
      EXPECT_EQ(g.first(0), 0);
      EXPECT_EQ(g.end(g.count - 1, n), n);
      for (std::int64_t i = 0; i < g.count; ++i) EXPECT_LT(g.first(i), g.end(i, n)) << n << " " << N;
      if (N == 1) EXPECT_EQ(g.count, 1);
      if (N >= n) EXPECT_EQ(g.count, n);
    }
}

// 3D slabs: sub-slabs of t_S2 x t_S3 columns walked by teams of 3, 8 and 11 threads, every
// 3D stencil, sides of 1 and sides no tile divides.
TEST(JacobiTeamTiles, HhcSlabsOnHostThreadsEqualTheReference) {
  std::mt19937_64 rng(std::random_device{}());
  for (const Tuning& t :
       {Tuning{2, 1, 1, 0, 0, 1}, Tuning{4, 3, 2, 0, 0, 5}, Tuning{6, 2, 3, 0, 0, 4}, Tuning{4, 5, 7, 0, 0, 32}})
    for (const Problem& p : {Problem{3, 1, 4, Stencil::Jacobi, 3}, Problem{3, 7, 1, Stencil::Jacobi, 6},
                             Problem{3, 9, 6, Stencil::Jacobi, 11}}) {
      check<float, Jacobi3D>(p, t, 7, rng);
      check<double, Heat3D>(p, t, 5, rng);
      check<float, Laplacian3D>(p, t, 6, rng);
    }
}

}  // namespace
}  // namespace hpcs::jacobi
