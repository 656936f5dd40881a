// SPDX-License-Identifier: BSD-3-Clause
// One thread block of cuda/tiled 2D with the tile shape (t_S2, t_T, t_S1) fixed at compile
// time and one thread per sub-prism column: the prism walk and memory protocol of
// Hhc2dBlock (jacobi_hhc2d_block.hpp) with the per-step bookkeeping cut down. Nsight Compute put
// about 430 of the generic block's ~560 instructions per warp and row step outside the
// update loop (row table loads, copy loops over columns, ghost columns, a 64-bit address
// per copy); here a row step's geometry is a few operations on constants (the rows of
// step R follow from R alone), copies have no column loop, and the update loop has
// constant strides, one store per point and restrict-qualified buffers (loads may move
// above stores). Row steps stay a loop: unrolling all t_T of them (an earlier version)
// made 0.5 to 1.5 MB of code per shape, which missed the instruction cache and ran at half
// the generic block's speed on an H100.
//
// Hexagons with all t_T rows (not wavefront 0, not cut at time T; those run the generic
// block). The ones cut by the boundary rows x = 0 / S + 1 run the same steps instantiated
// with Edge = true: the computed rows are clipped to [1, S], copies skip rows outside
// [0, S + 1], and a boundary row inside a level's computed range is copied, not computed.
// Boundary columns (j = 0, n2 + 1) are handled in both.
//
// Shared memory: buffers 0 and 1 hold levels by parity, NR = t_S1 + t_T rows of P
// circular column slots (slot j % P, P >= t_S2 + t_T); no ghost columns: each thread
// works on one column j per row step, so it computes the slots of j - 1 and j + 1 once per
// step. Buffer 2 holds the hexagon's input level (t_S1 + 2 rows of Pi >= t_S2 + 2 slots),
// loaded one sub-prism ahead.
//
// Shared by cuda/tiled (DeviceMem: cp.async copies) and kokkos/tiled on a GPU (ImmediateMem
// below: plain copies in team scratch), so both backends run the same block.
#pragma once
#include <cstddef>
#include <cstdint>
#include <type_traits>

#include "jacobi_hhc2d_block.hpp"

namespace hpcs::jacobi::blocks {

// The block's memory where copies cannot be asynchronous (portable code: Kokkos team
// scratch): a copy lands when issued, so commit and the waits have nothing to do. The
// protocol allows it: an asynchronous copy may land any time between its issue and its
// wait, and no thread touches its slot in between (the emulator checks that for cp.async).
//
// The buffers are one base and two offsets (buffer 1 at off1, 2 at off2), not three pointers:
// a parity-indexed array of pointers lands in local memory, and a pointer loaded from there
// has lost the shared state space that kokkos_teams::in_team_shared gave the base (generic
// loads and stores in the hot loop; the CUDA block's DeviceMem keeps shared addresses).
template <class Real>
struct ImmediateMem {
  static constexpr bool kCopiesLandAtIssue = true;
  Real* base;
  int off1, off2;
  HPCS_HD Real* buf(int i) const { return base + (i == 0 ? 0 : (i == 1 ? off1 : off2)); }
  HPCS_HD Real ld(const Real* base, int idx) const { return base[idx]; }
  HPCS_HD void st(Real* base, int idx, Real v) const { base[idx] = v; }
  HPCS_HD void gst(Real* dst, Real v) const { *dst = v; }
  HPCS_HD void copy(Real* base, int idx, const Real* src) const { base[idx] = *src; }
  HPCS_HD void commit() const {}
  HPCS_HD void wait_prior1() const {}
  HPCS_HD void wait_all() const {}
};

// Whether Mem's copies land when issued (ImmediateMem): then a load's latency is only hidden
// if the block issues it early and stores it late (Hhc2dFastBlock::step).
template <class M, class = void>
struct CopiesLandAtIssue : std::false_type {};
template <class M>
struct CopiesLandAtIssue<M, std::void_t<decltype(M::kCopiesLandAtIssue)>> : std::bool_constant<M::kCopiesLandAtIssue> {
};

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
      : p_(p), m_(m), c_(tid), cols_(static_cast<int>(p.cols)) {
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
    if (ph.kind == Phase::LoadFirst) return load_first();
    Sub sp = sub(ph.s);
    sp.slot = wrap(sp.slot - ph.r, P);
    if (edge_) step<true>(ph.r, sp);
    else step<false>(ph.r, sp);
  }

  // The GPU's view: the same phases in loops.
  template <class Barrier>
  HPCS_HD void run_all(Barrier&& bar) const {
    load_first();
    bar();
    if (edge_) walk<true>(bar);
    else walk<false>(bar);
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
  // Row offsets in 32 bits: |row| < NR + 2 and cols < 2^22 + 2 (hhc2d_rejects), so row * cols
  // < 2^29; the 64-bit part (origin_off_) is added once.
  HPCS_HD const Real* src(int L, int row, int j) const { return level_buf(L) + origin_off_ + (row * cols_ + j); }

  HPCS_HD void load_first() const {
    if (edge_) input_copies<true>(0);
    else input_copies<false>(0);
    m_.commit();
    m_.wait_all();
  }

  // What a thread's steps in sub-prism s share: its column at row 0 (column j = col0 - R at
  // row R), the slot of j (decremented with R), whether it meets a boundary column (column
  // 0 in sub-prism 0, column n2 + 1 when some row's j is it) and whether a next sub-prism
  // exists.
  struct Sub {
    std::int64_t s;
    int col0, slot;
    bool boundary, more;
  };
  HPCS_HD Sub sub(std::int64_t s) const {
    const int col0 = static_cast<int>(s) * kS2 + 1 + c_;
    const bool right = col0 >= p_.n2 + 1 && col0 - (kT - 2) <= p_.n2 + 1;  // rows R <= t_T - 2 copy
    return Sub{s, col0, col0 % P, (s == 0 && c_ == 0) || right, s + 1 < p_.subprisms};
  }

  template <bool Edge, class Barrier>
  HPCS_HD void walk(Barrier& bar) const {
#ifdef __CUDA_ARCH__
#pragma unroll 1
#endif
    for (std::int64_t s = 0; s < p_.subprisms; ++s) {
      Sub sp = sub(s);
#ifdef __CUDA_ARCH__
#pragma unroll 1
#endif
      for (int r = 0; r < kT; ++r) {
        step<Edge>(r, sp);
        sp.slot = sp.slot == 0 ? P - 1 : sp.slot - 1;
        bar();
      }
    }
  }

  // Row step R of sub-prism sp.s: this thread's column is j = s t_S2 + 1 - R + c, in slot
  // sp.slot. Copies are issued as in Hhc2dBlock::run: what row R + 1 reads of level R
  // (outer rows of level 0, boundary columns and rows) must land by the end of this step;
  // level R + 1's outer rows and the next sub-prism's input level may stay in flight one
  // more step.
  template <bool Edge>
  HPCS_HD void step(int R, const Sub& sp) const {
    const int j = sp.col0 - R, slot = sp.slot, col0 = sp.col0;
    if constexpr (CopiesLandAtIssue<Mem>::value) {
      staged_step<Edge>(R, sp);
      return;
    }
    if (R == 0) outer_copies<Edge>(0, j, slot);
    if (Edge || sp.boundary) boundary_copies<Edge>(R, sp.s, j, slot);
    m_.commit();
    if (R + 1 < H) outer_copies<Edge>(R + 1, j - 1, wrap(slot - 1, P));
    if (R == 1 && sp.more) input_copies<Edge>(sp.s + 1);
    m_.commit();
    if (j >= 1 && j <= p_.n2) {
      if (R == 0) compute<Edge, true>(0, j, col0, slot);
      else compute<Edge, false>(R, j, col0, slot);
    }
    if (R == kT - 1) m_.wait_all();
    else m_.wait_prior1();
  }

  // Copies held in registers: loaded when the asynchronous protocol would issue them,
  // stored when it would have them land at the latest (after this step's update).
  template <int N>
  struct Staged {
    Real* dst = nullptr;
    Real v[N];
    int at[N];
    bool on[N] = {};
    HPCS_HD void load(int i, bool ok, int idx, const Real* src) {
      on[i] = ok;
      if (ok) {
        at[i] = idx;
        v[i] = *src;
      }
    }
    HPCS_HD void store(const Mem& m) const {
#ifdef __CUDA_ARCH__
#pragma unroll
#endif
      for (int i = 0; i < N; ++i)
        if (on[i]) m.st(dst, at[i], v[i]);
    }
  };

  // step() for memories whose copies land at issue (ImmediateMem): what row R copies for
  // later rows (level R + 1's outer rows, the next sub-prism's input level) is loaded before
  // the update and stored after it, so the loads' latency overlaps the update instead of
  // stalling each copy in turn. Those slots are untouched until the end of step R + 1 (the
  // asynchronous protocol may land them any time in between), so storing late is safe.
  template <bool Edge>
  HPCS_HD void staged_step(int R, const Sub& sp) const {
    const int j = sp.col0 - R, slot = sp.slot, col0 = sp.col0;
    if (R == 0) outer_copies<Edge>(0, j, slot);  // read by this very step
    if (Edge || sp.boundary) boundary_copies<Edge>(R, sp.s, j, slot);
    Staged<4> outer;
    if (R + 1 < H) stage_outer<Edge>(outer, R + 1, j - 1, wrap(slot - 1, P));
    Staged<NRI> input;
    if (R == 1 && sp.more) stage_input<Edge>(input, sp.s + 1);
    if (j >= 1 && j <= p_.n2) {
      if (R == 0) compute<Edge, true>(0, j, col0, slot);
      else compute<Edge, false>(R, j, col0, slot);
    }
    outer.store(m_);
    input.store(m_);
  }

  // outer_copies(L, j, slot) into registers: entries 2i (top) and 2i + 1 (bottom).
  template <bool Edge>
  HPCS_HD void stage_outer(Staged<4>& st, int L, int j, int slot) const {
    if (j < 1 || j > p_.n2 || L + 1 > H) return;
    const int n = L + 1 < H ? 2 : 1;
    st.dst = m_.buf(L & 1) + slot;
    const Real* g = src(L, 0, j);
#ifdef __CUDA_ARCH__
#pragma unroll
#endif
    for (int i = 0; i < 2; ++i) {
      const int top = lo(L) - 1 - i, bottom = hi(L) + 1 + i;
      st.load(2 * i, i < n && (!Edge || readable(top)), top * P, g + top * cols_);
      st.load(2 * i + 1, i < n && (!Edge || readable(bottom)), bottom * P, g + bottom * cols_);
    }
  }

  // input_copies(s) into registers, for s >= 1 (sub-prism 0's extra columns are loaded by
  // load_first).
  template <bool Edge>
  HPCS_HD void stage_input(Staged<NRI>& st, std::int64_t s) const {
    const int j = static_cast<int>(s) * kS2 + 2 + c_;
    if (j > p_.n2 + 1) return;
    const int slot = j % Pi;
    st.dst = m_.buf(2);
    const Real* g = src(-1, ROW0I, j);
#ifdef __CUDA_ARCH__
#pragma unroll
#endif
    for (int r = 0; r < NRI; ++r) st.load(r, !Edge || readable(r + ROW0I), r * Pi + slot, g + r * cols_);
  }

  // The rows of level L that row L + 1 reads but no row of this hexagon computes: 2 per
  // side in the lower half, 1 per side below the middle, none above. L + 1 < t_T.
  template <bool Edge>
  HPCS_HD void outer_copies(int L, int j, int slot) const {
    if (j < 1 || j > p_.n2 || L + 1 > H) return;
    const int n = L + 1 < H ? 2 : 1;  // rows per side
    Real* dst = m_.buf(L & 1) + slot;
    const Real* g = src(L, 0, j);
    for (int i = 0; i < n; ++i) {
      const int top = lo(L) - 1 - i, bottom = hi(L) + 1 + i;
      if (!Edge || readable(top)) m_.copy(dst, top * P, g + top * cols_);
      if (!Edge || readable(bottom)) m_.copy(dst, bottom * P, g + bottom * cols_);
    }
  }

  // Boundary values of level L that row L + 1 reads: column 0 (thread 0 of sub-prism 0)
  // and column n2 + 1 (the thread whose column it is) at every row it reads; in an Edge
  // block also the boundary rows x = 0 and S + 1 inside the rows level L computes.
  template <bool Edge>
  HPCS_HD void boundary_copies(int L, std::int64_t s, int j, int slot) const {
    if (L + 1 >= kT) return;
    const int nlo = lo(L + 1) - 1, nhi = hi(L + 1) + 1;
    Real* dst = m_.buf(L & 1);
    if (s == 0 && c_ == 0)
      for (int row = nlo; row <= nhi; ++row)
        if (!Edge || readable(row)) m_.copy(dst, row * P, src(L, row, 0));
    if (j == p_.n2 + 1)
      for (int row = nlo; row <= nhi; ++row)
        if (!Edge || readable(row)) m_.copy(dst, row * P + slot, src(L, row, j));
    if (Edge) {
      if (j < 1 || j > p_.n2) return;
      const int llo = lo(L), lhi = hi(L);
      auto copy_row = [&](int row) {
        if (row >= llo && row <= lhi && row >= nlo && row <= nhi) m_.copy(dst, row * P + slot, src(L, row, j));
      };
      copy_row(vlo_ - 1);
      if (vhi_ + 1 != vlo_ - 1) copy_row(vhi_ + 1);
    }
  }

  // The input level of sub-prism s (level -1, buffer 2): this thread's column s t_S2 + 2 + c
  // (the columns rows 0 reads beyond the previous sub-prism's), and in sub-prism 0 also
  // columns 0 and 1, which no earlier sub-prism loaded.
  template <bool Edge>
  HPCS_HD void input_copies(std::int64_t s) const {
    const int j = static_cast<int>(s) * kS2 + 2 + c_;
    Real* dst = m_.buf(2);
    if (j <= p_.n2 + 1) {
      const int slot = j % Pi;
      const Real* g = src(-1, ROW0I, j);
#ifdef __CUDA_ARCH__
#pragma unroll
#endif
      for (int r = 0; r < NRI; ++r)
        if (!Edge || readable(r + ROW0I)) m_.copy(dst, r * Pi + slot, g + r * cols_);
    }
    if (s == 0 && c_ < 2) {
      const Real* g = src(-1, ROW0I, c_);
      for (int r = 0; r < NRI; ++r)
        if (!Edge || readable(r + ROW0I)) m_.copy(dst, r * Pi + c_, g + r * cols_);
    }
  }

  // Row R at column j: reads level R - 1 (buffer 2 for the First row), keeps level R in
  // buffer R & 1 unless R is the last row, writes the points that leave the hexagon: rows
  // [lo, e1) and [e2, hi] leave, rows [e1, e2) stay.
  template <bool Edge, bool First>
  HPCS_HD void compute(int R, int j, int col0, int slot) const {
    constexpr int rs = First ? Pi : P;     // input row stride
    constexpr int r0 = First ? ROW0I : 0;  // input row of local row r0
    const bool keep = R + 1 < kT;
    int rlo = lo(R), rhi = hi(R);
    // Rows [rlo, e1) and [e2, rhi] have a consumer outside row R + 1: none in the lower
    // half, the outermost one per side in row H - 1 (row H is as wide), two above.
    const int k = R < H - 1 ? 0 : (R == H - 1 ? 1 : 2);
    int e1 = rlo + k, e2 = rhi + 1 - k;
    if (e2 < e1) e2 = e1;  // rows narrower than 2k (t_S1 < 3)
    if (Edge) {
      // Clipped to [1, S]; all leave when the next row lies outside it. This also writes
      // x = 1 or S where leaves_tile, clipping the next row, would not: harmless, as no
      // other hexagon of the wavefront touches those points.
      rlo = rlo < vlo_ ? vlo_ : rlo;
      rhi = rhi > vhi_ ? vhi_ : rhi;
      if (rlo > rhi) return;
      if (!keep || lo(R + 1) > vhi_ || hi(R + 1) < vlo_) {
        e1 = e2 = rhi + 1;
      } else {
        e1 = e1 < rlo ? rlo : (e1 > rhi + 1 ? rhi + 1 : e1);
        e2 = e2 < e1 ? e1 : (e2 > rhi + 1 ? rhi + 1 : e2);
      }
    }
    const int sc = First ? col0 % Pi : slot;
    const int dl = wrap(sc - 1, rs) - sc, dr = wrap(sc + 1, rs) - sc;  // -1 or rs - 1, +1 or 1 - rs
    const Real* in = m_.buf(First ? 2 : (R - 1) & 1) + (rlo - 1 - r0) * rs + sc;
    Real* out = m_.buf(R & 1) + rlo * P + slot;
    Real* g = level_buf(R) + origin_off_ + (rlo * cols_ + j);
    const int n = rhi - rlo + 1;
    if (keep) {
      update_rows<rs>(in, in + dl, in + dr, out, n);
      // The leaving rows, read back from this thread's own slots.
      write_back(out, g, 0, e1 - rlo);
      write_back(out, g, e2 - rlo, n);
    } else {
      update_rows_to_global<rs>(in, in + dl, in + dr, g, n);
    }
  }

  // n rows down one column into out (stride P). in, left and right point at the input
  // level's row above the first, in this thread's column and the two beside it; the
  // shared buffer read never overlaps the one written. Pointers advance (immediate
  // offsets in the unrolled body, no per-row multiply).
  template <int rs>
  HPCS_HD void update_rows(const Real* __restrict__ in, const Real* __restrict__ left, const Real* __restrict__ right,
                           Real* __restrict__ out, int n) const {
    Real up = m_.ld(in, 0), ce = m_.ld(in, rs);
    in += 2 * rs;
    left += rs;
    right += rs;
#ifdef __CUDA_ARCH__
#pragma unroll 4
#endif
    for (int i = 0; i < n; ++i) {
      const Real dn = m_.ld(in, 0);
      m_.st(out, 0, jacobi2d_update(ce, up, dn, m_.ld(left, 0), m_.ld(right, 0)));
      up = ce;
      ce = dn;
      in += rs;
      left += rs;
      right += rs;
      out += P;
    }
  }

  // The same for the hexagon's last row, which goes to global memory only (stride cols).
  template <int rs>
  HPCS_HD void update_rows_to_global(const Real* __restrict__ in, const Real* __restrict__ left,
                                     const Real* __restrict__ right, Real* __restrict__ g, int n) const {
    Real up = m_.ld(in, 0), ce = m_.ld(in, rs);
    in += 2 * rs;
    left += rs;
    right += rs;
    for (int i = 0; i < n; ++i) {
      const Real dn = m_.ld(in, 0);
      m_.gst(g, jacobi2d_update(ce, up, dn, m_.ld(left, 0), m_.ld(right, 0)));
      up = ce;
      ce = dn;
      in += rs;
      left += rs;
      right += rs;
      g += cols_;
    }
  }

  // Rows [i0, i1) of this thread's column of out (written by it this step) to g.
  HPCS_HD void write_back(const Real* out, Real* g, int i0, int i1) const {
#ifdef __CUDA_ARCH__
#pragma unroll 1
#endif
    for (int i = i0; i < i1; ++i) m_.gst(g + i * cols_, m_.ld(out, i * P));
  }

  const Hhc2dParams<Real>& p_;
  Mem& m_;
  int c_;
  int cols_ = 0;  // p_.cols (< 2^22 + 2)
  int base_odd_ = 0;
  int vlo_ = 0, vhi_ = 0;        // local rows of x = 1 and x = S (clamped to [-1, NR])
  bool edge_ = false;            // some row this block computes lies outside [1, S]
  std::int64_t origin_off_ = 0;  // origin * cols: local row 0's offset in a global buffer
};

}  // namespace hpcs::jacobi::blocks
