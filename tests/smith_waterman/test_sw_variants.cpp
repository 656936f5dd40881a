// SPDX-License-Identifier: BSD-3-Clause
// Every Smith-Waterman variant of this build equals the CPU reference exactly (score, end
// and start cells) on fresh random pairs: lengths 1..5000 including primes and unequal
// lengths, an empty sequence, identical sequences, no similarity, sizes that are not
// multiples of the tiles; DNA and protein; several gap settings and tilings. Also: row
// blocks through a link give the same best cell and the same last row (H and F, bit for
// bit), and repeated runs on one input are identical (a race shows as a difference).
// CUDA variants skip with the reason when no GPU is visible.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>

#include "fake_link.hpp"
#include "hpcs/base/error.hpp"
#include "sw_test_util.hpp"
#include "variant_params.hpp"

namespace hpcs::sw {
namespace {
using namespace hpcs::sw::testing;

const Variant& find_variant(const std::string& name) {
  static const VariantList variants = all_variants();
  return hpcs::testing::variant_named(variants, name);
}

// Tilings to try; a backend may reject some (e.g. too many threads per team) with an Error.
// Some split cuda/multipass's rows into column bands (the last argument) of one tile, a few
// tiles, and widths the sizes below are not multiples of.
std::vector<Tuning> tilings(const Variant& info) {
  if (info.backend == "cpu") return {Tuning{}};
  return {tiling(2048, 128, 16, 2),        tiling(1024, 256, 8, 4),
          tiling(512, 256, 8, 8),          tiling(64, 64, 4, 1, 4096, 128),
          tiling(128, 96, 4, 4, 4096, 96), tiling(32, 40, 8, 8),
          tiling(8, 8, 8, 2, 4096, 24),    tiling(256, 512, 4, 16),
          tiling(16, 33, 16, 3, 4096, 66), tiling(512, 200, 16, 8, 4096, 1000),
          tiling(2048, 128, 32, 2),        tiling(64, 40, 32, 4, 4096, 80)};
}

class SwVariant : public ::testing::TestWithParam<std::string> {};

TEST_P(SwVariant, EqualsReferenceExactly) {
  const Variant& info = find_variant(GetParam());
  if (const auto why = info.why_not(Problem{}, Tuning{})) GTEST_SKIP() << info.name << " skipped: " << *why;
  const std::uint64_t seed = std::random_device{}();
  SCOPED_TRACE("seed " + std::to_string(seed));
  std::mt19937_64 rng(seed);
  const std::vector<std::pair<int, int>> shapes = {{1, 1},       {1, 17},    {17, 1},    {2, 3},
                                                   {31, 29},     {97, 1000}, {1000, 97}, {1009, 2003},
                                                   {4999, 5000}, {0, 300},   {300, 0}};
  int ran = 0;
  for (const Tuning& tiling : tilings(info)) {
    SCOPED_TRACE("tiling " + std::to_string(tiling.tile_rows) + "x" + std::to_string(tiling.tile_cols) + " sub " +
                 std::to_string(tiling.sub_rows) + "x" + std::to_string(tiling.sub_cols));
    try {
      info.make(tiling);
    } catch (const Error& e) {
      std::cout << "[ note ] " << info.name << " rejects this tiling here: " << e.what() << "\n";
      continue;
    }
    ++ran;
    const MakeAligner make = [&] { return info.make(tiling); };
    const std::vector<Scoring> scorings = test_scorings();
    for (std::size_t k = 0; k < scorings.size(); ++k) {
      const Scoring& s = scorings[k];
      SCOPED_TRACE(s.name + " open " + std::to_string(s.gap_open) + " extend " + std::to_string(s.gap_extend));
      for (auto [n, m] : shapes) {
        if (static_cast<std::int64_t>(n) * m > 400000 && k != 0 && k != 3) continue;  // large: dna and BLOSUM62 only
        SCOPED_TRACE(std::to_string(n) + " x " + std::to_string(m));
        const Codes a = random_codes(rng, n, proper_letters(s)), b = random_codes(rng, m, proper_letters(s));
        expect_same(align_with(make, a, b, s), reference_alignment(a, b, s));
      }
    }
    const Scoring dna = dna_scoring(2, -3, 7, 2);
    const Codes x = random_codes(rng, 1234, 4);
    const Alignment same = align_with(make, x, x, dna);  // identical sequences
    EXPECT_EQ(same.score, 1234 * 2);
    EXPECT_EQ(same.start_i, 1);
    EXPECT_EQ(align_with(make, Codes(700, 0), Codes(333, 1), dna).score, 0);  // no similarity
    Codes a = random_codes(rng, 3001, 4), b = random_codes(rng, 2999, 4);     // planted region
    std::copy(a.begin() + 1000, a.begin() + 1900, b.begin() + 200);
    expect_same(align_with(make, a, b, dna), reference_alignment(a, b, dna));
  }
  EXPECT_GT(ran, 0) << "no tiling could run";
}

TEST_P(SwVariant, RowBlocksThroughALinkKeepTheLastRowExact) {
  const Variant& info = find_variant(GetParam());
  if (const auto why = info.why_not(Problem{}, Tuning{})) GTEST_SKIP() << info.name << " skipped: " << *why;
  std::mt19937_64 rng(std::random_device{}());
  const Scoring s = blosum62(Alphabet::protein(), 11, 1);
  const Codes a = random_codes(rng, 2003, 20), b = random_codes(rng, 1500, 20);
  const Tuning t = first_accepted(info, {tiling(128, 128, 4, 4, 300, 256), tiling(8, 128, 8, 4, 300, 256)});
  for (Mode mode : {Mode::Local, Mode::Anchored}) {
    // Three uneven blocks of rows, the variant and the reference side by side.
    const std::int64_t cuts[4] = {0, 700, 701, 2003};
    std::vector<std::int32_t> above_h[2], above_f[2];
    Cell best[2] = {};
    for (int blk = 0; blk < 3; ++blk) {
      for (int which = 0; which < 2; ++which) {
        Block block = whole(a, b, mode);
        block.a = a.data() + cuts[blk];
        block.rows = cuts[blk + 1] - cuts[blk];
        block.row0 = cuts[blk];
        FakeLink link(blk ? &above_h[which] : nullptr, blk ? &above_f[which] : nullptr,
                      static_cast<std::int64_t>(b.size()), blk < 2);
        auto aligner = which ? make_cpu_reference(t) : info.make(t);
        aligner->setup(block, s);
        const Cell c = aligner->run(&link);
        if (blk == 0 || better(c, best[which])) best[which] = c;
        if (blk < 2) {
          EXPECT_EQ(link.published, static_cast<std::int64_t>(b.size()));
          above_h[which] = link.below_h_;
          above_f[which] = link.below_f_;
        }
      }
      if (blk < 2) {
        EXPECT_EQ(above_h[0], above_h[1]) << "last row H of block " << blk;
        EXPECT_EQ(above_f[0], above_f[1]) << "last row F of block " << blk;
      }
    }
    EXPECT_EQ(best[0].score, best[1].score);
    EXPECT_EQ(best[0].i, best[1].i);
    EXPECT_EQ(best[0].j, best[1].j);
  }
}

TEST_P(SwVariant, RepeatedRunsAreIdentical) {
  const Variant& info = find_variant(GetParam());
  if (const auto why = info.why_not(Problem{}, Tuning{})) GTEST_SKIP() << info.name << " skipped: " << *why;
  std::mt19937_64 rng(std::random_device{}());
  const Scoring s = dna_scoring(2, -3, 7, 2);
  Codes a = random_codes(rng, 4000, 4), b = random_codes(rng, 3000, 4);
  std::copy(a.begin() + 100, a.begin() + 2100, b.begin() + 900);
  const Tuning t = first_accepted(info, {tiling(128, 64, 4, 2, 4096, 192), tiling(16, 64, 16, 2, 4096, 192)});
  auto aligner = info.make(t);
  aligner->setup(whole(a, b), s);
  const Cell first = aligner->run(nullptr);
  const int runs = info.backend == "cpu" ? 2 : 25;
  for (int r = 1; r < runs; ++r) {
    const Cell c = aligner->run(nullptr);
    ASSERT_EQ(c.score, first.score) << "run " << r;
    ASSERT_EQ(c.i, first.i) << "run " << r;
    ASSERT_EQ(c.j, first.j) << "run " << r;
  }
}

INSTANTIATE_TEST_SUITE_P(AllVariants, SwVariant, ::testing::ValuesIn(hpcs::testing::names_of(all_variants())),
                         hpcs::testing::param_name);

// cuda/multipass bands by itself once a block has more rows of tiles than the GPU keeps
// resident: one-thread blocks of 8 rows and one-column tiles make that happen at a few
// tens of thousands of rows, with a band span (P_h x 2 columns; cuda/multipass16's two lanes
// P_h x 3) well inside B.
TEST(SwVariants, MultipassAutomaticBandsEqualReference) {
  const VariantList variants = all_variants();
  for (const char* name : {"cuda/multipass", "cuda/multipass16"}) {
    SCOPED_TRACE(name);
    const auto it = std::find_if(variants.begin(), variants.end(), [&](const Variant& v) { return v.name == name; });
    if (it == variants.end()) GTEST_SKIP() << name << " is not in this build";
    if (const auto why = it->why_not(Problem{}, Tuning{})) GTEST_SKIP() << name << " skipped: " << *why;
    const std::uint64_t seed = std::random_device{}();
    SCOPED_TRACE("seed " + std::to_string(seed));
    std::mt19937_64 rng(seed);
    const Scoring s = dna_scoring(2, -3, 7, 2);
    const Tuning t = tiling(8, 1, 8, 1);  // band_cols 0: automatic
    auto probe = it->make(t);
    const Codes tiny = random_codes(rng, 8, 4);
    probe->setup(whole(tiny, tiny), s);
    const auto resident = probe->details().at("resident_rows").get<std::int64_t>();
    Codes a = random_codes(rng, 8 * (resident + 301) + 5, 4), b = random_codes(rng, 4 * resident + 77, 4);
    std::copy(a.begin() + 3000, a.begin() + 3600, b.begin() + 100);  // a planted region near the top
    auto aligner = it->make(t);
    aligner->setup(whole(a, b), s);
    const Cell got = aligner->run(nullptr);
    EXPECT_GT(aligner->details().at("bands").get<std::int64_t>(), 1) << "the automatic rule did not band";
    const Alignment want = reference_alignment(a, b, s);
    EXPECT_EQ(got.score, want.score);
    EXPECT_EQ(got.i, want.end_i);
    EXPECT_EQ(got.j, want.end_j);
  }
}

TEST(SwVariants, TiledVariantsRejectInvalidTilings) {
  for (const auto& info : all_variants()) {
    if (info.backend == "cpu" || info.why_not(Problem{}, Tuning{})) continue;
    SCOPED_TRACE(info.name);
    auto t = [](int tr, int tc, int sr, int sc) {
      Tuning x;
      x.tile_rows = tr;
      x.tile_cols = tc;
      x.sub_rows = sr;
      x.sub_cols = sc;
      return x;
    };
    EXPECT_THROW(info.make(t(100, 64, 8, 8)), Error) << "t_S not a multiple of s_S";
    EXPECT_THROW(info.make(t(64, 100, 8, 8)), Error) << "t_T not a multiple of s_T";
    EXPECT_THROW(info.make(t(64, 64, 7, 8)), Error) << "unsupported s_S";
    EXPECT_THROW(info.make(t(8192, 64, 4, 8)), Error) << "2048 threads per block";
    EXPECT_THROW(info.make(t(-1, 64, 4, 8)), Error) << "negative tile";
    if (info.name == "cuda/multipass") {
      Tuning x = t(64, 64, 4, 8);
      x.band_cols = 100;
      EXPECT_THROW(info.make(x), Error) << "band not a multiple of t_T";
      x.band_cols = -64;
      EXPECT_THROW(info.make(x), Error) << "negative band";
    }
  }
}

// A tiling field at 0 is the variant's default: the CUDA variants' multi-pass shape,
// cuda/multipass16's own (32 rows a thread), kokkos/wavefront's own (wider tiles on a GPU, one-thread teams on a host
// backend); a field the caller set is kept. The default must run here: kokkos/wavefront's tests once skipped on Kokkos
// Serial because the suite's default asked for 128-thread teams.
TEST(SwVariants, ZeroTilingFieldsTakeTheVariantsDefault) {
  for (const auto& info : all_variants()) {
    SCOPED_TRACE(info.name);
    const Tuning d = info.resolve(Problem{}, Tuning{});
    EXPECT_GT(d.tile_rows, 0);
    EXPECT_GT(d.tile_cols, 0);
    EXPECT_GT(d.sub_rows, 0);
    EXPECT_GT(d.sub_cols, 0);
    const auto shape = [](const Tuning& t) {
      return std::vector<int>{t.tile_rows, t.tile_cols, t.sub_rows, t.sub_cols};
    };
    const std::vector<int> multipass = {kMultipassTiling.tile_rows, kMultipassTiling.tile_cols,
                                        kMultipassTiling.sub_rows, kMultipassTiling.sub_cols};
    const std::vector<int> packed = {kMultipass16Tiling.tile_rows, kMultipass16Tiling.tile_cols,
                                     kMultipass16Tiling.sub_rows, kMultipass16Tiling.sub_cols};
    if (info.name == "kokkos/wavefront") EXPECT_NE(shape(d), multipass);
    else if (info.name == "cuda/multipass16") EXPECT_EQ(shape(d), packed);
    else if (info.name == "kokkos/multipass")  // on a GPU cuda/multipass's; on a host backend teams of one
      EXPECT_TRUE(shape(d) == multipass || shape(d) == (std::vector<int>{16, 128, 16, 2}));
    else EXPECT_EQ(shape(d), multipass);
    Tuning some;
    some.tile_cols = 64;
    some.sub_rows = 4;
    const Tuning r = info.resolve(Problem{}, some);
    EXPECT_EQ(r.tile_cols, 64);
    EXPECT_EQ(r.sub_rows, 4);
    EXPECT_EQ(r.tile_rows, d.tile_rows);
    EXPECT_EQ(r.sub_cols, d.sub_cols);
    if (info.backend != "cuda")
      EXPECT_EQ(info.why_not(Problem{}, Tuning{}), std::nullopt) << "its default cannot run here";
  }
}

}  // namespace
}  // namespace hpcs::sw
