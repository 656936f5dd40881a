// SPDX-License-Identifier: BSD-3-Clause
// The two fused pairs (thesis Alg. 5 and 9), X (p0 x p1), Y (p1 x p2), Z (p2 x p3):
//   left   R = (X Y) Z: the team of patch (ib, jb) keeps T = X[ib rows, :] Y[:, jb cols]
//          (x by y) in scratch, then streams Z[jb rows, :] in chunks of wc columns:
//          R[ib rows, chunk] += T Zchunk;
//   right  R = X (Y Z): the team of patch (ib, jb) keeps T = Y[ib rows, :] Z[:, jb cols]
//          in scratch, then streams X[:, ib cols] in chunks of wc rows:
//          R[chunk, jb cols] += Xchunk T.
// Chunk groups (matrixchain_chunk_groups.hpp): a patch's chunks are cut into `groups` runs
// of `per_group` consecutive chunks (the last may be shorter), one team per (patch, group):
// every team of a patch computes the same T (the same bits: band_product is one chain per
// element in the same order whichever team runs it) and streams only its group's chunks, so
// a small T with a long streamed dimension still gives the device teams to run. groups = 1
// is the kernel as it was (one team a patch streaming every chunk).
// The updates of R are ordered by matrixchain_order_kokkos.hpp, chunk by chunk: team jb
// (left) updates a chunk of R's ib rows once team jb - 1 of the same group has finished
// that chunk, so consecutive bands overlap in a pipeline while every element still sums in
// increasing band order, continuing the chain it read (see matrixchain_tiles_kokkos.hpp).
// A chunk belongs to one group, so only that group's teams (one per band) ever touch it, and
// every element is the same chain for any group count. The counter block `sync` holds the
// ticket counter, then one chunk count per team, i.e. per (patch, group).
//
// No deadlock, whatever the backend runs at once or in which order: tickets are
// (jb, g, ib) with ib fastest on the left and (ib, g, jb) with jb fastest on the right, and
// a team waits only on the team of its own group and row band (left) or column band
// (right) one band earlier, whose ticket is smaller by groups x row_bands (left) or
// groups x col_bands (right). A team draws its ticket (one atomic) when it starts, so every
// smaller ticket belongs to a team that has started: running (a resident GPU block, or a
// host thread) or done. The unfinished team with the smallest ticket therefore waits on
// nothing unfinished and completes; by induction all do. This needs only that a started
// team keeps being scheduled (GPU blocks run to completion once resident; host threads are
// scheduled by the OS; Serial runs one team at a time, so there every wait is already met),
// never that teams start in league order or that the whole league is resident at once.
// Traffic: left_counted / right_counted with the step's groups (T's inputs read once per
// group). Include from Kokkos sources only.
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
  std::int64_t chunks = 0;           // of the streamed operand, per patch
  std::int64_t groups = 1;           // chunk groups: teams per patch
  std::int64_t per_group = 0;        // chunks per group (the last group may have fewer)
  std::int64_t* sync = nullptr;      // [ticket counter, chunk count per team]
  std::int64_t run = 0;              // runs before this one

  KOKKOS_INLINE_FUNCTION std::int64_t league() const { return std::int64_t(row_bands) * col_bands * groups; }

  // Group g's chunks: [first_chunk(g), end_chunk(g)).
  KOKKOS_INLINE_FUNCTION std::int64_t first_chunk(std::int64_t g) const { return g * per_group; }
  KOKKOS_INLINE_FUNCTION std::int64_t end_chunk(std::int64_t g) const {
    return (g + 1) * per_group < chunks ? (g + 1) * per_group : chunks;
  }

  // Before its turn-th chunk (of `count` in its group) of the team in band `band` (of the
  // teams sharing R's rows, left, or columns, right): waits until the same group's team of
  // band - 1, whose chunk count sits `groups` counters before `mine`, has finished that
  // chunk, and says whether to read R back (the first band writes without reading). Each
  // count grows by `count` a run.
  KOKKOS_INLINE_FUNCTION bool await_chunk(const Team& team, std::int64_t* mine, int band, std::int64_t count,
                                          std::int64_t turn) const {
    if (band == 0) {
      team.team_barrier();
      return false;
    }
    wait_for(team, mine - groups, run * count + turn + 1);
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
    // A ticket outside the league names no patch: the counters and the epoch disagree (a
    // graph replayed without resetting them). Stop rather than leave R as it was.
    if (ticket < 0 || ticket >= f.league()) Kokkos::abort("hpcs::matrixchain: a fused team's ticket is out of range");
  }
};

template <class Real>
struct FusedLeftKernel {
  FusedShape<Real> f;

  KOKKOS_INLINE_FUNCTION void operator()(const Team& team) const {
    const FusedTeam<Real> start(team, f);
    // Ticket order (jb, g, ib), ib fastest: column band by column band, so the teams
    // running together hold different row bands of R (or other groups' chunks) and rarely
    // wait; (ib, jb, g) waits on (ib, jb - 1, g), groups x row_bands tickets earlier.
    const std::int64_t band = start.ticket / f.row_bands;  // jb * groups + g
    const int ib = int(start.ticket % f.row_bands), jb = int(band / f.groups);
    const std::int64_t g = band % f.groups;
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
    std::int64_t* const mine = f.sync + 1 + (std::int64_t(ib) * f.col_bands + jb) * f.groups + g;
    const std::int64_t first = f.first_chunk(g), end = f.end_chunk(g);
    for (std::int64_t c = first; c < end; ++c) {
      const std::int64_t c0 = c * f.wc;
      const int n = f.p3 - c0 < f.wc ? int(f.p3 - c0) : f.wc, width = round_up(n, kMicro);
      stage(team, buf, f.wc, cols, width, f.Z, f.p3, col0, c0, cols, n);  // cols x width of Z
      const bool read = f.await_chunk(team, mine, jb, end - first, c - first);
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
    // Ticket order (ib, g, jb), jb fastest: row band by row band, so the teams running
    // together hold different column bands of R (or other groups' chunks) and rarely wait;
    // (ib, jb, g) waits on (ib - 1, jb, g), groups x col_bands tickets earlier.
    const std::int64_t band = start.ticket / f.col_bands;  // ib * groups + g
    const int jb = int(start.ticket % f.col_bands), ib = int(band / f.groups);
    const std::int64_t g = band % f.groups;
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
    std::int64_t* const mine = f.sync + 1 + (std::int64_t(jb) * f.row_bands + ib) * f.groups + g;
    const std::int64_t first = f.first_chunk(g), end = f.end_chunk(g);
    for (std::int64_t c = first; c < end; ++c) {
      const std::int64_t r0 = c * f.wc;
      const int n = f.p0 - r0 < f.wc ? int(f.p0 - r0) : f.wc, height = round_up(n, kMicro);
      stage(team, buf, f.x, height, rows, f.X, f.p1, r0, row0, n, rows);  // height x rows of X
      const bool read = f.await_chunk(team, mine, ib, end - first, c - first);
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
