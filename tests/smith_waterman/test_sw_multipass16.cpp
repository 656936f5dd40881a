// SPDX-License-Identifier: BSD-3-Clause
// cuda/multipass16 (two cells per 16x2 instruction) stays exact where scores outgrow 16
// bits: rows of tiles whose entering H could take a cell past 32767 run in int32 from that
// tile on, and the result equals the CPU reference. The runs check the switch happened
// (details' int32_share strictly between 0 and 1) where it must, and not where it need not.
// The common cases (every tiling, scoring and shape) are in test_sw_variants.cpp.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>

#include "hpcs/base/error.hpp"
#include "sw_test_util.hpp"
#include "variant_params.hpp"

namespace hpcs::sw {
namespace {
using namespace hpcs::sw::testing;

const Variant* multipass16() {
  static const VariantList variants = all_variants();
  const auto it =
      std::find_if(variants.begin(), variants.end(), [](const Variant& v) { return v.name == "cuda/multipass16"; });
  return it == variants.end() ? nullptr : &*it;
}

#define SKIP_WITHOUT_MULTIPASS16()                                    \
  const Variant* info = multipass16();                                \
  if (!info) GTEST_SKIP() << "cuda/multipass16 is not in this build"; \
  if (const auto why = info->why_not(Problem{}, Tuning{})) GTEST_SKIP() << "cuda/multipass16 skipped: " << *why

struct Result16 {
  Alignment alignment;
  double int32_share;
  std::string kernel;
};

Result16 run16(const Variant& info, const Tuning& t, const Codes& a, const Codes& b, const Scoring& s) {
  auto fwd = info.make(t);
  fwd->setup(whole(a, b), s);
  fwd->run(nullptr);
  const nlohmann::json d = fwd->details();
  return {align_with([&] { return info.make(t); }, a, b, s), d.at("int32_share").get<double>(),
          d.at("kernel").get<std::string>()};
}

// Scores of 500 a match: with 32-row tiles a row of tiles may enter with H up to
// 32767 - 500 x 33 = 16267 in 16 bits, so a planted region of 60 letters takes the rows below
// it to int32 partway along, while the rows above stay 16-bit. Mismatches and gaps cost so
// much that random pairs score far below it.
TEST(SwMultipass16, SwitchesToInt32WhereScoresOutgrow16Bits) {
  SKIP_WITHOUT_MULTIPASS16();
  const std::uint64_t seed = std::random_device{}();
  SCOPED_TRACE("seed " + std::to_string(seed));
  std::mt19937_64 rng(seed);
  const Scoring big = dna_scoring(500, -1000, 2500, 500);
  for (const Tuning& t : {tiling(32, 32, 32, 2), tiling(32, 24, 16, 3, 4096, 48), tiling(16, 64, 8, 4, 4096, 128)}) {
    SCOPED_TRACE("tiling " + std::to_string(t.tile_rows) + "x" + std::to_string(t.tile_cols) + " sub " +
                 std::to_string(t.sub_rows) + "x" + std::to_string(t.sub_cols));
    Codes a = random_codes(rng, 1501, 4), b = random_codes(rng, 1403, 4);
    const Result16 plain = run16(*info, t, a, b, big);
    expect_same(plain.alignment, reference_alignment(a, b, big));
    EXPECT_EQ(plain.kernel, "16x2 lanes");
    std::copy(a.begin() + 700, a.begin() + 760, b.begin() + 600);  // 30 000 at the end of the region
    const Result16 planted = run16(*info, t, a, b, big);
    expect_same(planted.alignment, reference_alignment(a, b, big));
    EXPECT_GE(planted.alignment.score, 30000);
    EXPECT_LT(plain.int32_share, 0.05);
    EXPECT_GT(planted.int32_share, plain.int32_share) << "the rows below the region must run in int32";
    EXPECT_LT(planted.int32_share, 0.6) << "the rows above the region need not leave 16 bits";
  }
}

// The suite's DNA scoring on identical sequences of 17 000 letters: score 34 000, beyond
// 16 bits, with the default tiling (a row of tiles may enter with H up to 28 669).
TEST(SwMultipass16, IdenticalLongSequencesScorePast16Bits) {
  SKIP_WITHOUT_MULTIPASS16();
  std::mt19937_64 rng(std::random_device{}());
  const Scoring dna = dna_scoring(2, -3, 7, 2);
  const Codes x = random_codes(rng, 17011, 4);
  const Result16 same = run16(*info, Tuning{2048, 128, 16, 2}, x, x, dna);
  EXPECT_EQ(same.alignment.score, 2 * 17011);
  EXPECT_EQ(same.alignment.end_i, 17011);
  EXPECT_EQ(same.alignment.start_i, 1);
  EXPECT_GT(same.int32_share, 0.0);
  EXPECT_LT(same.int32_share, 1.0);
}

// Gap costs 16 bits cannot hold run cuda/multipass's int32 kernel, and so does the anchored pass.
TEST(SwMultipass16, ScoringsBeyond16BitsRunTheInt32Kernel) {
  SKIP_WITHOUT_MULTIPASS16();
  std::mt19937_64 rng(std::random_device{}());
  const Codes a = random_codes(rng, 900, 4), b = random_codes(rng, 1100, 4);
  for (const Scoring& s : {dna_scoring(2, -3, 9000, 2), dna_scoring(2, -3, 7, 9000)}) {
    const Result16 r = run16(*info, tiling(64, 64, 16, 2), a, b, s);
    EXPECT_EQ(r.kernel, "int32 (this scoring or mode cannot use 16 bits)");
    EXPECT_EQ(r.int32_share, 1.0);
    expect_same(r.alignment, reference_alignment(a, b, s));
  }
}

TEST(SwMultipass16, RejectsRowsPerThreadItCannotPair) {
  SKIP_WITHOUT_MULTIPASS16();
  EXPECT_THROW(info->make(tiling(64, 64, 4, 2)), Error);
  EXPECT_NO_THROW(info->make(tiling(64, 64, 8, 2)));
  EXPECT_NO_THROW(info->make(tiling(64, 64, 16, 2)));
  EXPECT_NO_THROW(info->make(tiling(64, 64, 32, 2)));
  EXPECT_THROW(info->make(tiling(48, 64, 32, 2)), Error);  // 48 rows are not lanes of 32
}

}  // namespace
}  // namespace hpcs::sw
