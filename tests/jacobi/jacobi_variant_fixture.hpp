// SPDX-License-Identifier: BSD-3-Clause
// Shared by the Jacobi variant tests (test_jacobi_variants.cpp, test_jacobi_variant_tiles.cpp):
// the variant list, runs of a solver, the shapes and tiles tried, the notes of rejected
// settings, and the fixture parameterised by variant name (instantiated once, in
// test_jacobi_variants.cpp).
#pragma once
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

#include "hpcs/base/error.hpp"
#include "jacobi_reference.hpp"
#include "jacobi_test_grids.hpp"
#include "jacobi_variants.hpp"
#include "variant_params.hpp"

namespace hpcs::jacobi::testing_support {

inline const VariantList& variants() {
  static const VariantList list = all_variants();
  return list;
}

inline const Variant& find_variant(const std::string& name) { return hpcs::testing::variant_named(variants(), name); }

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

inline Problem grid1d(std::int64_t n) { return Problem{1, n, 1}; }
inline Problem grid2d(std::int64_t n1, std::int64_t n2) { return Problem{2, n1, n2}; }

inline std::string describe(const Problem& p) {
  return p.dims == 1 ? "1D n=" + std::to_string(p.n1) : "2D " + std::to_string(p.n1) + "x" + std::to_string(p.n2);
}

inline std::string describe(const Tuning& t) {
  return "t_T=" + std::to_string(t.t_T) + " t_S1=" + std::to_string(t.t_S1) + " t_S2=" + std::to_string(t.t_S2) +
         " threads=" + std::to_string(t.threads) + (t.t_S3 ? " t_S3=" + std::to_string(t.t_S3) : "");
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

inline std::vector<Problem> shapes(int dims) {
  if (dims == 1) return {grid1d(1), grid1d(2), grid1d(3), grid1d(7), grid1d(31), grid1d(100), grid1d(257)};
  return {grid2d(1, 1),  grid2d(2, 2),   grid2d(3, 3),   grid2d(1, 5),   grid2d(5, 1),
          grid2d(7, 13), grid2d(31, 20), grid2d(45, 67), grid2d(100, 37)};
}

// Tile sizes to try: 1..33 points along S1, 1..70 along S2, t_T 2..12, several larger than
// the small grids, plus the defaults (zeros) and two explicit team sizes.
inline std::vector<Tuning> tile_set(const Variant& v, int dims) {
  if (!v.make.tiled) return {Tuning{}, Tuning{0, 0, 0, 64}};
  if (dims == 1)
    return {Tuning{},
            Tuning{2, 1, 0, 0},
            Tuning{4, 3, 0, 0},
            Tuning{6, 5, 0, 0},
            Tuning{8, 16, 0, 0},
            Tuning{10, 33, 0, 0},
            Tuning{12, 7, 0, 0},
            Tuning{2, 33, 0, 0},
            Tuning{12, 1, 0, 0},
            Tuning{4, 3, 0, 32}};
  return {Tuning{},
          Tuning{2, 1, 1, 0},
          Tuning{4, 3, 5, 0},
          Tuning{6, 5, 2, 0},
          Tuning{10, 33, 3, 0},
          Tuning{12, 7, 70, 0},
          Tuning{4, 1, 33, 0},
          Tuning{2, 9, 1, 0},
          Tuning{12, 33, 8, 0},
          Tuning{8, 2, 17, 0},
          Tuning{6, 4, 64, 0},
          Tuning{4, 3, 5, 64}};
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

}  // namespace hpcs::jacobi::testing_support
