// SPDX-License-Identifier: BSD-3-Clause
// The 3D stencils (--dims 3: jacobi, heat, laplacian): every naive variant of this build
// gives the independent loop's grid (jacobi_independent3d.hpp) bit for bit, float and
// double, on sides that are not powers of two and sides of 1, in one advance and in bands;
// the tiled variants refuse 3D with one reason naming the naive one. Over MPI ranks:
// test_jacobi_mpi.cpp.
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
        for (const Tuning& requested : {Tuning{}, Tuning{0, 0, 0, 64}}) {
          const auto t = rejections.admit(v, p, requested, precision_of<Real>());
          if (!t) continue;
          ASSERT_TRUE(same_bits(run(v, *t, p, grid, {T}), want, p))
              << describe3d(p) << " " << to_string(precision_of<Real>()) << " T=" << T << " " << describe(*t);
        }
      }
      if (const auto t = rejections.admit(v, p, Tuning{}, precision_of<Real>()))
        EXPECT_TRUE(same_bits(run(v, *t, p, grid, {3, 0, 6}), independent_run3d(p, grid, 9), p))
            << describe3d(p) << " in bands";
    }
}

TEST_P(JacobiVariant, Every3DStencilEqualsAnIndependentLoopOrTiledRefuses) {
  const Variant& v = info();
  if (v.make.tiled) {  // no slab tiling yet: the reason names the naive variant of the backend
    const std::string want = v.name + ": 3D: not tiled yet; use " + v.backend + "/naive";
    for (Precision prec : {Precision::Float32, Precision::Float64}) {
      const Task task{grid3d(9, 8, 40, Stencil::Heat), prec, 1};
      EXPECT_EQ(v.why_not(task, v.resolve(task, Tuning{})).value_or("accepted"), want);
    }
    auto solver = v.make.make_float(v.resolve(Task{grid3d(3, 3, 3), Precision::Float32, 1}, Tuning{}));
    const auto grid = random_grid<float>(grid3d(3, 3, 3), 1);
    try {
      solver->setup(grid3d(3, 3, 3), grid.data());
      ADD_FAILURE() << v.name << " set up a 3D grid";
    } catch (const Error& e) {
      EXPECT_EQ(std::string(e.what()), want);
    }
    return;
  }
  Rejections rejections(v.name);
  check_3d<float>(v, rng_, rejections);
  check_3d<double>(v, rng_, rejections);
  EXPECT_GT(rejections.admitted(), 0) << v.name << " rejected every 3D setting";
}

// cuda/tiled refuses 3D at setup before touching the GPU, so this runs without one too.
TEST(JacobiStencils3D, CudaTiledRefusesWithoutAGpu) {
  const Variant* v = nullptr;
  for (const auto& x : variants())
    if (x.name == "cuda/tiled") v = &x;
  if (!v) GTEST_SKIP() << "this build has no CUDA variants";
  auto solver = v->make.make_double(Tuning{4, 4, 32, 0});
  const auto grid = random_grid<double>(grid3d(2, 2, 2), 1);
  try {
    solver->setup(grid3d(2, 2, 2), grid.data());
    ADD_FAILURE() << "cuda/tiled set up a 3D grid";
  } catch (const Error& e) {
    EXPECT_EQ(std::string(e.what()), "cuda/tiled: 3D: not tiled yet; use cuda/naive");
  }
}

}  // namespace
}  // namespace hpcs::jacobi
