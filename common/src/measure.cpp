// SPDX-License-Identifier: BSD-3-Clause
#include "hpcs/measure/measure.hpp"

#include <algorithm>
#include <cmath>
#include <set>

#include "hpcs/base/timer.hpp"

namespace hpcs {

double Timings::representative() const { return device_stats ? device_stats->median : wall_stats.median; }
const char* Timings::representative_kind() const { return device_stats ? "device" : "wall"; }

Timings time_repetitions(const MpiContext& mpi, int warmup, int reps, const RepFunction& rep) {
  Timings t;
  t.warmup = warmup;
  for (int i = 0; i < warmup; ++i) rep();
  std::vector<double> device, busy;
  bool all_have_device = true;
  for (int i = 0; i < reps; ++i) {
    mpi.barrier();
    WallTimer timer;
    const std::optional<double> d = rep();
    busy.push_back(timer.seconds());
    mpi.barrier();  // the slowest rank ends the repetition
    t.wall.push_back(timer.seconds());
    all_have_device = all_have_device && d.has_value();
    device.push_back(d.value_or(0.0));
  }
  // Each rank timed its own barrier-to-barrier interval: keep the slowest, so every rank
  // has the same samples (and derives the same energy-phase iteration count from them).
  MPI_Allreduce(MPI_IN_PLACE, t.wall.data(), static_cast<int>(t.wall.size()), MPI_DOUBLE, MPI_MAX, mpi.comm());
  // Device times: the slowest rank per repetition, only if every rank measured them.
  int have = all_have_device ? 1 : 0, all = 0;
  MPI_Allreduce(&have, &all, 1, MPI_INT, MPI_MIN, mpi.comm());
  if (all) {
    t.device.resize(device.size());
    MPI_Allreduce(device.data(), t.device.data(), static_cast<int>(device.size()), MPI_DOUBLE, MPI_MAX, mpi.comm());
    t.device_stats = summarize(t.device);
    const double mine = device.empty() ? 0.0 : summarize(device).median;
    t.rank_device_median.resize(static_cast<std::size_t>(mpi.size()));
    MPI_Allgather(&mine, 1, MPI_DOUBLE, t.rank_device_median.data(), 1, MPI_DOUBLE, mpi.comm());
  }
  t.wall_stats = summarize(t.wall);
  if (!busy.empty()) {
    const double mine = summarize(busy).median;
    t.rank_busy_median.resize(static_cast<std::size_t>(mpi.size()));
    MPI_Allgather(&mine, 1, MPI_DOUBLE, t.rank_busy_median.data(), 1, MPI_DOUBLE, mpi.comm());
  }
  return t;
}

namespace {
// Sum of one value per distinct key over all ranks (keys: "host|pci" or "host"), so a GPU
// or host shared by several ranks counts once. If any rank has no value the total is
// unknown (nullopt): a partial sum would understate the energy.
std::optional<double> sum_distinct(const MpiContext& mpi, const std::string& key, std::optional<double> v) {
  int missing = v ? 0 : 1, any_missing = 0;
  MPI_Allreduce(&missing, &any_missing, 1, MPI_INT, MPI_MAX, mpi.comm());
  if (any_missing) return std::nullopt;
  const auto keys = mpi.allgather(key);
  std::vector<double> values(static_cast<std::size_t>(mpi.size()));
  const double mine = *v;
  MPI_Allgather(&mine, 1, MPI_DOUBLE, values.data(), 1, MPI_DOUBLE, mpi.comm());
  std::set<std::string> seen;
  double total = 0;
  for (std::size_t r = 0; r < values.size(); ++r)
    if (seen.insert(keys[r]).second) total += values[r];
  return total;
}
}  // namespace

EnergyRun measure_energy(const MpiContext& mpi, EnergyMeter& meter, double window_seconds, double rep_seconds,
                         const std::string& gpu_key, const RepFunction& rep) {
  EnergyRun run;
  // The same on every rank (callers may pass a per-rank time): rep() is usually collective.
  const double per_rep = std::max(mpi.max(rep_seconds), 1e-7);
  run.iterations = static_cast<std::uint64_t>(std::ceil(window_seconds / per_rep));
  run.iterations = std::clamp<std::uint64_t>(run.iterations, 1, 100000000);
  mpi.barrier();
  meter.start();
  for (std::uint64_t i = 0; i < run.iterations; ++i) rep();
  mpi.barrier();
  EnergyWindow mine = meter.stop();
  run.window.seconds = mpi.max(mine.seconds);
  const std::string host = mpi.hostname();
  const std::string gkey = meter.gpu_available() && !gpu_key.empty() ? host + "|" + gpu_key : "";
  const std::string ckey = meter.cpu_available() ? host : "";
  run.window.gpu_joules = sum_distinct(mpi, gkey, mine.gpu_joules);
  if (run.window.gpu_joules) {
    const double g = *mine.gpu_joules;
    run.rank_gpu_joules.resize(static_cast<std::size_t>(mpi.size()));
    MPI_Allgather(&g, 1, MPI_DOUBLE, run.rank_gpu_joules.data(), 1, MPI_DOUBLE, mpi.comm());
  }
  run.window.cpu_joules = sum_distinct(mpi, ckey, mine.cpu_joules);
  run.window.gpu_idle_watts = sum_distinct(mpi, gkey, mine.gpu_idle_watts);
  run.window.cpu_idle_watts = sum_distinct(mpi, ckey, mine.cpu_idle_watts);
  return run;
}

}  // namespace hpcs
