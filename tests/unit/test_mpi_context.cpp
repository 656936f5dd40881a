// SPDX-License-Identifier: BSD-3-Clause
// MpiContext (agree, collective, allgather, max, node-local ranks) and the timing harness
// (time_repetitions, measure_energy) on 1, 2 and 4 ranks. Every rank makes the same
// collective calls in the same order: no ASSERT_ before a collective.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "hpcs/base/error.hpp"
#include "hpcs/measure/measure.hpp"
#include "hpcs/parallel/mpi_context.hpp"
#include "mpi_test_context.hpp"
#include "unit_test_util.hpp"

namespace {
using hpcs::testing::mpi;
using ::testing::HasSubstr;
using ::testing::StartsWith;

// Runs agree(local) on every rank and returns the message thrown (nullopt if none).
std::optional<std::string> agree_message(const std::optional<std::string>& local) {
  try {
    mpi().agree(local);
  } catch (const hpcs::Error& e) {
    return std::string(e.what());
  }
  return std::nullopt;
}

bool same_on_all_ranks(double v) {
  double lo = v, hi = v;
  MPI_Allreduce(&v, &lo, 1, MPI_DOUBLE, MPI_MIN, mpi().comm());
  MPI_Allreduce(&v, &hi, 1, MPI_DOUBLE, MPI_MAX, mpi().comm());
  return lo == hi;
}

TEST(MpiContext, Basics) {
  EXPECT_GE(mpi().size(), 1);
  EXPECT_GE(mpi().rank(), 0);
  EXPECT_LT(mpi().rank(), mpi().size());
  EXPECT_EQ(mpi().root(), mpi().rank() == 0);
  EXPECT_FALSE(mpi().hostname().empty());
  EXPECT_DOUBLE_EQ(mpi().max(static_cast<double>(mpi().rank())), mpi().size() - 1.0);
  EXPECT_DOUBLE_EQ(mpi().max(-1.0 - mpi().rank()), -1.0);
  mpi().barrier();
}

TEST(MpiContext, AgreeWithoutErrorsDoesNotThrow) { EXPECT_EQ(agree_message(std::nullopt), std::nullopt); }

TEST(MpiContext, AgreeErrorOnLastRankThrowsEverywhere) {
  const int last = mpi().size() - 1;
  const auto local = mpi().rank() == last ? std::optional<std::string>("cannot open input.h5") : std::nullopt;
  const auto message = agree_message(local);
  ASSERT_TRUE(message.has_value()) << "rank " << mpi().rank() << " did not throw";
  EXPECT_THAT(*message, StartsWith("cannot open input.h5"));
  if (mpi().size() > 1) {
    EXPECT_THAT(*message, HasSubstr("(rank " + std::to_string(last) + ")"));
  } else {
    EXPECT_EQ(*message, "cannot open input.h5");
  }
}

TEST(MpiContext, LowestFailingRankWins) {
  // Ranks from size/2 up fail, each with its own message; everybody reports the first one.
  const int first = mpi().size() / 2;
  const auto local = mpi().rank() >= first
                         ? std::optional<std::string>("failure number " + std::to_string(mpi().rank()) +
                                                      std::string(static_cast<std::size_t>(mpi().rank()), '!'))
                         : std::nullopt;
  const auto message = agree_message(local);
  ASSERT_TRUE(message.has_value());
  EXPECT_THAT(*message, StartsWith("failure number " + std::to_string(first) +
                                   std::string(static_cast<std::size_t>(first), '!')));
  const auto all = mpi().allgather(*message);
  for (const auto& m : all) EXPECT_EQ(m, *message);
}

TEST(MpiContext, AgreeKeepsAnExistingRankTag) {
  const auto message = agree_message(std::string("bad value (rank 7 said so)"));
  ASSERT_TRUE(message.has_value());
  EXPECT_EQ(*message, "bad value (rank 7 said so)");
}

TEST(MpiContext, CollectiveReturnsTheValue) {
  const int v = hpcs::collective(mpi(), [] { return 10 * mpi().rank() + 3; });
  EXPECT_EQ(v, 10 * mpi().rank() + 3);
  const std::string s = hpcs::collective(mpi(), [] { return std::string("rank ") + std::to_string(mpi().rank()); });
  EXPECT_EQ(s, "rank " + std::to_string(mpi().rank()));
  int calls = 0;
  EXPECT_NO_THROW(hpcs::collective(mpi(), [&] { ++calls; }));
  EXPECT_EQ(calls, 1);
}

TEST(MpiContext, CollectiveFailureOnOneRankThrowsEverywhere) {
  const int failing = mpi().size() - 1;
  try {
    hpcs::collective(mpi(), [&]() -> double {
      if (mpi().rank() == failing) throw std::runtime_error("out of device memory");
      return 1.0;
    });
    ADD_FAILURE() << "rank " << mpi().rank() << " did not throw";
  } catch (const hpcs::Error& e) {
    EXPECT_THAT(e.what(), StartsWith("out of device memory"));
  }
  try {
    hpcs::collective(mpi(), [&] {
      if (mpi().rank() == 0) throw hpcs::Error("void phase failed");
    });
    ADD_FAILURE() << "rank " << mpi().rank() << " did not throw";
  } catch (const hpcs::Error& e) {
    EXPECT_THAT(e.what(), StartsWith("void phase failed"));
  }
}

TEST(MpiContext, AllgatherIsRankOrdered) {
  // Rank r sends r copies of 'a' + r: rank 0 sends the empty string.
  auto mine = [](int r) { return std::string(static_cast<std::size_t>(r), static_cast<char>('a' + r)); };
  const auto all = mpi().allgather(mine(mpi().rank()));
  ASSERT_EQ(all.size(), static_cast<std::size_t>(mpi().size()));
  for (int r = 0; r < mpi().size(); ++r) EXPECT_EQ(all[static_cast<std::size_t>(r)], mine(r));

  const auto empty = mpi().allgather("");
  EXPECT_EQ(empty, std::vector<std::string>(static_cast<std::size_t>(mpi().size()), ""));

  const auto tail = mpi().allgather(mpi().rank() == mpi().size() - 1 ? "last" : "");
  EXPECT_EQ(tail.back(), "last");
}

TEST(MpiContext, NodeLocalRanks) {
  EXPECT_GE(mpi().local_size(), 1);
  EXPECT_GE(mpi().local_rank(), 0);
  EXPECT_LT(mpi().local_rank(), mpi().local_size());
  EXPECT_LE(mpi().local_size(), mpi().size());
  // Ranks on my host are exactly my node's ranks, numbered 0..local_size-1.
  const auto hosts = mpi().allgather(mpi().hostname());
  const auto locals = mpi().allgather(std::to_string(mpi().local_rank()));
  std::set<std::string> local_ranks_here;
  for (std::size_t r = 0; r < hosts.size(); ++r)
    if (hosts[r] == mpi().hostname()) local_ranks_here.insert(locals[r]);
  EXPECT_EQ(local_ranks_here.size(), static_cast<std::size_t>(mpi().local_size()));
  EXPECT_EQ(local_ranks_here.count("0"), 1u);
  EXPECT_EQ(local_ranks_here.count(std::to_string(mpi().local_size() - 1)), 1u);
}

// ---- timing harness ---------------------------------------------------------------------

TEST(Measure, DeviceTimesAreTheSlowestRank) {
  const int warmup = 3, reps = 5;
  int calls = 0;
  const hpcs::RepFunction rep = [&]() -> std::optional<double> {
    const int timed = calls++ - warmup;  // negative during warm-up
    return 1e-3 * (mpi().rank() + 1) * (timed + 1);
  };
  const hpcs::Timings t = hpcs::time_repetitions(mpi(), warmup, reps, rep);
  EXPECT_EQ(calls, warmup + reps);
  EXPECT_EQ(t.warmup, warmup);
  ASSERT_EQ(t.wall.size(), static_cast<std::size_t>(reps));
  ASSERT_EQ(t.device.size(), static_cast<std::size_t>(reps));
  for (int i = 0; i < reps; ++i) {
    EXPECT_DOUBLE_EQ(t.device[static_cast<std::size_t>(i)], 1e-3 * mpi().size() * (i + 1)) << "rep " << i;
    EXPECT_GE(t.wall[static_cast<std::size_t>(i)], 0.0);
  }
  ASSERT_TRUE(t.device_stats.has_value());
  EXPECT_EQ(t.device_stats->count, static_cast<std::size_t>(reps));
  EXPECT_DOUBLE_EQ(t.device_stats->median, 3e-3 * mpi().size());
  EXPECT_DOUBLE_EQ(t.device_stats->max, 5e-3 * mpi().size());
  EXPECT_DOUBLE_EQ(t.representative(), t.device_stats->median);
  EXPECT_STREQ(t.representative_kind(), "device");
  EXPECT_EQ(t.wall_stats.count, static_cast<std::size_t>(reps));
  EXPECT_LE(t.wall_stats.min, t.wall_stats.max);
}

TEST(Measure, WallTimesAreTheSameOnEveryRank) {
  // Documented as "seconds per repetition, slowest rank": rates and the energy phase's
  // iteration count are computed from them, so every rank must see the same values.
  int calls = 0;
  const hpcs::Timings t = hpcs::time_repetitions(mpi(), 0, 4, [&]() -> std::optional<double> {
    ++calls;
    return std::nullopt;
  });
  EXPECT_EQ(calls, 4);
  for (std::size_t i = 0; i < 4; ++i) {
    const double v = i < t.wall.size() ? t.wall[i] : -1.0;
    EXPECT_TRUE(same_on_all_ranks(v)) << "wall[" << i << "] differs between ranks";
  }
  EXPECT_TRUE(same_on_all_ranks(t.wall_stats.median));
}

TEST(Measure, DeviceTimeMissingOnOneRankMeansNoDeviceStats) {
  const int last = mpi().size() - 1;
  const hpcs::Timings t = hpcs::time_repetitions(mpi(), 1, 3, [&]() -> std::optional<double> {
    if (mpi().rank() == last) return std::nullopt;
    return 0.5;
  });
  EXPECT_TRUE(t.device.empty());
  EXPECT_FALSE(t.device_stats.has_value());
  EXPECT_STREQ(t.representative_kind(), "wall");
  EXPECT_DOUBLE_EQ(t.representative(), t.wall_stats.median);
  EXPECT_EQ(t.wall.size(), 3u);
}

TEST(Measure, EnergyWithNothingAvailable) {
  hpcs::unit::TempDir dir;
  hpcs::unit::ScopedEnv powercap("HPCS_POWERCAP_ROOT", (dir.path() / "absent").string());
  hpcs::EnergyMeter meter(std::nullopt);
  EXPECT_FALSE(meter.any_available());
  std::uint64_t calls = 0;
  const hpcs::EnergyRun run = hpcs::measure_energy(mpi(), meter, 0.01, 0.001, "", [&]() -> std::optional<double> {
    ++calls;
    return std::nullopt;
  });
  EXPECT_EQ(run.iterations, 10u);  // ceil(0.01 s / 1 ms)
  EXPECT_EQ(calls, run.iterations);
  EXPECT_GE(run.window.seconds, 0.0);
  EXPECT_EQ(run.window.gpu_joules, std::nullopt);
  EXPECT_EQ(run.window.cpu_joules, std::nullopt);
  EXPECT_EQ(run.window.gpu_idle_watts, std::nullopt);
  EXPECT_EQ(run.window.cpu_idle_watts, std::nullopt);

  // A window shorter than one repetition still runs it once.
  const hpcs::EnergyRun once = hpcs::measure_energy(mpi(), meter, 0.0, 1.0, "", [] { return std::nullopt; });
  EXPECT_EQ(once.iterations, 1u);
}

TEST(Measure, EnergyIterationsAreTheSameOnEveryRank) {
  // Ranks pass slightly different repetition times (e.g. their own wall medians); the
  // repetitions are collective in real apps, so the count must not differ between ranks.
  hpcs::unit::TempDir dir;
  hpcs::unit::ScopedEnv powercap("HPCS_POWERCAP_ROOT", (dir.path() / "absent").string());
  hpcs::EnergyMeter meter(std::nullopt);
  const double rep_seconds = 0.001 * (1.0 + 0.25 * mpi().rank());
  const hpcs::EnergyRun run = hpcs::measure_energy(mpi(), meter, 0.01, rep_seconds, "", [] { return std::nullopt; });
  EXPECT_TRUE(same_on_all_ranks(static_cast<double>(run.iterations)));
  EXPECT_GE(run.iterations, 1u);
}

TEST(Measure, CpuEnergyIsCountedOncePerHost) {
  // Every rank has its own fake powercap tree; rank r draws r + 1 joules. Ranks sharing a
  // host share the packages, so only the first rank of each host is counted.
  hpcs::unit::TempDir dir;
  const auto zone = dir.path() / "intel-rapl:0";
  hpcs::unit::write_text(zone / "name", "package-0\n");
  hpcs::unit::write_text(zone / "max_energy_range_uj", "1000000000000\n");
  hpcs::unit::write_text(zone / "energy_uj", "5000000\n");
  hpcs::unit::ScopedEnv powercap("HPCS_POWERCAP_ROOT", dir.path().string());
  hpcs::EnergyMeter meter(std::nullopt);
  EXPECT_TRUE(meter.cpu_available());
  const std::uint64_t drawn_uj = 1000000u * static_cast<std::uint64_t>(mpi().rank() + 1);
  const hpcs::EnergyRun run = hpcs::measure_energy(mpi(), meter, 0.003, 0.001, "", [&]() -> std::optional<double> {
    hpcs::unit::write_text(zone / "energy_uj", std::to_string(5000000 + drawn_uj) + "\n");
    return std::nullopt;
  });
  const auto hosts = mpi().allgather(mpi().hostname());
  std::map<std::string, int> first_rank;
  for (int r = static_cast<int>(hosts.size()) - 1; r >= 0; --r) first_rank[hosts[static_cast<std::size_t>(r)]] = r;
  double expected = 0;
  for (const auto& [host, r] : first_rank) expected += r + 1.0;
  EXPECT_EQ(run.iterations, 3u);
  ASSERT_TRUE(run.window.cpu_joules.has_value());
  EXPECT_NEAR(*run.window.cpu_joules, expected, 1e-9);
  EXPECT_EQ(run.window.gpu_joules, std::nullopt);
  EXPECT_TRUE(same_on_all_ranks(run.window.seconds));
}

}  // namespace
