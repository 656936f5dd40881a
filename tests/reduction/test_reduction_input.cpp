// SPDX-License-Identifier: BSD-3-Clause
// Generated inputs (independent of the decomposition), the compensated reference sum,
// tolerances and verdicts.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "hpcs/base/error.hpp"
#include "reduction_input.hpp"
#include "reduction_reference.hpp"

namespace hpcs::reduction {
namespace {

TEST(ReductionInput, SlicesConcatenateToTheWholeVector) {
  for (DType t : {DType::Int32, DType::Float32, DType::Float64}) {
    const auto whole = generate_slice(t, 99, 0, 1000);
    for (std::uint64_t begin : {0, 1, 2, 500, 999}) {
      const auto tail = generate_slice(t, 99, begin, 1000 - begin);
      std::visit(
          [&](const auto& w) {
            using V = std::decay_t<decltype(w)>;
            const auto& part = std::get<V>(tail);
            for (std::size_t k = 0; k < part.size(); ++k)
              ASSERT_EQ(part[k], w[begin + k]) << dtype_name(t) << " @" << begin + k;
          },
          whole);
    }
    EXPECT_NE(size_of(generate_slice(t, 1, 0, 10)), 0u);
  }
}

TEST(ReductionInput, ValuesStayInTheirRanges) {
  const auto ints = std::get<std::vector<std::int32_t>>(generate_slice(DType::Int32, 5, 0, 100000));
  std::int64_t lo = 0, hi = 0;
  for (auto x : ints) {
    lo = std::min<std::int64_t>(lo, x);
    hi = std::max<std::int64_t>(hi, x);
  }
  EXPECT_GE(lo, -(1ll << 30));
  EXPECT_LT(hi, 1ll << 30);
  EXPECT_LT(lo, -(1ll << 29)) << "the range is used, so 32-bit accumulation would overflow";
  const auto f = std::get<std::vector<float>>(generate_slice(DType::Float32, 5, 0, 100000));
  double mean = 0;
  for (auto x : f) {
    EXPECT_GE(x, -1.0f);
    EXPECT_LT(x, 1.0f);
    mean += x;
  }
  EXPECT_LT(std::fabs(mean / f.size()), 0.02);
  const auto g = std::get<std::vector<float>>(generate_slice(DType::Float32, 6, 0, 100000));
  EXPECT_NE(f, g) << "different seeds give different vectors";
}

TEST(ReductionReference, CompensatedSumIsExactWhereNaiveIsNot) {
  CompensatedSum c;
  for (double x : {1e16, 1.0, -1e16, 3.0}) c.add(x);
  EXPECT_EQ(c.value(), 4.0);
  CompensatedSum tenth;
  for (int i = 0; i < 1000000; ++i) tenth.add(0.1);
  EXPECT_NEAR(tenth.value(), 100000.0, 1e-9);
}

TEST(ReductionReference, TolerancesAndVerdicts) {
  EXPECT_EQ(tolerance(DType::Int32, 1000, 1e6), 0.0);
  EXPECT_GT(tolerance(DType::Float32, 1000, 500.0), tolerance(DType::Float64, 1000, 500.0));
  EXPECT_GT(tolerance(DType::Float32, 1 << 20, 1.0), tolerance(DType::Float32, 1000, 1.0));
  GlobalReference ref;
  ref.type = DType::Int32;
  ref.n = 3;
  ref.sum.integer = 7;
  Sum got;
  got.integer = 7;
  EXPECT_EQ(verify(got, ref).status, "passed");
  got.integer = 8;
  EXPECT_TRUE(verify(got, ref).failed());
  ref.type = DType::Float32;
  ref.n = 1000;
  ref.sum.real = 1.5;
  ref.sum_abs = 500;
  got.real = 1.5 + 0.5 * tolerance(DType::Float32, 1000, 500);
  EXPECT_EQ(verify(got, ref).status, "passed");
  got.real = 1.5 + 2 * tolerance(DType::Float32, 1000, 500);
  EXPECT_TRUE(verify(got, ref).failed());
  got.real = std::numeric_limits<double>::quiet_NaN();
  EXPECT_TRUE(verify(got, ref).failed()) << "NaN never passes";
}

TEST(ReductionInput, TypeNamesRoundTrip) {
  for (DType t : {DType::Int32, DType::Float32, DType::Float64}) EXPECT_EQ(parse_dtype(dtype_name(t)), t);
  EXPECT_THROW(parse_dtype("int16"), Error);
  EXPECT_THROW(check_fits_in_memory(1ull << 62, "test"), Error);
}

}  // namespace
}  // namespace hpcs::reduction
