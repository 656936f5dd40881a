// SPDX-License-Identifier: BSD-3-Clause
// Where the matrix-chain kernels run: the default execution space, its teams, and the
// team scratch that plays the thesis' fast memory. On a GPU that is level 0 (shared
// memory); on a host backend both levels are ordinary memory but level 0 is capped at
// 32 KiB (less than the thesis' M = 65536 elements), so the tiles live in level 1 there.
// Include from Kokkos sources only.
#pragma once
#include <Kokkos_Core.hpp>

#include <cstdint>

#include "hpcs/kokkos_teams.hpp"

namespace hpcs::matrixchain::kokkos {

using kokkos_teams::Exec;
using kokkos_teams::Policy;
using kokkos_teams::Scratch;
using Team = kokkos_teams::Member;

constexpr bool kGpuBackend = kKokkosOnGpu;
// (An enumerator: kernels pass it to team_scratch(const int&), which a constexpr variable
// cannot reach in CUDA device code.)
enum : int { kScratchLevel = kGpuBackend ? 0 : 1 };

// Teams on a GPU have at least a warp: Kokkos' team barrier for smaller teams is only a fence.
constexpr int kMinTeam = kGpuBackend ? 32 : 1;

// Each thread accumulates a kMicro x kMicro block of outputs in registers; patches (sides
// multiples of kTileGranule = 8) divide into such blocks.
constexpr int kMicro = 4;

}  // namespace hpcs::matrixchain::kokkos
