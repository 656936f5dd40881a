// SPDX-License-Identifier: BSD-3-Clause
// The RK variants' tuning spaces for --tune: the block (team) size on every step, and on
// RK-7 also the loads in flight (unroll) and the grid, one resident wave (0) or many. The
// candidates are those of the named tunings (rk_tunings); --block and friends on the
// command line pin one.
#include "hpcs/harness/field_tunable.hpp"
#include "reduction_variants.hpp"

namespace hpcs::reduction {

namespace {
using Space = TuningSpace<Problem, Tuning>;

Tunable<Problem, Tuning> block_tunable(std::function<int()> max_block) {
  return size_tunable<Problem>("block", &Tuning::block, [max_block](const Problem&) {
    std::vector<std::int64_t> v;
    const int most = max_block ? max_block() : 1024;
    for (std::int64_t b : {64, 128, 256, 512, 1024})
      if (b <= most) v.push_back(b);
    // A backend with smaller teams (Kokkos::Serial: 1) runs its largest for any of them.
    if (v.empty()) v.push_back(most);
    return v;
  });
}
}  // namespace

TuningSpace<Problem, Tuning> rk_space(int step, std::function<int()> max_block) {
  Space s{block_tunable(std::move(max_block))};
  if (step != 7) return s;  // RK-1..6 read the block only

  s.push_back(size_tunable<Problem>("unroll", &Tuning::unroll, {1, 2, 4, 8}));
  // 0: as many blocks as the device holds at once (the default); 4096: several waves, the
  // latency hidden by more blocks instead of more loads per thread.
  s.push_back(field_tunable<Problem>("grid", &Tuning::grid, {0, 4096}));
  return s;
}

}  // namespace hpcs::reduction
