// SPDX-License-Identifier: BSD-3-Clause
#include "matrixchain_model.hpp"

#include <algorithm>
#include <cmath>
#include <string>

#include "hpcs/base/error.hpp"

namespace hpcs::matrixchain {

namespace {
double primed(double r) { return (1 + 2 * r) / (1 + r); }

// The optimum (x, y) with x * y = M cut to the dimensions: the cut side gives its unused
// share of the capacity to the other side.
RealTile clamp_tile(double x, double y, double dim_x, double dim_y, double M) {
  if (x > dim_x) {
    x = dim_x;
    y = std::min(M / x, dim_y);
  } else if (y > dim_y) {
    y = dim_y;
    x = std::min(M / y, dim_x);
  }
  return {x, y};
}

double ceil_div(double a, double b) { return std::ceil(a / b); }
}  // namespace

double gemm_closed(const Dims3& p, double x, double y) { return p[0] * p[1] * p[2] * (x + y) / (x * y) + p[0] * p[2]; }

double left_closed(const Dims4& p, double x, double y) {
  const double a = p[3] / p[1];
  return p[0] * p[1] * p[2] * (1 + a) * (1 / x + primed(a) / y) - p[0] * p[3];
}

double right_beta(const Dims4& p, BetaConvention beta) {
  return beta == BetaConvention::Derived ? p[0] / p[2] : p[0] / p[1];
}

double right_closed(const Dims4& p, double x, double y, BetaConvention beta) {
  const double b = right_beta(p, beta);
  return p[1] * p[2] * p[3] * (1 + b) * (primed(b) / x + 1 / y) - p[0] * p[3];
}

RealTile gemm_tile(const Dims3& p, double M) {
  const double s = std::sqrt(M);
  return clamp_tile(s, s, p[0], p[2], M);
}

RealTile left_tile(const Dims4& p, double M) {
  const double a1 = primed(p[3] / p[1]);
  return clamp_tile(std::sqrt(M / a1), std::sqrt(M * a1), p[0], p[2], M);
}

RealTile right_tile(const Dims4& p, double M, BetaConvention beta) {
  const double b1 = primed(right_beta(p, beta));
  return clamp_tile(std::sqrt(M * b1), std::sqrt(M / b1), p[1], p[3], M);
}

Tile executed_tile(const RealTile& t, double dim_x, double dim_y, double M, std::int64_t granule) {
  const auto g = static_cast<double>(granule);
  if (g * g > M)
    throw Error("fast memory M = " + std::to_string(static_cast<long long>(M)) + " holds no " +
                std::to_string(granule) + " x " + std::to_string(granule) + " tile");
  // A side that reaches its dimension covers it (rounded up); otherwise round down.
  const auto side = [g](double v, double dim) {
    if (v >= dim) return std::ceil(dim / g) * g;
    return std::max(g, std::floor(v / g) * g);
  };
  double x = side(t.x, dim_x), y = side(t.y, dim_y);
  if (x * y > M) {  // rounding a side up to its dimension took capacity from the other
    if (x >= y) x = std::max(g, std::floor(M / y / g) * g);
    else y = std::max(g, std::floor(M / x / g) * g);
  }
  return {static_cast<std::int64_t>(x), static_cast<std::int64_t>(y)};
}

Traffic gemm_counted(const Dims3& p, const Tile& t) {
  const double x = static_cast<double>(t.x), y = static_cast<double>(t.y);
  // each x-row band of A is read once per column band of C, each column band of B once per row band
  return {p[0] * p[1] * ceil_div(p[2], y) + p[1] * p[2] * ceil_div(p[0], x), p[0] * p[2]};
}

Traffic left_counted(const Dims4& p, const Tile& t, std::int64_t groups) {
  const double x = static_cast<double>(t.x), y = static_cast<double>(t.y);
  const double row_bands = ceil_div(p[0], x), col_bands = ceil_div(p[2], y);
  const double g = static_cast<double>(std::max<std::int64_t>(1, groups));
  Traffic r;
  r.reads = g * (p[0] * p[1] * col_bands + p[1] * p[2] * row_bands)  // T = X Y patch by patch, per chunk group
            + row_bands * p[2] * p[3]         // Z: each patch its y rows (split among its groups)
            + (col_bands - 1) * p[0] * p[3];  // R read back by every later patch
  r.writes = col_bands * p[0] * p[3];         // R written by every patch
  return r;
}

Traffic right_counted(const Dims4& p, const Tile& t, std::int64_t groups) {
  // T = Y Z patch by patch, R += X T: the left fusion of the transposed chain R^T = Z^T Y^T X^T
  // (dims reversed, the patch's x and y swapped) moves the same elements.
  return left_counted(Dims4{p[3], p[2], p[1], p[0]}, Tile{t.y, t.x}, groups);
}

}  // namespace hpcs::matrixchain
