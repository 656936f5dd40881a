// SPDX-License-Identifier: BSD-3-Clause
#include "jacobi_types.hpp"

namespace hpcs::jacobi {

std::string to_string(Precision p) { return p == Precision::Float32 ? "float32" : "float64"; }

Tiles resolve_tiles(const Problem& p, const Tiles& r) {
  // Placeholders until the H200 sweep (docs/results/jacobi_h200.md) picks the defaults.
  Tiles t = r;
  if (p.dims == 1) {
    if (t.t_T == 0) t.t_T = 64;
    if (t.t_S1 == 0) t.t_S1 = 256;
    t.t_S2 = 1;
  } else {
    if (t.t_T == 0) t.t_T = 8;
    if (t.t_S1 == 0) t.t_S1 = 16;
    if (t.t_S2 == 0) t.t_S2 = 64;
  }
  return t;
}

std::optional<std::string> check_tiles(const Problem& p, const Tiles& t) {
  if (t.t_T < 2 || t.t_T % 2 != 0)
    return "t_T = " + std::to_string(t.t_T) + " must be even and at least 2 (hexagons have two halves)";
  if (t.t_S1 < 1) return "t_S1 = " + std::to_string(t.t_S1) + " must be at least 1";
  if (p.dims == 2 && t.t_S2 < 1) return "t_S2 = " + std::to_string(t.t_S2) + " must be at least 1";
  if (t.threads < 0) return "threads = " + std::to_string(t.threads) + " must not be negative";
  return std::nullopt;
}

}  // namespace hpcs::jacobi
