// SPDX-License-Identifier: BSD-3-Clause
// The Jacobi variants' tuning spaces for --tune. Tiled variants: the tiles --sweep times
// (SweepSpec's defaults, the same grid, so a --tune table and a sweep compare point for
// point), 24 points in 1D and 72 in 2D before the variants' rules drop some; the threads
// keep the command line's (the sweep leaves them to the variant too). cuda/naive and
// kokkos/naive: the halo depth, which on several ranks trades messages (one per band of h
// steps) for rows recomputed; on one rank there is no halo and it stays at its default.
// cpu/reference, the yardstick, keeps the command line's.
#include "hpcs/harness/field_tunable.hpp"
#include "jacobi_sweep.hpp"
#include "jacobi_variants.hpp"

namespace hpcs::jacobi {

namespace {
std::vector<std::int64_t> widen(const std::vector<int>& v) { return {v.begin(), v.end()}; }

Tunable<Task, Tuning> tile(const char* name, std::function<std::vector<int>(const Task&)> values, int Tuning::*field) {
  return size_tunable<Task>(name, field, [values](const Task& task) { return widen(values(task)); });
}
}  // namespace

TuningSpace<Task, Tuning> tiled_space() {
  return {tile(
              "tile-t", [](const Task&) { return SweepSpec{}.t_T; }, &Tuning::t_T),
          tile(
              "tile-s1", [](const Task&) { return SweepSpec{}.t_S1; }, &Tuning::t_S1),
          tile(
              "tile-s2", [](const Task& task) { return sweep_t_S2(SweepSpec{}, task.grid); }, &Tuning::t_S2)};
}

TuningSpace<Task, Tuning> naive_space() {
  return {tile(
      "halo-depth",
      [](const Task& task) {
        return task.ranks > 1 ? std::vector<int>{1, 2, 4, 8} : std::vector<int>{0};
      },
      &Tuning::halo_depth)};
}

}  // namespace hpcs::jacobi
