// SPDX-License-Identifier: BSD-3-Clause
// C = A B, output-stationary (the thesis' case 1): one team per x-by-y patch of C, k streamed
// through team scratch in chunks (each element of A's row band and B's column band read once
// per team, or per team and k slice), C written once. Traffic: gemm_counted(p, tile), plus
// what a narrowed patch and a k split move (as cuda/*). Include from Kokkos sources only.
//
// Why sums in registers and split-K: Nsight Compute on an H200 (thesis chain, float32,
// kokkos/unfused at M = 4096) showed the first version of this kernel, which kept the patch's
// partial sums in scratch between 32-deep chunks (GemmKernel below, now the path of tiles
// whose micro-tiles outnumber a team), at 154-275 us a product against cuda/unfused's
// 23-31 us: 54-96 teams of 256 on 132 SMs (the device not even filled), 12.5% achieved
// occupancy, issue slots 10-17% busy, IPC ~1.0: latency-bound. So a product now runs
// (matrixchain_gemm_team_kokkos.hpp, RegisterGemmKernel) with
//   - register blocking: each thread keeps 8 x 8 sums (4 x 4 for small runtime tiles) over
//     the whole k slice; A and B chunks of 8 k double-buffered in scratch, one barrier a
//     chunk; compile-time 64- and 128-sided patches (the plans of M = 4096 and 16384) with the
//     next chunk prefetched in registers, other tiles through a runtime-shaped kernel;
//   - patches as cuda/*: a 128 side narrowed to 64 where that pads less (936 rows: 15 x 64);
//   - split-K across teams when the patches leave the device's resident teams idle
//     (gemm_k_split from the global dims, Exec().concurrency()), each slice writing a partial
//     patch that SumSlicesKernel adds in slice order: deterministic, no atomics, the same
//     bits on any rank count;
//   - auto M of a products-only plan on a GPU = 16384 (128 x 128 patches, 256 threads), since
//     the patch no longer has to fit in the ~40 KiB of level-0 scratch Kokkos' CUDA backend
//     gives a team.
// Teams of at least a warp on a GPU (Kokkos' barrier for smaller teams is only a fence).
// Then (H200, Kokkos 4.6 CUDA, float32): 18-35 us a product of the thesis chain, the chain
// 0.158 ms (cuda/unfused 0.095 ms with two streams and a CUDA graph; the five slice sums take
// 6-8 us each), four 4096^2 12.9 ms (cuda/unfused 9.9 ms); float64 thesis chain 0.215 ms.
#pragma once
#include <type_traits>

#include "matrixchain_capacity_kokkos.hpp"
#include "matrixchain_gemm_team_kokkos.hpp"
#include "matrixchain_tiles_kokkos.hpp"

namespace hpcs::matrixchain::kokkos {

// Sums in scratch (band_product): any tile, any team size; the path of Kokkos Serial.
template <class Real>
struct GemmKernel {
  const Real* A = nullptr;  // p0 x p1
  const Real* B = nullptr;  // p1 x p2
  Real* C = nullptr;        // p0 x p2
  std::int64_t p0 = 0, p1 = 0, p2 = 0;
  int x = 0, y = 0, kc = 0;
  std::int64_t work = 0;  // scratch elements of the chunk buffer
  int col_bands = 1;

  KOKKOS_INLINE_FUNCTION std::int64_t league() const { return (p0 + x - 1) / x * col_bands; }

  KOKKOS_INLINE_FUNCTION void operator()(const Team& team) const {
    // Neighbouring teams share a row band of A (the L2 serves it to the later ones).
    const int ib = team.league_rank() / col_bands, jb = team.league_rank() % col_bands;
    const std::int64_t row0 = std::int64_t(ib) * x, col0 = std::int64_t(jb) * y;
    const int rows = p0 - row0 < x ? int(p0 - row0) : x, cols = p2 - col0 < y ? int(p2 - col0) : y;
    Scratch<Real> acc(team.team_scratch(kScratchLevel), std::size_t(x) * y);
    Scratch<Real> buf(team.team_scratch(kScratchLevel), std::size_t(work));
    Real* const out = C;
    const std::int64_t ld = p2;
    band_product(team, A, p1, row0, rows, B, p2, col0, cols, p1, x, y, kc, acc.data(), buf.data(),
                 [&](int i, int j, Real v) {
                   if (i < rows && j < cols) out[(row0 + i) * ld + col0 + j] = v;
                 });
  }
};

// A Kokkos team member as matrixchain_gemm_team_kokkos.hpp's Team.
struct MemberTeam {
  const Team& m;
  KOKKOS_INLINE_FUNCTION int rank() const { return m.team_rank(); }
  KOKKOS_INLINE_FUNCTION int size() const { return m.team_size(); }
  KOKKOS_INLINE_FUNCTION void barrier() const { m.team_barrier(); }
};

// Sums in registers: RM x RN outputs a thread; TM x TN > 0 a compile-time patch. Launch
// bounds keep a float32 thread at 128 registers (two teams of 256 per SM; 64 sums, 16 operands,
// the prefetched chunk), float64 at 255.
template <class Real, int RM, int RN, int TM = 0, int TN = 0>
struct RegisterGemmKernel {
  static constexpr int kMaxThreads = TM > 0 ? TM / RM*(TN / RN) : (RM* RN >= 64 ? 256 : 512);
  static constexpr int kThreadsPerSm = sizeof(Real) == 4 ? 512 : 256;  // 65536 registers / 128 or 255
  static constexpr int kMinTeams = kThreadsPerSm > kMaxThreads ? kThreadsPerSm / kMaxThreads : 1;
  using Policy = Kokkos::TeamPolicy<Exec, Kokkos::LaunchBounds<kMaxThreads, kMinTeams>>;
  static_assert(std::is_same_v<typename Policy::member_type, Team>, "one member type for every policy");

  // A compile-time float32 patch's scratch holds Quad<Real>s (matrixchain_gemm_team_kokkos.hpp).
  using Element = std::conditional_t<kQuadScratch<Real, TM>, Quad<Real>, Real>;
  static constexpr std::size_t kPerElement = sizeof(Element) / sizeof(Real);

  RegisterGemm<Real> g;

  // Team scratch of an x-by-y patch (bytes).
  static std::size_t scratch_bytes(int x, int y) {
    return Scratch<Element>::shmem_size(register_gemm_values(x, y) / kPerElement);
  }

  KOKKOS_INLINE_FUNCTION void operator()(const Team& m) const {
    Scratch<Element> s(m.team_scratch(kScratchLevel), register_gemm_values(g.x, g.y) / kPerElement);
    register_gemm_team<RM, RN, TM, TN>(g, m.league_rank(), reinterpret_cast<Real*>(s.data()), MemberTeam{m});
  }
};

// f(the register kernel of a path) with a default-constructed kernel; nothing for Scratch.
template <class Real, class F>
void with_register_kernel(GemmPath path, F&& f) {
  switch (path) {
    case GemmPath::Scratch: return;
    case GemmPath::Generic4: return f(RegisterGemmKernel<Real, 4, 4>{});
    case GemmPath::Generic8: return f(RegisterGemmKernel<Real, 8, 8>{});
    case GemmPath::Fast64x64: return f(RegisterGemmKernel<Real, 8, 8, 64, 64>{});
    case GemmPath::Fast64x128: return f(RegisterGemmKernel<Real, 8, 8, 64, 128>{});
    case GemmPath::Fast128x64: return f(RegisterGemmKernel<Real, 8, 8, 128, 64>{});
    case GemmPath::Fast128x128: return f(RegisterGemmKernel<Real, 8, 8, 128, 128>{});
  }
}

// C = the slices' partial products added in slice order (after a split register GEMM).
template <class Real>
struct SumSlicesKernel {
  const Real* partial = nullptr;
  Real* C = nullptr;
  std::int64_t n = 0;
  int splits = 1;

  KOKKOS_INLINE_FUNCTION void operator()(const std::int64_t i) const { C[i] = sum_of_slices(partial, n, splits, i); }
};

}  // namespace hpcs::matrixchain::kokkos
