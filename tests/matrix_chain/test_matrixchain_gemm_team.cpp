// SPDX-License-Identifier: BSD-3-Clause
// The register GEMM of kokkos/* (kokkos_variants/matrix_chain/matrixchain_gemm_team_kokkos.hpp)
// run by teams of real host threads that meet at a real barrier, with the scratch filled with
// NaN before every team and C and the slice workspace guarded: a missing barrier, a read of
// scratch no thread staged, a wrong index, a lost edge row or column, a write outside the
// product or a slice summed out of order shows up on a CPU-only machine (Kokkos Serial runs
// teams of one thread, and no split). Every result must have the bits of the chains it
// promises: per output, per k slice, acc = 0; acc += a_k b_k ascending, slices added in order.
// Also the split-K rule.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <random>
#include <iterator>
#include <string>
#include <thread>
#include <type_traits>
#include <vector>

#include "matrixchain_gemm_team_kokkos.hpp"
#include "thread_barrier.hpp"

namespace hpcs::matrixchain::kokkos {
namespace {

using hpcs::testing::ThreadTeam;

constexpr int kGuard = 64;  // sentinel elements after C and the workspace

template <class Real>
std::vector<Real> random_matrix(std::int64_t rows, std::int64_t cols, std::mt19937_64& rng) {
  std::uniform_real_distribution<double> d(-1.0, 1.0);
  std::vector<Real> m(static_cast<std::size_t>(rows * cols));
  for (Real& v : m) v = static_cast<Real>(d(rng));
  return m;
}

// What the kernel promises, element by element.
template <class Real>
std::vector<Real> chains(const std::vector<Real>& A, const std::vector<Real>& B, std::int64_t p0, std::int64_t p1,
                         std::int64_t p2, int splits, std::int64_t slice) {
  std::vector<Real> C(static_cast<std::size_t>(p0 * p2));
  for (std::int64_t i = 0; i < p0; ++i)
    for (std::int64_t j = 0; j < p2; ++j) {
      Real sum = 0;
      for (int s = 0; s < splits; ++s) {
        Real acc = 0;
        for (std::int64_t k = s * slice; k < std::min(p1, (s + 1) * slice); ++k)
          acc += A[static_cast<std::size_t>(i * p1 + k)] * B[static_cast<std::size_t>(k * p2 + j)];
        sum = s == 0 ? acc : sum + acc;
      }
      C[static_cast<std::size_t>(i * p2 + j)] = sum;
    }
  return C;
}

struct Case {
  std::int64_t p0, p1, p2;
  int x, y;    // the patch (ignored by a fixed-patch kernel: TM x TN)
  int team;    // threads (a fixed-patch kernel: TM TN / 64)
  int splits;  // 1, or k slices of `slice`
  std::int64_t slice;
};

std::string name_of(const Case& c) {
  return std::to_string(c.p0) + "x" + std::to_string(c.p1) + "x" + std::to_string(c.p2) + " patch " +
         std::to_string(c.x) + "x" + std::to_string(c.y) + " team " + std::to_string(c.team) + " splits " +
         std::to_string(c.splits) + " of " + std::to_string(c.slice);
}

template <int RM, int RN, int TM, int TN, class Real>
void expect_chains(Case c) {
  if (TM > 0) c.x = TM, c.y = TN, c.team = TM / RM * (TN / RN);
  if (c.splits == 1) c.slice = c.p1;
  std::mt19937_64 rng(static_cast<std::uint64_t>(c.p0 * 7919 + c.p1 * 31 + c.p2));
  const std::vector<Real> A = random_matrix<Real>(c.p0, c.p1, rng), B = random_matrix<Real>(c.p1, c.p2, rng);
  const Real nan = std::numeric_limits<Real>::quiet_NaN(), sentinel = Real(12345);
  const std::int64_t n = c.p0 * c.p2;
  std::vector<Real> C(static_cast<std::size_t>(n + kGuard), sentinel);
  std::vector<Real> partial(static_cast<std::size_t>(c.splits > 1 ? c.splits * n + kGuard : 0), sentinel);
  RegisterGemm<Real> g;
  g.A = A.data(), g.B = B.data(), g.C = C.data(), g.partial = c.splits > 1 ? partial.data() : nullptr;
  g.p0 = c.p0, g.p1 = c.p1, g.p2 = c.p2, g.x = c.x, g.y = c.y, g.splits = c.splits, g.slice = c.slice;
  // A fixed float32 patch's scratch holds Quads (read four elements at once), others Reals.
  using Element = std::conditional_t<kQuadScratch<Real, TM>, Quad<Real>, Real>;
  std::vector<Element> storage(register_gemm_values(c.x, c.y) * sizeof(Real) / sizeof(Element));
  Real* const scratch = reinterpret_cast<Real*>(storage.data());
  for (std::int64_t league = 0; league < g.league(); ++league) {
    for (Element& e : storage) {
      if constexpr (kQuadScratch<Real, TM>) std::fill(std::begin(e.v), std::end(e.v), nan);
      else e = nan;
    }
    hpcs::testing::ThreadBarrier bar(static_cast<unsigned>(c.team));
    std::vector<std::thread> threads;
    for (int t = 0; t < c.team; ++t)
      threads.emplace_back([&, t] {
        register_gemm_team<RM, RN, TM, TN>(g, league, scratch, ThreadTeam{t, c.team, &bar});
      });
    for (std::thread& t : threads) t.join();
  }
  if (c.splits > 1)
    for (std::int64_t i = 0; i < n; ++i) C[static_cast<std::size_t>(i)] = sum_of_slices(partial.data(), n, c.splits, i);
  const std::vector<Real> want = chains(A, B, c.p0, c.p1, c.p2, c.splits, c.slice);
  for (std::int64_t i = 0; i < n; ++i) {
    const Real got = C[static_cast<std::size_t>(i)], w = want[static_cast<std::size_t>(i)];
    ASSERT_EQ(std::memcmp(&got, &w, sizeof(Real)), 0)
        << name_of(c) << ": C(" << i / c.p2 << ", " << i % c.p2 << ") = " << got << ", the chains give " << w;
  }
  for (int k = 0; k < kGuard; ++k) ASSERT_EQ(C[static_cast<std::size_t>(n + k)], sentinel) << name_of(c) << ": past C";
  if (c.splits > 1)
    for (int k = 0; k < kGuard; ++k)
      ASSERT_EQ(partial[static_cast<std::size_t>(c.splits * n + k)], sentinel) << name_of(c) << ": past the slices";
}

// Compile-time patches (8 x 8 sums a thread, the next chunk prefetched in registers): edges
// that cut patches, micro-tiles and chunks; slices whose last chunk is short, slices not of
// whole chunks, more slices than one batch of the sum's loads; K = 1.
TEST(RegisterGemmTeam, FixedPatchesGiveTheChainsBits) {
  for (const auto& [p0, p1, p2] :
       {std::tuple<std::int64_t, std::int64_t, std::int64_t>{130, 75, 70}, {64, 64, 64}, {1, 19, 200}, {150, 1, 1}}) {
    for (const auto& [splits, slice] : {std::pair<int, std::int64_t>{1, 0}, {3, 32}, {6, 13}}) {
      if (splits > 1 && (splits - 1) * slice >= p1) continue;
      const Case c{p0, p1, p2, 0, 0, 0, splits, slice};
      // float32 reads Quads, float64 strided scalars: both layouts, every patch
      expect_chains<8, 8, 64, 64, float>(c);
      expect_chains<8, 8, 64, 128, float>(c);
      expect_chains<8, 8, 128, 64, float>(c);
      expect_chains<8, 8, 128, 128, float>(c);
      expect_chains<8, 8, 64, 64, double>(c);
      expect_chains<8, 8, 64, 128, double>(c);
      expect_chains<8, 8, 128, 64, double>(c);
      expect_chains<8, 8, 128, 128, double>(c);
      if (HasFatalFailure()) return;
    }
  }
}

// Runtime tiles: 4 x 4 or 8 x 8 sums a thread, teams with threads that only stage (a GPU
// team is at least a warp), a team of one (Kokkos Serial), 1 x N and N x 1 products.
TEST(RegisterGemmTeam, RuntimeTilesGiveTheChainsBits) {
  expect_chains<4, 4, 0, 0, float>({45, 70, 33, 40, 24, 60, 1, 0});
  expect_chains<4, 4, 0, 0, float>({45, 70, 33, 40, 24, 64, 3, 24});
  expect_chains<4, 4, 0, 0, double>({45, 70, 33, 40, 24, 64, 6, 12});
  expect_chains<4, 4, 0, 0, double>({37, 1, 129, 16, 32, 32, 1, 0});
  expect_chains<4, 4, 0, 0, float>({1, 300, 17, 8, 16, 32, 2, 152});
  expect_chains<4, 4, 0, 0, float>({45, 33, 1, 16, 8, 8, 1, 0});
  expect_chains<8, 8, 0, 0, float>({19, 41, 23, 8, 8, 1, 1, 0});
  expect_chains<8, 8, 0, 0, double>({19, 41, 23, 8, 8, 32, 2, 32});
  expect_chains<8, 8, 0, 0, float>({100, 90, 50, 96, 48, 72, 1, 0});
}

TEST(GemmKSplit, FillsTheSlotsWithSlicesOfWholeChunks) {
  // Enough patches: no split (4096^2: 1024 patches of 128 x 128 for 264 slots).
  KSplit k = gemm_k_split(4096, 4096, 4096, 128, 128, 264);
  EXPECT_EQ(k.splits, 1);
  EXPECT_EQ(k.slice, 4096);
  // Thesis chain A2 A3 (1008 x 552 x 368) in 128 x 128 patches: 24 for 264 slots, 11 a patch.
  k = gemm_k_split(1008, 552, 368, 128, 128, 264);
  EXPECT_EQ(k.slice, 56);
  EXPECT_EQ(k.splits, 10);
  // k too shallow for two slices of kMinSlice; no slots (Kokkos Serial).
  EXPECT_EQ(gemm_k_split(8, 63, 8, 8, 8, 1000).splits, 1);
  EXPECT_EQ(gemm_k_split(8, 640, 8, 8, 8, 0).splits, 1);
  std::mt19937_64 rng(11);
  for (int trial = 0; trial < 2000; ++trial) {
    const std::int64_t p0 = 1 + rng() % 3000, p1 = 1 + rng() % 5000, p2 = 1 + rng() % 3000, slots = rng() % 2000;
    const int x = 8 * (1 + rng() % 16), y = 8 * (1 + rng() % 16);
    k = gemm_k_split(p0, p1, p2, x, y, slots);
    const std::string what = std::to_string(p0) + "x" + std::to_string(p1) + "x" + std::to_string(p2) + " patch " +
                             std::to_string(x) + "x" + std::to_string(y) + " slots " + std::to_string(slots);
    ASSERT_GE(k.splits, 1) << what;
    ASSERT_GE(k.splits * k.slice, p1) << what;        // the slices cover k
    ASSERT_LT((k.splits - 1) * k.slice, p1) << what;  // and none is empty
    if (k.splits == 1) {
      ASSERT_EQ(k.slice, p1) << what;
      continue;
    }
    ASSERT_EQ(k.slice % kRegChunk, 0) << what;
    ASSERT_GE(k.slice, kMinSlice) << what;
    const std::int64_t patches = ((p0 + x - 1) / x) * ((p2 + y - 1) / y);
    ASSERT_LE(k.splits * patches, std::max<std::int64_t>(slots, patches)) << what;  // no more teams than slots
  }
}

}  // namespace
}  // namespace hpcs::matrixchain::kokkos
