// SPDX-License-Identifier: BSD-3-Clause
// Every Jacobi variant of this build gives the CPU reference's grid bit for bit, 1D and
// 2D, float and double, on fresh random grids (random boundary too): sizes that are not
// powers of two, tiny grids, T = 0, 1, 2, odd, not a multiple of t_T, tiles from 1 point
// to larger than the grid. Also: advances in bands equal one advance, write_rows() reaches
// both time buffers, read_rows() returns the current level, a constant grid stays constant,
// tiled variants equal the naive variant of their backend, bad tiles are rejected with a
// reason and the defaults are accepted. Variants that cannot run here skip with the
// reason; tile sizes a variant rejects are skipped with a note.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <iomanip>
#include <iostream>
#include <limits>
#include <random>
#include <set>
#include <sstream>
#include <type_traits>

#include "hpcs/error.hpp"
#include "jacobi_reference.hpp"
#include "jacobi_variants.hpp"
#include "variant_params.hpp"

namespace hpcs::jacobi {
namespace {

const VariantList& variants() {
  static const VariantList list = all_variants();
  return list;
}

const Variant& find_variant(const std::string& name) {
  for (const auto& v : variants())
    if (v.name == name) return v;
  throw Error("no variant " + name);
}

template <class Real>
constexpr Precision precision_of() {
  return std::is_same_v<Real, float> ? Precision::Float32 : Precision::Float64;
}

template <class Real>
std::unique_ptr<Solver<Real>> make(const Variant& v, const Tuning& t) {
  if constexpr (std::is_same_v<Real, float>) {
    return v.make.make_float(t);
  } else {
    return v.make.make_double(t);
  }
}

Problem grid1d(std::int64_t n) { return Problem{1, n, 1}; }
Problem grid2d(std::int64_t n1, std::int64_t n2) { return Problem{2, n1, n2}; }

std::string describe(const Problem& p) {
  return p.dims == 1 ? "1D n=" + std::to_string(p.n1) : "2D " + std::to_string(p.n1) + "x" + std::to_string(p.n2);
}

std::string describe(const Tuning& t) {
  return "t_T=" + std::to_string(t.t_T) + " t_S1=" + std::to_string(t.t_S1) + " t_S2=" + std::to_string(t.t_S2) +
         " threads=" + std::to_string(t.threads);
}

template <class Real>
std::vector<Real> random_grid(const Problem& p, std::mt19937_64& rng) {
  std::uniform_real_distribution<double> d(-1.0, 1.0);
  std::vector<Real> g(static_cast<std::size_t>(p.stored()));
  for (auto& x : g) x = static_cast<Real>(d(rng));
  return g;
}

template <class Real>
std::vector<Real> run(const Variant& v, const Tuning& t, const Problem& p, const std::vector<Real>& grid,
                      const std::vector<std::int64_t>& bands) {
  auto s = make<Real>(v, t);
  s->setup(p, grid.data());
  for (std::int64_t b : bands) s->advance(b);
  std::vector<Real> out(grid.size());
  s->download(out.data());
  return out;
}

// Bit-for-bit equality; on failure names the first differing point.
template <class Real>
::testing::AssertionResult same_bits(const std::vector<Real>& got, const std::vector<Real>& want, const Problem& p) {
  if (got.size() != want.size())
    return ::testing::AssertionFailure() << got.size() << " values, expected " << want.size();
  for (std::size_t k = 0; k < got.size(); ++k)
    if (std::memcmp(&got[k], &want[k], sizeof(Real)) != 0) {
      const auto c = static_cast<std::size_t>(p.cols());
      return ::testing::AssertionFailure() << "first difference at row " << k / c << ", column " << k % c << ": "
                                           << std::setprecision(17) << got[k] << " instead of " << want[k];
    }
  return ::testing::AssertionSuccess();
}

std::vector<Problem> shapes(int dims) {
  if (dims == 1) return {grid1d(1), grid1d(2), grid1d(3), grid1d(7), grid1d(31), grid1d(100), grid1d(257)};
  return {grid2d(1, 1), grid2d(2, 2), grid2d(3, 3), grid2d(1, 5),  grid2d(5, 1),
          grid2d(7, 13), grid2d(31, 20), grid2d(45, 67), grid2d(100, 37)};
}

// Tile sizes to try: 1..33 points along S1, 1..70 along S2, t_T 2..12, several larger than
// the small grids, plus the defaults (zeros) and two explicit team sizes.
std::vector<Tuning> tile_set(const Variant& v, int dims) {
  if (!v.make.tiled) return {Tuning{}, Tuning{0, 0, 0, 64}};
  if (dims == 1)
    return {Tuning{},         Tuning{2, 1, 0, 0}, Tuning{4, 3, 0, 0},  Tuning{6, 5, 0, 0},  Tuning{8, 16, 0, 0},
            Tuning{10, 33, 0, 0}, Tuning{12, 7, 0, 0}, Tuning{2, 33, 0, 0}, Tuning{12, 1, 0, 0}, Tuning{4, 3, 0, 32}};
  return {Tuning{},           Tuning{2, 1, 1, 0},   Tuning{4, 3, 5, 0},   Tuning{6, 5, 2, 0},  Tuning{10, 33, 3, 0},
          Tuning{12, 7, 70, 0}, Tuning{4, 1, 33, 0},  Tuning{2, 9, 1, 0},   Tuning{12, 33, 8, 0}, Tuning{8, 2, 17, 0},
          Tuning{6, 4, 64, 0},  Tuning{4, 3, 5, 64}};
}

// Notes every distinct reason a variant gave for rejecting a setting, printed once.
class Rejections {
 public:
  explicit Rejections(std::string variant) : variant_(std::move(variant)) {}
  ~Rejections() {
    for (const auto& why : seen_) std::cout << "[ note ] " << variant_ << " skipped a setting: " << why << "\n";
  }
  Rejections(const Rejections&) = delete;
  Rejections& operator=(const Rejections&) = delete;
  // The resolved tiles when the variant accepts them for this problem.
  std::optional<Tuning> admit(const Variant& v, const Problem& p, const Tuning& requested, Precision precision) {
    const Tuning t = v.resolve(Task{p, precision, 1}, requested);
    if (const auto why = v.why_not(Task{p, precision, 1}, t)) {
      seen_.insert(*why);
      return std::nullopt;
    }
    ++admitted_;
    return t;
  }
  int admitted() const { return admitted_; }

 private:
  std::string variant_;
  std::set<std::string> seen_;
  int admitted_ = 0;
};

class JacobiVariant : public ::testing::TestWithParam<std::string> {
 protected:
  void SetUp() override {
    info_ = &find_variant(GetParam());
    if (const auto why = unavailable(*info_)) GTEST_SKIP() << info_->name << " skipped: " << *why;
    const std::uint64_t seed = std::random_device{}();
    seed_trace_ = std::make_unique<::testing::ScopedTrace>(__FILE__, __LINE__, "seed " + std::to_string(seed));
    rng_.seed(seed);
  }
  const Variant& info() const { return *info_; }
  const Variant* info_ = nullptr;
  std::mt19937_64 rng_;
  std::unique_ptr<::testing::ScopedTrace> seed_trace_;
};

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
      EXPECT_TRUE(same_bits(run(v, *t, p, grid, bands), one, p))
          << describe(p) << " bands " << b.str() << describe(*t);
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
      EXPECT_TRUE(same_bits(got, want, p)) << describe(p) << " rows " << row0 << "+" << count << " after " << total << " steps";
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

TEST_P(JacobiVariant, AcceptsItsDefaultTiles) {
  // Small problems, and the benchmark sizes, whose shared defaults are sized for
  // cuda/tiled: every variant must run its own defaults (kokkos/tiled cuts t_S2 to fit).
  for (const Problem& p : {grid1d(1), grid1d(1000), grid1d(1 << 24), grid2d(1, 1), grid2d(64, 64), grid2d(5, 300),
                           grid2d(2048, 2048), grid2d(8192, 8192)})
    for (Precision prec : {Precision::Float32, Precision::Float64}) {
      const Tuning t = info().resolve(Task{p, prec, 1}, Tuning{});
      const auto why = info().why_not(Task{p, prec, 1}, t);
      EXPECT_FALSE(why) << describe(p) << " " << to_string(prec) << " " << describe(t) << ": " << why.value_or("");
    }
}

TEST_P(JacobiVariant, KeepsTheTilesItIsGiven) {
  // Defaults fill only the zeros; sizes a user chose are run or refused, never changed.
  for (const Problem& p : {grid1d(1 << 24), grid2d(8192, 8192)})
    for (const Tuning& given : {Tuning{16, 9, 384, 384}, Tuning{8, 16, 64, 0}, Tuning{2, 1, 1, 32}})
      for (Precision prec : {Precision::Float32, Precision::Float64}) {
        const Tuning t = info().resolve(Task{p, prec, 1}, given);
        EXPECT_EQ(t.t_T, given.t_T);
        EXPECT_EQ(t.t_S1, given.t_S1);
        if (p.dims == 2) EXPECT_EQ(t.t_S2, given.t_S2);
        EXPECT_EQ(t.threads, given.threads);
      }
}

TEST_P(JacobiVariant, RejectsBadTilesWithAReason) {
  if (!info().make.tiled) GTEST_SKIP() << info().name << " is not tiled";
  const Problem p = grid2d(20, 20);
  for (const Tuning& bad : {Tuning{3, 4, 4, 0}, Tuning{4, -1, 4, 0}, Tuning{4, 4, -2, 0}, Tuning{4, 4, 4, -1}, Tuning{64, 4000, 4000, 0}}) {
    const Tuning t = resolve_tiles(p, bad);
    const auto why = info().why_not(Task{p, Precision::Float64, 1}, t);
    ASSERT_TRUE(why) << describe(t);
    EXPECT_FALSE(why->empty());
    EXPECT_EQ(why->find('\n'), std::string::npos) << *why;
  }
  const std::vector<double> grid(static_cast<std::size_t>(p.stored()), 0.0);
  EXPECT_THROW(
      {
        auto s = make<double>(info(), Tuning{3, 4, 4, 0});
        s->setup(p, grid.data());
      },
      Error);
}

// The tiled variant of a backend equals its naive variant (same backend, same arithmetic).
template <class Real>
void check_tiled_vs_naive(const Variant& tiled, const Variant& naive, std::mt19937_64& rng,
                          Rejections& rejections) {
  for (const Problem& p : {grid1d(77), grid1d(500), grid2d(29, 41), grid2d(64, 3)})
    for (const Tuning& requested : tile_set(tiled, p.dims)) {
      const auto t = rejections.admit(tiled, p, requested, precision_of<Real>());
      if (!t) continue;
      const auto grid = random_grid<Real>(p, rng);
      const std::int64_t T = 1 + static_cast<std::int64_t>(rng() % 20);
      ASSERT_TRUE(same_bits(run(tiled, *t, p, grid, {T}), run(naive, Tuning{}, p, grid, {T}), p))
          << to_string(precision_of<Real>()) << " " << describe(p) << " T=" << T << " " << describe(*t);
    }
}

TEST_P(JacobiVariant, TiledEqualsNaiveOfTheSameBackend) {
  if (!info().make.tiled) GTEST_SKIP() << info().name << " is not tiled";
  const Variant* naive = nullptr;
  for (const auto& v : variants())
    if (v.backend == info().backend && !v.make.tiled) naive = &v;
  ASSERT_NE(naive, nullptr) << "no naive variant of backend " << info().backend;
  Rejections rejections(info().name);
  check_tiled_vs_naive<float>(info(), *naive, rng_, rejections);
  check_tiled_vs_naive<double>(info(), *naive, rng_, rejections);
  EXPECT_GT(rejections.admitted(), 0);
}

// The checks every variant shares around its backend's: the tile rules first (tiled
// variants), the split over the ranks with the variant's halo, and the named tunings of
// the tiled variants (what --variant 'cuda/tiled/*' runs).
TEST(JacobiVariants, SharedChecksAndNamedTunings) {
  const Variant& cpu = find_variant("cpu/reference");
  const Task three_ranks{grid2d(10, 20), Precision::Float32, 3};
  Tuning deep;
  deep.halo_depth = 4;
  const auto why = cpu.why_not(three_ranks, cpu.resolve(three_ranks, deep));
  ASSERT_TRUE(why);
  EXPECT_NE(why->find("halo of 4 rows (--halo-depth of cpu/reference)"), std::string::npos) << *why;
  EXPECT_FALSE(cpu.why_not(three_ranks, cpu.resolve(three_ranks, Tuning{})));
  EXPECT_TRUE(cpu.why_not(Task{grid2d(3, 20), Precision::Float32, 4}, Tuning{})) << "more ranks than rows";
  EXPECT_TRUE(cpu.tunings.empty());
  for (const auto& v : variants()) {
    if (!v.make.tiled) continue;
    SCOPED_TRACE(v.name);
    std::set<std::string> names;
    for (const auto& t : v.tunings) names.insert(t.name);
    EXPECT_TRUE(names.count("tT8") && names.count("threads256"));
    for (const auto& t : v.tunings)
      if (t.name == "tT8") EXPECT_EQ(t.apply(Tuning{0, 5, 0, 0}).t_T, 8);
    const auto odd = v.why_not(Task{grid2d(20, 20), Precision::Float64, 1}, Tuning{3, 4, 4, 0});
    ASSERT_TRUE(odd);
    EXPECT_EQ(odd->find("t_T = 3"), 0u) << "the shared tile rule comes first: " << *odd;
  }
}


INSTANTIATE_TEST_SUITE_P(All, JacobiVariant, ::testing::ValuesIn(hpcs::testing::names_of(variants())),
                         hpcs::testing::param_name);

}  // namespace
}  // namespace hpcs::jacobi
