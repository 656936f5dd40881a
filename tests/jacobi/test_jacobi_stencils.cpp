// SPDX-License-Identifier: BSD-3-Clause
// The 2D stencils (--stencil): each update written out once more here as its source prints
// it (docs/jacobi.md), in C's left-to-right order, in a plain loop over the grid; every
// variant of this build gives that loop's grid bit for bit for every stencil, float and
// double, on grids whose sides are not powers of two, with tiles from 1 point to larger
// than the grid (variants that cannot run here skip with the reason). The kokkos/tiled
// bodies on host threads: test_jacobi_team_tiles.cpp; cuda/tiled's block code:
// test_jacobi_cuda.cpp; over MPI ranks: test_jacobi_mpi.cpp.
#include <cmath>

#include "jacobi_stencil.hpp"
#include "jacobi_variant_fixture.hpp"

namespace hpcs::jacobi {
namespace {
using namespace testing_support;

constexpr Stencil kStencils[] = {Stencil::Jacobi, Stencil::Heat, Stencil::Laplacian, Stencil::Gradient};

// up = (i-1, j), dn = (i+1, j), lt = (i, j-1), rt = (i, j+1).
template <class Real>
Real independent_update(Stencil s, Real c, Real up, Real dn, Real lt, Real rt) {
  switch (s) {
    case Stencil::Heat:  // Overtile heat2d: A[1][0] is dn, A[0][1] is rt
      return Real(0.125) * (dn - Real(2.0) * c + up) + Real(0.125) * (rt - Real(2.0) * c + lt) + c;
    case Stencil::Laplacian: return (up + dn + rt + lt - Real(4.0) * c) * Real(0.125);
    case Stencil::Gradient:  // Overtile g2d, its rsqrt as 1 / sqrt
      return c + Real(1) / std::sqrt(Real(0.00001) + (c - rt) * (c - rt) + (c - lt) * (c - lt) + (c - dn) * (c - dn) +
                                     (c - up) * (c - up));
    case Stencil::Jacobi:
    default: return (c + up + dn + lt + rt) * Real(0.2);
  }
}

template <class Real>
std::vector<Real> independent_run(const Problem& p, std::vector<Real> a, std::int64_t steps) {
  std::vector<Real> b = a;
  const std::size_t c = static_cast<std::size_t>(p.cols());
  for (std::int64_t t = 0; t < steps; ++t) {
    for (std::size_t i = 1; i <= static_cast<std::size_t>(p.n1); ++i)
      for (std::size_t j = 1; j <= static_cast<std::size_t>(p.n2); ++j)
        b[i * c + j] = independent_update(p.stencil, a[i * c + j], a[(i - 1) * c + j], a[(i + 1) * c + j],
                                          a[i * c + j - 1], a[i * c + j + 1]);
    a.swap(b);
  }
  return a;
}

Problem with(Problem p, Stencil s) {
  p.stencil = s;
  return p;
}

TEST(JacobiStencils, NamesAndDimensions) {
  for (Stencil s : kStencils) EXPECT_EQ(stencil_by_name(to_string(s)), s);
  EXPECT_EQ(to_string(Stencil::Gradient), "gradient");
  try {
    stencil_by_name("heat2d");
    ADD_FAILURE() << "heat2d accepted";
  } catch (const Error& e) {
    EXPECT_EQ(std::string(e.what()), "--stencil heat2d: expected jacobi, heat, laplacian or gradient");
  }
  EXPECT_FALSE(stencil_rejects(Stencil::Jacobi, 1, "--dims 1"));
  for (Stencil s : kStencils) EXPECT_FALSE(stencil_rejects(s, 2, "--dims 2"));
  const auto why = stencil_rejects(Stencil::Laplacian, 1, "--dims 1");
  ASSERT_TRUE(why);
  EXPECT_EQ(*why, "--stencil laplacian: a 2D stencil, but --dims 1 is a 1D line (1D has jacobi only)");
}

// The four updates are different functions: a variant that ran Jacobi for all of them (the
// stencil lost on the way) fails the comparisons below.
TEST(JacobiStencils, EveryStencilGivesItsOwnGrid) {
  const Problem p = grid2d(9, 14);
  const auto grid = random_grid<float>(p, 3);
  std::vector<std::vector<float>> out;
  for (Stencil s : kStencils) out.push_back(independent_run(with(p, s), grid, 2));
  for (std::size_t a = 0; a < out.size(); ++a)
    for (std::size_t b = a + 1; b < out.size(); ++b)
      EXPECT_FALSE(same_bits(out[a], out[b], p)) << to_string(kStencils[a]) << " vs " << to_string(kStencils[b]);
  // Jacobi's own expression is still the one the CPU reference runs.
  EXPECT_TRUE(same_bits(reference_run(p, grid, 2), out[0], p));
}

template <class Real>
void check_stencils(const Variant& v, std::mt19937_64& rng, Rejections& rejections) {
  const std::vector<Tuning> tiles =
      v.make.tiled ? std::vector<Tuning>{Tuning{},           Tuning{2, 1, 1, 0},  Tuning{4, 3, 5, 0},
                                         Tuning{6, 5, 2, 0}, Tuning{8, 2, 17, 0}, Tuning{12, 33, 70, 0}}
                   : std::vector<Tuning>{Tuning{}, Tuning{0, 0, 0, 64}};
  for (Stencil s : kStencils)
    for (const Problem& shape : {grid2d(1, 1), grid2d(3, 5), grid2d(7, 13), grid2d(31, 20), grid2d(45, 67)}) {
      const Problem p = with(shape, s);
      const auto grid = random_grid<Real>(p, rng);
      for (std::int64_t T : {0, 1, 5, 13}) {
        const auto want = independent_run(p, grid, T);
        for (const Tuning& requested : tiles) {
          const auto t = rejections.admit(v, p, requested, precision_of<Real>());
          if (!t) continue;
          ASSERT_TRUE(same_bits(run(v, *t, p, grid, {T}), want, p))
              << to_string(s) << " " << to_string(precision_of<Real>()) << " " << describe(p) << " T=" << T << " "
              << describe(*t);
        }
      }
      // Advances in bands continue the same stencil.
      if (const auto t = rejections.admit(v, p, tiles[v.make.tiled ? 2 : 0], precision_of<Real>()))
        EXPECT_TRUE(same_bits(run(v, *t, p, grid, {3, 0, 7}), independent_run(p, grid, 10), p))
            << to_string(s) << " in bands " << describe(p);
    }
}

TEST_P(JacobiVariant, EveryStencilEqualsAnIndependentLoop) {
  Rejections rejections(info().name);
  check_stencils<float>(info(), rng_, rejections);
  check_stencils<double>(info(), rng_, rejections);
  EXPECT_GT(rejections.admitted(), 0) << info().name << " rejected every setting";
}

}  // namespace
}  // namespace hpcs::jacobi
