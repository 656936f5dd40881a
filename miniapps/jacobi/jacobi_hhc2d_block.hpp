// SPDX-License-Identifier: BSD-3-Clause
// One thread block of cuda/tiled in 2D (HHC, digest 2.1): hexagon (w, k) over (t, S1), its
// prism walked along S2 as time-skewed sub-prisms of t_S2 columns (SkewedColumns): at row
// r, sub-prism s computes columns a = s t_S2 + 1 - r .. a + t_S2 - 1, so the inputs
// (t-1, j+1) come from the same sub-prism's previous row and (t-1, j-1) from the previous
// sub-prism's last two columns of that row (the oblique face), which stay in shared memory.
//
// Shared memory: three buffers of nr = w_tile + 2 rows (local i), each row a circular
// array of columns (slot j % P) with one ghost column per side mirroring the opposite end,
// so the j-1 / j+1 reads need no wrap test. Buffer 2 holds the hexagon's input level
// r0 - 1 (P_i >= t_S2 + 2: the face plus the next sub-prism, loaded one sub-prism ahead);
// buffers 0 and 1 hold levels r0 .. r1 - 1 by parity (P >= t_S2 + t_T + 2: the read
// window plus the faces of the other levels of that parity). Every global read is new data:
// the lower half's outer rows and the boundary ring of each level, and level r0 - 1.
//
// Threads: c = tid % t_S2 is the column (a warp covers consecutive j: coalesced global
// access, conflict-free shared access), q = tid / t_S2 the row group; each computes a
// contiguous run of rows keeping up/centre in registers (3 shared loads per point).
// Global writes only for leaves_tile() points (the i direction; j neighbours are always in
// the prism) and the final level. Mem: see jacobi_hex1d_block.hpp.
#pragma once
#include <cstdint>

#include "jacobi_hex_rows.hpp"
#include "jacobi_stencil.hpp"
#include "jacobi_problem.hpp"

namespace hpcs::jacobi::blocks {

template <class Real>
struct Hhc2dParams {
  Real* g[2] = {nullptr, nullptr};  // level t in g[t & 1]
  HexTiling h;                      // S = n1
  std::int64_t cols = 0;            // n2 + 2
  int n2 = 0;
  int t_S2 = 1, threads = 1, row_groups = 1;  // threads = t_S2 * row_groups
  int P = 0, rs = 0;                          // buffers 0, 1: circular columns, row stride P + 2
  int Pi = 0, rsi = 0;                        // buffer 2
  float invP = 0, invPi = 0;                  // 1 / P, 1 / Pi (fast modulo)
  int nr = 0;                                 // rows of buffers 0, 1
  int init_row0 = 0;                          // local row of buffer 2's first row: t_S1 + 2 rows hold the
                                              // input level, except in wavefront 0 (nr rows, from row 0)
  std::int64_t subprisms = 0;
};

// Circular column count of buffers 0/1 and 2, rounded up to `round` (32 on the GPU, so a
// warp's 32 consecutive slots fall in distinct banks even when they wrap).
HPCS_HD inline int hhc_period(int t_S2, int t_T, int round) { return (t_S2 + t_T + 2 + round - 1) / round * round; }
HPCS_HD inline int hhc_period_init(int t_S2, int round) { return (t_S2 + 2 + round - 1) / round * round; }

// The parameters of one advance of `steps` levels over grid p (level t in g[t & 1]), with
// resolved tiles (threads a multiple of t_S2) and periods rounded to `round`. The launcher
// and the CPU emulator both build them here, so the emulator checks the layout the kernel
// gets; init_row0 is set per wavefront: 0 in wavefront 0, t_T/2 - 1 after.
template <class Real>
inline Hhc2dParams<Real> hhc2d_params(const Problem& p, const Tuning& t, std::int64_t steps, Real* g0, Real* g1,
                                      int round) {
  Hhc2dParams<Real> prm;
  prm.g[0] = g0;
  prm.g[1] = g1;
  prm.h = HexTiling{t.t_T, t.t_S1, p.n1, steps};
  prm.cols = p.cols();
  prm.n2 = static_cast<int>(p.n2);
  prm.t_S2 = t.t_S2;
  prm.threads = t.threads;
  prm.row_groups = t.threads / t.t_S2;
  prm.P = hhc_period(t.t_S2, t.t_T, round);
  prm.rs = prm.P + 2;
  prm.Pi = hhc_period_init(t.t_S2, round);
  prm.rsi = prm.Pi + 2;
  prm.invP = 1.0f / static_cast<float>(prm.P);
  prm.invPi = 1.0f / static_cast<float>(prm.Pi);
  prm.nr = prm.h.w_tile() + 2;
  prm.subprisms = SkewedColumns{t.t_S2, t.t_T, p.n2}.subprisms();
  return prm;
}
HPCS_HD inline int hhc_init_row0(const HexTiling& h, std::int64_t w) { return w == 0 ? 0 : h.half() - 1; }

// a mod P (result in [0, P)) for |a| < 2^22 and 0 < P < 2^11, with inv = 1.0f / P: the
// float quotient is off by at most one, which the two corrections absorb.
HPCS_HD inline int fast_mod(int a, int P, float inv) {
  const int q = static_cast<int>(static_cast<float>(a) * inv);
  int r = a - q * P;
  if (r < 0) r += P;
  if (r >= P) r -= P;
  if (r < 0) r += P;
  return r;
}

// kS2, kT (both 0: read from the parameters): a shape fixed at compile time, so the
// circular periods, row strides and t_S2 are constants (immediate shared offsets in the
// unrolled row loop, constant modulo); the parameters must then hold the same t_S2, t_T
// and periods rounded to kRoundFixed.
constexpr int kRoundFixed = 32;

// St: the 2D stencil (jacobi_stencil.hpp); all of them read the same five points.
template <class Real, class Mem, int kS2 = 0, int kT = 0, class St = Jacobi2D>
class Hhc2dBlock {
 public:
  HPCS_HD Hhc2dBlock(const Hhc2dParams<Real>& p, Mem& m, std::int64_t w, std::int64_t k, int tid)
      : p_(p), m_(m), w_(w), k_(k), tid_(tid), c_(tid % S2()), q_(tid / S2()) {
    origin_ = p.h.x0(w, k) - p.h.half();
    base_ = p.h.base_time(w);
    r0_ = p.h.first_row(w);
    r1_ = p.h.last_row(w);
    top_ = static_cast<int>(-origin_);
    bottom_ = static_cast<int>(p.h.S + 1 - origin_);
    // Local rows of the hexagon's levels lie in [-1, w_tile + 2]; a margin keeps this loose.
    edge_rows_ = top_ > -8 - p.h.t_T || bottom_ < p.h.w_tile() + 8 + p.h.t_T;
  }

  template <class F>
  HPCS_HD void for_each_phase(F&& f) const {
    f(Phase{Phase::Init, 0, 0});
    f(Phase{Phase::LoadFirst, 0, r0_ - 1});
    for (std::int64_t s = 0; s < p_.subprisms; ++s) {
      for (int r = r0_; r <= r1_; ++r) f(Phase{Phase::Step, s, r});
      // One-row hexagons have no later row to overlap the next input level with.
      if (r1_ == r0_ && s + 1 < p_.subprisms) f(Phase{Phase::LoadFirst, s + 1, r0_ - 1});
    }
  }

  HPCS_HD void run(const Phase& ph) const {
    const int tid = tid_;
    if (ph.kind == Phase::Init) {
      RowInfo* rows = m_.rows();
      for (int i = tid; i <= p_.h.t_T; i += p_.threads) rows[i] = row_info(p_.h, w_, k_, i - 1, origin_);
      return;
    }
    if (ph.kind == Phase::LoadFirst) {
      issue(tid, r0_ - 1, ph.s, All, 2);
      m_.commit();
      m_.wait_all();
      return;
    }
    const int r = ph.r;
    const std::int64_t s = ph.s;
    if (r == r0_) {  // outer rows of level r0: buffer r0 & 1 is free, but no row before to overlap with
      issue(tid, r, s, Outer, r & 1);
      m_.commit();
    }
    issue(tid, r, s, Boundary, r & 1);
    m_.commit();
    if (r + 1 <= r1_) issue(tid, r + 1, s, Outer, (r + 1) & 1);
    // Level r0 - 1 of the next sub-prism, once row r0 has read this one's.
    if (r == r0_ + 1 && s + 1 < p_.subprisms) issue(tid, r0_ - 1, s + 1, All, 2);
    m_.commit();
    compute(r, s);
    if (r == r1_) m_.wait_all();
    else m_.wait_prior1();
  }

 private:
  enum What { All, Outer, Boundary };

  static constexpr bool kFixed = kS2 > 0;
  HPCS_HD int S2() const { return kFixed ? kS2 : p_.t_S2; }
  HPCS_HD int Pb() const { return kFixed ? hhc_period(kS2, kT, kRoundFixed) : p_.P; }
  HPCS_HD int Pin() const { return kFixed ? hhc_period_init(kS2, kRoundFixed) : p_.Pi; }
  HPCS_HD int RS() const { return Pb() + 2; }
  HPCS_HD int RSI() const { return Pin() + 2; }
  // a mod P of buffers 0/1 (b != 2) or 2; a constant modulo when the shape is fixed.
  HPCS_HD int mod_slot(int a, bool init) const {
    if (kFixed) {
      const int P = init ? Pin() : Pb();
      const int r = a % P;
      return r < 0 ? r + P : r;
    }
    return init ? fast_mod(a, p_.Pi, p_.invPi) : fast_mod(a, p_.P, p_.invP);
  }

  // The global buffer of level L (time base + 1 + L); a select, not an indexed load.
  HPCS_HD Real* level_buf(int L) const { return ((base_ + 1 + L) & 1) ? p_.g[1] : p_.g[0]; }

  // (a + c) mod P for 0 <= c < P, a any sign: the modulo of the block-uniform part only.
  HPCS_HD int slot_of(int a, int c, bool init) const {
    const int P = init ? Pin() : Pb();
    const int slot = mod_slot(a, init) + c;
    return slot >= P ? slot - P : slot;
  }

  HPCS_HD int first_column(int r, std::int64_t s) const { return static_cast<int>(s) * S2() + 1 - r; }

  // Copies global row `srow`, columns j0, j0 + t_S2, .. <= jhi, into the local row `dst`
  // (a buffer of P circular slots) from `slot` on, with the ghost columns; boundary columns
  // skipped if asked.
  HPCS_HD void copy_columns(Real* dst, int slot, const Real* srow, int j0, int jhi, int P, bool skip_boundary) const {
    for (int j = j0; j <= jhi; j += S2()) {
      if (!skip_boundary || (j != 0 && j != p_.n2 + 1)) {
        m_.copy(dst, slot, srow + j);
        if (slot == 0) m_.copy(dst, P, srow + j);
        if (slot == P - 1) m_.copy(dst, -1, srow + j);
      }
      slot += S2();
      if (slot >= P) slot -= P;
    }
  }

  // Copies global row `srow`, columns jlo..jhi (step t_S2 from this thread's column), into
  // local row li of buffer b and its ghost columns; boundary columns skipped if asked.
  HPCS_HD void put_row(int b, int li, const Real* srow, int jlo, int jhi, int c, bool skip_boundary) const {
    Real* dst = m_.buf(b) + (b == 2 ? (li - p_.init_row0) * RSI() : li * RS()) + 1;
    copy_columns(dst, slot_of(jlo, c, b == 2), srow, jlo + c, jhi, b == 2 ? Pin() : Pb(),
                 skip_boundary);  // c < t_S2 < P
  }

  // put_row for local rows l0 + q, l0 + q + row_groups, ... <= l1 and this thread's column
  // c_: the slot and the row pointers computed once, then stepped.
  HPCS_HD void put_rows(int b, int l0, int l1, const Real* src, int jlo, int jhi, bool skip_boundary) const {
    int li = l0 + q_;
    const int jf = jlo + c_;
    if (li > l1 || jf > jhi) return;
    const bool init = b == 2;
    const int P = init ? Pin() : Pb();
    const int stride = init ? RSI() : RS();
    const int slot0 = slot_of(jlo, c_, init);
    Real* dst = m_.buf(b) + (init ? li - p_.init_row0 : li) * stride + 1;
    const Real* srow = src + (origin_ + li) * p_.cols;
    const int rg = p_.row_groups;
    // One column per row (every thread but thread 0 of sub-prism 0's widest rows): slot and
    // steps fixed, ~10 instead of ~40 instructions per copy, 8.8% faster in float32 on an H200
    // (8192^2, 512 steps). float64 keeps the general loop: there this path spilled registers
    // and ran 4.5% slower.
    if (sizeof(Real) == 4 && jf + S2() > jhi) {
      const int dstep = rg * stride;
      const std::int64_t gstep = static_cast<std::int64_t>(rg) * p_.cols;
      if (skip_boundary && (jf == 0 || jf == p_.n2 + 1)) return;
      const Real* sp = srow + jf;
      // The ghost copy of slot 0 (at P) or P - 1 (at -1), a predicate fixed for the loop.
      const bool ghost = slot0 == 0 || slot0 == P - 1;
      const int gh = slot0 == 0 ? P : -1;
      for (; li <= l1; li += rg) {
        m_.copy(dst, slot0, sp);
        if (ghost) m_.copy(dst, gh, sp);
        dst += dstep;
        sp += gstep;
      }
      return;
    }
    for (; li <= l1; li += rg) {
      copy_columns(dst, slot0, srow, jf, jhi, P, skip_boundary);
      dst += rg * stride;
      srow += rg * p_.cols;
    }
  }

  // Starts the copies of the points of level L, at the columns sub-prism s adds to what row
  // L + 1 reads, that `what` selects: All, the rows no row of this hexagon computes except
  // the boundary ring (Outer), or the boundary ring (Boundary).
  HPCS_HD void issue(int tid, int L, std::int64_t s, What what, int b) const {
    const int a = first_column(L, s);
    const int jlo = s == 0 ? 0 : (a > 0 ? a : 0);
    const int jhi = a + S2() - 1 < p_.n2 + 1 ? a + S2() - 1 : p_.n2 + 1;
    if (jlo > jhi) return;
    // No boundary row near this hexagon and no boundary column in this sub-prism.
    if (what == Boundary && !edge_rows_ && jlo != 0 && jhi != p_.n2 + 1) return;
    const RowInfo R = m_.rows()[L + 1];
    if (R.nlo > R.nhi) return;
    const Real* src = level_buf(L);
    // Local rows of the boundary rows i = 0 and i = S + 1 (outside [nlo, nhi] if absent).
    const int top = top_, bottom = bottom_;
    const int l0 = R.nlo == top ? R.nlo + 1 : R.nlo, l1 = R.nhi == bottom ? R.nhi - 1 : R.nhi;
    if (what == All) {
      put_rows(b, R.nlo, R.nhi, src, jlo, jhi, false);
    } else if (what == Outer) {
      if (R.lo > R.hi) {
        put_rows(b, l0, l1, src, jlo, jhi, true);
      } else {
        put_rows(b, l0, R.lo - 1 < l1 ? R.lo - 1 : l1, src, jlo, jhi, true);
        put_rows(b, R.hi + 1 > l0 ? R.hi + 1 : l0, l1, src, jlo, jhi, true);
      }
    } else {
      if (l0 != R.nlo) put_rows(b, R.nlo, R.nlo, src, jlo, jhi, false);
      if (l1 != R.nhi) put_rows(b, R.nhi, R.nhi, src, jlo, jhi, false);
      const bool left = jlo == 0, right = jhi == p_.n2 + 1;
      if (!left && !right) return;
      // The boundary columns of the other rows: thread t takes row l0 + t.
      for (int li = l0 + tid; li <= l1; li += p_.threads) {
        const Real* srow = src + (origin_ + li) * p_.cols;
        if (left) put_row(b, li, srow, 0, 0, 0, false);
        if (right) put_row(b, li, srow, p_.n2 + 1, p_.n2 + 1, 0, false);
      }
    }
  }

  HPCS_HD void compute(int r, std::int64_t s) const {
    if (r == r0_) compute_rows<true>(r, s);
    else compute_rows<false>(r, s);
  }

  // Row r of sub-prism s; First: the input level is buffer 2 (its own stride).
  template <bool First>
  HPCS_HD void compute_rows(int r, std::int64_t s) const {
    const RowInfo R = m_.rows()[r + 1];
    const int a = first_column(r, s), j = a + c_;
    if (R.lo > R.hi || j < 1 || j > p_.n2) return;
    const int rg = p_.row_groups;
    const int chunk = rg == 1 ? R.hi - R.lo + 1 : (R.hi - R.lo + rg) / rg;
    const int li0 = R.lo + q_ * chunk;
    const int li1 = li0 + chunk < R.hi + 1 ? li0 + chunk : R.hi + 1;
    if (li0 >= li1) return;
    const int rsin = First ? RSI() : RS();
    const int rs = RS();
    const int so = slot_of(a, c_, false);
    const Real* __restrict__ in = m_.buf(First ? 2 : (r - 1) & 1) + (li0 - 1 - (First ? p_.init_row0 : 0)) * rsin +
                                  (First ? slot_of(a, c_, true) : so) + 1;
    Real* __restrict__ out = m_.buf(r & 1) + li0 * rs + so + 1;
    const int ghost = so == 0 ? Pb() : (so == Pb() - 1 ? -Pb() : 0);
    const bool keep = r < r1_;  // the last row is read by no later row of this hexagon
    Real* const g0 = level_buf(r) + j + (origin_ + li0) * p_.cols;  // row li0's global point
    Real up = m_.ld(in, 0), ce = m_.ld(in, rsin);
    // Rows [li0, li1) in three runs: leaving (written to global), staying, leaving.
    const int e1 = li1 < R.wl ? li1 : (R.wl > li0 ? R.wl : li0);
    const int e2 = li1 < R.wh + 1 ? li1 : (R.wh + 1 > e1 ? R.wh + 1 : e1);
    int li = li0;
    auto row = [&](bool leave) {
      const Real dn = m_.ld(in, 2 * rsin);
      const Real v = St::apply(ce, up, dn, m_.ld(in, rsin - 1), m_.ld(in, rsin + 1));
      up = ce;
      ce = dn;
      if (keep) {
        m_.st(out, 0, v);
        if (ghost != 0) m_.st(out, ghost, v);
      }
      if (leave) m_.gst(g0 + static_cast<std::int64_t>(li - li0) * p_.cols, v);
      in += rsin;
      out += rs;
    };
    for (; li < e1; ++li) row(true);
    if (keep) {  // the staying rows: a ghost lane stores twice, the others store their slot twice
      const int gs = ghost;
#ifdef __CUDA_ARCH__
#pragma unroll 4
#endif
      for (; li < e2; ++li) {
        const Real dn = m_.ld(in, 2 * rsin);
        const Real v = St::apply(ce, up, dn, m_.ld(in, rsin - 1), m_.ld(in, rsin + 1));
        up = ce;
        ce = dn;
        m_.st(out, 0, v);
        m_.st(out, gs, v);
        in += rsin;
        out += rs;
      }
    } else {
      for (; li < e2; ++li) row(false);
    }
    for (; li < li1; ++li) row(true);
  }

  const Hhc2dParams<Real>& p_;
  Mem& m_;
  std::int64_t w_, k_, origin_, base_;
  int r0_, r1_;
  bool edge_rows_;    // the boundary row i = 0 or i = S + 1 may be one of this hexagon's
  int top_, bottom_;  // local rows of the boundary rows i = 0 and i = S + 1
  int tid_, c_, q_;   // thread, its column in the sub-prism, its row group
};

}  // namespace hpcs::jacobi::blocks
