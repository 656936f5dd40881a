// SPDX-License-Identifier: BSD-3-Clause
// The two fused pairs (thesis Alg. 5 and 9), X (p0 x p1), Y (p1 x p2), Z (p2 x p3):
//   left   R = (X Y) Z: the team of patch (ib, jb) keeps T = X[ib rows, :] Y[:, jb cols]
//          (x by y) in scratch, then streams Z[jb rows, :] in chunks of wc columns:
//          R[ib rows, chunk] += T Zchunk;
//   right  R = X (Y Z): the team of patch (ib, jb) keeps T = Y[ib rows, :] Z[:, jb cols]
//          in scratch, then streams X[:, ib cols] in chunks of wc rows:
//          R[chunk, jb cols] += Xchunk T.
// The updates of R are ordered by matrixchain_order_kokkos.hpp, chunk by chunk: team jb
// (left) updates a chunk of R's ib rows once team jb - 1 has finished that chunk, so
// consecutive bands overlap in a pipeline while every element still sums in increasing
// band order, continuing the chain it read (see matrixchain_tiles_kokkos.hpp). The
// counter block `sync` holds the ticket counter, then one chunk count per team.
// Traffic: left_counted / right_counted. Include from Kokkos sources only.
#pragma once
#include "matrixchain_order_kokkos.hpp"
#include "matrixchain_tiles_kokkos.hpp"

namespace hpcs::matrixchain::kokkos {

template <class Real>
struct FusedShape {
  const Real *X = nullptr, *Y = nullptr, *Z = nullptr;
  Real* R = nullptr;  // p0 x p3
  std::int64_t p0 = 0, p1 = 0, p2 = 0, p3 = 0;
  int x = 0, y = 0, kc = 0, wc = 0;
  std::int64_t work = 0;
  int row_bands = 1, col_bands = 1;  // of T
  std::int64_t chunks = 0;           // of the streamed operand
  std::int64_t* sync = nullptr;      // [ticket counter, chunk count per team]
  std::int64_t run = 0;              // runs before this one

  KOKKOS_INLINE_FUNCTION std::int64_t league() const { return std::int64_t(row_bands) * col_bands; }

  // Before chunk c of the team in band `band` (of the teams sharing R's rows, left, or
  // columns, right): waits until band - 1 has finished that chunk and says whether to read
  // R back (the first band writes without reading).
  KOKKOS_INLINE_FUNCTION bool await_chunk(const Team& team, std::int64_t* mine, int band, std::int64_t c) const {
    if (band == 0) {
      team.team_barrier();
      return false;
    }
    wait_for(team, mine - 1, run * chunks + c + 1);
    return true;
  }
};

// How both fused kernels start a team: T and the chunk buffer in team scratch, and the
// team's ticket (matrixchain_order_kokkos.hpp), which names its patch.
template <class Real>
struct FusedTeam {
  Scratch<Real> T, buf;
  std::int64_t ticket;

  KOKKOS_INLINE_FUNCTION FusedTeam(const Team& team, const FusedShape<Real>& f)
      : T(team.team_scratch(kScratchLevel), std::size_t(f.x) * f.y),
        buf(team.team_scratch(kScratchLevel), std::size_t(f.work)) {
    Scratch<std::int64_t> slot(team.team_scratch(kScratchLevel), 1);
    ticket = take_ticket(team, f.sync, f.run * f.league(), slot.data());
  }
};

template <class Real>
struct FusedLeftKernel {
  FusedShape<Real> f;

  KOKKOS_INLINE_FUNCTION void operator()(const Team& team) const {
    const FusedTeam<Real> start(team, f);
    // Ticket order: column band by column band, so the teams running together hold
    // different row bands of R and rarely wait.
    const int jb = int(start.ticket / f.row_bands), ib = int(start.ticket % f.row_bands);
    const std::int64_t row0 = std::int64_t(ib) * f.x, col0 = std::int64_t(jb) * f.y;
    const int rows = f.p0 - row0 < f.x ? int(f.p0 - row0) : f.x;  // of T and R
    const int cols = f.p2 - col0 < f.y ? int(f.p2 - col0) : f.y;  // of T; rows of Z
    Real* const Tp = start.T.data();
    Real* const buf = start.buf.data();
    const int y = f.y;
    band_product(team, f.X, f.p1, row0, rows, f.Y, f.p2, col0, cols, f.p1, f.x, f.y, f.kc, Tp, buf,
                 [&](int i, int j, Real v) { Tp[i * y + j] = v; });
    Real* const R = f.R;
    const std::int64_t ld = f.p3;
    std::int64_t* const mine = f.sync + 1 + std::int64_t(ib) * f.col_bands + jb;
    for (std::int64_t c = 0; c < f.chunks; ++c) {
      const std::int64_t c0 = c * f.wc;
      const int n = f.p3 - c0 < f.wc ? int(f.p3 - c0) : f.wc, width = round_up(n, kMicro);
      stage(team, buf, f.wc, cols, width, f.Z, f.p3, col0, c0, cols, n);  // cols x width of Z
      const bool read = f.await_chunk(team, mine, jb, c);
      micro_product(
          team, f.x, width, Tp, y, buf, f.wc, cols,
          [&](int i, int j) { return read && i < rows && j < n ? load_fresh(R + (row0 + i) * ld + c0 + j) : Real(0); },
          [&](int i, int j, Real v) {
            if (i < rows && j < n) store_fresh(R + (row0 + i) * ld + c0 + j, v);
          });
      signal(team, mine);  // its barrier also frees the chunk buffer
    }
  }
};

template <class Real>
struct FusedRightKernel {
  FusedShape<Real> f;

  KOKKOS_INLINE_FUNCTION void operator()(const Team& team) const {
    const FusedTeam<Real> start(team, f);
    // Ticket order: row band by row band, so the teams running together hold different
    // column bands of R and rarely wait.
    const int ib = int(start.ticket / f.col_bands), jb = int(start.ticket % f.col_bands);
    const std::int64_t row0 = std::int64_t(ib) * f.x, col0 = std::int64_t(jb) * f.y;
    const int rows = f.p1 - row0 < f.x ? int(f.p1 - row0) : f.x;  // of T; columns of X
    const int cols = f.p3 - col0 < f.y ? int(f.p3 - col0) : f.y;  // of T and R
    Real* const Tp = start.T.data();
    Real* const buf = start.buf.data();
    const int y = f.y;
    band_product(team, f.Y, f.p2, row0, rows, f.Z, f.p3, col0, cols, f.p2, f.x, f.y, f.kc, Tp, buf,
                 [&](int i, int j, Real v) { Tp[i * y + j] = v; });
    Real* const R = f.R;
    const std::int64_t ld = f.p3;
    std::int64_t* const mine = f.sync + 1 + std::int64_t(jb) * f.row_bands + ib;
    for (std::int64_t c = 0; c < f.chunks; ++c) {
      const std::int64_t r0 = c * f.wc;
      const int n = f.p0 - r0 < f.wc ? int(f.p0 - r0) : f.wc, height = round_up(n, kMicro);
      stage(team, buf, f.x, height, rows, f.X, f.p1, r0, row0, n, rows);  // height x rows of X
      const bool read = f.await_chunk(team, mine, ib, c);
      micro_product(
          team, height, f.y, buf, f.x, Tp, y, rows,
          [&](int i, int j) { return read && i < n && j < cols ? load_fresh(R + (r0 + i) * ld + col0 + j) : Real(0); },
          [&](int i, int j, Real v) {
            if (i < n && j < cols) store_fresh(R + (r0 + i) * ld + col0 + j, v);
          });
      signal(team, mine);
    }
  }
};

}  // namespace hpcs::matrixchain::kokkos
