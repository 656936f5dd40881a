// SPDX-License-Identifier: BSD-3-Clause
// Waits and signals between the teams of one kernel, through counters in device memory
// (the fused matrix-chain pairs, Jacobi's split slabs). Each caller owns its deadlock
// argument (tickets taken at start, waits only on smaller tickets); these are the memory
// ordering: one member acquires and a barrier passes it on, every member fences its own
// stores before one member publishes. Include from Kokkos sources only.
#pragma once
#include <Kokkos_Core.hpp>
#include <cstdint>

namespace hpcs::kokkos_teams {

KOKKOS_INLINE_FUNCTION std::int64_t read_counter(std::int64_t* p) {
#if defined(__CUDA_ARCH__)
  // Kokkos (desul) loads a 64-bit atomic on CUDA with a compare-and-swap (atom.cas in the
  // PTX): every poll an L2 read-modify-write beside the producer's store. A volatile load
  // reads L2 without writing (kokkos/multipass at 2^18 on an H200: 551 -> 562 GCUPS); the
  // callers' fence orders what follows.
  return *static_cast<volatile std::int64_t*>(p);
#elif KOKKOS_VERSION >= 40000
  return Kokkos::atomic_load(p);
#else
  return Kokkos::atomic_fetch_add(p, std::int64_t(0));  // Kokkos 3 has no public atomic_load
#endif
}

// Returns once `*count` has reached `target`; the fence keeps the team's later reads of
// what the signalling team wrote after the wait.
template <class Team>
KOKKOS_INLINE_FUNCTION void wait_until(const Team& team, std::int64_t* count, std::int64_t target) {
  if (team.team_rank() == 0) {
    while (read_counter(count) < target) {
    }
    Kokkos::memory_fence();
  }
  team.team_barrier();
}

// Publishes `*count = value` (store) once every member's earlier stores are visible.
template <class Team>
KOKKOS_INLINE_FUNCTION void publish(const Team& team, std::int64_t* count, std::int64_t value) {
  Kokkos::memory_fence();
  team.team_barrier();
  if (team.team_rank() == 0) Kokkos::atomic_exchange(count, value);
}

// Publishes `*count += 1` once every member's earlier stores are visible.
template <class Team>
KOKKOS_INLINE_FUNCTION void publish_one_more(const Team& team, std::int64_t* count) {
  Kokkos::memory_fence();
  team.team_barrier();
  if (team.team_rank() == 0) Kokkos::atomic_fetch_add(count, std::int64_t(1));
}

}  // namespace hpcs::kokkos_teams
