// SPDX-License-Identifier: BSD-3-Clause
// Every Jacobi variant of this build gives the CPU reference's grid bit for bit, 1D and
// 2D, float and double, on fresh random grids (random boundary too): sizes that are not
// powers of two, tiny grids, T = 0, 1, 2, odd, not a multiple of t_T, tiles from 1 point
// to larger than the grid. Also: advances in bands equal one advance, write_rows() reaches
// both time buffers, read_rows() returns the current level, a constant grid stays constant,
// (tiles: test_jacobi_variant_tiles.cpp). Variants that cannot run here skip with the
// reason; tile sizes a variant rejects are skipped with a note.
#include "jacobi_variant_fixture.hpp"
#include "variant_params.hpp"

namespace hpcs::jacobi {
namespace {
using namespace testing_support;

template <class Real>
void check_against_reference(const Variant& v, int dims, std::mt19937_64& rng, Rejections& rejections) {
  for (const Problem& p : shapes(dims))
    for (std::int64_t T : {0, 1, 2, 3, 7, 12, 17}) {
      const auto grid = random_grid<Real>(p, rng);
      const auto want = reference_run(p, grid, T);
      for (const Tuning& requested : tile_set(v, dims)) {
        const auto t = rejections.admit(v, p, requested, precision_of<Real>());
        if (!t) continue;
        ASSERT_TRUE(same_bits(run(v, *t, p, grid, {T}), want, p))
            << to_string(precision_of<Real>()) << " " << describe(p) << " T=" << T << " " << describe(*t);
      }
    }
}

TEST_P(JacobiVariant, EqualsReferenceBitwise) {
  Rejections rejections(info().name);
  for (int dims : {1, 2}) {
    check_against_reference<float>(info(), dims, rng_, rejections);
    check_against_reference<double>(info(), dims, rng_, rejections);
  }
  EXPECT_GT(rejections.admitted(), 0) << info().name << " rejected every setting";
}

template <class Real>
void check_bands(const Variant& v, const Problem& p, std::mt19937_64& rng, Rejections& rejections) {
  const auto grid = random_grid<Real>(p, rng);
  const auto want = reference_run(p, grid, 12);
  for (const Tuning& requested : {Tuning{}, Tuning{4, 3, 5, 0}, Tuning{6, 2, 1, 0}}) {
    const auto t = rejections.admit(v, p, requested, precision_of<Real>());
    if (!t) continue;
    const auto one = run(v, *t, p, grid, {12});
    for (const std::vector<std::int64_t>& bands :
         std::vector<std::vector<std::int64_t>>{{3, 5, 4}, {1, 1, 7, 0, 3}, {0, 12}, {5, 7}}) {
      std::ostringstream b;
      for (auto x : bands) b << x << " ";
      EXPECT_TRUE(same_bits(run(v, *t, p, grid, bands), one, p)) << describe(p) << " bands " << b.str() << describe(*t);
    }
    EXPECT_TRUE(same_bits(one, want, p)) << describe(p) << " " << describe(*t);
  }
}

TEST_P(JacobiVariant, BandsEqualOneAdvance) {
  Rejections rejections(info().name);
  for (const Problem& p : {grid1d(45), grid2d(19, 23), grid2d(1, 5)}) {
    check_bands<float>(info(), p, rng_, rejections);
    check_bands<double>(info(), p, rng_, rejections);
  }
  EXPECT_GT(rejections.admitted(), 0);
}

// New boundary rows written between advances must reach both time buffers: the second step
// after the write reads the buffer that was not current when the rows were written.
template <class Real>
void check_write_rows(const Variant& v, const Problem& p, std::int64_t after, std::mt19937_64& rng,
                      Rejections& rejections) {
  const auto grid = random_grid<Real>(p, rng);
  for (const Tuning& requested : {Tuning{}, Tuning{2, 1, 1, 0}, Tuning{4, 3, 5, 0}}) {
    const auto t = rejections.admit(v, p, requested, precision_of<Real>());
    if (!t) continue;
    auto s = make<Real>(v, *t);
    s->setup(p, grid.data());
    s->advance(5);
    auto level = reference_run(p, grid, 5);
    const auto cols = static_cast<std::size_t>(p.cols());
    const std::int64_t last = p.rows() - 1;
    const auto fresh = random_grid<Real>(p, rng);
    const std::vector<Real> top(fresh.begin(), fresh.begin() + static_cast<std::ptrdiff_t>(2 * cols));
    const std::vector<Real> bottom(fresh.end() - static_cast<std::ptrdiff_t>(cols), fresh.end());
    s->write_rows(0, 2, top.data());
    s->write_rows(last, 1, bottom.data());
    std::copy(top.begin(), top.end(), level.begin());
    std::copy(bottom.begin(), bottom.end(), level.end() - static_cast<std::ptrdiff_t>(cols));
    s->advance(after);
    std::vector<Real> got(grid.size());
    s->download(got.data());
    EXPECT_TRUE(same_bits(got, reference_run(p, level, after), p))
        << describe(p) << " " << after << " steps after write_rows, " << describe(*t);
  }
}

TEST_P(JacobiVariant, WriteRowsChangesBothBuffers) {
  Rejections rejections(info().name);
  for (const Problem& p : {grid1d(23), grid2d(13, 9), grid2d(3, 40)})
    for (std::int64_t after : {3, 4, 9}) {
      check_write_rows<float>(info(), p, after, rng_, rejections);
      check_write_rows<double>(info(), p, after, rng_, rejections);
    }
  EXPECT_GT(rejections.admitted(), 0);
}

template <class Real>
void check_read_rows(const Variant& v, const Problem& p, std::mt19937_64& rng, Rejections& rejections) {
  const auto grid = random_grid<Real>(p, rng);
  const auto t = rejections.admit(v, p, Tuning{}, precision_of<Real>());
  if (!t) return;
  auto s = make<Real>(v, *t);
  s->setup(p, grid.data());
  const auto cols = p.cols();
  std::int64_t total = 0;
  for (std::int64_t steps : {0, 7, 4}) {
    s->advance(steps);
    total += steps;
    const auto want_all = reference_run(p, grid, total);
    for (auto [row0, count] : std::vector<std::pair<std::int64_t, std::int64_t>>{
             {0, p.rows()}, {0, 1}, {1, 2}, {p.rows() - 1, 1}, {p.rows() / 2, 0}}) {
      std::vector<Real> got(static_cast<std::size_t>(count * cols));
      s->read_rows(row0, count, got.data());
      const std::vector<Real> want(want_all.begin() + row0 * cols, want_all.begin() + (row0 + count) * cols);
      EXPECT_TRUE(same_bits(got, want, p))
          << describe(p) << " rows " << row0 << "+" << count << " after " << total << " steps";
    }
  }
}

TEST_P(JacobiVariant, ReadRowsReturnsTheCurrentLevel) {
  Rejections rejections(info().name);
  for (const Problem& p : {grid1d(30), grid2d(17, 11)}) {
    check_read_rows<float>(info(), p, rng_, rejections);
    check_read_rows<double>(info(), p, rng_, rejections);
  }
  EXPECT_GT(rejections.admitted(), 0);
}

// A constant grid (boundary included) is a fixed point. 1 and powers of two are kept
// exactly ((1 + 1) + 1) * (1/3) and 5 * 0.2 round to 1 in both precisions); another
// value may drift by rounding, within a few ulps per step.
template <class Real>
void check_constant(const Variant& v, const Problem& p, Real value, bool exact, Rejections& rejections) {
  const auto t = rejections.admit(v, p, Tuning{}, precision_of<Real>());
  if (!t) return;
  const std::vector<Real> grid(static_cast<std::size_t>(p.stored()), value);
  const std::int64_t T = 13;
  const auto got = run(v, *t, p, grid, {T});
  const double tol = exact ? 0.0 : 4.0 * T * std::numeric_limits<Real>::epsilon() * std::fabs(value);
  for (std::size_t k = 0; k < got.size(); ++k)
    ASSERT_LE(std::fabs(static_cast<double>(got[k]) - value), tol) << describe(p) << " value " << value << " at " << k;
}

TEST_P(JacobiVariant, ConstantGridStaysConstant) {
  Rejections rejections(info().name);
  std::uniform_real_distribution<double> d(-100.0, 100.0);
  for (const Problem& p : {grid1d(50), grid2d(20, 33)}) {
    check_constant<float>(info(), p, 1.0f, true, rejections);
    check_constant<double>(info(), p, -4.0, true, rejections);
    check_constant<float>(info(), p, static_cast<float>(d(rng_)), false, rejections);
    check_constant<double>(info(), p, d(rng_), false, rejections);
  }
  EXPECT_GT(rejections.admitted(), 0);
}

INSTANTIATE_TEST_SUITE_P(All, JacobiVariant, ::testing::ValuesIn(hpcs::testing::names_of(variants())),
                         hpcs::testing::param_name);

}  // namespace
}  // namespace hpcs::jacobi
