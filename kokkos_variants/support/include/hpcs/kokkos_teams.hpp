// SPDX-License-Identifier: BSD-3-Clause
// What the Kokkos variants build their team kernels from: the default execution space,
// its team policy and members, unmanaged team scratch, and whether that space is a GPU's
// (team sizes, scratch levels and start-up differ there). Include from Kokkos sources only.
#pragma once
#include <Kokkos_Core.hpp>
#include <string>

#include "hpcs/base/error.hpp"

namespace hpcs {

constexpr bool kKokkosOnGpu =
#if defined(KOKKOS_ENABLE_CUDA) || defined(KOKKOS_ENABLE_HIP) || defined(KOKKOS_ENABLE_SYCL)
    true;
#else
    false;
#endif

namespace kokkos_teams {
using Exec = Kokkos::DefaultExecutionSpace;
using Policy = Kokkos::TeamPolicy<Exec>;
using Member = Policy::member_type;
// A team's slice of scratch memory (team_scratch(level)), carved by the kernel.
template <class T>
using Scratch = Kokkos::View<T*, Exec::scratch_memory_space, Kokkos::MemoryTraits<Kokkos::Unmanaged>>;

// Throws hpcs::Error when a team needs more level-0 scratch than this backend gives one
// (Kokkos would abort at launch instead): "<what> need <bytes> bytes of team scratch; this
// Kokkos backend (Cuda) allows <max> per team (<fix>)".
inline void require_team_scratch(std::size_t bytes, const std::string& what, const std::string& fix) {
  const auto max = static_cast<std::size_t>(Policy::scratch_size_max(0));
  if (bytes > max)
    throw Error(what + " need " + std::to_string(bytes) + " bytes of team scratch; this Kokkos backend (" +
                Exec::name() + ") allows " + std::to_string(max) + " per team (" + fix + ")");
}
}  // namespace kokkos_teams

}  // namespace hpcs
