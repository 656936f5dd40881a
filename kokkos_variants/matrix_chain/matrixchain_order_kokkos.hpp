// SPDX-License-Identifier: BSD-3-Clause
// The order of the fused pairs' read-modify-writes of R: teams sharing R's rows (left) or
// columns (right) update them one after another, in increasing band, the first writing
// without reading. That keeps every R element's sum in one fixed order (deterministic,
// the same on every rank count) and its traffic the counted one.
//
// A team does not trust its league rank to say whether the teams it waits on run: a GPU
// may start blocks in any order, and a block waiting on one never started would wait
// forever. Instead each team takes a ticket (a device counter, one atomic) and works on
// the patch (and chunk group) the ticket names; they are numbered so that a team only
// waits on smaller tickets, whose teams have started (the full argument, with chunk groups:
// matrixchain_fused_kokkos.hpp). On Kokkos Serial teams run one after another in league
// order, so every wait is already satisfied when it is checked.
//
// The counters only grow: run r's tickets are r * league .. r * league + league - 1 and
// a team's chunk count goes from r * n to (r + 1) * n, n the chunks of its group, so no
// kernel resets them.
// Include from Kokkos sources only.
#pragma once
#include "hpcs/kokkos_team_sync.hpp"
#include "matrixchain_space_kokkos.hpp"

namespace hpcs::matrixchain::kokkos {

// This team's ticket among the league's, counted from 0 in each run; every member gets it
// (one member draws it, scratch `slot` broadcasts it).
KOKKOS_INLINE_FUNCTION std::int64_t take_ticket(const Team& team, std::int64_t* counter, std::int64_t first,
                                                std::int64_t* slot) {
  if (team.team_rank() == 0) *slot = Kokkos::atomic_fetch_add(counter, std::int64_t(1)) - first;
  team.team_barrier();
  return *slot;
}

// Returns once `count` (another team's finished chunks) has reached `target`.
KOKKOS_INLINE_FUNCTION void wait_for(const Team& team, std::int64_t* count, std::int64_t target) {
  kokkos_teams::wait_until(team, count, target);
}

// Publishes one more finished chunk of this team.
KOKKOS_INLINE_FUNCTION void signal(const Team& team, std::int64_t* count) {
  kokkos_teams::publish_one_more(team, count);
}

}  // namespace hpcs::matrixchain::kokkos
