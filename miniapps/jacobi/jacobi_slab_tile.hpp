// SPDX-License-Identifier: BSD-3-Clause
// The 3D slab tile (the thesis' slabs, digest 3.4), shared by kokkos/tiled (a team per slab,
// jacobi_tiled_kokkos.cpp) and cuda/tiled (a block per slab, jacobi_hhc3d.cu); no backend
// types: a Team has rank(), size() and barrier(), so it also runs on host threads at a real
// barrier (tests/jacobi/test_jacobi_team_tiles.cpp). The protocol is that of
// jacobi_team_tiles_kokkos.hpp (level t in level[t % 2], rows in scratch, barrier between
// rows). The slab is the hexagon over (t, S1) times all S2 x S3
// columns, walked as sub-slabs of t_S2 x t_S3 columns skewed by one column per time row
// along both axes (SkewedColumns twice), in lexicographic order (S3 inner). An input
// (t-1, j+-1, k+-1) then lies in the same sub-slab's row r-1 or in a sub-slab walked
// earlier; the first come from scratch, the others from global memory, so a point also
// leaves the tile when a consumer at the next level lies outside this sub-slab's next row
// (SubSlabAxis::stays). Writing more points than the 1D/2D rule does is safe in the parity
// protocol: (t, x) overwrites (t-2, x), whose consumers are exactly the inputs of (t, x).
// --slab-split (beyond the thesis) cuts the S2 sub-slab rows into groups, a team each, that
// run concurrently as a wavefront in (S2, S3) (hhc3d_tile below, SlabGroups).
#pragma once
#include <cstddef>
#include <cstdint>

#include "hex_tiling.hpp"
#include "hpcs/base/hd.hpp"
#include "jacobi_stencil.hpp"

namespace hpcs::jacobi {

template <class Real>
struct Hhc3DArgs {
  HexTiling h;
  SkewedColumns s2;  // along S2 (t_S2, n2)
  SkewedColumns s3;  // along S3 (t_S3 in its t_S2, n3 in its n2)
  std::int64_t w = 0;
  std::int64_t plane = 0;  // stored values per S1 plane, (n2 + 2)(n3 + 2)
  std::int64_t line = 0;   // stored values per S2 line, n3 + 2
  Real* level[2] = {nullptr, nullptr};
  int width = 0;  // w_tile: S1 planes in one scratch buffer
};

// Scratch values per team / block: two time rows of a sub-slab, w_tile x t_S2 x t_S3 each.
HPCS_HD inline std::size_t hhc3d_scratch_values(int width, int t_S2, int t_S3) {
  return 2 * static_cast<std::size_t>(width) * static_cast<std::size_t>(t_S2) * static_cast<std::size_t>(t_S3);
}

// One sub-slab's columns along one axis at rows r-1, r and r+1: whether a point of row r-1
// is this sub-slab's (then it is in scratch) and whether all consumers of a point of row r
// along this axis (x-1..x+1 inside [1, n]) lie in the sub-slab's row r+1.
struct SubSlabAxis {
  Span below, here, next;
  std::int64_t n = 0;
  HPCS_HD SubSlabAxis(const SkewedColumns& sc, std::int64_t s, int r)
      : below(sc.columns(s, r - 1)), here(sc.columns(s, r)), next(sc.columns(s, r + 1)), n(sc.n2) {}
  HPCS_HD bool stays(std::int64_t x) const {
    return (x - 1 < 1 ? 1 : x - 1) >= next.lo && (x + 1 > n ? n : x + 1) <= next.hi;
  }
};

// --slab-split N (beyond the thesis): the slab's S2 sub-slab rows cut into groups of
// consecutive s2, one team / block per (hexagon, group), so a wavefront runs hexagons x groups
// teams instead of hexagons. rows: s2 rows per group (ceil(n / N), N clamped to [1, n]);
// count: the groups that rows leaves (none empty, so at most N).
struct SlabGroups {
  std::int64_t rows = 1, count = 1;
  HPCS_HD SlabGroups(std::int64_t subslabs_s2, std::int64_t split) {
    const std::int64_t n = subslabs_s2 < 1 ? 1 : subslabs_s2;
    const std::int64_t N = split < 1 ? 1 : split > n ? n : split;
    rows = (n + N - 1) / N;
    count = (n + rows - 1) / rows;
  }
  HPCS_HD std::int64_t first(std::int64_t g) const { return g * rows; }
  HPCS_HD std::int64_t end(std::int64_t g, std::int64_t n) const { return (g + 1) * rows < n ? (g + 1) * rows : n; }
};

// The hooks of an unsplit slab: nothing to wait for, nobody to tell.
struct NoSlabSync {
  HPCS_HD void wait(std::int64_t) const {}
  HPCS_HD void signal(std::int64_t) const {}
};

// St: the 3D stencil (jacobi_stencil.hpp, apply(c, up, down, north, south, west, east)).
// Row r of sub-slab (s2, s3) is stored at scratch position (il, j - col0_2, k - col0_3),
// col0 = s t_S + 1 - r along each axis, so row r-1's point (j, k) sits at
// (j - col0_2 - 1, k - col0_3 - 1). The team's threads share the row's points, k fastest
// (consecutive threads, consecutive values of a line); points whose seven inputs all lie in
// scratch (the sub-slab's inside) take a branch-free path.
template <class St = Jacobi3D, class Real, class Team>
HPCS_HD inline void hhc3d_subslab(const Hhc3DArgs<Real>& a, std::int64_t k, std::int64_t s2, std::int64_t s3,
                                  Real* rows, const Team& team) {
  const HexTiling& h = a.h;
  const std::int64_t w = a.w, plane = a.plane, line = a.line;
  const int tS2 = a.s2.t_S2, tS3 = a.s3.t_S2, area = tS2 * tS3, rank = team.rank(), size = team.size();
  const std::int64_t top = h.x0(w, k) - (h.half() - 1);
  for (int r = h.first_row(w); r <= h.last_row(w); ++r) {
    const std::int64_t t = h.time_of(w, r);
    const Span si = h.row(w, k, r);
    const SubSlabAxis ax(a.s2, s2, r), ay(a.s3, s3, r);
    const std::int64_t col0j = s2 * tS2 + 1 - r, col0k = s3 * tS3 + 1 - r;
    const Real* in = a.level[(t - 1) & 1];
    Real* out = a.level[t & 1];
    const Real* prev = rows + static_cast<std::size_t>((r + 1) & 1) * a.width * area;
    Real* cur = rows + static_cast<std::size_t>(r & 1) * a.width * area;
    const LocalRow lr(h, h.row(w, k, r - 1), h.row(w, k, r + 1), top, a.width);
    const int nj = static_cast<int>(ax.here.size()), nk = static_cast<int>(ay.here.size());
    const int ni = static_cast<int>(si.size());
    const int il0 = static_cast<int>(si.lo - top);
    // Level t-1 at (il, j, kk) from row r-1 of this sub-slab in scratch, else from global memory.
    auto input = [&](int il, std::int64_t j, std::int64_t kk) -> Real {
      if (lr.in_below(il) && ax.below.contains(j) && ay.below.contains(kk))
        return prev[il * area + static_cast<int>(j - col0j - 1) * tS3 + static_cast<int>(kk - col0k - 1)];
      return in[(top + il) * plane + j * line + kk];
    };
    const int points = ni * nj * nk;
    for (int e = rank; e < points; e += size) {
      const int qk = e % nk, rest = e / nk, qj = rest % nj, il = il0 + rest / nj;
      const std::int64_t j = ax.here.lo + qj, kk = ay.here.lo + qk;
      Real v;
      if (il - 1 >= lr.blo && il + 1 <= lr.bhi && j - 1 >= ax.below.lo && j + 1 <= ax.below.hi &&
          kk - 1 >= ay.below.lo && kk + 1 <= ay.below.hi) {  // all seven inputs in scratch: no branches
        const Real* c = prev + il * area + static_cast<int>(j - col0j - 1) * tS3 + static_cast<int>(kk - col0k - 1);
        v = St::apply(c[0], c[-area], c[area], c[-tS3], c[tS3], c[-1], c[1]);
      } else {
        v = St::apply(input(il, j, kk), input(il - 1, j, kk), input(il + 1, j, kk), input(il, j - 1, kk),
                      input(il, j + 1, kk), input(il, j, kk - 1), input(il, j, kk + 1));
      }
      cur[il * area + static_cast<int>(j - col0j) * tS3 + static_cast<int>(kk - col0k)] = v;
      if (lr.leaves(il) || !ax.stays(j) || !ay.stays(kk)) out[(top + il) * plane + j * line + kk] = v;
    }
    team.barrier();
  }
}

// The slab of hexagon k, or the part of it a --slab-split group owns: sub-slab rows s2 in
// [s2_first, s2_end) (s2_end < 0: all). The whole slab walks its sub-slabs lexicographically
// (S3 inner), as before the split. A group walks them S3-major (for s3, for s2 in the group):
// (s2, s3) needs (s2 - 1, s3), earlier in the same pass or the previous group's, and
// (s2, s3 - 1), (s2 - 1, s3 - 1), in the previous pass or the previous group's; so before
// pass s3 sync.wait(s3) waits until the previous group has finished its pass s3, and after it
// sync.signal(s3) says that this group has (jacobi_hhc3d.cu and jacobi_tiled_kokkos.cpp hold
// the counters and the deadlock argument). Each point's arithmetic is the same in any order,
// so every split gives the same bits.
template <class St = Jacobi3D, class Real, class Team, class Sync = NoSlabSync>
HPCS_HD inline void hhc3d_tile(const Hhc3DArgs<Real>& a, std::int64_t k, Real* rows, const Team& team,
                               std::int64_t s2_first = 0, std::int64_t s2_end = -1, const Sync& sync = Sync{}) {
  const std::int64_t n2 = a.s2.subprisms(), n3 = a.s3.subprisms();
  if (s2_end < 0) s2_end = n2;
  if (s2_first == 0 && s2_end == n2) {
    for (std::int64_t s2 = 0; s2 < n2; ++s2)
      for (std::int64_t s3 = 0; s3 < n3; ++s3) hhc3d_subslab<St>(a, k, s2, s3, rows, team);
    return;
  }
  for (std::int64_t s3 = 0; s3 < n3; ++s3) {
    sync.wait(s3);
    for (std::int64_t s2 = s2_first; s2 < s2_end; ++s2) hhc3d_subslab<St>(a, k, s2, s3, rows, team);
    sync.signal(s3);
  }
}

}  // namespace hpcs::jacobi
