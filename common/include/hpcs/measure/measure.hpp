// SPDX-License-Identifier: BSD-3-Clause
// The timing harness: warm-up runs, timed repetitions (barrier, wall clock, barrier),
// device times reported by the variant (CUDA events), and an energy window of
// repeated runs long enough for the energy counters.
#pragma once
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "hpcs/measure/energy.hpp"
#include "hpcs/parallel/mpi_context.hpp"
#include "hpcs/base/stats.hpp"

namespace hpcs {

// One repetition of the measured work; returns its device time when the variant has one.
using RepFunction = std::function<std::optional<double>()>;

struct Timings {
  int warmup = 0;
  std::vector<double> wall;    // seconds per repetition, slowest rank
  std::vector<double> device;  // seconds per repetition (max over ranks); empty if none
  Stats wall_stats;
  std::optional<Stats> device_stats;
  // Each rank's own median device time, indexed by rank (empty if none): the spread shows
  // load imbalance when several ranks share the work (strong scaling).
  std::vector<double> rank_device_median;
  // Each rank's own median wall time of the work, before the barrier that ends a repetition.
  std::vector<double> rank_busy_median;
  // The time rates are computed from: the device median if measured, else the wall median.
  double representative() const;
  const char* representative_kind() const;  // "device" or "wall"
};

Timings time_repetitions(const MpiContext& mpi, int warmup, int reps, const RepFunction& rep);

struct EnergyRun {
  EnergyWindow window;  // summed over distinct GPUs (host + PCI id) and hosts
  // Each rank's own GPU energy in the window, indexed by rank (empty unless every rank
  // measured one); ranks sharing a GPU each show that GPU's whole energy.
  std::vector<double> rank_gpu_joules;
  std::uint64_t iterations = 0;
};

// Repeats `rep` for at least `window_seconds` (iterations from the median rep time, the
// same on every rank) inside one energy window. gpu_key identifies this rank's GPU
// ("" for none) so ranks sharing a GPU or a host are counted once.
EnergyRun measure_energy(const MpiContext& mpi, EnergyMeter& meter, double window_seconds, double rep_seconds,
                         const std::string& gpu_key, const RepFunction& rep);

}  // namespace hpcs
