// SPDX-License-Identifier: BSD-3-Clause
// The 3D time model (A.21-A.31) for HHC slabs. Symbols as in jacobi_model.cpp: w_tile =
// t_S1 + t_T - 2 (A.22, A.4), the hexagons and their wavefronts of HexTiling (A.21, A.23:
// N_w and w are 1D's), words of 4 bytes (float32). tests/jacobi/test_jacobi_codesign.cpp
// checks these against a literal implementation written in the test and the codesign's
// O(1) time against predict_slabs().
#include "jacobi_model3d.hpp"

#include <algorithm>
#include <cmath>
#include <string>

#include "hex_tiling.hpp"
#include "hpcs/base/ceil_div.hpp"
#include "hpcs/base/error.hpp"

namespace hpcs::jacobi {
namespace {

double columns(const SlabTile& t) { return static_cast<double>(t.t_S2) * t.t_S3; }

}  // namespace

std::int64_t slab_subslabs(std::int64_t n2, std::int64_t n3, const SlabTile& t) {
  // [ours] SkewedColumns::subprisms() along each inner dimension: the printed (S + t_T)/t_S
  // rounded to the sub-prisms the skewed cut really has.
  return SkewedColumns{t.t_S2, t.t_T, n2}.subprisms() * SkewedColumns{t.t_S3, t.t_T, n3}.subprisms();
}

double slab_words_in(const SlabTile& t) { return columns(t) * (t.t_S1 + 2.0 * t.t_T); }

double slab_words_out(const SlabTile& t) {
  // [ours] as A.8 / A.19 in jacobi_model.cpp: per (S2, S3) column the points some consumer
  // outside the hexagon needs, t_S1 + 2 t_T - 2 (one less with t_S1 = 1).
  return columns(t) * (t.t_S1 + 2.0 * t.t_T - 2.0 - (t.t_S1 == 1 ? 1.0 : 0.0));
}

double slab_tile_words(const SlabTile& t) {
  // [ours, reconstructed] A.20's 2D form 2 (t_S1 + t_T + 1)(t_S2 + t_T + 1) with the third
  // dimension's factor: two time planes of the skewed footprint plus a halo of one.
  return 2.0 * (t.t_S1 + t.t_T + 1.0) * (t.t_S2 + t.t_T + 1.0) * (t.t_S3 + t.t_T + 1.0);
}

double slab_volume(const SlabTile& t) {
  const double w_tile = t.t_S1 + t.t_T - 2.0;
  return columns(t) * t.t_T * (w_tile + t.t_S1) / 2.0;
}

double slab_transfer_time(const SlabTile& t, const SlabMachine& m) {
  return (slab_words_in(t) + slab_words_out(t)) * m.l_word + 2.0 * m.t_sync;
}

double slab_compute_time(const SlabTile& t, const SlabMachine& m) {
  // Each row width x occurs twice (lower and upper half of the hexagon), each row of the
  // sub-slab is x t_S2 t_S3 iterations over n_V vector units and ends with a barrier.
  const std::int64_t cols = static_cast<std::int64_t>(t.t_S2) * t.t_S3;
  double rows = 0;
  for (std::int64_t x = t.t_S1; x <= t.t_S1 + t.t_T - 2; x += 2) rows += static_cast<double>(ceil_div(x * cols, m.n_v));
  return 2.0 * m.c_iter * rows + static_cast<double>(t.t_T) * m.t_sync;
}

double slab_time(double transfer, double compute, std::int64_t subslabs, int k) {
  const double n = static_cast<double>(subslabs);
  return k == 1 ? (transfer + compute) * n : transfer + k * std::max(transfer, compute) * n;
}

int slab_resident(const SlabTile& t, const SlabMachine& m) {
  const double by_shared = std::floor(m.m_sm_bytes / (4.0 * slab_tile_words(t)));
  return static_cast<int>(std::max(1.0, std::min(by_shared, static_cast<double>(m.mtb_sm))));
}

SlabSplit slab_split_of(std::int64_t n2, std::int64_t n3, const SlabTile& t) {
  // The kernels' SlabGroups, restated here so the model needs no tile header.
  const std::int64_t rows2 = std::max<std::int64_t>(1, SkewedColumns{t.t_S2, t.t_T, n2}.subprisms());
  const std::int64_t rows3 = SkewedColumns{t.t_S3, t.t_T, n3}.subprisms();
  const std::int64_t n = std::clamp<std::int64_t>(t.slab_split, 1, rows2);
  SlabSplit s;
  s.rows = ceil_div(rows2, n);
  s.groups = ceil_div(rows2, s.rows);
  s.serial = s.rows * rows3;
  s.fill = (s.groups - 1) * s.rows;
  return s;
}

SlabPrediction predict_slabs(std::int64_t n1, std::int64_t n2, std::int64_t n3, std::int64_t steps, const SlabTile& t,
                             const SlabMachine& m, int k_in) {
  if (t.t_T < 2 || t.t_T % 2 != 0 || t.t_S1 < 1 || t.t_S2 < 1 || t.t_S3 < 1)
    throw Error("model 3D: tiles " + std::to_string(t.t_T) + "/" + std::to_string(t.t_S1) + "/" +
                std::to_string(t.t_S2) + "/" + std::to_string(t.t_S3) +
                ": t_T must be even and at least 2, the space sizes at least 1");
  if (n1 < 1 || n2 < 1 || n3 < 1 || steps < 0 || m.n_sm <= 0 || m.n_v <= 0 || m.mtb_sm <= 0)
    throw Error("model 3D: empty grid, negative steps or a machine without SMs, vector units or blocks");
  SlabPrediction r;
  const HexTiling hex{t.t_T, t.t_S1, n1, steps};
  r.subslabs = slab_subslabs(n2, n3, t);
  r.tile_words = slab_tile_words(t);
  r.v_tile = slab_volume(t);
  r.k = k_in > 0 ? k_in : slab_resident(t, m);
  r.t_transfer = slab_transfer_time(t, m);
  r.t_compute = slab_compute_time(t, m);
  r.split = slab_split_of(n2, n3, t);
  r.t_slab = slab_time(r.t_transfer, r.t_compute, r.split.serial, r.k);
  const double t_printed = slab_time(r.t_transfer, r.t_compute, r.subslabs, r.k);  // unsplit A.29/A.30
  for (std::int64_t i = 0; i < hex.wavefronts(); ++i) {
    const std::int64_t w = hex.tiles(i);
    if (w == 0) continue;  // no hexagon, no launch
    ++r.wavefronts;
    r.tiles_per_wavefront = std::max(r.tiles_per_wavefront, w);
    const std::int64_t blocks = w * r.split.groups;  // [ours] a block per (hexagon, group)
    r.blocks_per_wavefront = std::max(r.blocks_per_wavefront, blocks);
    // A.31 per wavefront; [ours] an SM holds at most the blocks the launch gives it, and a
    // split slab takes at least its pipeline's critical path (SlabSplit; for N = 1 the
    // work is never below it, so the unsplit time stays bit for bit).
    const int k_i = static_cast<int>(std::min<std::int64_t>(r.k, ceil_div(blocks, m.n_sm)));
    const double work = static_cast<double>(ceil_div(blocks, static_cast<std::int64_t>(k_i) * m.n_sm)) *
                        slab_time(r.t_transfer, r.t_compute, r.split.serial, k_i);
    r.time += std::max(work, slab_time(r.t_transfer, r.t_compute, r.split.serial + r.split.fill, 1)) + m.t_launch;
    r.time_as_printed +=
        static_cast<double>(ceil_div(w, static_cast<std::int64_t>(r.k) * m.n_sm)) * t_printed + m.t_launch;
  }
  return r;
}

}  // namespace hpcs::jacobi
