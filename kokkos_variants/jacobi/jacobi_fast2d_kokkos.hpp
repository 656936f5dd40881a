// SPDX-License-Identifier: BSD-3-Clause
// kokkos/tiled's fixed-shape path in 2D: wavefronts of full hexagons run cuda/tiled's fast
// block (miniapps/jacobi/jacobi_hhc2d_fast_block.hpp) in a Kokkos team, one thread per
// sub-prism column, its three buffers in level-0 team scratch and its copies plain loads
// (ImmediateMem). The rest of the run (wavefront 0, hexagons cut at time T) keeps the
// generic team tile. Jacobi, float32, GPU backends: what cuda/tiled's fast kernel covers.
//
// The shapes differ from cuda/tiled's: Kokkos CUDA gives a team at most 40 KiB of level-0
// scratch (TeamPolicy::scratch_size_max(0); cuda/tiled opts in to 100 KiB for 16/9/384), so
// they trade t_T and t_S1 for more hexagons per wavefront and t_S2 for threads per team.
#pragma once
#include <Kokkos_Core.hpp>

#include <cstddef>
#include <cstdint>

#include "hpcs/kokkos_teams.hpp"
#include "jacobi_grid_kokkos.hpp"
#include "jacobi_hhc2d_fast_block.hpp"

namespace hpcs::jacobi::kokkos {

using Fast2dRun = void (*)(const blocks::Hhc2dParams<float>& p, std::int64_t wavefront, std::int64_t hexagons);

template <int kS2, int kT, int kS1>
struct Fast2D {
  using Block = blocks::Hhc2dFastBlock<float, blocks::ImmediateMem<float>, kS2, kT, kS1>;
  static constexpr std::size_t kAlign = 16;
  static constexpr std::size_t kBytes = (Block::elems(0) + Block::elems(1) + Block::elems(2)) * sizeof(float);
  // Teams per SM the launch bounds ask registers for: as many as 2048 threads and 228 KiB
  // of shared memory hold (H100/H200), but no fewer than 64 registers per thread.
  static constexpr int kByThreads = 2048 / kS2, kByShared = static_cast<int>(233472 / (kBytes + 1024));
  static constexpr int kByRegs = 65536 / (64 * kS2);
  static constexpr int kMin = kByThreads < kByShared ? kByThreads : kByShared;
  static constexpr int kTeamsPerSm = kMin < kByRegs ? kMin : kByRegs;
  static_assert(kBytes + kAlign <= 40 * 1024, "Kokkos CUDA's level-0 team scratch per team");
  using Policy =
      Kokkos::TeamPolicy<Kokkos::DefaultExecutionSpace, Kokkos::LaunchBounds<kS2, (kTeamsPerSm > 1 ? kTeamsPerSm : 1)>>;

  blocks::Hhc2dParams<float> p;
  std::int64_t w = 0;

  KOKKOS_INLINE_FUNCTION void operator()(const typename Policy::member_type& m) const {
    const std::ptrdiff_t bytes = kBytes, align = kAlign;  // by value: get_shmem_aligned takes references
    float* b0 = kokkos_teams::in_team_shared(static_cast<float*>(m.team_scratch(0).get_shmem_aligned(bytes, align)));
    blocks::ImmediateMem<float> mem{b0, static_cast<int>(Block::elems(0)),
                                    static_cast<int>(Block::elems(0) + Block::elems(1))};
    const Block blk(p, mem, w, m.league_rank(), m.team_rank());
    blk.run_all([&] { m.team_barrier(); });
  }

  static void run(const blocks::Hhc2dParams<float>& p, std::int64_t w, std::int64_t hexagons) {
    Kokkos::parallel_for("hpcs::jacobi::hhc2d_fast",
                         Policy(static_cast<int>(hexagons), kS2).set_scratch_size(0, Kokkos::PerTeam(kBytes + kAlign)),
                         Fast2D{p, w});
  }
};

// The fast path for tiles t (threads 0 or t_S2), or nullptr: not a compiled shape, not
// Jacobi, or a host backend (a template so host builds never instantiate the kernels).
template <bool kOnGpu = kGpuBackend>
Fast2dRun fast2d_for(const Tuning& t, Stencil stencil) {
  if constexpr (kOnGpu) {
    if (stencil != Stencil::Jacobi || (t.threads != 0 && t.threads != t.t_S2)) return nullptr;
#define HPCS_KOKKOS_FAST2D(S2, T, S1) \
  if (t.t_S2 == S2 && t.t_T == T && t.t_S1 == S1) return &Fast2D<S2, T, S1>::run;
    HPCS_KOKKOS_FAST2D(256, 8, 5)
    HPCS_KOKKOS_FAST2D(256, 10, 4)
    HPCS_KOKKOS_FAST2D(224, 12, 4)
    HPCS_KOKKOS_FAST2D(160, 16, 4)
    HPCS_KOKKOS_FAST2D(288, 8, 4)
    HPCS_KOKKOS_FAST2D(256, 12, 2)
    HPCS_KOKKOS_FAST2D(192, 16, 2)
#undef HPCS_KOKKOS_FAST2D
  }
  (void)t;
  (void)stencil;
  return nullptr;
}

// The shape kokkos/tiled takes on a GPU for Jacobi float32 when no tile is given.
constexpr int kFast2dDefaultT = 10, kFast2dDefaultS1 = 4, kFast2dDefaultS2 = 256;

}  // namespace hpcs::jacobi::kokkos
