// SPDX-License-Identifier: BSD-3-Clause
// Every Jacobi variant and its tiles: the defaults are accepted, given tiles are kept, bad
// tiles are rejected with a reason, tiled variants equal the naive variant of their backend
// bit for bit, and the checks every variant shares come in their order.
#include "jacobi_variant_fixture.hpp"

namespace hpcs::jacobi {
namespace {
using namespace testing_support;

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
  for (const Tuning& bad :
       {Tuning{3, 4, 4, 0}, Tuning{4, -1, 4, 0}, Tuning{4, 4, -2, 0}, Tuning{4, 4, 4, -1}, Tuning{64, 4000, 4000, 0}}) {
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
void check_tiled_vs_naive(const Variant& tiled, const Variant& naive, std::mt19937_64& rng, Rejections& rejections) {
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

// kokkos/tiled's fast path (kokkos_variants/jacobi/jacobi_fast2d_kokkos.hpp, GPU backends):
// every compiled shape on a grid that is no multiple of the tiles, in two bands that leave
// cut wavefronts, equals kokkos/naive bit for bit and reports that it ran the fast block.
TEST(JacobiVariants, KokkosTiledFastShapesEqualNaive) {
  const Variant* tiled = nullptr;
  const Variant* naive = nullptr;
  for (const auto& v : variants()) {
    if (v.name == "kokkos/tiled") tiled = &v;
    if (v.name == "kokkos/naive") naive = &v;
  }
  if (tiled == nullptr || naive == nullptr) GTEST_SKIP() << "no Kokkos variants in this build";
  if (const auto why = unavailable(*tiled)) GTEST_SKIP() << *why;
  std::mt19937_64 rng(std::random_device{}());
  const Problem p = grid2d(301, 517);
  const auto grid = random_grid<float>(p, rng);
  const std::vector<std::int64_t> bands = {37, 20};
  const auto want = run(*naive, Tuning{}, p, grid, bands);
  for (const Tuning& t : {Tuning{8, 5, 256, 0}, Tuning{10, 4, 256, 0}, Tuning{12, 4, 224, 0}, Tuning{16, 4, 160, 0},
                          Tuning{8, 4, 288, 0}, Tuning{12, 2, 256, 0}, Tuning{16, 2, 192, 0}}) {
    auto s = make<float>(*tiled, t);
    s->setup(p, grid.data());
    const std::string space = s->details().value("execution_space", "");
    if (space == "Serial" || space == "OpenMP" || space == "Threads" || space == "HPX")
      GTEST_SKIP() << "kokkos/tiled on " << space << ": host teams are one thread, no fast path";
    for (std::int64_t b : bands) s->advance(b);
    std::vector<float> got(grid.size());
    s->download(got.data());
    EXPECT_TRUE(s->details().value("fast_kernel", false)) << describe(t) << " on " << space;
    EXPECT_TRUE(same_bits(got, want, p)) << describe(t);
  }
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
      if (t.name == "tT8") EXPECT_EQ(apply_named(v, t, Tuning{0, 5, 0, 0}).t_T, 8);
    const auto odd = v.why_not(Task{grid2d(20, 20), Precision::Float64, 1}, Tuning{3, 4, 4, 0});
    ASSERT_TRUE(odd);
    EXPECT_EQ(odd->find("t_T = 3"), 0u) << "the shared tile rule comes first: " << *odd;
  }
}

}  // namespace
}  // namespace hpcs::jacobi
