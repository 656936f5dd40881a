// SPDX-License-Identifier: BSD-3-Clause
// The shared RK arithmetic (reduction_body.hpp) on the host: each in-block tree is run by
// real threads, one per block thread, meeting at a real barrier, so a missing or
// misplaced barrier or a wrong stride shows up here as a wrong sum. Loads are checked
// to cover every element exactly once for every grid shape.
#include <gtest/gtest.h>

#include <numeric>
#include <random>
#include <thread>

#include "thread_barrier.hpp"
#include "reduction_body.hpp"
#include "reduction_passes.hpp"

namespace hpcs::reduction {
namespace {

using Barrier = hpcs::testing::ThreadBarrier;

// Runs tree(s, tid, bs, sync) on bs threads and returns the shared array afterwards.
template <class Tree>
std::vector<std::int64_t> run_block(std::vector<std::int64_t> s, Tree tree) {
  const unsigned bs = static_cast<unsigned>(s.size());
  Barrier barrier(bs);
  std::vector<std::thread> threads;
  for (unsigned tid = 0; tid < bs; ++tid)
    threads.emplace_back([&, tid] { tree(s.data(), tid, bs, [&] { barrier.wait(); }); });
  for (auto& t : threads) t.join();
  return s;
}

std::vector<std::int64_t> random_values(unsigned n, std::mt19937_64& rng) {
  std::uniform_int_distribution<std::int64_t> d(-(1ll << 40), 1ll << 40);
  std::vector<std::int64_t> v(n);
  for (auto& x : v) x = d(rng);
  return v;
}

template <unsigned Block>
void check_unrolled(std::mt19937_64& rng) {
  const auto v = random_values(Block, rng);
  const std::int64_t total = std::accumulate(v.begin(), v.end(), std::int64_t{0});
  const auto full =
      run_block(v, [](auto* s, unsigned tid, unsigned, auto&& sync) { body::tree_unrolled<Block, 0>(s, tid, sync); });
  EXPECT_EQ(full[0], total) << "tree_unrolled<" << Block << ", 0>";
  if constexpr (Block >= 64) {
    // The CUDA variants stop at 32 active threads and finish in one warp: s[0..64)
    // must then hold the whole sum.
    const auto to_warp = run_block(
        v, [](auto* s, unsigned tid, unsigned, auto&& sync) { body::tree_unrolled<Block, 32>(s, tid, sync); });
    EXPECT_EQ(std::accumulate(to_warp.begin(), to_warp.begin() + 64, std::int64_t{0}), total)
        << "tree_unrolled<" << Block << ", 32>";
  }
}

TEST(ReductionBody, TreesSumEveryBlockSize) {
  std::mt19937_64 rng(std::random_device{}());
  for (unsigned bs = 1; bs <= 256; bs *= 2) {
    SCOPED_TRACE("block " + std::to_string(bs));
    const auto v = random_values(bs, rng);
    const std::int64_t total = std::accumulate(v.begin(), v.end(), std::int64_t{0});
    EXPECT_EQ(run_block(v, [](auto* s, unsigned t, unsigned b,
                              auto&& y) { body::tree_interleaved_divergent(s, t, b, y); })[0],
              total);
    EXPECT_EQ(
        run_block(v, [](auto* s, unsigned t, unsigned b, auto&& y) { body::tree_interleaved_strided(s, t, b, y); })[0],
        total);
    EXPECT_EQ(run_block(v, [](auto* s, unsigned t, unsigned b, auto&& y) { body::tree_sequential(s, t, b, 0, y); })[0],
              total);
    if (bs >= 64) {
      const auto r =
          run_block(v, [](auto* s, unsigned t, unsigned b, auto&& y) { body::tree_sequential(s, t, b, 32, y); });
      EXPECT_EQ(std::accumulate(r.begin(), r.begin() + 64, std::int64_t{0}), total) << "sequential to one warp";
    }
  }
  check_unrolled<1>(rng);
  check_unrolled<2>(rng);
  check_unrolled<64>(rng);
  check_unrolled<128>(rng);
  check_unrolled<256>(rng);
  check_unrolled<1024>(rng);
}

// Sums what every thread of every block loads; values i+1 and a count of 1 per element
// together show each element is loaded exactly once.
template <class Load>
std::pair<std::int64_t, std::int64_t> load_all(std::size_t n, std::size_t blocks, unsigned bs, Load load) {
  std::vector<std::int32_t> ones(n, 1), index(n);
  std::iota(index.begin(), index.end(), 1);
  std::int64_t count = 0, sum = 0;
  for (std::size_t b = 0; b < blocks; ++b)
    for (unsigned t = 0; t < bs; ++t) {
      count += load(ones.data(), b, t);
      sum += load(index.data(), b, t);
    }
  return {count, sum};
}

TEST(ReductionBody, LoadsCoverEveryElementOnce) {
  for (std::size_t n : {1, 2, 31, 1000, 4099, 65537})
    for (unsigned bs : {1u, 2u, 64u, 256u}) {
      SCOPED_TRACE("n " + std::to_string(n) + " block " + std::to_string(bs));
      const std::int64_t count = static_cast<std::int64_t>(n), sum = count * (count + 1) / 2;
      const auto one = load_all(n, (n + bs - 1) / bs, bs, [&](const std::int32_t* in, std::size_t b, unsigned t) {
        return body::load_one<std::int32_t, std::int64_t>(in, n, b * bs + t);
      });
      EXPECT_EQ(one, std::make_pair(count, sum)) << "load_one";
      const auto pair =
          load_all(n, (n + 2 * bs - 1) / (2 * bs), bs, [&](const std::int32_t* in, std::size_t b, unsigned t) {
            return body::load_pair<std::int32_t, std::int64_t>(in, n, b * 2 * bs + t, bs);
          });
      EXPECT_EQ(pair, std::make_pair(count, sum)) << "load_pair";
      for (std::size_t grid : {std::size_t{1}, std::size_t{3}, std::size_t{17}}) {
        const std::size_t grid_size = 2 * bs * grid;
        auto cascaded = [&](auto unroll) {
          return load_all(n, grid, bs, [&](const std::int32_t* in, std::size_t b, unsigned t) {
            return body::load_cascaded<decltype(unroll)::value, std::int32_t, std::int64_t>(in, n, b * 2 * bs + t, bs,
                                                                                            grid_size);
          });
        };
        EXPECT_EQ(cascaded(std::integral_constant<int, 1>{}), std::make_pair(count, sum)) << "grid " << grid;
        EXPECT_EQ(cascaded(std::integral_constant<int, 2>{}), std::make_pair(count, sum)) << "grid " << grid;
        EXPECT_EQ(cascaded(std::integral_constant<int, 4>{}), std::make_pair(count, sum)) << "grid " << grid;
        EXPECT_EQ(cascaded(std::integral_constant<int, 8>{}), std::make_pair(count, sum)) << "grid " << grid;
      }
    }
}

TEST(ReductionPasses, PlansShrinkToOneValue) {
  for (int step = 1; step <= 7; ++step)
    for (std::size_t n : {1, 2, 31, 1000, 1048583})
      for (std::size_t block : {2, 64, 1024}) {
        SCOPED_TRACE("step " + std::to_string(step) + " n " + std::to_string(n) + " block " + std::to_string(block));
        const auto passes = plan_passes(step, n, block, 13);
        ASSERT_FALSE(passes.empty());
        EXPECT_EQ(passes.front().n, n);
        EXPECT_EQ(passes.back().blocks, 1u);
        for (std::size_t p = 1; p < passes.size(); ++p) EXPECT_EQ(passes[p].n, passes[p - 1].blocks);
        const std::size_t cover = step <= 3 ? block : 2 * block;
        for (const auto& p : passes) EXPECT_GE(p.blocks * cover, step == 7 ? 1 : p.n) << "blocks cover their input";
        if (step == 7) EXPECT_LE(passes.size(), 2u);
        const auto sizes = partial_buffer_sizes(passes);
        for (std::size_t p = 0; p < passes.size(); ++p) EXPECT_GE(sizes[p % 2], passes[p].blocks);
      }
  EXPECT_TRUE(plan_passes(3, 0, 256, 1).empty());
  EXPECT_THROW(plan_passes(1, 100, 1, 1), std::invalid_argument);
  EXPECT_NO_THROW(plan_passes(4, 100, 1, 1));
}

}  // namespace
}  // namespace hpcs::reduction
