// SPDX-License-Identifier: BSD-3-Clause
#include "jacobi_problem.hpp"

#include "hpcs/base/error.hpp"

namespace hpcs::jacobi {

std::string to_string(Precision p) { return p == Precision::Float32 ? "float32" : "float64"; }

namespace {
constexpr const char* kStencilNames[] = {"jacobi", "heat", "laplacian", "gradient"};
}

std::string to_string(Stencil s) { return kStencilNames[static_cast<int>(s)]; }

Stencil stencil_by_name(const std::string& name) {
  for (int i = 0; i < 4; ++i)
    if (name == kStencilNames[i]) return static_cast<Stencil>(i);
  throw Error("--stencil " + name + ": expected jacobi, heat, laplacian or gradient");
}

std::optional<std::string> stencil_rejects(Stencil s, int dims, const std::string& source) {
  if (dims == 1 && s != Stencil::Jacobi)
    return "--stencil " + to_string(s) + ": a 2D stencil, but " + source + " is a 1D line (1D has jacobi only)";
  if (dims == 3 && s == Stencil::Gradient)
    return "--stencil gradient: a 2D-only stencil, but " + source + " is a 3D grid (3D has jacobi, heat and laplacian)";
  return std::nullopt;
}

Tuning resolve_tiles(const Problem& p, const Tuning& r, Precision prec) {
  // From the cuda/tiled sweeps on an H200 (float32, 2^24 points / 8192^2, 1024 steps; see
  // the README of the CUDA variants). 1D: t_T = 128, t_S1 = 2048 ran at 1.16e12 cell/s
  // (larger t_S1 at most 5% faster); t_S1 = 1792 keeps two float64 rows of the widest
  // hexagon row (t_S1 + t_T) within the 32 KB of team scratch Kokkos::Serial gives.
  // 2D: t_T = 16, t_S1 = 9, t_S2 = 384 (384 threads) is the fastest HHC tile of the
  // fixed-shape fast kernel (975 Gcell/s on an H100 vs 858 at t_S2 = 256; pitch 32 gives 257
  // prisms per wavefront, two blocks of 12 warps per SM). float64 keeps t_S2 = 256: at 384
  // wavefront 0 needs 251 KB of shared memory, beyond the 227 KB of an H100/H200. These
  // need ~100-200 KB, more than Kokkos gives a team on a GPU, so grids too small to fill
  // the GPU with such prisms keep small tiles.
  // 3D (the slabs of kokkos/tiled, not yet swept on a GPU): small hexagons and sub-slabs of
  // 4 x 32 columns, the threads along the contiguous S3 (C.14's multiple of 32); two
  // float64 time planes of the widest row, 2 (t_S1 + t_T - 2) t_S2 t_S3 values, take 12 KB.
  Tuning t = r;
  if (p.dims == 3) {
    if (t.t_T == 0) t.t_T = 4;
    if (t.t_S1 == 0) t.t_S1 = 4;
    if (t.t_S2 == 0) t.t_S2 = 4;
    if (t.t_S3 == 0) t.t_S3 = 32;
  } else if (p.dims == 1) {
    if (t.t_T == 0) t.t_T = 128;
    if (t.t_S1 == 0) t.t_S1 = 1792;
    t.t_S2 = 1;
  } else if (p.n1 >= 2048 && p.n2 >= 2048) {
    if (t.t_T == 0) t.t_T = 16;
    if (t.t_S1 == 0) t.t_S1 = 9;
    if (t.t_S2 == 0) t.t_S2 = prec == Precision::Float64 ? 256 : 384;
  } else {
    if (t.t_T == 0) t.t_T = 8;
    if (t.t_S1 == 0) t.t_S1 = 16;
    if (t.t_S2 == 0) t.t_S2 = 64;
  }
  return t;
}

std::optional<std::string> check_tiles(const Problem& p, const Tuning& t) {
  if (t.t_T < 2 || t.t_T % 2 != 0)
    return "t_T = " + std::to_string(t.t_T) + " must be even and at least 2 (hexagons have two halves)";
  if (t.t_S1 < 1) return "t_S1 = " + std::to_string(t.t_S1) + " must be at least 1";
  if (p.dims >= 2 && t.t_S2 < 1) return "t_S2 = " + std::to_string(t.t_S2) + " must be at least 1";
  if (p.dims == 3 && t.t_S3 < 1)
    return "t_S3 = " + std::to_string(t.t_S3) + " must be at least 1 (--tile-s3: the sub-slab length along S3)";
  if (t.threads < 0) return "threads = " + std::to_string(t.threads) + " must not be negative";
  if (t.slab_split < 1)
    return "slab_split = " + std::to_string(t.slab_split) +
           " must be at least 1 (--slab-split: groups of S2 sub-slabs)";
  if (p.dims != 3 && t.slab_split != 1)
    return "slab_split = " + std::to_string(t.slab_split) + ": for 3D grids (--dims 3)";
  return std::nullopt;
}

}  // namespace hpcs::jacobi
