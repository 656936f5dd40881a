// SPDX-License-Identifier: BSD-3-Clause
// C = A B, output-stationary (the thesis' case 1): one team per x-by-y patch of C; k is
// streamed in chunks through scratch (each element of A's row band and B's column band
// read once per team), partial sums wait in scratch between chunks, C is written once.
// Traffic: gemm_counted(p, tile). Include from Kokkos sources only.
#pragma once
#include "matrixchain_tiles_kokkos.hpp"

namespace hpcs::matrixchain::kokkos {

template <class Real>
struct GemmKernel {
  const Real* A = nullptr;  // p0 x p1
  const Real* B = nullptr;  // p1 x p2
  Real* C = nullptr;        // p0 x p2
  std::int64_t p0 = 0, p1 = 0, p2 = 0;
  int x = 0, y = 0, kc = 0;
  std::int64_t work = 0;  // scratch elements of the chunk buffer
  int col_bands = 1;

  KOKKOS_INLINE_FUNCTION std::int64_t league() const { return (p0 + x - 1) / x * col_bands; }

  KOKKOS_INLINE_FUNCTION void operator()(const Team& team) const {
    // Neighbouring teams share a row band of A (the L2 serves it to the later ones).
    const int ib = team.league_rank() / col_bands, jb = team.league_rank() % col_bands;
    const std::int64_t row0 = std::int64_t(ib) * x, col0 = std::int64_t(jb) * y;
    const int rows = p0 - row0 < x ? int(p0 - row0) : x, cols = p2 - col0 < y ? int(p2 - col0) : y;
    Scratch<Real> acc(team.team_scratch(kScratchLevel), std::size_t(x) * y);
    Scratch<Real> buf(team.team_scratch(kScratchLevel), std::size_t(work));
    Real* const out = C;
    const std::int64_t ld = p2;
    band_product(team, A, p1, row0, rows, B, p2, col0, cols, p1, x, y, kc, acc.data(), buf.data(),
                 [&](int i, int j, Real v) {
                   if (i < rows && j < cols) out[(row0 + i) * ld + col0 + j] = v;
                 });
  }
};

}  // namespace hpcs::matrixchain::kokkos
