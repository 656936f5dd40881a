// SPDX-License-Identifier: BSD-3-Clause
// The tile bodies of kokkos/tiled (jacobi_team_tiles_kokkos.hpp) run on the host by teams of real
// threads that meet at a real barrier, wavefront by wavefront, with the scratch filled
// with NaN before every tile: a missing barrier, a read of scratch the tile never wrote, a
// wrong carry between sub-prisms (sub-slabs in 3D) or a missing write-back shows up on a CPU-only machine
// as a difference from the reference (Kokkos::Serial runs teams of one thread only).
#include <gtest/gtest.h>

#include <cstring>
#include <limits>
#include <random>
#include <thread>
#include <type_traits>

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
