// SPDX-License-Identifier: BSD-3-Clause
// The CPU reference against independent oracles: full matrices (best cell and start by
// the anchored pass), brute force over all starts for tiny pairs, known answers, and the
// reference's own decompositions (column strips, row blocks through a link).
#include <gtest/gtest.h>

#include <random>

#include "fake_link.hpp"
#include "sw_test_util.hpp"
#include "sw_alignment.hpp"
#include "sw_oracle.hpp"
#include "sw_reference.hpp"

namespace hpcs::sw {
namespace {

using namespace hpcs::sw::testing;

TEST(SwReference, MatchesFullMatrixOracleOnRandomPairs) {
  const std::uint64_t seed = std::random_device{}();
  SCOPED_TRACE("seed " + std::to_string(seed));
  std::mt19937_64 rng(seed);
  for (const Scoring& s : test_scorings())
    for (auto [n, m] :
         std::vector<std::pair<int, int>>{{1, 1}, {1, 9}, {9, 1}, {2, 3}, {31, 29}, {97, 130}, {211, 199}}) {
      SCOPED_TRACE(s.name + " " + std::to_string(n) + "x" + std::to_string(m));
      const int letters = proper_letters(s);
      const Codes a = random_codes(rng, n, letters), b = random_codes(rng, m, letters);
      expect_same(reference_alignment(a, b, s), oracle::align(a, b, s));
      expect_same(reference_alignment(a, b, s, 7), oracle::align(a, b, s));  // strips of 7 columns
    }
}

TEST(SwReference, StartIsTheShortestBestAlignmentEndingAtTheEnd) {
  // Brute force: every start (i0, j0) whose alignment to the end scores the best; the
  // reported start is the one with the largest i0, then the largest j0.
  std::mt19937_64 rng(std::random_device{}());
  const Scoring s = dna_scoring(2, -1, 2, 1);
  for (int trial = 0; trial < 60; ++trial) {
    const Codes a = random_codes(rng, 1 + trial % 11, 4), b = random_codes(rng, 1 + (trial * 7) % 12, 4);
    const Alignment al = reference_alignment(a, b, s);
    if (al.score <= 0) continue;
    std::int64_t bi = 0, bj = 0;
    for (std::int64_t i0 = 1; i0 <= al.end_i; ++i0)
      for (std::int64_t j0 = 1; j0 <= al.end_j; ++j0)
        if (oracle::anchored_both_ends(a, b, i0, j0, al.end_i, al.end_j, s) == al.score &&
            (i0 > bi || (i0 == bi && j0 > bj))) {
          bi = i0;
          bj = j0;
        }
    EXPECT_EQ(al.start_i, bi) << "trial " << trial;
    EXPECT_EQ(al.start_j, bj) << "trial " << trial;
  }
}

TEST(SwReference, KnownAnswers) {
  const Scoring s = dna_scoring(2, -3, 7, 2);
  std::mt19937_64 rng(7);
  const Codes x = random_codes(rng, 777, 4);
  const Alignment same = reference_alignment(x, x, s);  // identical: score = length x match
  EXPECT_EQ(same.score, 777 * 2);
  EXPECT_EQ(same.start_i, 1);
  EXPECT_EQ(same.end_j, 777);
  const Codes all_a(500, 0), all_c(300, 1);  // no similarity
  EXPECT_EQ(reference_alignment(all_a, all_c, s).score, 0);
  EXPECT_EQ(reference_alignment(all_a, all_c, s).end_i, 0);
  EXPECT_EQ(reference_alignment(Codes{}, x, s).score, 0);  // one empty sequence
  EXPECT_EQ(reference_alignment(x, Codes{}, s).score, 0);
  // One gap of length 3 inside 40 matching letters: 80 - (7 + 2 * 2).
  Codes a = random_codes(rng, 40, 4), b = a;
  b.insert(b.begin() + 20, {0, 1, 2});
  EXPECT_EQ(reference_alignment(a, b, s).score, 80 - 11);
}

TEST(SwReference, LongAlignmentsUseSeveralReversePasses) {
  // An alignment longer than the first reverse pass (256 rows) must still start right.
  std::mt19937_64 rng(11);
  const Scoring s = dna_scoring(2, -3, 7, 2);
  Codes a = random_codes(rng, 1500, 4), b = random_codes(rng, 1400, 4);
  std::copy(a.begin() + 300, a.begin() + 1000, b.begin() + 500);
  expect_same(reference_alignment(a, b, s), oracle::align(a, b, s));
  EXPECT_GE(reference_alignment(a, b, s).end_i - reference_alignment(a, b, s).start_i, 600);
}

TEST(SwReference, RowBlocksThroughALinkEqualOneBlock) {
  std::mt19937_64 rng(std::random_device{}());
  const Scoring s = blosum62(Alphabet::protein(), 11, 1);
  const Codes a = random_codes(rng, 301, 20), b = random_codes(rng, 257, 20);
  const Cell whole_best = sw_reference_block(whole(a, b), s);
  for (std::int64_t split : {1, 100, 300}) {
    Tuning t;
    t.chunk = 13;
    Block top = whole(a, b), bottom = whole(a, b);
    top.rows = split;
    bottom.a = a.data() + split;
    bottom.rows = static_cast<std::int64_t>(a.size()) - split;
    bottom.row0 = split;
    FakeLink link1(nullptr, nullptr, static_cast<std::int64_t>(b.size()), true);
    auto r1 = make_cpu_reference(t);
    r1->setup(top, s);
    const Cell c1 = r1->run(&link1);
    EXPECT_EQ(link1.published, static_cast<std::int64_t>(b.size()));
    FakeLink link2(&link1.below_h_, &link1.below_f_, static_cast<std::int64_t>(b.size()), false);
    auto r2 = make_cpu_reference(t);
    r2->setup(bottom, s);
    const Cell c2 = r2->run(&link2);
    const Cell best = better(c2, c1) ? c2 : c1;
    EXPECT_EQ(best.score, whole_best.score);
    EXPECT_EQ(best.i, whole_best.i);
    EXPECT_EQ(best.j, whole_best.j);
  }
}

TEST(SwReference, ColumnBoundIsExact) {
  // No anchored cell beyond the bound reaches the score it was computed for.
  std::mt19937_64 rng(5);
  const Scoring s = dna_scoring(2, -3, 7, 2);
  for (int trial = 0; trial < 20; ++trial) {
    const Codes a = random_codes(rng, 60, 4), b = random_codes(rng, 200, 4);
    oracle::Matrices x = oracle::fill(a, b, s, true);
    for (std::int64_t rows = 1; rows <= 60; rows += 7)
      for (std::int32_t score = 1; score <= 40; score += 13) {
        const std::int64_t bound = anchored_column_bound(rows, 200, s, score);
        for (std::int64_t i = 1; i <= rows; ++i)
          for (std::int64_t j = bound + 1; j <= 200; ++j) ASSERT_LT(x.h(i, j), score) << i << "," << j;
      }
  }
}

}  // namespace
}  // namespace hpcs::sw
