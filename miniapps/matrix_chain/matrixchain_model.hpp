// SPDX-License-Identifier: BSD-3-Clause
// The thesis' data-movement model of one product and of two fused products (App. D,
// digest 6.1-6.2), in elements moved between slow (global) and fast memory of capacity M:
// closed forms at any tile, the optimal tiles (clamped to the dimensions, so small
// dimensions never make a cost negative), and the traffic a tiled kernel really moves
// (ceilings), which equals the closed form when the tiles divide the dimensions.
//
// Four-dimension notation of a fused pair: X (p0 x p1), Y (p1 x p2), Z (p2 x p3).
//   left fuse   R = (X Y) Z: T = X Y (p0 x p2) stays on chip in x (along p0) by y (along p2)
//               patches; Z is streamed; R (p0 x p3) is read, updated and written per patch.
//   right fuse  R = X (Y Z): T = Y Z (p1 x p3) stays on chip in x (along p1) by y (along p3)
//               patches; X is streamed; R is read, updated and written per patch.
// A product C = A B (p0 x p1 times p1 x p2) keeps an x (along p0) by y (along p2) patch of
// C on chip (output-stationary, the thesis' case 1).
#pragma once
#include <array>
#include <cstdint>

#include "matrixchain_problem.hpp"

namespace hpcs::matrixchain {

struct RealTile {
  double x = 0, y = 0;
};

struct Tile {
  std::int64_t x = 0, y = 0;
};

// Elements moved by one product or fused pair (its output write included).
struct Traffic {
  double reads = 0, writes = 0;
  double total() const { return reads + writes; }
};

using Dims3 = std::array<double, 3>;  // p0, p1, p2 of a product
using Dims4 = std::array<double, 4>;  // p0, p1, p2, p3 of a fused pair

// (D.2) p0 p1 p2 (x + y) / (xy) + p0 p2.
double gemm_closed(const Dims3& p, double x, double y);
// (D.7) p0 p1 p2 (1 + a)(1/x + a'/y) - p0 p3, a = p3 / p1, a' = (1 + 2a) / (1 + a).
double left_closed(const Dims4& p, double x, double y);
// (D.11, D.13) p1 p2 p3 (1 + b)(b'/x + 1/y) - p0 p3, b' = (1 + 2b) / (1 + b); b = p0 / p2
// (derived: this is the fused loop nest's traffic) or p0 / p1 (the thesis' printed beta).
double right_closed(const Dims4& p, double x, double y, BetaConvention beta);
double right_beta(const Dims4& p, BetaConvention beta);

// Optimal tiles for capacity M: sqrt(M) x sqrt(M); left x = sqrt(M / a'), y = sqrt(M a');
// right x = sqrt(M b'), y = sqrt(M / b'). A side longer than its dimension is cut to it
// and the other side grows into the capacity left (never past its own dimension).
RealTile gemm_tile(const Dims3& p, double M);
RealTile left_tile(const Dims4& p, double M);
RealTile right_tile(const Dims4& p, double M, BetaConvention beta);

// Integer tiles a kernel runs: each side a multiple of `granule` (down from the optimum,
// or up to cover a dimension the optimum reaches), x * y <= M. Throws hpcs::Error when M
// holds no granule x granule tile.
Tile executed_tile(const RealTile& t, double dim_x, double dim_y, double M, std::int64_t granule);

// What the tiled kernels move (ceilings of partial tiles; the first read of a zero output
// is skipped): equal to the closed forms when x and y divide the tiled dimensions.
// `groups`: the fused kernels' chunk groups (cuda/fused, kokkos/fused; fused_chunk_groups
// in matrixchain_chunk_groups.hpp): each T patch is computed by `groups` blocks (teams),
// each streaming its own share of the chunks, so the X rows and Y
// columns that make T are read `groups` times; Z (left) or X (right) and R move as with
// one group. groups = 1 is the thesis' loop nest (the closed forms).
Traffic gemm_counted(const Dims3& p, const Tile& t);
Traffic left_counted(const Dims4& p, const Tile& t, std::int64_t groups = 1);
Traffic right_counted(const Dims4& p, const Tile& t, std::int64_t groups = 1);

}  // namespace hpcs::matrixchain
