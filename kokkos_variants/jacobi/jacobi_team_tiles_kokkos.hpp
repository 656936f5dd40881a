// SPDX-License-Identifier: BSD-3-Clause
// The tile bodies of kokkos/tiled: one hexagon (1D) or one HHC prism (2D) computed by a
// team (3D slabs: jacobi_slab_tile.hpp). No Kokkos types: a Team has rank(), size() and
// barrier(), so the same code runs in a Kokkos team (jacobi_tiled_kokkos.cpp) and on host
// threads meeting at a real barrier (tests/jacobi/test_jacobi_team_tiles.cpp), where a
// missing barrier shows up on a CPU-only machine.
//
// Protocol (as in tests/jacobi/test_hex_schedule.cpp): time level t of an advance lives in
// global buffer level[t % 2]. A tile computes its rows in order with a barrier between
// them, keeps the rows it produces in scratch, reads from global memory only inputs it
// did not produce, and writes back only points that leave the tile (leaves_tile: a
// consumer at the next level lies outside the hexagon's next row, or the row is the
// tile's last).
//
// 2D: the prism is the hexagon over (t, S1) times all S2 columns, walked as time-skewed
// sub-prisms of t_S2 columns (SkewedColumns). Row r of sub-prism s is stored in the frame
// "column j at position j - (s t_S2 + 1 - r) + 2", so the inputs (t-1, j-1..j+1) of
// position c sit at positions c-2..c of row r-1. Positions 0 and 1 hold the last two
// columns of the previous sub-prism's row r-1: each sub-prism leaves them in a carry
// array, one per sub-prism parity, so that no extra barrier is needed.
//
// 3D (the thesis' slabs): jacobi_slab_tile.hpp, shared with cuda/tiled.
#pragma once
#include <cstddef>
#include <cstdint>

#include "hex_tiling.hpp"
#include "hpcs/base/hd.hpp"
#include "jacobi_slab_tile.hpp"
#include "jacobi_stencil.hpp"

namespace hpcs::jacobi::kokkos {

template <class Real>
struct Hex1DArgs {
  HexTiling h;
  std::int64_t w = 0;                   // wavefront
  Real* level[2] = {nullptr, nullptr};  // level t in level[t % 2]
  int width = 0;                        // w_tile: points in one scratch row
};

template <class Real>
struct Hhc2DArgs {
  HexTiling h;
  SkewedColumns sc;
  std::int64_t w = 0;
  std::int64_t cols = 0;  // stored columns, n2 + 2
  Real* level[2] = {nullptr, nullptr};
  int width = 0;  // w_tile: S1 rows in one scratch buffer
  int frame = 0;  // t_S2 + 2 positions per S1 row
};

// Scratch values per team: two rows (1D); two row buffers and two carry arrays (2D).
HPCS_HD inline std::size_t hex1d_scratch_values(int width) { return 2 * static_cast<std::size_t>(width); }
HPCS_HD inline std::size_t hhc2d_scratch_values(int width, int frame, int t_T) {
  return 2 * static_cast<std::size_t>(width) * static_cast<std::size_t>(frame) +
         4 * static_cast<std::size_t>(t_T) * static_cast<std::size_t>(width);
}

template <class Real, class Team>
HPCS_HD inline void hex1d_tile(const Hex1DArgs<Real>& a, std::int64_t k, Real* rows, const Team& team) {
  const HexTiling& h = a.h;
  const std::int64_t w = a.w;
  const std::int64_t left = h.x0(w, k) - (h.half() - 1);  // first point of the widest rows
  for (int r = h.first_row(w); r <= h.last_row(w); ++r) {
    const std::int64_t t = h.time_of(w, r);
    const Span s = h.row(w, k, r), below = h.row(w, k, r - 1);
    const Real* in = a.level[(t - 1) & 1];
    Real* out = a.level[t & 1];
    const Real* prev = rows + ((r + 1) & 1) * a.width;
    Real* cur = rows + (r & 1) * a.width;
    const LocalRow lr(h, below, h.row(w, k, r + 1), left, a.width);
    const int lo = static_cast<int>(s.lo - left), hi = static_cast<int>(s.hi - left);
    for (int l = lo + team.rank(); l <= hi; l += team.size()) {
      Real v;
      if (l - 1 >= lr.blo && l + 1 <= lr.bhi) {  // all three inputs in scratch: no branches
        v = jacobi1d_update(prev[l - 1], prev[l], prev[l + 1]);
      } else {
        const std::int64_t x = left + l;
        v = jacobi1d_update(lr.in_below(l - 1) ? prev[l - 1] : in[x - 1], lr.in_below(l) ? prev[l] : in[x],
                            lr.in_below(l + 1) ? prev[l + 1] : in[x + 1]);
      }
      cur[l] = v;
      if (lr.leaves(l)) out[left + l] = v;
    }
    team.barrier();
  }
}

// St: the 2D stencil (jacobi_stencil.hpp); every one reads the same five points.
template <class St = Jacobi2D, class Real, class Team>
HPCS_HD inline void hhc2d_tile(const Hhc2DArgs<Real>& a, std::int64_t k, Real* rows, const Team& team) {
  const HexTiling& h = a.h;
  const std::int64_t w = a.w, n2 = a.sc.n2, cols = a.cols;
  const int tS2 = a.sc.t_S2, frame = a.frame, rank = team.rank(), size = team.size();
  Real* carry = rows + 2 * a.width * frame;  // [sub-prism parity][row r][S1 row][2]
  const std::int64_t top = h.x0(w, k) - (h.half() - 1);
  // This thread's run of rows and first column in rows of full sub-prism width (nj =
  // t_S2), worked out once: divisions are dear on a GPU and this runs for every row.
  const int full_runs = size >= tS2 ? size / tS2 : 1;
  const int full_run = size >= tS2 ? rank / tS2 : 0;
  const int full_q = size >= tS2 ? rank - full_run * tS2 : rank;
  for (std::int64_t s = 0; s < a.sc.subprisms(); ++s) {
    for (int r = h.first_row(w); r <= h.last_row(w); ++r) {
      const std::int64_t t = h.time_of(w, r);
      const Span si = h.row(w, k, r), below = h.row(w, k, r - 1), cj = a.sc.columns(s, r);
      const std::int64_t col0 = s * tS2 + 1 - r;  // the column at frame position 2
      const Real* in = a.level[(t - 1) & 1];
      Real* out = a.level[t & 1];
      const Real* prev = rows + ((r + 1) & 1) * a.width * frame;
      Real* cur = rows + (r & 1) * a.width * frame;
      Real* carry_out = carry + ((s & 1) * h.t_T + r) * a.width * 2;
      const Real* carry_in = carry + (((s + 1) & 1) * h.t_T + r) * a.width * 2;
      const LocalRow lr(h, below, h.row(w, k, r + 1), top, a.width);  // local rows il = i - top
      // A thread takes a column and walks down a run of rows with pointers, keeping the
      // column's (i-1, i, i+1) inputs in registers: consecutive threads, consecutive
      // columns. A team of at least nj threads splits the rows into size / nj runs. Level
      // t-1 at (i, j) comes from row r-1 of this prism (frame position c-1 for column j)
      // when that row made it, else from global memory.
      const int nj = static_cast<int>(cj.size()), ni = static_cast<int>(si.size());
      int runs = 1, run = 0, q0 = rank;
      if (nj == tS2) {
        runs = full_runs;
        run = full_run;
        q0 = full_q;
      } else if (nj > 0 && size >= nj) {
        runs = size / nj;
        run = rank / nj;
        q0 = rank - run * nj;
      }
      const int run_rows = runs == 1 ? ni : (ni + runs - 1) / runs;
      const int la = static_cast<int>(si.lo - top) + run * run_rows;
      const int lb =
          la + run_rows - 1 < static_cast<int>(si.hi - top) ? la + run_rows - 1 : static_cast<int>(si.hi - top);
      for (int q = q0; run < runs && la <= lb && q < nj; q += size) {
        const std::int64_t j = cj.lo + q;
        const int c = static_cast<int>(j - col0) + 2;
        const bool left_in = j - 1 >= 1, right_in = j + 1 <= n2;  // else a boundary column
        // Rows whose five inputs all come from row r-1 in scratch: il and il+1 in below,
        // j-1 and j+1 interior columns. They take the branch-free path.
        const int fast_lo = left_in && right_in ? (la > lr.blo ? la : lr.blo) : lb + 1;
        const int fast_hi = lr.bhi - 1 < lb ? lr.bhi - 1 : lb;
        const Real* sp = prev + la * frame + c;  // row la, position c
        Real* cp = cur + la * frame + c;
        const Real* gp = in + (top + la) * cols + j;
        Real* op = out + (top + la) * cols + j;
        Real* carried = c >= tS2 ? carry_out + la * 2 + (c - tS2) : nullptr;
        Real up = lr.in_below(la - 1) ? sp[-frame - 1] : gp[-cols];
        Real mid = lr.in_below(la) ? sp[-1] : gp[0];
        for (int il = la; il <= lb; ++il, sp += frame, cp += frame, gp += cols, op += cols) {
          Real down, left, right;
          if (il >= fast_lo && il <= fast_hi) {
            down = sp[frame - 1];
            left = sp[-2];
            right = sp[0];
          } else {
            const bool here = lr.in_below(il);
            down = lr.in_below(il + 1) ? sp[frame - 1] : gp[cols];
            left = here && left_in ? sp[-2] : gp[-1];
            right = here && right_in ? sp[0] : gp[1];
          }
          const Real v = St::apply(mid, up, down, left, right);
          *cp = v;
          if (carried) {
            *carried = v;
            carried += 2;
          }
          if (lr.leaves(il)) *op = v;
          up = mid;
          mid = down;
        }
      }
      if (s > 0) {
        // The previous sub-prism's last two columns of row r, read by row r + 1. With
        // t_S2 = 1 the second-last of them is itself a carried column: pass it on.
        for (int e = rank; e < 2 * ni; e += size) {
          const int il = static_cast<int>(si.lo - top) + e / 2;
          const int q = e % 2;
          cur[il * frame + q] = carry_in[il * 2 + q];
          if (tS2 == 1 && q == 1) carry_out[il * 2] = carry_in[il * 2 + 1];
        }
      }
      team.barrier();
    }
  }
}

}  // namespace hpcs::jacobi::kokkos
