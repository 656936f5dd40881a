// SPDX-License-Identifier: BSD-3-Clause
// One thread block of cuda/tiled 2D for an interior hexagon, with the tile shape (t_S2,
// t_T, t_S1) fixed at compile time: the same prism walk and memory protocol as
// Hhc2dBlock (hhc2d_block.hpp), but every row of every time step is a constant, so each
// row step is straight-line code: 3 shared loads, the update and 1 shared store per point
// with immediate offsets, the leaving points and the outer-row copies picked at compile
// time. That per-step bookkeeping (row table, loop bounds, copy loops) was about two
// thirds of the generic block's instructions (README.md, Nsight Compute).
//
// Hexagons with all t_T rows (not wavefront 0, not cut at time T; those run the generic
// block). Interior ones (every row they compute in [1, S]; the boundary rows may only be
// read) run the straight-line steps; the ones cut by the boundary rows run the same steps
// instantiated with Edge = true: each row checks that it lies in [1, S] and loads its three
// S1 neighbours afresh, and the boundary row a computed range reaches is copied, not
// computed. Boundary
// columns (j = 0, n2 + 1) are handled in both.
//
// Shared memory: buffers 0 and 1 hold levels by parity, NR = t_S1 + t_T rows of P
// circular column slots (slot j % P, P >= t_S2 + t_T); no ghost columns: each thread
// works on one column j per row step, so it computes the slots of j - 1 and j + 1 once per
// step instead of mirroring the ends of every row. Buffer 2 holds the hexagon's input
// level (t_S1 + 2 rows of Pi >= t_S2 + 2 slots), loaded one sub-prism ahead.
#pragma once
#include <cstddef>
#include <cstdint>

#include "hhc2d_block.hpp"

namespace hpcs::jacobi::blocks {

template <class Real, class Mem, int kS2, int kT, int kS1, int kRound = kRoundFixed>
class Hhc2dFastBlock {
  static_assert(kT >= 2 && kT % 2 == 0 && kS1 >= 1 && kS2 >= kT, "t_T even, t_S2 >= t_T");

 public:
  static constexpr int H = kT / 2;
  static constexpr int NR = kS1 + kT;  // local rows 0 .. NR - 1 (x = origin + row)
  static constexpr int P = (kS2 + kT + kRound - 1) / kRound * kRound;
  static constexpr int Pi = (kS2 + 2 + kRound - 1) / kRound * kRound;
  static constexpr int NRI = kS1 + 2;  // buffer 2: the input level's rows H - 1 .. H + t_S1
  static constexpr int ROW0I = H - 1;
  static HPCS_HD constexpr std::size_t elems(int b) { return static_cast<std::size_t>(b == 2 ? NRI * Pi : NR * P); }

  // Whether hexagon (w, k) of h is one this block handles (the rest: Hhc2dBlock).
  static HPCS_HD bool applies(const HexTiling& h, std::int64_t w) {
    return h.t_T == kT && h.t_S == kS1 && h.first_row(w) == 0 && h.last_row(w) == kT - 1;
  }

  HPCS_HD Hhc2dFastBlock(const Hhc2dParams<Real>& p, Mem& m, std::int64_t w, std::int64_t k, int tid)
      : p_(p), m_(m), c_(tid) {
    const std::int64_t origin = p.h.x0(w, k) - H;
    origin_off_ = origin * p.cols;
    base_odd_ = static_cast<int>(p.h.base_time(w) & 1);
    // Local rows of x = 1 and x = S, clamped to [-1, NR] (enough to decide everything).
    auto clamp = [](std::int64_t v) { return static_cast<int>(v < -1 ? -1 : (v > NR ? NR : v)); };
    vlo_ = clamp(1 - origin);
    vhi_ = clamp(p.h.S - origin);
    edge_ = vlo_ > 1 || vhi_ < NR - 2;  // computed rows are 1 .. NR - 2
  }
  HPCS_HD bool edge() const { return edge_; }

  // The emulator's view: phases with a barrier after each.
  template <class F>
  HPCS_HD void for_each_phase(F&& f) const {
    f(Phase{Phase::LoadFirst, 0, -1});
    for (std::int64_t s = 0; s < p_.subprisms; ++s)
      for (int r = 0; r < kT; ++r) f(Phase{Phase::Step, s, r});
  }
  HPCS_HD void run(const Phase& ph) const {
    if (ph.kind == Phase::LoadFirst) load_first();
    else if (edge_) dispatch<0, true>(ph.r, ph.s);
    else dispatch<0, false>(ph.r, ph.s);
  }

  // The GPU's view: the same phases, every row step instantiated.
  template <class Barrier>
  HPCS_HD void run_all(Barrier&& bar) const {
    load_first();
    bar();
    if (edge_) {
      for (std::int64_t s = 0; s < p_.subprisms; ++s) steps_from<0, true>(s, bar);
    } else {
      for (std::int64_t s = 0; s < p_.subprisms; ++s) steps_from<0, false>(s, bar);
    }
  }

 private:
  // Rows of level L (hexagon row L; L = -1 is the input level, read by row 0).
  static HPCS_HD constexpr int half_width(int r) { return r < H ? r : kT - 1 - r; }
  static HPCS_HD constexpr int lo(int r) { return H - half_width(r); }
  static HPCS_HD constexpr int hi(int r) { return H + kS1 - 1 + half_width(r); }
  static HPCS_HD int wrap(int x, int period) { return x < 0 ? x + period : (x >= period ? x - period : x); }
  // Rows an Edge block may touch: [1, S] and the boundary rows.
  HPCS_HD bool readable(int row) const { return row >= vlo_ - 1 && row <= vhi_ + 1; }

  // The global buffer of level L (time base + 1 + L).
  HPCS_HD Real* level_buf(int L) const { return ((base_odd_ + 1 + L) & 1) ? p_.g[1] : p_.g[0]; }
  HPCS_HD const Real* src(int L, int row, int j) const {
    return level_buf(L) + origin_off_ + static_cast<std::int64_t>(row) * p_.cols + j;
  }

  HPCS_HD void load_first() const {
    input_copies(0);
    m_.commit();
    m_.wait_all();
  }

  template <int R, bool Edge, class Barrier>
  HPCS_HD void steps_from(std::int64_t s, Barrier& bar) const {
    step<R, Edge>(s);
    bar();
    if constexpr (R + 1 < kT) steps_from<R + 1, Edge>(s, bar);
  }
  template <int R, bool Edge>
  HPCS_HD void dispatch(int r, std::int64_t s) const {
    if (r == R) step<R, Edge>(s);
    else if constexpr (R + 1 < kT) dispatch<R + 1, Edge>(r, s);
  }

  // Row step R of sub-prism s: this thread's column is j = s t_S2 + 1 - R + c. Copies are
  // issued as in Hhc2dBlock::run: what row R + 1 reads of level R (outer rows of level 0,
  // boundary columns and rows) must land by the end of this step; level R + 1's outer rows
  // and the next sub-prism's input level may stay in flight one more step.
  template <int R, bool Edge>
  HPCS_HD void step(std::int64_t s) const {
    const int col0 = static_cast<int>(s) * kS2 + 1 + c_;  // this thread's column at row 0
    const int j = col0 - R;
    const int slot = wrap(col0 % P - R, P);  // j mod P: a column has one slot at every level
    if constexpr (R == 0) outer_copies<0, Edge>(j, slot);
    boundary_copies<R, Edge>(s, j, slot);
    m_.commit();
    if constexpr (R + 1 < kT) outer_copies<R + 1, Edge>(j - 1, wrap(slot - 1, P));
    if constexpr (R == 1) {
      if (s + 1 < p_.subprisms) input_copies(s + 1);
    }
    m_.commit();
    if (j >= 1 && j <= p_.n2) compute<R, Edge>(j, col0, slot);
    if constexpr (R == kT - 1) m_.wait_all();
    else m_.wait_prior1();
  }

  // The rows of level L that row L + 1 reads but no row of this hexagon computes: 2 per
  // side in the lower half, 1 per side below the middle, none above.
  template <int L, bool Edge>
  HPCS_HD void outer_copies(int j, int slot) const {
    if constexpr (L + 1 < kT) {
      if (j < 1 || j > p_.n2) return;
      constexpr int nlo = lo(L + 1) - 1, nhi = hi(L + 1) + 1;
      Real* dst = m_.buf(L & 1);
#ifdef __CUDA_ARCH__
#pragma unroll
#endif
      for (int row = nlo; row < lo(L); ++row)
        if (!Edge || readable(row)) m_.copy(dst, row * P + slot, src(L, row, j));
#ifdef __CUDA_ARCH__
#pragma unroll
#endif
      for (int row = hi(L) + 1; row <= nhi; ++row)
        if (!Edge || readable(row)) m_.copy(dst, row * P + slot, src(L, row, j));
    }
  }

  // Boundary values of level L that row L + 1 reads: column 0 (thread 0 of sub-prism 0)
  // and column n2 + 1 (the thread whose column it is) at every row it reads; in an Edge
  // block also the boundary rows x = 0 and S + 1 inside the rows level L computes.
  template <int L, bool Edge>
  HPCS_HD void boundary_copies(std::int64_t s, int j, int slot) const {
    if constexpr (L + 1 < kT) {
      constexpr int nlo = lo(L + 1) - 1, nhi = hi(L + 1) + 1;
      Real* dst = m_.buf(L & 1);
      if (s == 0 && c_ == 0)
        for (int row = nlo; row <= nhi; ++row)
          if (!Edge || readable(row)) m_.copy(dst, row * P, src(L, row, 0));
      if (j == p_.n2 + 1)
        for (int row = nlo; row <= nhi; ++row)
          if (!Edge || readable(row)) m_.copy(dst, row * P + slot, src(L, row, j));
      if constexpr (Edge) {
        if (j < 1 || j > p_.n2) return;
        auto copy_row = [&](int row) {
          if (row >= lo(L) && row <= hi(L) && row >= nlo && row <= nhi) m_.copy(dst, row * P + slot, src(L, row, j));
        };
        copy_row(vlo_ - 1);
        if (vhi_ + 1 != vlo_ - 1) copy_row(vhi_ + 1);
      }
    }
  }

  // The input level of sub-prism s (level -1, buffer 2): this thread's column s t_S2 + 2 + c
  // (the columns rows 0 reads beyond the previous sub-prism's), and in sub-prism 0 also
  // columns 0 and 1, which no earlier sub-prism loaded.
  HPCS_HD void input_copies(std::int64_t s) const {
    const int j = static_cast<int>(s) * kS2 + 2 + c_;
    Real* dst = m_.buf(2);
    if (j <= p_.n2 + 1) {
      const int slot = j % Pi;
#ifdef __CUDA_ARCH__
#pragma unroll
#endif
      for (int r = 0; r < NRI; ++r)
        if (!edge_ || readable(r + ROW0I)) m_.copy(dst, r * Pi + slot, src(-1, r + ROW0I, j));
    }
    if (s == 0 && c_ < 2) {
      for (int r = 0; r < NRI; ++r)
        if (!edge_ || readable(r + ROW0I)) m_.copy(dst, r * Pi + c_, src(-1, r + ROW0I, c_));
    }
  }

  // Row R at column j: reads level R - 1 (buffer 2 for R = 0), keeps level R in buffer
  // R & 1 unless R is the last row, writes the points that leave the hexagon.
  template <int R, bool Edge>
  HPCS_HD void compute(int j, int col0, int slot) const {
    constexpr int rs = R == 0 ? Pi : P;      // input row stride
    constexpr int r0 = R == 0 ? ROW0I : 0;   // input row of local row r0
    constexpr bool keep = R + 1 < kT;
    constexpr int kFarRow = 1 << 20;
    constexpr int wl = keep ? lo(R + 1) + 1 : kFarRow;  // a point outside [wl, wh] leaves
    constexpr int wh = keep ? hi(R + 1) - 1 : -kFarRow;
    const int sc = R == 0 ? col0 % Pi : slot;
    const int sl = wrap(sc - 1, rs), sr = wrap(sc + 1, rs);
    const Real* in = m_.buf(R == 0 ? 2 : (R - 1) & 1);
    Real* out = m_.buf(R & 1);
    Real* g = level_buf(R) + origin_off_ + j;
    if constexpr (Edge) {
      // All of the row leaves when the next one lies outside [1, S]. Otherwise the interior
      // rule; it also writes x = 1 or S where leaves_tile, clipping the next row, would not:
      // harmless, as no other hexagon of the wavefront touches those points.
      const bool next_empty = !keep || lo(R + 1) > vhi_ || hi(R + 1) < vlo_;
#ifdef __CUDA_ARCH__
#pragma unroll
#endif
      for (int row = lo(R); row <= hi(R); ++row) {
        if (row < vlo_ || row > vhi_) continue;
        const int x = (row - r0) * rs;
        const Real v = jacobi2d_update(m_.ld(in, x + sc), m_.ld(in, x - rs + sc), m_.ld(in, x + rs + sc),
                                       m_.ld(in, x + sl), m_.ld(in, x + sr));
        if (keep) m_.st(out, row * P + slot, v);
        if (next_empty || row < wl || row > wh)
          m_.gst(g + static_cast<std::int64_t>(row) * p_.cols, v);
      }
    } else {
      Real up = m_.ld(in, (lo(R) - 1 - r0) * rs + sc);
      Real ce = m_.ld(in, (lo(R) - r0) * rs + sc);
#ifdef __CUDA_ARCH__
#pragma unroll
#endif
      for (int row = lo(R); row <= hi(R); ++row) {
        const int x = (row - r0) * rs;
        const Real dn = m_.ld(in, x + rs + sc);
        const Real v = jacobi2d_update(ce, up, dn, m_.ld(in, x + sl), m_.ld(in, x + sr));
        up = ce;
        ce = dn;
        if (keep) m_.st(out, row * P + slot, v);
        if (row < wl || row > wh) m_.gst(g + static_cast<std::int64_t>(row) * p_.cols, v);
      }
    }
  }

  const Hhc2dParams<Real>& p_;
  Mem& m_;
  int c_;
  int base_odd_ = 0;
  int vlo_ = 0, vhi_ = 0;  // local rows of x = 1 and x = S (clamped to [-1, NR])
  bool edge_ = false;      // some row this block computes lies outside [1, S]
  std::int64_t origin_off_ = 0;  // origin * cols: local row 0's offset in a global buffer
};

}  // namespace hpcs::jacobi::blocks
