// SPDX-License-Identifier: BSD-3-Clause
// The Jacobi variants' tuning spaces for --tune (and --sweep, which is --tune=exhaustive over
// one tiled variant). Tiled variants: the tiles of SweepSpec (the --sweep-* lists where
// given), 24 points in 1D, 72 in 2D and 81 in 3D (with t_S3) before the variants' rules drop some, plus the
// problem's default tiles unless a list was given, and the threads per block (by default only 0, the variant's choice).
// cuda/naive and kokkos/naive: the threads too, and the halo depth, which on several ranks trades messages (one per
// band of h steps) for rows recomputed; on one rank there is no halo and it stays at its default. cpu/reference, the
// yardstick, keeps the command line's.
#include <algorithm>

#include "hpcs/harness/field_tunable.hpp"
#include "jacobi_variants.hpp"

namespace hpcs::jacobi {

namespace {
std::vector<std::int64_t> widen(const std::vector<int>& v) { return {v.begin(), v.end()}; }

Tunable<Task, Tuning> tile(const char* name, std::function<std::vector<int>(const Task&)> values, int Tuning::*field) {
  return size_tunable<Task>(name, field, [values](const Task& task) { return widen(values(task)); });
}

Tunable<Task, Tuning> threads(const SweepSpec& spec) {
  return tile(
      "threads", [v = spec.threads](const Task&) { return v; }, &Tuning::threads);
}
}  // namespace

std::vector<int> sweep_t_S2(const SweepSpec& spec, const Problem& p) {
  return p.dims == 2 ? spec.t_S2 : p.dims == 3 ? spec.t_S2_3d : std::vector<int>{1};
}

namespace {
// spec's list for one tile field, with the variant's default tile for that field added (sorted,
// once) where spec asks for it: kokkos/tiled's defaults differ from the shared ones on a GPU.
std::vector<int> with_default(std::vector<int> v, const SweepSpec& spec, const Task& task, int Tuning::*field,
                              const TileDefaults& defaults) {
  if (!spec.with_defaults) return v;
  const int d = (defaults ? defaults(task, Tuning{}) : resolve_tiles(task.grid, Tuning{}, task.precision)).*field;
  if (std::find(v.begin(), v.end(), d) == v.end()) v.insert(std::upper_bound(v.begin(), v.end(), d), d);
  return v;
}
}  // namespace

TuningSpace<Task, Tuning> tiled_space(const SweepSpec& spec, TileDefaults defaults) {
  const auto three_d = [](const Task& task) { return task.grid.dims == 3; };
  Tunable<Task, Tuning> s3 = tile(
      "tile-s3",
      [spec, three_d, defaults](const Task& task) {
        return three_d(task) ? with_default(spec.t_S3, spec, task, &Tuning::t_S3, defaults) : std::vector<int>{0};
      },
      &Tuning::t_S3);
  s3.applies = [](const Tuning& t) { return t.t_S3 > 0; };  // resolved: 3D only
  // --slab-split (3D only): the candidates clamped to n2 (no slab has more S2 sub-slab rows
  // than S2 columns plus the skew; beyond the rows, SlabGroups clamps anyway) and deduplicated.
  Tunable<Task, Tuning> split = tile(
      "slab-split",
      [spec, three_d](const Task& task) {
        if (!three_d(task)) return std::vector<int>{1};
        std::vector<int> v;
        const auto most = static_cast<int>(std::min<std::int64_t>(task.grid.n2, 1 << 20));
        for (int c : spec.slab_split) v.push_back(std::clamp(c, 1, std::max(1, most)));
        std::sort(v.begin(), v.end());
        v.erase(std::unique(v.begin(), v.end()), v.end());
        return v;
      },
      &Tuning::slab_split);
  split.applies = [](const Tuning& t) { return t.t_S3 > 0; };  // resolved: 3D only
  return {tile(
              "tile-t",
              [spec, three_d, defaults](const Task& task) {
                return with_default(three_d(task) ? spec.t_T_3d : spec.t_T, spec, task, &Tuning::t_T, defaults);
              },
              &Tuning::t_T),
          tile(
              "tile-s1",
              [spec, three_d, defaults](const Task& task) {
                return with_default(three_d(task) ? spec.t_S1_3d : spec.t_S1, spec, task, &Tuning::t_S1, defaults);
              },
              &Tuning::t_S1),
          tile(
              "tile-s2",
              [spec, three_d, defaults](const Task& task) {
                if (three_d(task)) return with_default(spec.t_S2_3d, spec, task, &Tuning::t_S2, defaults);
                return task.grid.dims == 2 ? with_default(spec.t_S2, spec, task, &Tuning::t_S2, defaults)
                                           : sweep_t_S2(spec, task.grid);
              },
              &Tuning::t_S2),
          s3,
          split,
          threads(spec)};
}

TuningSpace<Task, Tuning> naive_space(const SweepSpec& spec) {
  return {tile(
              "halo-depth",
              [](const Task& task) {
                return task.ranks > 1 ? std::vector<int>{1, 2, 4, 8} : std::vector<int>{0};
              },
              &Tuning::halo_depth),
          threads(spec)};
}

void set_candidates(VariantList& list, const SweepSpec& spec) {
  for (auto& v : list)
    if (!v.space.empty()) v.space = v.make.tiled ? tiled_space(spec, v.resolve) : naive_space(spec);
}

}  // namespace hpcs::jacobi
