// SPDX-License-Identifier: BSD-3-Clause
// Every variant of this build against the CPU reference, on fresh random inputs (the seed
// is printed on failure): all three types, sizes 1, 2, 31, 1000, 2^20+7 and 3*2^20+1,
// every block size 64..1024 (Kokkos: as far as its backend allows), RK-7 grid and
// unroll shapes, and a second run that must give the bit-identical sum.
// CUDA (and CUDA-Kokkos) variants skip with the reason when no GPU is visible.
#include <gtest/gtest.h>

#include <random>
#include <set>

#include "hpcs/base/error.hpp"
#include "mpi_test_context.hpp"
#include "reduction_input.hpp"
#include "reduction_reference.hpp"
#include "variant_params.hpp"

namespace hpcs::reduction {
namespace {

struct Case {
  std::string variant;
  DType type;
};
void PrintTo(const Case& c, std::ostream* os) { *os << c.variant << " " << dtype_name(c.type); }

std::string case_name(const ::testing::TestParamInfo<Case>& info) {
  std::string n = info.param.variant + "_" + dtype_name(info.param.type);
  for (auto& c : n)
    if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
  return n;
}

std::vector<Case> all_cases() {
  std::vector<Case> cases;
  for (const auto& v : all_variants())
    for (DType t : {DType::Int32, DType::Float32, DType::Float64}) cases.push_back({v.name, t});
  return cases;
}

const Variant& find_variant(const std::string& name) {
  static const VariantList variants = all_variants();
  return hpcs::testing::variant_named(variants, name);
}

std::uint64_t fresh_seed() {
  std::random_device rd;
  return (std::uint64_t{rd()} << 32) ^ rd();
}

// Runs one variant twice on x and checks both sums against the reference.
void check(const Variant& info, const Tuning& tuning, const HostArray& x, std::set<std::string>& seen) {
  auto reducer = info.make(dtype_of(x), tuning);
  if (!seen.insert(reducer->config()).second) return;  // e.g. Kokkos clamped to the same team size
  SCOPED_TRACE(info.name + " " + reducer->config());
  reducer->upload(x);
  reducer->run();
  const Sum first = reducer->result();
  reducer->run();
  const Sum second = reducer->result();
  const GlobalReference ref = global_reference(testing::mpi(), x, size_of(x));
  const Verification v = verify(first, ref);
  EXPECT_FALSE(v.failed()) << v.detail;
  EXPECT_EQ(first.integer, second.integer) << "the same input must give the same sum";
  EXPECT_EQ(first.real, second.real) << "the same input must give the same sum";
  if (const auto t = reducer->device_seconds()) EXPECT_GE(*t, 0.0);
}

class ReductionVariant : public ::testing::TestWithParam<Case> {};

TEST_P(ReductionVariant, MatchesReference) {
  const Variant& info = find_variant(GetParam().variant);
  if (const auto why = info.why_not(Problem{}, Tuning{})) GTEST_SKIP() << info.name << " skipped: " << *why;
  const std::uint64_t seed = fresh_seed();
  SCOPED_TRACE("seed " + std::to_string(seed));
  const std::vector<int> blocks =
      info.backend == "cpu" ? std::vector<int>{256} : std::vector<int>{64, 128, 256, 512, 1024};
  for (std::uint64_t n : {1ull, 2ull, 31ull, 1000ull, (1ull << 20) + 7, 3ull * (1ull << 20) + 1}) {
    SCOPED_TRACE("n " + std::to_string(n));
    const HostArray x = generate_slice(GetParam().type, seed + n, 0, n);
    std::set<std::string> seen;
    for (int block : blocks) check(info, Tuning{block, 0, 4}, x, seen);
    if (info.step == 7 && n >= 1000)
      for (int grid : {1, 3, 1000})
        for (int unroll : {1, 2, 4, 8}) check(info, Tuning{128, grid, unroll}, x, seen);
  }
}

INSTANTIATE_TEST_SUITE_P(AllVariants, ReductionVariant, ::testing::ValuesIn(all_cases()), case_name);

TEST(ReductionVariants, RejectBadTunings) {
  for (const auto& info : all_variants()) {
    if (info.why_not(Problem{}, Tuning{}) || info.backend == "cpu" || info.step == 0) continue;
    SCOPED_TRACE(info.name);
    EXPECT_THROW(info.make(DType::Float32, Tuning{48, 0, 4}), Error) << "block 48 is not a power of two";
    EXPECT_THROW(info.make(DType::Float32, Tuning{2048, 0, 4}), Error) << "block 2048 is too large";
    if (info.step == 7) EXPECT_THROW(info.make(DType::Float32, Tuning{256, 0, 3}), Error) << "unroll 3";
    if (info.backend == "cuda") EXPECT_THROW(info.make(DType::Float32, Tuning{32, 0, 4}), Error) << "RK needs >= 64";
  }
}

// --block 0 (the default) is each variant's own block: RK-1..RK-7's 256 on every backend,
// cuda/rk7-vec's 1024; a given block is kept. Resolving needs no GPU.
TEST(ReductionVariants, DefaultBlockIsTheVariants) {
  int rk = 0;
  for (const auto& info : all_variants()) {
    if (info.step == 0 && info.name != "cuda/rk7-vec") continue;
    SCOPED_TRACE(info.name);
    const int own = info.name == "cuda/rk7-vec" ? 1024 : 256;
    EXPECT_EQ(info.resolve(Problem{}, Tuning{}).block, own);
    EXPECT_EQ(info.resolve(Problem{}, Tuning{128, 0, 4}).block, 128);
    ++rk;
  }
#if HPCS_HAVE_CUDA || HPCS_HAVE_KOKKOS
  EXPECT_GT(rk, 0) << "no RK variant in this build";
#endif
}

TEST(ReductionVariants, ListHasEveryRkStepPerBackend) {
  std::set<std::string> names;
  for (const auto& v : all_variants()) names.insert(v.name);
  EXPECT_TRUE(names.count("cpu/reference"));
#if HPCS_HAVE_CUDA
  for (int s = 1; s <= 7; ++s) EXPECT_TRUE(names.count("cuda/rk" + std::to_string(s)));
  EXPECT_TRUE(names.count("cuda/cub"));
#endif
#if HPCS_HAVE_KOKKOS
  for (int s : {1, 2, 3, 4, 6, 7}) EXPECT_TRUE(names.count("kokkos/rk" + std::to_string(s)));
  EXPECT_TRUE(names.count("kokkos/parallel_reduce"));
  EXPECT_TRUE(names.count("kokkos/parallel_reduce_host"));
#endif
}

}  // namespace
}  // namespace hpcs::reduction
