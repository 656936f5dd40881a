// SPDX-License-Identifier: BSD-3-Clause
// The register-blocked GEMM body of one team (why: matrixchain_gemm_kokkos.hpp). No Kokkos
// types: a Team has rank(), size() and barrier(), so the same code runs in a Kokkos team and
// on host threads meeting at a real barrier (tests/matrix_chain/test_matrixchain_gemm_team.cpp),
// where a missing barrier or a wrong index shows up on a CPU-only machine (Kokkos Serial runs
// teams of one thread).
//
// A team computes an x-by-y patch of C = A B (row-major) over one k slice, each thread RM x RN
// sums in registers for the whole slice. k is staged in chunks of kRegChunk through two
// scratch buffers (one barrier a chunk): A's chunk transposed (kRegChunk rows of x + kRegPad),
// B's as it is. A compile-time TM x TN patch (the fast kernels, 8 x 8 sums a thread) reads
// its operands four at a time and holds its share of the next chunk in registers while it
// multiplies the current one; a runtime tile stages it directly, and its threads beyond the
// micro-tiles only stage (GPU teams are at least a warp).
// Every output is one chain acc = 0; acc += a_k b_k for k ascending over its slice, as in
// band_product (matrixchain_tiles_kokkos.hpp): unsplit, the two give the same bits. Split
// (splits > 1), slice s writes its partial patch to partial + s p0 p2 and sum_of_slices adds
// the slices in slice order: deterministic, and the same on any rank count as long as the
// split comes from the global dims (gemm_k_split).
#pragma once
#include <cstddef>
#include <cstdint>

#include "hpcs/base/ceil_div.hpp"
#include "hpcs/base/hd.hpp"

namespace hpcs::matrixchain::kokkos {

constexpr int kRegChunk = 8;  // k per staged chunk
constexpr int kRegPad = 4;    // x + 4 per transposed A row: the staging writes hit 32 banks

// C (p0 x p2) = A (p0 x p1) B (p1 x p2) by x-by-y patches and `splits` k slices of `slice`
// (the last shorter; all of p1 when splits == 1). Local dims: a rank's rows of A.
template <class Real>
struct RegisterGemm {
  const Real* A = nullptr;
  const Real* B = nullptr;
  Real* C = nullptr;
  Real* partial = nullptr;  // splits x p0 x p2 when splits > 1
  std::int64_t p0 = 0, p1 = 0, p2 = 0;
  int x = 0, y = 0;
  int splits = 1;
  std::int64_t slice = 0;

  HPCS_HD std::int64_t row_bands() const { return (p0 + x - 1) / x; }
  HPCS_HD std::int64_t col_bands() const { return (p2 + y - 1) / y; }
  HPCS_HD std::int64_t league() const { return row_bands() * col_bands() * splits; }
};

// Scratch elements of a team: two chunks of A (transposed) and of B.
HPCS_HD inline std::size_t register_gemm_values(int x, int y) {
  return 2 * std::size_t(kRegChunk) * std::size_t(x + kRegPad + y);
}

// Four consecutive scratch elements, read at once: a compile-time float32 patch's scratch holds
// these (and is only accessed through them), so a thread reads its 8 + 8 operands of a k in four
// 16-byte loads instead of sixteen (4096^2 products 3% faster on an H200). float64's 32-byte
// Quads ran the thesis chain 23% slower there than the strided scalar reads it keeps.
template <class Real>
struct alignas(4 * sizeof(Real)) Quad {
  Real v[4];
};
template <class Real, int TM>
constexpr bool kQuadScratch = TM > 0 && sizeof(Real) == 4;

// Team `league_rank` of g.league() (slice-major, then row band, then column band: teams
// running together share A's row band); `scratch` holds register_gemm_values(x, y) elements,
// as Quad<Real> where kQuadScratch. TM, TN > 0: the patch is TM x TN, the team has TM TN / 64
// threads of 8 x 8 sums; thread (ti, tj) = (t / (TN / 8), t % (TN / 8)) keeps rows 4 ti + [0, 4)
// and TM / 2 + 4 ti + [0, 4), columns likewise, with Quads, else rows ti + u TM / 8 and columns
// tj + v TN / 8 (neighbouring threads read neighbouring B columns and share A rows).
template <int RM, int RN, int TM, int TN, class Real, class Team>
HPCS_HD void register_gemm_team(const RegisterGemm<Real>& g, std::int64_t league_rank, Real* scratch,
                                const Team& team) {
  constexpr int KC = kRegChunk;
  constexpr bool kFixed = TM > 0 && TN > 0;
  constexpr int kThreads = kFixed ? TM / RM * (TN / RN) : 1;
  static_assert(!kFixed || (RM == 8 && RN == 8 && kThreads % KC == 0 && kThreads % (TN > 0 ? TN : 1) == 0),
                "the fixed-patch mapping below needs these");
  const int x = kFixed ? TM : g.x, y = kFixed ? TN : g.y;
  const int lda = x + kRegPad;
  const std::int64_t patches = g.row_bands() * g.col_bands(), cb = g.col_bands();
  const std::int64_t s = league_rank / patches, patch = league_rank % patches;
  const std::int64_t row0 = patch / cb * x, col0 = patch % cb * y, k_begin = s * g.slice;
  const int rows = g.p0 - row0 < x ? int(g.p0 - row0) : x, cols = g.p2 - col0 < y ? int(g.p2 - col0) : y;
  const int k_len = int(g.p1 - k_begin < g.slice ? g.p1 - k_begin : g.slice);
  const int chunks = (k_len + KC - 1) / KC;
  const Real* const A = g.A + row0 * g.p1 + k_begin;  // the row band from the slice's first k
  const Real* const B = g.B + k_begin * g.p2 + col0;  // the column band likewise
  const int t = team.rank();
  const auto depth = [&](int c) { return k_len - c * KC < KC ? k_len - c * KC : KC; };
  Real acc[RM][RN];
  HPCS_UNROLL
  for (int u = 0; u < RM; ++u) {
    HPCS_UNROLL
    for (int v = 0; v < RN; ++v) acc[u][v] = Real(0);
  }
  const auto fma_k = [&](const Real(&a)[RM], const Real(&b)[RN]) {
    HPCS_UNROLL
    for (int u = 0; u < RM; ++u) {
      HPCS_UNROLL
      for (int v = 0; v < RN; ++v) acc[u][v] += a[u] * b[v];
    }
  };
  // This thread's micro-tile (row_of, col_of below); computes false: it keeps none.
  int ti = 0, tj = 0, gr = 1, gc = 1;
  bool computes = true;
  // One k of a chunk staged in buffer `buf`, read a value at a time: this thread's RM rows of
  // A's transposed chunk (As, rows lda apart) and RN columns of B's (Bs, rows ldb apart).
  const auto scalar_k_row = [&](const Real* As, const Real* Bs, int ldb, int buf, int k) {
    const Real* const as = As + (buf * KC + k) * lda + ti;
    const Real* const bs = Bs + (buf * KC + k) * ldb + tj;
    Real a[RM], b[RN];
    HPCS_UNROLL
    for (int u = 0; u < RM; ++u) a[u] = as[u * gr];
    HPCS_UNROLL
    for (int v = 0; v < RN; ++v) b[v] = bs[v * gc];
    fma_k(a, b);
  };

  constexpr bool kQuads = kQuadScratch<Real, TM>;
  if constexpr (kFixed) {
    using Q = Quad<Real>;
    constexpr int lda4 = (TM + kRegPad) / 4, ldb4 = TN / 4;
    Real* const As = scratch;                 // [2][KC][lda]: A's chunk transposed
    Real* const Bs = scratch + 2 * KC * lda;  // [2][KC][TN]
    Q* const As4 = reinterpret_cast<Q*>(As);  // the same as Quads (kQuads only)
    Q* const Bs4 = As4 + 2 * KC * lda4;
    gr = TM / 8, gc = TN / 8;
    ti = t / gc, tj = t % gc;
    // Thread t stages A's rows ar + q kThreads / KC at k ak and B's k rows bk + q kThreads / TN
    // at column bj of every chunk: held in registers across the multiply of the chunk before.
    constexpr int QA = TM * KC / kThreads, QB = KC * TN / kThreads;
    constexpr int kRowStep = kThreads / KC, kKStep = kThreads / TN;
    const int ar = t / KC, ak = t % KC, bk = t / TN, bj = t % TN;
    Real va[QA], vb[QB];
    // fetch(c) for c = 0, 1, ... in turn: the addresses advance a chunk at a time (no 64-bit
    // multiply per load, as cuda/*'s fast kernel), and a row of A (bit q of a_rows), a column
    // of B or a k past the slice is never read.
    const Real* a_next = A + std::int64_t(ar) * g.p1 + ak;
    const Real* b_next = B + std::int64_t(bk) * g.p2 + bj;
    const std::int64_t a_step = std::int64_t(kRowStep) * g.p1, b_step = std::int64_t(kKStep) * g.p2;
    const std::int64_t b_chunk = std::int64_t(KC) * g.p2;
    unsigned a_rows = 0;
    HPCS_UNROLL
    for (int q = 0; q < QA; ++q)
      if (ar + q * kRowStep < rows) a_rows |= 1u << q;
    const bool b_col = bj < cols;
    const auto fetch = [&](int c) {
      const int k0 = c * KC;
      HPCS_UNROLL
      for (int q = 0; q < QA; ++q) va[q] = (a_rows >> q & 1u) && k0 + ak < k_len ? a_next[q * a_step] : Real(0);
      HPCS_UNROLL
      for (int q = 0; q < QB; ++q) vb[q] = b_col && k0 + bk + q * kKStep < k_len ? b_next[q * b_step] : Real(0);
      a_next += KC;
      b_next += b_chunk;
    };
    const auto put = [&](int buf) {
      HPCS_UNROLL
      for (int q = 0; q < QA; ++q) {
        const int r = ar + q * kRowStep;
        if constexpr (kQuads) As4[(buf * KC + ak) * lda4 + r / 4].v[r % 4] = va[q];
        else As[(buf * KC + ak) * lda + r] = va[q];
      }
      HPCS_UNROLL
      for (int q = 0; q < QB; ++q) {
        const int k = buf * KC + bk + q * kKStep;
        if constexpr (kQuads) Bs4[k * ldb4 + bj / 4].v[bj % 4] = vb[q];
        else Bs[k * TN + bj] = vb[q];
      }
    };
    // This thread's 8 + 8 operands of k in buffer buf, four at a time (kQuads).
    const auto fragment = [&](Real(&a)[RM], Real(&b)[RN], int buf, int k) {
      const Q* const as = As4 + (buf * KC + k) * lda4 + ti;
      const Q* const bs = Bs4 + (buf * KC + k) * ldb4 + tj;
      const Q a0 = as[0], a1 = as[TM / 8], b0 = bs[0], b1 = bs[TN / 8];
      HPCS_UNROLL
      for (int e = 0; e < 4; ++e) a[e] = a0.v[e], a[4 + e] = a1.v[e], b[e] = b0.v[e], b[4 + e] = b1.v[e];
    };
    const auto k_row = [&](int buf, int k) {
      if constexpr (kQuads) {
        Real a[RM], b[RN];
        fragment(a, b, buf, k);
        fma_k(a, b);
      } else {
        scalar_k_row(As, Bs, TN, buf, k);
      }
    };
    // A whole chunk; with Quads the next k's operands are read while this k's 64 multiply-adds
    // run (as cuda/*'s fast kernel).
    const auto full_chunk = [&](int buf) {
      if constexpr (kQuads) {
        Real a[2][RM], b[2][RN];
        fragment(a[0], b[0], buf, 0);
        HPCS_UNROLL
        for (int k = 0; k < KC; ++k) {
          if (k + 1 < KC) fragment(a[(k + 1) & 1], b[(k + 1) & 1], buf, k + 1);
          fma_k(a[k & 1], b[k & 1]);
        }
      } else {
        HPCS_UNROLL
        for (int k = 0; k < KC; ++k) k_row(buf, k);
      }
    };
    fetch(0);
    put(0);
    team.barrier();
    for (int c = 0; c < chunks; ++c) {
      const bool more = c + 1 < chunks;
      if (more) fetch(c + 1);
      const int kn = depth(c);
      if (kn == KC) {
        full_chunk(c & 1);
      } else {
        for (int k = 0; k < kn; ++k) k_row(c & 1, k);  // the slice's last chunk: no padded terms
      }
      if (more) put((c + 1) & 1);  // its buffer was last read before the barrier below the chunk before
      team.barrier();
    }
  } else {
    // Runtime tile: thread t < gr gc keeps rows ti + u gr and columns tj + v gc (neighbouring
    // threads read neighbouring B columns and share A rows); the others only stage.
    gr = x / RM, gc = y / RN;
    ti = t / gc, tj = t % gc;
    computes = t < gr * gc;
    const int nt = team.size();
    Real* const As = scratch;                 // [2][KC][lda]: A's chunk transposed
    Real* const Bs = scratch + 2 * KC * lda;  // [2][KC][y]
    const auto stage = [&](int c, int buf) {
      const int kn = depth(c);
      Real* const as = As + buf * KC * lda;
      for (int e = t; e < x * KC; e += nt) {
        const int r = e / KC, k = e % KC;
        as[k * lda + r] = r < rows && k < kn ? A[r * g.p1 + c * KC + k] : Real(0);
      }
      Real* const bs = Bs + buf * KC * y;
      for (int e = t; e < KC * y; e += nt) {
        const int k = e / y, j = e % y;
        bs[k * y + j] = k < kn && j < cols ? B[(c * KC + k) * g.p2 + j] : Real(0);
      }
    };
    const auto k_row = [&](int buf, int k) { scalar_k_row(As, Bs, y, buf, k); };
    stage(0, 0);
    team.barrier();
    for (int c = 0; c < chunks; ++c) {
      if (c + 1 < chunks) stage(c + 1, (c + 1) & 1);
      if (computes) {
        const int kn = depth(c);
        if (kn == KC) {
          HPCS_UNROLL
          for (int k = 0; k < KC; ++k) k_row(c & 1, k);
        } else {
          for (int k = 0; k < kn; ++k) k_row(c & 1, k);
        }
      }
      team.barrier();
    }
  }

  if (!computes) return;
  const auto row_of = [&](int u) { return kQuads ? (u < 4 ? 4 * ti + u : TM / 2 + 4 * ti + u - 4) : ti + u * gr; };
  const auto col_of = [&](int v) { return kQuads ? (v < 4 ? 4 * tj + v : TN / 2 + 4 * tj + v - 4) : tj + v * gc; };
  Real* const out = (g.splits > 1 ? g.partial + s * g.p0 * g.p2 : g.C) + row0 * g.p2 + col0;
  HPCS_UNROLL
  for (int u = 0; u < RM; ++u) {
    const int i = row_of(u);
    if (i >= rows) continue;
    HPCS_UNROLL
    for (int v = 0; v < RN; ++v) {
      const int j = col_of(v);
      if (j < cols) out[i * g.p2 + j] = acc[u][v];
    }
  }
}

// Split-K (host rule, as cuda/*'s gemm_k_split): when a product's x-by-y patches leave some
// of the `slots` teams the device runs at once idle, k is cut into slices of at least
// kMinSlice (multiples of the chunk) for slots / patches teams a patch. Give the step's global
// dims: the split, and so every sum's order, is then the same on any rank count.
constexpr std::int64_t kMinSlice = 32;
struct KSplit {
  int splits = 1;
  std::int64_t slice = 0;  // k per slice (all of p1 without a split)
};
inline KSplit gemm_k_split(std::int64_t p0, std::int64_t p1, std::int64_t p2, int x, int y, std::int64_t slots) {
  const std::int64_t patches = ceil_div(p0, x > 1 ? x : 1) * ceil_div(p2, y > 1 ? y : 1);
  const std::int64_t most = p1 / kMinSlice > 1 ? p1 / kMinSlice : 1;
  std::int64_t want = patches > 0 ? slots / patches : 1;
  want = want < 1 ? 1 : want > most ? most : want;
  KSplit k;
  k.slice = ceil_div(ceil_div(p1, want), kRegChunk) * kRegChunk;
  k.splits = static_cast<int>(ceil_div(p1, k.slice));
  if (k.splits <= 1) k.splits = 1, k.slice = p1;
  return k;
}

// Element i of C from the partial products of `splits` slices (n elements each), in slice order.
// (Four slices' loads at a time, then their adds in order: a GPU thread keeps four loads in
// flight instead of one.)
template <class Real>
HPCS_HD Real sum_of_slices(const Real* partial, std::int64_t n, int splits, std::int64_t i) {
  Real sum = partial[i];
  int s = 1;
  for (; s + 4 <= splits; s += 4) {
    const Real a = partial[s * n + i], b = partial[(s + 1) * n + i], c = partial[(s + 2) * n + i],
               d = partial[(s + 3) * n + i];
    sum = (((sum + a) + b) + c) + d;
  }
  for (; s < splits; ++s) sum += partial[s * n + i];
  return sum;
}

}  // namespace hpcs::matrixchain::kokkos

#undef HPCS_UNROLL
