// SPDX-License-Identifier: BSD-3-Clause
// The 3D stencils (--dims 3: jacobi, heat, laplacian): every naive variant of this build
// gives the independent loop's grid (jacobi_independent3d.hpp) bit for bit, float and
// double, on sides that are not powers of two and sides of 1, in one advance and in bands;
// so does kokkos/tiled's slab tiling on tiles from 1 point to larger than the grid (partial
// sub-slabs and hexagons everywhere), and cuda/tiled's (the same block code; where a GPU is).
// Over MPI ranks: test_jacobi_mpi.cpp.
#include "jacobi_independent3d.hpp"
#include "jacobi_stencil.hpp"
#include "jacobi_variant_fixture.hpp"

namespace hpcs::jacobi {
namespace {
using namespace testing_support;

constexpr Stencil kStencils3D[] = {Stencil::Jacobi, Stencil::Heat, Stencil::Laplacian};

std::string describe3d(const Problem& p) {
  return "3D " + std::to_string(p.n1) + "x" + std::to_string(p.n2) + "x" + std::to_string(p.n3) + " " +
         to_string(p.stencil);
}

TEST(JacobiStencils3D, LayoutAndDimensions) {
  const Problem p = grid3d(4, 5, 6);
  EXPECT_EQ(p.rows(), 6);
  EXPECT_EQ(p.pitch(), 8);
  EXPECT_EQ(p.cols(), 7 * 8);  // a row is an S1 plane
  EXPECT_EQ(p.stored(), 6 * 7 * 8);
  EXPECT_EQ(p.interior(), 4 * 5 * 6);
  for (Stencil s : kStencils3D) EXPECT_FALSE(stencil_rejects(s, 3, "--dims 3")) << to_string(s);
  const auto why = stencil_rejects(Stencil::Gradient, 3, "--dims 3");
  ASSERT_TRUE(why);
  EXPECT_EQ(*why,
            "--stencil gradient: a 2D-only stencil, but --dims 3 is a 3D grid (3D has jacobi, heat and laplacian)");
}

// The three updates are different functions, and a loop that misreads one neighbour gives
// another grid: a variant that lost the stencil or the layout fails the comparisons below.
TEST(JacobiStencils3D, EveryStencilGivesItsOwnGridAndTheReferenceIsTheLoop) {
  const Problem shape = grid3d(5, 6, 7);
  const auto grid = random_grid<float>(shape, 3);
  std::vector<std::vector<float>> out;
  for (Stencil s : kStencils3D) {
    const Problem p = grid3d(5, 6, 7, s);
    out.push_back(independent_run3d(p, grid, 2));
    EXPECT_FALSE(same_bits(independent_run3d(p, grid, 2, true), out.back(), p)) << to_string(s) << " mutant";
    EXPECT_TRUE(same_bits(reference_run(p, grid, 3), independent_run3d(p, grid, 3), p)) << to_string(s);
  }
  for (std::size_t a = 0; a < out.size(); ++a)
    for (std::size_t b = a + 1; b < out.size(); ++b)
      EXPECT_FALSE(same_bits(out[a], out[b], shape))
          << to_string(kStencils3D[a]) << " vs " << to_string(kStencils3D[b]);
}

// Slab tiles (t_T, t_S1, t_S2, threads, halo, t_S3): 1 to 9 columns per sub-slab axis, t_T 2..8,
// the defaults (zeros) and an explicit team size; none divides the grids' sides.
std::vector<Tuning> tile_set3d(const Variant& v) {
  if (!v.make.tiled) return {Tuning{}, Tuning{0, 0, 0, 64}};
  return {Tuning{},
          Tuning{2, 1, 1, 0, 0, 1},
          Tuning{4, 3, 2, 0, 0, 5},
          Tuning{6, 2, 3, 0, 0, 4},
          Tuning{4, 5, 7, 0, 0, 3},
          Tuning{8, 2, 1, 0, 0, 9},
          Tuning{2, 4, 5, 0, 0, 2},
          Tuning{4, 3, 2, 64, 0, 5}};
}

template <class Real>
void check_3d(const Variant& v, std::mt19937_64& rng, Rejections& rejections) {
  const Problem shapes[] = {grid3d(1, 1, 1),   grid3d(1, 4, 3),  grid3d(5, 1, 7),  grid3d(6, 3, 1),
                            grid3d(7, 13, 11), grid3d(17, 6, 9), grid3d(3, 10, 37)};
  for (Stencil s : kStencils3D)
    for (Problem p : shapes) {
      p.stencil = s;
      const auto grid = random_grid<Real>(p, rng);
      for (std::int64_t T : {0, 1, 4, 11}) {
        const auto want = independent_run3d(p, grid, T);
        for (const Tuning& requested : tile_set3d(v)) {
          const auto t = rejections.admit(v, p, requested, precision_of<Real>());
          if (!t) continue;
          ASSERT_TRUE(same_bits(run(v, *t, p, grid, {T}), want, p))
              << describe3d(p) << " " << to_string(precision_of<Real>()) << " T=" << T << " " << describe(*t);
        }
      }
      for (const Tuning& requested : {Tuning{}, Tuning{4, 3, 2, 0, 0, 5}})
        if (const auto t = rejections.admit(v, p, requested, precision_of<Real>()))
          EXPECT_TRUE(same_bits(run(v, *t, p, grid, {3, 0, 6}), independent_run3d(p, grid, 9), p))
              << describe3d(p) << " in bands " << describe(*t);
    }
}

TEST_P(JacobiVariant, Every3DStencilEqualsAnIndependentLoop) {
  const Variant& v = info();
  Rejections rejections(v.name);
  check_3d<float>(v, rng_, rejections);
  check_3d<double>(v, rng_, rejections);
  EXPECT_GT(rejections.admitted(), 0) << v.name << " rejected every 3D setting";
}

// The default 3D tiles and their rule, named by the option.
TEST(JacobiStencils3D, SlabTilesDefaultAndRule) {
  const Tuning t = resolve_tiles(grid3d(64, 64, 64), Tuning{});
  EXPECT_EQ(t.t_T, 4);
  EXPECT_EQ(t.t_S1, 4);
  EXPECT_EQ(t.t_S2, 4);
  EXPECT_EQ(t.t_S3, 32);
  EXPECT_FALSE(check_tiles(grid3d(5, 5, 5), t));
  const auto why = check_tiles(grid3d(5, 5, 5), Tuning{4, 4, 4, 0, 0, -1});
  ASSERT_TRUE(why);
  EXPECT_EQ(*why, "t_S3 = -1 must be at least 1 (--tile-s3: the sub-slab length along S3)");
  EXPECT_FALSE(check_tiles(grid2d(5, 5), Tuning{4, 4, 4, 0, 0, 0})) << "t_S3 is 3D only";
  EXPECT_EQ(resolve_tiles(grid2d(5, 5), Tuning{}).t_S3, 0) << "2D tiles as before";
}

// kokkos/tiled reports its slab shape.
TEST(JacobiStencils3D, KokkosTiledDetails) {
  const Variant* v = nullptr;
  for (const auto& x : variants())
    if (x.name == "kokkos/tiled") v = &x;
  if (!v) GTEST_SKIP() << "this build has no Kokkos variants";
  if (const auto why = unavailable(*v)) GTEST_SKIP() << v->name << " skipped: " << *why;
  auto solver = v->make.make_double(Tuning{4, 3, 2, 0, 0, 5});
  const Problem p = grid3d(7, 9, 11);
  const auto grid = random_grid<double>(p, 1);
  solver->setup(p, grid.data());
  solver->advance(5);
  const auto d = solver->details();
  EXPECT_EQ(d.at("t_S3").get<int>(), 5);
  EXPECT_EQ(d.at("t_S2").get<int>(), 2);
  EXPECT_EQ(d.at("subslabs_per_slab").get<std::int64_t>(), 6 * 3);  // ceil((9 + 3) / 2) ceil((11 + 3) / 5)
  EXPECT_GT(d.at("tiles").get<std::int64_t>(), 0);
}

// cuda/tiled takes 3D (slabs, jacobi_hhc3d.cu): without a GPU its only reason is the GPU's,
// and its tile rules are the shared ones.
TEST(JacobiStencils3D, CudaTiledTakes3D) {
  const Variant* v = nullptr;
  for (const auto& x : variants())
    if (x.name == "cuda/tiled") v = &x;
  if (!v) GTEST_SKIP() << "this build has no CUDA variants";
  const Task task{grid3d(9, 8, 40, Stencil::Heat), Precision::Float64, 1};
  const auto why = v->why_not(task, v->resolve(task, Tuning{4, 3, 2, 0, 0, 5}));
  if (!unavailable(*v)) {  // where a GPU is: the slab shape in the details too
    EXPECT_FALSE(why) << *why;
    auto solver = v->make.make_double(v->resolve(task, Tuning{4, 3, 2, 0, 0, 5}));
    const auto grid = random_grid<double>(task.grid, 1);
    solver->setup(task.grid, grid.data());
    solver->advance(5);
    const auto d = solver->details();
    EXPECT_EQ(d.at("t_S3").get<int>(), 5);
    EXPECT_EQ(d.at("subslabs_per_slab").get<std::int64_t>(), 6 * 9);  // ceil((8 + 3) / 2) ceil((40 + 3) / 5)
  } else {
    ASSERT_TRUE(why);
    EXPECT_EQ(why->find("3D"), std::string::npos) << *why;
  }
}

}  // namespace
}  // namespace hpcs::jacobi
