// SPDX-License-Identifier: BSD-3-Clause
// RK-1..RK-7 in Kokkos: a team is a block, level-0 team scratch is its shared memory,
// team_barrier() is __syncthreads(). The loads and trees are the CUDA variants' own
// (reduction_body.hpp). RK-6/7 take the team size as a template parameter. RK-5 is not
// here: its last-warp steps without barriers need warp-synchronous execution, which
// Kokkos does not expose, so in Kokkos it would be RK-4 again.
// Internal header: each element type is instantiated in its own source file
// (rk_team_kokkos_<type>.cpp) so the CUDA build compiles them in parallel.
#pragma once
#include <Kokkos_Core.hpp>

#include <memory>
#include <string>
#include <type_traits>

#include "hpcs/base/error.hpp"
#include "hpcs/kokkos_device_timer.hpp"
#include "hpcs/kokkos_teams.hpp"
#include "hpcs/kokkos_views.hpp"
#include "reduction_body.hpp"
#include "reduction_dispatch.hpp"
#include "reduction_passes.hpp"
#include "reduction_problem.hpp"

namespace hpcs::reduction::kokkos {

using kokkos_teams::Exec;
using kokkos_teams::Member;
using kokkos_teams::Policy;
using kokkos_teams::Scratch;

template <int Step, unsigned Block, int Unroll, class In, class Acc>
struct RkTeam {
  const In* in;
  Acc* out;
  std::size_t n;

  KOKKOS_INLINE_FUNCTION void operator()(const Member& team) const {
    Scratch<Acc> scratch(team.team_scratch(0), team.team_size());
    Acc* s = scratch.data();
    const unsigned tid = team.team_rank(), bs = team.team_size();
    const std::size_t block = team.league_rank();
    const auto sync = [&]() { team.team_barrier(); };
    if constexpr (Step <= 3) {
      s[tid] = body::load_one<In, Acc>(in, n, block * bs + tid);
    } else if constexpr (Step <= 6) {
      s[tid] = body::load_pair<In, Acc>(in, n, block * 2 * bs + tid, bs);
    } else {
      const std::size_t grid_size = std::size_t(2) * bs * team.league_size();
      s[tid] = body::load_cascaded<Unroll, In, Acc>(in, n, block * 2 * bs + tid, bs, grid_size);
    }
    team.team_barrier();
    if constexpr (Step == 1) body::tree_interleaved_divergent(s, tid, bs, sync);
    else if constexpr (Step == 2) body::tree_interleaved_strided(s, tid, bs, sync);
    else if constexpr (Step <= 4) body::tree_sequential(s, tid, bs, 0, sync);
    else body::tree_unrolled<Block, 0>(s, tid, sync);
    if (tid == 0) out[block] = s[0];
  }
};

template <int Step, unsigned Block, int Unroll, class In, class Acc>
void launch_team(const In* in, Acc* out, std::size_t n, std::size_t league, int team) {
  Policy policy(static_cast<int>(league), team);
  policy.set_scratch_size(0, Kokkos::PerTeam(std::size_t(team) * sizeof(Acc)));
  Kokkos::parallel_for("hpcs::reduction::kokkos" + std::to_string(Step), policy,
                       RkTeam<Step, Block, Unroll, In, Acc>{in, out, n});
}

template <class In, class Acc>
void launch(int step, int team, int unroll, std::size_t league, const In* in, Acc* out, std::size_t n) {
  switch (step) {
    case 1: launch_team<1, 0, 1>(in, out, n, league, team); break;
    case 2: launch_team<2, 0, 1>(in, out, n, league, team); break;
    case 3: launch_team<3, 0, 1>(in, out, n, league, team); break;
    case 4: launch_team<4, 0, 1>(in, out, n, league, team); break;
    case 6: with_block<1>(team, [&](auto B) { launch_team<6, B(), 1>(in, out, n, league, team); }); break;
    default:
      with_block<1>(team, [&](auto B) {
        with_unroll(unroll, [&](auto U) { launch_team<7, B(), U()>(in, out, n, league, team); });
      });
  }
}

// The largest power of two <= min(requested, what the backend allows for this kernel).
template <class In, class Acc>
int team_size_for(int requested) {
  with_block<1>(requested, [](auto) {});  // validates: a power of two up to 1024
  Policy probe(1, 1);
  probe.set_scratch_size(0, Kokkos::PerTeam(std::size_t(1024) * sizeof(Acc)));
  const int max = probe.team_size_max(RkTeam<7, 1024, 8, In, Acc>{nullptr, nullptr, 0}, Kokkos::ParallelForTag());
  int team = 1;
  while (team * 2 <= std::min(requested, max)) team *= 2;
  return team;
}

template <class In, class Acc>
class KokkosRk final : public Reducer {
 public:
  KokkosRk(int step, const Tuning& t) : step_(step), unroll_(t.unroll), team_(team_size_for<In, Acc>(t.block)) {
    with_unroll(unroll_, [](auto) {});
    // RK-7's default league: the device's concurrency in teams (one wave).
    grid_ = t.grid > 0 ? std::size_t(t.grid)
                       : std::max<std::size_t>(1, std::size_t(Exec().concurrency()) / std::size_t(team_));
  }

  void upload(const HostArray& x) override {
    const auto& v = std::get<std::vector<In>>(x);
    input_ = to_device("hpcs::reduction::input", v);
    passes_ = plan_passes(step_, v.size(), std::size_t(team_), grid_);
    const auto sizes = partial_buffer_sizes(passes_);
    for (int i = 0; i < 2; ++i)
      partials_[i] =
          Kokkos::View<Acc*>(Kokkos::view_alloc("hpcs::reduction::partials", Kokkos::WithoutInitializing), sizes[i]);
  }

  void run() override {
    timer_.start();
    for (std::size_t p = 0; p < passes_.size(); ++p) {
      Acc* out = partials_[p % 2].data();
      if (p == 0) launch<In, Acc>(step_, team_, unroll_, passes_[p].blocks, input_.data(), out, passes_[p].n);
      else launch<Acc, Acc>(step_, team_, 1, passes_[p].blocks, partials_[(p - 1) % 2].data(), out, passes_[p].n);
    }
    timer_.stop();
    Kokkos::fence();
  }

  Sum result() override {
    if (passes_.empty()) return Sum{};
    return to_sum(element(partials_[(passes_.size() - 1) % 2], 0));
  }

  std::optional<double> device_seconds() const override {
    return passes_.empty() ? std::optional<double>(0.0) : timer_.seconds();
  }

  std::string config() const override {
    std::string c = "team=" + std::to_string(team_);
    if (step_ == 7) c += " league=" + std::to_string(grid_) + " unroll=" + std::to_string(unroll_);
    return c;
  }

 private:
  int step_, unroll_, team_;
  std::size_t grid_ = 0;
  Kokkos::View<In*> input_;
  Kokkos::View<Acc*> partials_[2];
  std::vector<Pass> passes_;
  KokkosDeviceTimer timer_;
};

}  // namespace hpcs::reduction::kokkos
