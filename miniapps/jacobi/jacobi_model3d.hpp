// SPDX-License-Identifier: BSD-3-Clause
// The thesis' execution-time model of 3D stencils under HHC "slabs" (Appendix A, A.21-A.31;
// digest section 3.4): hexagons over (t, S1) as in 1D and 2D, each a slab along S2 and S3
// cut by classic (time-skewed) tiling into sub-slabs of t_S2 x t_S3 columns, which one
// thread block walks in sequence. Pure functions, CPU only; the codesign search
// (jacobi_codesign.cpp) is their consumer, restating predict_slabs() in O(1) per
// (tile, hardware point), and predict() (jacobi_model.cpp) for 3D runs of the tiled variants.
// Equation numbers are the thesis'; [T~] marks a form the digest rebuilt, [ours] a count
// we take the way the 2D model (jacobi_model.cpp) does where it differs from the printed one.
#pragma once
#include <cstdint>

namespace hpcs::jacobi {

// A 3D tile: t_T time steps per hexagon (even), base t_S1 along S1, a sub-slab of
// t_S2 x t_S3 columns (S3 innermost: the threads run along it). slab_split: --slab-split
// (Tuning::slab_split) [ours], 1 the thesis' slab; last, so brace initialisers stay valid.
struct SlabTile {
  int t_T = 0, t_S1 = 0, t_S2 = 0, t_S3 = 0;
  int slab_split = 1;
};

// The machine as the model sees it (float32, 4-byte words).
struct SlabMachine {
  int n_sm = 0, n_v = 0, mtb_sm = 32;
  double m_sm_bytes = 0;  // shared memory per SM (k, A.12)
  double l_word = 0;      // L: s per word per SM
  double t_sync = 0;      // T_sync: one barrier
  double t_launch = 0;    // T_sync': one launch / host synchronisation
  double c_iter = 0;      // C_iter of the 3D stencil, s per iteration per vector unit
};

// A.24 N_subslabs = ((S2 + t_T)/t_S2)((S3 + t_T)/t_S3) [T]; [ours] the exact count of
// skewed sub-prisms along each of S2 and S3, ceil((S + t_T - 1)/t_S) each, as the 2D code
// counts N_sp (SkewedColumns::subprisms()).
std::int64_t slab_subslabs(std::int64_t n2, std::int64_t n3, const SlabTile& t);

// A.25 m_i = t_S2 t_S3 (t_S1 + 2 t_T) words read per sub-slab [T]; m_o as printed equals
// m_i, [ours] t_S2 t_S3 (t_S1 + 2 t_T - 2 - [t_S1 = 1]), the 2D write-back rule per column.
double slab_words_in(const SlabTile& t);
double slab_words_out(const SlabTile& t);

// M_tile in words, reconstructed (the thesis prints no 3D form): A.20's two time planes
// times the skewed footprint with halo along each space dimension,
// 2 (t_S1 + t_T + 1)(t_S2 + t_T + 1)(t_S3 + t_T + 1).
double slab_tile_words(const SlabTile& t);

// A.27 V_tile = t_S2 t_S3 t_T (w_tile + t_S1)/2, iterations per sub-slab.
double slab_volume(const SlabTile& t);

// A.26 m' = (m_i + m_o) L + 2 T_sync.
double slab_transfer_time(const SlabTile& t, const SlabMachine& m);
// A.28 c = 2 C_iter sum_{x = t_S1, step 2}^{w_tile} ceil(x t_S2 t_S3 / n_V) + t_T T_sync.
double slab_compute_time(const SlabTile& t, const SlabMachine& m);
// A.29 (k = 1) T_slab = (m' + c) N_subslabs; A.30 (k > 1) T_slab(k) = m' + k max(m', c) N_subslabs.
double slab_time(double transfer, double compute, std::int64_t subslabs, int k);

// A.12 without registers: k = min(floor(M_SM / M_tile), MTB_SM), at least 1.
int slab_resident(const SlabTile& t, const SlabMachine& m);

// [ours] --slab-split N, as the kernels run it (jacobi_slab_tile.hpp, SlabGroups and
// hhc3d_tile): the n_2 = ceil((S2 + t_T - 1)/t_S2) sub-slab rows along S2 are cut into
// G = ceil(n_2 / R) groups of R = ceil(n_2 / N) consecutive rows (N clamped to [1, n_2];
// none empty), one block per (hexagon, group). Group g walks its rows S3-major, one pass of
// R sub-slabs per s3 (of n_3 = ceil((S3 + t_T - 1)/t_S3)), and starts pass s3 only once
// group g - 1 has ended its pass s3 (E(g, s3) = max(E(g, s3 - 1), E(g - 1, s3)) + R t): a
// pipeline along S2 whose critical path, the last group's, is (G - 1) passes of fill plus
// its own n_3:
//   serial sub-slabs per block  = R n_3                 (N = 1: N_subslabs)
//   pipeline fill               = (G - 1) R             (N = 1: 0)
//   blocks per wavefront        = w G                   (N = 1: w)
// A wavefront of w hexagons then takes, with k_i = min(k, ceil(w G / n_SM)),
//   max(ceil(w G / (k_i n_SM)) T_slab(k_i; R n_3),  (R n_3 + (G - 1) R)(m' + c)) + T_sync',
// the larger of the work (A.31 with the groups as blocks: the SMs' throughput) and the
// critical path (each sub-slab at the unshared m' + c: a block waiting for its predecessor
// spins idle, so during the fill the SM is not shared). On an SM to itself (k_i = 1, one
// round) this is the work plus the fill, (R n_3 + (G - 1) R)(m' + c). N = 1 gives the
// unsplit numbers exactly: the work is never below the path then.
struct SlabSplit {
  std::int64_t groups = 1, rows = 1;  // G, R (the kernels' SlabGroups)
  std::int64_t serial = 0;            // R n_3
  std::int64_t fill = 0;              // (G - 1) R
};
SlabSplit slab_split_of(std::int64_t n2, std::int64_t n3, const SlabTile& t);

struct SlabPrediction {
  std::int64_t wavefronts = 0;            // N_w (A.21) [ours: HexTiling's count, as 2D]
  std::int64_t tiles_per_wavefront = 0;   // w (A.23), the widest wavefront
  std::int64_t subslabs = 0;              // N_subslabs (A.24)
  SlabSplit split;                        // [ours] --slab-split's groups and pipeline
  std::int64_t blocks_per_wavefront = 0;  // [ours] w groups, the widest wavefront's
  double tile_words = 0;                  // M_tile (reconstructed)
  double v_tile = 0;                      // A.27
  int k = 1;                              // A.12
  double t_transfer = 0, t_compute = 0;   // m' (A.26), c (A.28)
  double t_slab = 0;                      // T_slab(k) (A.29/A.30) of one block: rows n_3 sub-slabs
  double time = 0;                        // T_alg with each wavefront's k_i [ours, as 2D]
  double time_as_printed = 0;             // A.31 as printed: T_slab(k) for every wavefront
};

// T_alg of n1 x n2 x n3 interior points for `steps` time steps (A.31 summed over the
// wavefronts as A.2: sum_i ceil(w(i)/(k_i n_SM)) T_slab(k_i) + T_sync', with w(i) the exact
// hexagons of wavefront i and k_i = min(k, ceil(w(i)/n_SM)) [ours, as predict()]).
// k: co-resident blocks per SM (0: A.12's largest). Throws hpcs::Error for illegal tiles.
// [ours] t.slab_split > 1: a block per (hexagon, group) and the pipeline fill (SlabSplit);
// time_as_printed stays the thesis' unsplit A.31.
SlabPrediction predict_slabs(std::int64_t n1, std::int64_t n2, std::int64_t n3, std::int64_t steps, const SlabTile& t,
                             const SlabMachine& m, int k = 0);

}  // namespace hpcs::jacobi
