// SPDX-License-Identifier: BSD-3-Clause
// The CUDA variants of Jacobi on a GPU (skipped with the reason when none is visible):
// bit-identical to the reference, tiles rejected with the reason, details and device time
// reported, the large-grid defaults accepted in both precisions.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "hpcs/base/error.hpp"
#include "jacobi_reference.hpp"
#include "jacobi_test_grids.hpp"
#include "jacobi_variants.hpp"

namespace hpcs::jacobi {
namespace {

const Variant* find_variant(const std::string& name) {
  static const VariantList list = all_variants();
  for (const auto& v : list)
    if (v.name == name) return &v;
  return nullptr;
}

template <class Real>
std::vector<Real> run_variant(const Variant& v, const Problem& p, const std::vector<Real>& init,
                              const std::vector<std::int64_t>& advances, const Tuning& t) {
  auto solver = [&] {
    if constexpr (std::is_same_v<Real, float>) return v.make.make_float(t);
    else return v.make.make_double(t);
  }();
  solver->setup(p, init.data());
  for (std::int64_t s : advances) solver->advance(s);
  std::vector<Real> out(init.size());
  solver->download(out.data());
  return out;
}

class CudaJacobi : public ::testing::TestWithParam<std::string> {
 protected:
  const Variant* info = nullptr;
  void SetUp() override {
    info = find_variant(GetParam());
    if (!info) GTEST_SKIP() << GetParam() << " is not in this build (no CUDA)";
    if (const auto why = unavailable(*info)) GTEST_SKIP() << info->name << " skipped: " << *why;
  }
};

TEST_P(CudaJacobi, BitIdenticalToReference) {
  struct Case {
    Problem p;
    std::vector<std::int64_t> advances;
    Tuning t;
  };
  const std::vector<Case> cases = {
      {{1, 1, 1}, {0, 1, 3}, {2, 1, 0, 32}},
      {{1, 1000, 1}, {7, 0, 64}, {8, 20, 0, 64}},
      {{1, 4099, 1}, {129}, {64, 256, 0, 256}},
      {{1, 100003, 1}, {33, 100}, {32, 300, 0, 128}},
      {{2, 1, 1}, {5}, {2, 1, 32, 32}},
      {{2, 37, 301}, {0, 1, 2, 17}, {4, 3, 32, 64}},
      {{2, 300, 129}, {31}, {8, 16, 64, 256}},
      {{2, 513, 1000}, {40, 9}, {16, 8, 128, 512}},
      {{2, 200, 70}, {25}, {6, 5, 96, 96}},
      // Shapes with their own float32 kernel (interior hexagons in straight-line code).
      {{2, 300, 1000}, {40, 9}, {16, 9, 256, 256}},
      {{2, 203, 517}, {50}, {24, 6, 256, 256}},
      {{2, 150, 801}, {33}, {16, 9, 128, 128}},
  };
  for (const auto& c : cases) {
    const Tuning t = resolve_tiles(c.p, c.t);
    if (const auto why = info->why_not(Task{c.p, Precision::Float64, 1}, t)) FAIL() << "rejected: " << *why;
    std::int64_t total = 0;
    for (auto s : c.advances) total += s;
    SCOPED_TRACE(testing::Message() << "dims=" << c.p.dims << " n1=" << c.p.n1 << " n2=" << c.p.n2 << " T=" << total);
    const auto f = random_grid<float>(c.p, 5);
    EXPECT_EQ(run_variant(*info, c.p, f, c.advances, t), reference_run(c.p, f, total));
    const auto d = random_grid<double>(c.p, 6);
    EXPECT_EQ(run_variant(*info, c.p, d, c.advances, t), reference_run(c.p, d, total));
  }
}

TEST_P(CudaJacobi, ReportsDeviceTimeAndDetails) {
  const Problem p{2, 256, 256};
  const Tuning t = resolve_tiles(p, Tuning{});
  auto s = info->make.make_float(t);
  const auto init = random_grid<float>(p, 1);
  s->setup(p, init.data());
  s->advance(16);
  ASSERT_TRUE(s->device_seconds().has_value());
  EXPECT_GT(*s->device_seconds(), 0.0);
  const auto d = s->details();
  EXPECT_GT(d.at("launches").get<std::int64_t>(), 0);
  EXPECT_GT(d.at("threads_per_block").get<int>(), 0);
  EXPECT_GT(d.at("blocks_per_sm").get<int>(), 0);
}

INSTANTIATE_TEST_SUITE_P(Variants, CudaJacobi, ::testing::Values("cuda/naive", "cuda/tiled"), [](const auto& i) {
  return i.param == "cuda/naive" ? std::string("naive") : std::string("tiled");
});

TEST(CudaTiledRejects, NamesTheNumbers) {
  const Variant* v = find_variant("cuda/tiled");
  if (!v) GTEST_SKIP() << "cuda/tiled is not in this build (no CUDA)";
  if (const auto why = unavailable(*v)) GTEST_SKIP() << "cuda/tiled skipped: " << *why;
  const Problem p2{2, 1000, 1000}, p1{1, 100000, 1};
  struct Rejected {
    Task task;
    Tuning tiles;
    const char* names;  // what the reason must name
  };
  for (const Rejected& c : {Rejected{Task{p2, Precision::Float32, 1}, Tuning{8, 16, 64, 2048}, "2048"},
                            Rejected{Task{p2, Precision::Float32, 1}, Tuning{8, 16, 64, 96}, "96"},
                            Rejected{Task{p2, Precision::Float64, 1}, Tuning{64, 512, 512, 512}, "shared"},
                            Rejected{Task{p1, Precision::Float32, 1}, Tuning{7, 16, 0, 64}, "t_T = 7"},
                            Rejected{Task{p1, Precision::Float64, 1}, Tuning{4096, 40000, 0, 256}, "shared"}}) {
    const auto why = v->why_not(c.task, c.tiles);
    ASSERT_TRUE(why) << c.names;
    EXPECT_NE(why->find(c.names), std::string::npos) << *why;
  }
  EXPECT_FALSE(v->why_not(Task{p2, Precision::Float32, 1}, Tuning{8, 16, 64, 256}));
}

// The default tiles of the large grids run in both precisions (in float64 the
// float32 default t_S2 = 384 would need 251 KB of shared memory: more than a GPU has).
TEST(CudaTiledDefaults, LargeGridsRunInBothPrecisions) {
  const Variant* v = find_variant("cuda/tiled");
  if (!v) GTEST_SKIP() << "cuda/tiled is not in this build (no CUDA)";
  if (const auto why = unavailable(*v)) GTEST_SKIP() << "cuda/tiled skipped: " << *why;
  for (const Problem& p : {Problem{2, 2048, 2048}, Problem{2, 8192, 8192}, Problem{1, 1 << 24, 1}})
    for (Precision prec : {Precision::Float32, Precision::Float64}) {
      const auto why = v->why_not(Task{p, prec, 1}, resolve_tiles(p, Tuning{}, prec));
      EXPECT_FALSE(why) << "n1=" << p.n1 << " " << to_string(prec) << ": " << why.value_or("");
    }
}

// Tiles left at 0 (unresolved) are refused with the rule, in both dimensions, never a crash
// (a division by t_S2 = 0 once killed jacobi_bench with SIGFPE on the H200).
TEST(CudaTiledRejects, ZeroTilesGiveAnErrorNotACrash) {
  const Variant* v = find_variant("cuda/tiled");
  if (!v) GTEST_SKIP() << "cuda/tiled is not in this build (no CUDA)";
  if (const auto why = unavailable(*v)) GTEST_SKIP() << "cuda/tiled skipped: " << *why;
  for (const Problem& p : {Problem{2, 100, 100}, Problem{1, 1000, 1}}) {
    const auto why = v->why_not(Task{p, Precision::Float32, 1}, Tuning{});
    ASSERT_TRUE(why);
    EXPECT_NE(why->find("t_T = 0"), std::string::npos) << *why;
    const std::vector<float> grid(static_cast<std::size_t>(p.stored()), 1.0f);
    auto solver = v->make.make_float(Tuning{});
    EXPECT_THROW(solver->setup(p, grid.data()), Error);
  }
}

}  // namespace
}  // namespace hpcs::jacobi
