// SPDX-License-Identifier: BSD-3-Clause
// The team-level building blocks of every matrix-chain kernel (row-major matrices, team
// scratch as the fast memory):
//   stage          copies a block of a global matrix into scratch, zero beyond its edge;
//   micro_product  out = init + L * R over a scratch L and R, each thread kMicro x kMicro
//                  outputs in registers, threads striding over the patch;
//   band_product   an x-by-y patch of A B with k streamed through scratch in chunks.
// Every output element is one chain acc = init; acc += a_k b_k for k ascending (a chunk
// resumes from the value the last one stored), so its bits depend neither on the tile,
// the chunk widths nor the element's position: the same on every rank count.
// Include from Kokkos sources only.
#pragma once
#include "matrixchain_space_kokkos.hpp"

namespace hpcs::matrixchain::kokkos {

// Global reads and writes that other teams order with flags (fused pairs): volatile, so a
// GPU neither serves a stale line from its incoherent L1 nor keeps the value in a register.
template <class Real>
KOKKOS_INLINE_FUNCTION Real load_fresh(const Real* p) {
  return *static_cast<const volatile Real*>(p);
}
template <class Real>
KOKKOS_INLINE_FUNCTION void store_fresh(Real* p, Real v) {
  *static_cast<volatile Real*>(p) = v;
}

KOKKOS_INLINE_FUNCTION int round_up(int n, int m) { return (n + m - 1) / m * m; }

// dst[r][c] (leading dimension ld_dst) = src[row0 + r][col0 + c] for r < rows, c < cols,
// zero where r >= rows_valid or c >= cols_valid. Consecutive threads take consecutive
// columns: coalesced global reads.
template <class Real>
KOKKOS_INLINE_FUNCTION void stage(const Team& team, Real* dst, int ld_dst, int rows, int cols, const Real* src,
                                  std::int64_t ld_src, std::int64_t row0, std::int64_t col0, int rows_valid,
                                  int cols_valid) {
  Kokkos::parallel_for(Kokkos::TeamThreadRange(team, rows * cols), [&](const int idx) {
    const int r = idx / cols, c = idx % cols;
    dst[r * ld_dst + c] = r < rows_valid && c < cols_valid ? src[(row0 + r) * ld_src + col0 + c] : Real(0);
  });
}

// For each output (i, j) of a rows x cols patch (multiples of kMicro): acc = init(i, j),
// then acc += L[i][k] R[k][j] for k < depth, then store(i, j, acc). A thread owns rows
// ti + u (rows / kMicro) and columns tj + v (cols / kMicro): neighbouring threads read
// neighbouring R columns (no bank conflicts) and share L rows (broadcast).
template <class Real, class Init, class Store>
KOKKOS_INLINE_FUNCTION void micro_product(const Team& team, int rows, int cols, const Real* L, int ldl, const Real* R,
                                          int ldr, int depth, const Init& init, const Store& store) {
  const int gr = rows / kMicro, gc = cols / kMicro;
  Kokkos::parallel_for(Kokkos::TeamThreadRange(team, gr * gc), [&](const int t) {
    const int ti = t / gc, tj = t % gc;
    Real acc[kMicro][kMicro];
    for (int u = 0; u < kMicro; ++u)
      for (int v = 0; v < kMicro; ++v) acc[u][v] = init(ti + u * gr, tj + v * gc);
    for (int k = 0; k < depth; ++k) {
      Real a[kMicro], b[kMicro];
      for (int u = 0; u < kMicro; ++u) a[u] = L[(ti + u * gr) * ldl + k];
      for (int v = 0; v < kMicro; ++v) b[v] = R[k * ldr + tj + v * gc];
      for (int u = 0; u < kMicro; ++u)
        for (int v = 0; v < kMicro; ++v) acc[u][v] += a[u] * b[v];
    }
    for (int u = 0; u < kMicro; ++u)
      for (int v = 0; v < kMicro; ++v) store(ti + u * gr, tj + v * gc, acc[u][v]);
  });
}

// One team's x-by-y patch of A B: rows row0.. of A (lda columns, K of them used) times
// columns col0.. of B (ldb columns), rows_valid x cols_valid of it inside the matrices.
// Between chunks the partial sums wait in `acc` (x-by-y scratch); each chunk stages
// A's x-by-kc and B's kc-by-y block in `work` (kc (x + y) scratch elements), so every
// element of the two bands is read once per team. The last chunk hands its sums to
// done(i, j, value) instead. Returns after a barrier: `work` is free again.
template <class Real, class Done>
KOKKOS_INLINE_FUNCTION void band_product(const Team& team, const Real* A, std::int64_t lda, std::int64_t row0,
                                         int rows_valid, const Real* B, std::int64_t ldb, std::int64_t col0,
                                         int cols_valid, std::int64_t K, int x, int y, int kc, Real* acc, Real* work,
                                         const Done& done) {
  Real* As = work;           // x by kc
  Real* Bs = work + x * kc;  // kc by y
  for (std::int64_t k0 = 0; k0 < K; k0 += kc) {
    const int kn = K - k0 < kc ? int(K - k0) : kc;
    const bool first = k0 == 0, last = k0 + kn >= K;
    team.team_barrier();  // the last chunk is no longer read
    stage(team, As, kc, x, kn, A, lda, row0, k0, rows_valid, kn);
    stage(team, Bs, y, kn, y, B, ldb, k0, col0, kn, cols_valid);
    team.team_barrier();
    micro_product(
        team, x, y, As, kc, Bs, y, kn, [&](int i, int j) { return first ? Real(0) : acc[i * y + j]; },
        [&](int i, int j, Real v) {
          if (last) done(i, j, v);
          else acc[i * y + j] = v;
        });
  }
  team.team_barrier();
}

}  // namespace hpcs::matrixchain::kokkos
