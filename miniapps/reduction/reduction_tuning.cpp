// SPDX-License-Identifier: BSD-3-Clause
// The RK variants' tuning spaces for --tune: the block (team) size on every step, and on
// RK-7 also the loads in flight (unroll) and the grid, one resident wave (0) or many. The
// candidates are those of the named tunings (rk_tunings); --block and friends on the
// command line pin one.
#include "reduction_variants.hpp"

namespace hpcs::reduction {

namespace {
using Space = TuningSpace<Problem, Tuning>;

Tunable<Problem, Tuning> block_tunable(std::function<int()> max_block) {
  Tunable<Problem, Tuning> t;
  t.name = "block";
  t.candidates = [max_block](const Problem&) {
    std::vector<std::int64_t> v;
    const int most = max_block ? max_block() : 1024;
    for (std::int64_t b : {64, 128, 256, 512, 1024})
      if (b <= most) v.push_back(b);
    // A backend with smaller teams (Kokkos::Serial: 1) runs its largest for any of them.
    if (v.empty()) v.push_back(most);
    return v;
  };
  t.get = [](const Tuning& u) { return std::int64_t{u.block}; };
  t.set = [](Tuning& u, std::int64_t v) { u.block = static_cast<int>(v); };
  t.coordinate = [](const Problem&, std::int64_t v) { return log2_coordinate(v); };
  return t;
}
}  // namespace

TuningSpace<Problem, Tuning> rk_space(int step, std::function<int()> max_block) {
  Space s{block_tunable(std::move(max_block))};
  if (step != 7) return s;  // RK-1..6 read the block only

  Tunable<Problem, Tuning> unroll;
  unroll.name = "unroll";
  unroll.candidates = [](const Problem&) { return std::vector<std::int64_t>{1, 2, 4, 8}; };
  unroll.get = [](const Tuning& u) { return std::int64_t{u.unroll}; };
  unroll.set = [](Tuning& u, std::int64_t v) { u.unroll = static_cast<int>(v); };
  unroll.coordinate = [](const Problem&, std::int64_t v) { return log2_coordinate(v); };
  s.push_back(unroll);

  Tunable<Problem, Tuning> grid;
  grid.name = "grid";
  // 0: as many blocks as the device holds at once (the default); 4096: several waves, the
  // latency hidden by more blocks instead of more loads per thread.
  grid.candidates = [](const Problem&) { return std::vector<std::int64_t>{0, 4096}; };
  grid.get = [](const Tuning& u) { return std::int64_t{u.grid}; };
  grid.set = [](Tuning& u, std::int64_t v) { u.grid = static_cast<int>(v); };
  s.push_back(grid);
  return s;
}

}  // namespace hpcs::reduction
