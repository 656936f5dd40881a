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

// The same scratch address, as a pointer the CUDA compiler knows is in shared memory. Kokkos
// hands team scratch out as a generic pointer kept in the team member, so nvcc emits generic
// loads and stores (ld/st, not ld.shared/st.shared) and, since a generic store may alias
// anything, reloads kernel arguments after every scratch store. A pointer derived from a
// __shared__ array by an offset keeps the shared state space (same bytes: all dynamic shared
// arrays start at the same address). Other backends: the pointer as given.
template <class T>
KOKKOS_INLINE_FUNCTION T* in_team_shared(T* p) {
#if defined(__CUDA_ARCH__)
  extern __shared__ __align__(16) unsigned char hpcs_dynamic_shared[];
  const auto offset = static_cast<unsigned>(__cvta_generic_to_shared(p)) -
                      static_cast<unsigned>(__cvta_generic_to_shared(hpcs_dynamic_shared));
  return reinterpret_cast<T*>(hpcs_dynamic_shared + offset);
#else
  return p;
#endif
}
}  // namespace kokkos_teams

}  // namespace hpcs
