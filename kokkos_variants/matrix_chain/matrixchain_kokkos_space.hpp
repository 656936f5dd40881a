// SPDX-License-Identifier: BSD-3-Clause
// Where the matrix-chain kernels run: the default execution space, its teams, and the
// team scratch that plays the thesis' fast memory. On a GPU that is level 0 (shared
// memory); on a host backend both levels are ordinary memory but level 0 is capped at
// 32 KiB (less than the thesis' M = 65536 elements), so the tiles live in level 1 there.
// Include from Kokkos sources only.
#pragma once
#include <Kokkos_Core.hpp>

#include <cstdint>

namespace hpcs::matrixchain::kokkos {

using Exec = Kokkos::DefaultExecutionSpace;
using Policy = Kokkos::TeamPolicy<Exec>;
using Team = Policy::member_type;
template <class T>
using Scratch = Kokkos::View<T*, Exec::scratch_memory_space, Kokkos::MemoryTraits<Kokkos::Unmanaged>>;

// (An enumerator: kernels pass it to team_scratch(const int&), which a constexpr variable
// cannot reach in CUDA device code.)
#if defined(KOKKOS_ENABLE_CUDA) || defined(KOKKOS_ENABLE_HIP) || defined(KOKKOS_ENABLE_SYCL)
constexpr bool kGpuBackend = true;
enum : int { kScratchLevel = 0 };
#else
constexpr bool kGpuBackend = false;
enum : int { kScratchLevel = 1 };
#endif

// Each thread accumulates a kMicro x kMicro block of outputs in registers; patches (sides
// multiples of kTileGranule = 8) divide into such blocks.
constexpr int kMicro = 4;

}  // namespace hpcs::matrixchain::kokkos
