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
// the prism) and the final level. Mem: see hex1d_block.hpp.
#pragma once
#include <cstdint>

#include "hex_rows.hpp"
#include "jacobi_stencil.hpp"

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
  int nr = 0;                                 // rows per buffer
  std::int64_t subprisms = 0;
};

// Circular column count of buffers 0/1 and 2, rounded up to `round` (32 on the GPU, so a
// warp's 32 consecutive slots fall in distinct banks even when they wrap).
HPCS_HD inline int hhc_period(int t_S2, int t_T, int round) { return (t_S2 + t_T + 2 + round - 1) / round * round; }
HPCS_HD inline int hhc_period_init(int t_S2, int round) { return (t_S2 + 2 + round - 1) / round * round; }

template <class Real, class Mem>
class Hhc2dBlock {
 public:
  HPCS_HD Hhc2dBlock(const Hhc2dParams<Real>& p, Mem& m, std::int64_t w, std::int64_t k)
      : p_(p), m_(m), w_(w), k_(k) {
    origin_ = p.h.x0(w, k) - p.h.half();
    base_ = p.h.base_time(w);
    r0_ = p.h.first_row(w);
    r1_ = p.h.last_row(w);
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

  HPCS_HD void run(int tid, const Phase& ph) const {
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
    compute(tid, r, s);
    if (r == r1_) m_.wait_all();
    else m_.wait_prior1();
  }

 private:
  enum What { All, Outer, Boundary };

  // The global buffer of level L (time base + 1 + L); a select, not an indexed load.
  HPCS_HD Real* level_buf(int L) const { return ((base_ + 1 + L) & 1) ? p_.g[1] : p_.g[0]; }

  // (a + c) mod P for 0 <= c < P, a any sign: the modulo of the block-uniform part only.
  HPCS_HD static int slot_of(int a, int c, int P) {
    int am = a % P;
    if (am < 0) am += P;
    const int slot = am + c;
    return slot >= P ? slot - P : slot;
  }

  HPCS_HD int first_column(int r, std::int64_t s) const {
    return static_cast<int>(s * p_.t_S2) + 1 - r;
  }

  // Copies global row `srow`, columns jlo..jhi (step t_S2 from this thread's column), into
  // local row li of buffer b and its ghost columns; boundary columns skipped if asked.
  HPCS_HD void put_row(int b, int li, const Real* srow, int jlo, int jhi, int c, bool skip_boundary) const {
    const int P = b == 2 ? p_.Pi : p_.P;
    Real* dst = m_.buf(b) + li * (b == 2 ? p_.rsi : p_.rs) + 1;
    int slot = jlo % P + c;  // jlo >= 0; c < t_S2 < P
    if (slot >= P) slot -= P;
    for (int j = jlo + c; j <= jhi; j += p_.t_S2) {
      if (!skip_boundary || (j != 0 && j != p_.n2 + 1)) {
        m_.copy(dst, slot, srow + j);
        if (slot == 0) m_.copy(dst, P, srow + j);
        if (slot == P - 1) m_.copy(dst, -1, srow + j);
      }
      slot += p_.t_S2;
      if (slot >= P) slot -= P;
    }
  }

  HPCS_HD void put_rows(int b, int l0, int l1, const Real* src, int jlo, int jhi, bool skip_boundary, int tid) const {
    const int c = tid % p_.t_S2;
    for (int li = l0 + tid / p_.t_S2; li <= l1; li += p_.row_groups)
      put_row(b, li, src + (origin_ + li) * p_.cols, jlo, jhi, c, skip_boundary);
  }

  // Starts the copies of the points of level L, at the columns sub-prism s adds to what row
  // L + 1 reads, that `what` selects: All, the rows no row of this hexagon computes except
  // the boundary ring (Outer), or the boundary ring (Boundary).
  HPCS_HD void issue(int tid, int L, std::int64_t s, What what, int b) const {
    const RowInfo R = m_.rows()[L + 1];
    if (R.nlo > R.nhi) return;
    const int a = first_column(L, s);
    const int jlo = s == 0 ? 0 : (a > 0 ? a : 0);
    const int jhi = a + p_.t_S2 - 1 < p_.n2 + 1 ? a + p_.t_S2 - 1 : p_.n2 + 1;
    if (jlo > jhi) return;
    const Real* src = level_buf(L);
    // Local rows of the boundary rows i = 0 and i = S + 1 (outside [nlo, nhi] if absent).
    const int top = static_cast<int>(-origin_), bottom = static_cast<int>(p_.h.S + 1 - origin_);
    const int l0 = R.nlo == top ? R.nlo + 1 : R.nlo, l1 = R.nhi == bottom ? R.nhi - 1 : R.nhi;
    if (what == All) {
      put_rows(b, R.nlo, R.nhi, src, jlo, jhi, false, tid);
    } else if (what == Outer) {
      if (R.lo > R.hi) {
        put_rows(b, l0, l1, src, jlo, jhi, true, tid);
      } else {
        put_rows(b, l0, R.lo - 1 < l1 ? R.lo - 1 : l1, src, jlo, jhi, true, tid);
        put_rows(b, R.hi + 1 > l0 ? R.hi + 1 : l0, l1, src, jlo, jhi, true, tid);
      }
    } else {
      if (l0 != R.nlo) put_rows(b, R.nlo, R.nlo, src, jlo, jhi, false, tid);
      if (l1 != R.nhi) put_rows(b, R.nhi, R.nhi, src, jlo, jhi, false, tid);
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

  HPCS_HD void compute(int tid, int r, std::int64_t s) const {
    const RowInfo R = m_.rows()[r + 1];
    const int a = first_column(r, s), c = tid % p_.t_S2, j = a + c;
    if (R.lo > R.hi || j < 1 || j > p_.n2) return;
    const int q = tid / p_.t_S2;
    const int chunk = (R.hi - R.lo + p_.row_groups) / p_.row_groups;
    const int li0 = R.lo + q * chunk;
    const int li1 = li0 + chunk < R.hi + 1 ? li0 + chunk : R.hi + 1;
    if (li0 >= li1) return;
    const int bi = r == r0_ ? 2 : (r - 1) & 1;
    const int Pin = bi == 2 ? p_.Pi : p_.P, rsin = bi == 2 ? p_.rsi : p_.rs;
    const Real* in = m_.buf(bi);
    Real* out = m_.buf(r & 1);
    const int so = slot_of(a, c, p_.P);
    const int ghost = so == 0 ? p_.P : (so == p_.P - 1 ? -p_.P : 0);
    const bool keep = r < r1_;  // the last row is read by no later row of this hexagon
    Real* g = level_buf(r) + j;
    int ip = (li0 - 1) * rsin + slot_of(a, c, Pin) + 1;
    int io = li0 * p_.rs + so + 1;
    Real up = m_.ld(in, ip), ce = m_.ld(in, ip + rsin);
    for (int li = li0; li < li1; ++li) {
      const Real dn = m_.ld(in, ip + 2 * rsin);
      const Real le = m_.ld(in, ip + rsin - 1);
      const Real ri = m_.ld(in, ip + rsin + 1);
      const Real v = jacobi2d_update(ce, up, dn, le, ri);
      if (keep) {
        m_.st(out, io, v);
        if (ghost != 0) m_.st(out, io + ghost, v);
      }
      if (li < R.wl || li > R.wh) m_.gst(g + (origin_ + li) * p_.cols, v);
      up = ce;
      ce = dn;
      ip += rsin;
      io += p_.rs;
    }
  }

  const Hhc2dParams<Real>& p_;
  Mem& m_;
  std::int64_t w_, k_, origin_, base_;
  int r0_, r1_;
};

}  // namespace hpcs::jacobi::blocks
