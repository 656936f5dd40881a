// SPDX-License-Identifier: BSD-3-Clause
// One thread block of cuda/tiled in 1D: hexagon (w, k) of HexTiling, two time rows in
// shared memory (level L in buffer L & 1, indexed by x_local), one barrier per row.
//
// Global memory protocol (tests/jacobi/test_hex_schedule.cpp): level t of this advance
// lives in g[t & 1]; a row reads its inputs from the previous row in shared memory, and
// the points that row never computed (the lower half's two outer points per side, the
// boundary x = 0 and x = S + 1) come from global memory; only leaves_tile() points are
// written back. Global reads are asynchronous copies (cp.async on the GPU) issued one row
// ahead where the destination slots are free: the outer points of level r + 1 while row r
// computes, the boundary points of level r in row r itself (the same slots of the other
// parity are being read, so loading them early would race, even with equal values).
//
// Mem is the memory policy: the CUDA kernel's (shared memory, cp.async) or the CPU
// emulation's (checks every access for races and stale data), so both run this code.
#pragma once
#include <cstdint>

#include "jacobi_hex_rows.hpp"
#include "jacobi_stencil.hpp"

namespace hpcs::jacobi::blocks {

template <class Real>
struct Hex1dParams {
  Real* g[2] = {nullptr, nullptr};  // level t in g[t & 1]
  HexTiling h;
  int threads = 0;
  int nr = 0;  // shared elements per buffer: w_tile + 2
};

template <class Real, class Mem>
class Hex1dBlock {
 public:
  HPCS_HD Hex1dBlock(const Hex1dParams<Real>& p, Mem& m, std::int64_t w, std::int64_t k) : p_(p), m_(m), w_(w), k_(k) {
    origin_ = p.h.x0(w, k) - p.h.half();
    base_ = p.h.base_time(w);
    r0_ = p.h.first_row(w);
    r1_ = p.h.last_row(w);
  }

  template <class F>
  HPCS_HD void for_each_phase(F&& f) const {
    f(Phase{Phase::Init, 0, 0});
    f(Phase{Phase::LoadFirst, 0, r0_ - 1});
    for (int r = r0_; r <= r1_; ++r) f(Phase{Phase::Step, 0, r});
  }

  HPCS_HD void run(int tid, const Phase& ph) const {
    RowInfo* rows = m_.rows();
    if (ph.kind == Phase::Init) {
      for (int i = tid; i <= p_.h.t_T; i += p_.threads) rows[i] = row_info(p_.h, w_, k_, i - 1, origin_);
      return;
    }
    if (ph.kind == Phase::LoadFirst) {  // level r0 - 1 entirely, then the outer points of level r0
      issue(tid, r0_ - 1, All);
      m_.commit();
      issue(tid, r0_, Outer);
      m_.commit();
      m_.wait_prior1();
      return;
    }
    const int r = ph.r;
    issue(tid, r, Boundary);
    m_.commit();
    if (r + 1 <= r1_) issue(tid, r + 1, Outer);
    m_.commit();
    compute(tid, r);
    if (r == r1_) m_.wait_all();
    else m_.wait_prior1();
  }

 private:
  enum What { All, Outer, Boundary };

  // The global buffer of level L (time base + 1 + L); a select, not an indexed load.
  HPCS_HD Real* level_buf(int L) const { return ((base_ + 1 + L) & 1) ? p_.g[1] : p_.g[0]; }

  HPCS_HD void put(Real* dst, int l0, int l1, const Real* src, int tid) const {
    for (int lx = l0 + tid; lx <= l1; lx += p_.threads) m_.copy(dst, lx, src + lx);
  }

  // Starts the copies of the points of level L that row L + 1 reads and `what` selects:
  // All, the points no row of this hexagon computes except the boundary (Outer), or the
  // boundary points x = 0 and x = S + 1 (Boundary).
  HPCS_HD void issue(int tid, int L, What what) const {
    const RowInfo R = m_.rows()[L + 1];
    if (R.nlo > R.nhi) return;
    const Real* src = level_buf(L) + origin_;  // indexed by local x
    Real* dst = m_.buf(L & 1);
    const int left = static_cast<int>(-origin_), right = static_cast<int>(p_.h.S + 1 - origin_);
    const int l0 = R.nlo == left ? R.nlo + 1 : R.nlo, l1 = R.nhi == right ? R.nhi - 1 : R.nhi;
    if (what == All) {
      put(dst, R.nlo, R.nhi, src, tid);
    } else if (what == Outer) {
      put(dst, l0, R.lo - 1 < l1 ? R.lo - 1 : l1, src, tid);
      put(dst, R.hi + 1 > l0 ? R.hi + 1 : l0, l1, src, tid);
    } else if (tid == 0) {
      if (l0 != R.nlo) m_.copy(dst, R.nlo, src + R.nlo);
      if (l1 != R.nhi) m_.copy(dst, R.nhi, src + R.nhi);
    }
  }

  HPCS_HD void compute(int tid, int r) const {
    const RowInfo R = m_.rows()[r + 1];
    const Real* in = m_.buf((r - 1) & 1);
    Real* out = m_.buf(r & 1);
    Real* g = level_buf(r) + origin_;
    const bool keep = r < r1_;  // the last row is read by no later row of this hexagon
    for (int lx = R.lo + tid; lx <= R.hi; lx += p_.threads) {
      const Real v = jacobi1d_update(m_.ld(in, lx - 1), m_.ld(in, lx), m_.ld(in, lx + 1));
      if (keep) m_.st(out, lx, v);
      if (lx < R.wl || lx > R.wh) m_.gst(g + lx, v);
    }
  }

  const Hex1dParams<Real>& p_;
  Mem& m_;
  std::int64_t w_, k_, origin_, base_;
  int r0_, r1_;
};

}  // namespace hpcs::jacobi::blocks
