// SPDX-License-Identifier: BSD-3-Clause
// The thesis' execution-time model (Appendix A: A.2-A.20) and energy model (Appendix B:
// B.2-B.6) for the hexagonal (1D) and HHC (2D) tilings, evaluated for the tiles a variant
// runs, with machine constants from a per-device calibration file
// (jacobi_calibration.hpp). Digest: ../shared/docs/papers/001_hhc_energy_matrixchain.md.
#pragma once
#include <cstdint>
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "jacobi_calibration.hpp"
#include "jacobi_problem.hpp"

namespace hpcs::jacobi {

struct Prediction {
  // Geometry (A.3-A.8, A.14, A.20, B.5)
  std::int64_t wavefronts = 0;           // N_w
  std::int64_t tiles_per_wavefront = 0;  // w (the widest wavefront)
  std::int64_t subprisms = 1;            // N_sp per prism (A.17; 1 in 1D)
  std::int64_t tiles = 0;                // N_tiles (hexagons x sub-prisms)
  double m_io_words = 0;                 // global <-> shared words per tile (sub-prism)
  double m_tile_words = 0;               // shared words per tile (M_tile)
  double v_tile = 0;                     // iterations per tile (V_tile)
  int k = 1;                             // co-resident tiles per SM (A.12)
  // Time (A.9-A.18), seconds
  double t_transfer = 0;       // m'
  double t_compute = 0;        // c
  double t_tile = 0;           // T_tile(k) or T_prism(k)
  double time = 0;             // T_alg (k per wavefront at most its tiles per SM)
  double time_as_printed = 0;  // T_alg with T_tile(k) for every wavefront (A.2 as printed)
  double time_ideal = 0;       // 8.3
  // Energy (B.2-B.6), joules
  double energy_static = 0;   // P_stat * T (T = measured time if given, else T_alg)
  double energy_dynamic = 0;  // N_tiles * E_tile
  double energy = 0;          // NaN (null in JSON) where a constant was not measured
  std::string note;           // e.g. the tile exceeds the shared memory of one block
  // C_iter as used (s) and how it was got: the calibration's, or for a 2D stencil other than
  // Jacobi the calibration's Jacobi 2D value times the thesis' GTX 980 ratio (stencil_cost).
  double c_iter = 0, c_iter_scale = 1;
  std::string c_iter_source;
  nlohmann::json to_json() const;
};

// What a 2D stencil costs beside Jacobi 2D: C_iter's ratio in the thesis' Table A.4 (GTX
// 980: Heat2D 3.68e-8, Laplacian2D 3.11e-8, Gradient2D 6.09e-8 against Jacobi2D 3.39e-8 s;
// the calibration measures Jacobi only), and the adds and multiplies of one update
// (jacobi_stencil.hpp) for E_iter; Gradient's sqrt and division have no energy constant.
struct StencilCost {
  double c_iter_ratio = 1;
  int adds = 4, muls = 1;  // Jacobi 2D
  const char* unpriced = "";
};
StencilCost stencil_cost(Stencil s);

// Why the model makes no prediction for `p` in `prec` with `cal` (a 3D stencil whose C_iter
// the calibration lacks: one line naming the key); nullopt where it does.
std::optional<std::string> model_lacks(const Problem& p, Precision prec, const Calibration& cal);

// Predicts the tiled run of `p` (its stencil too) for `steps` time steps; 3D grids by the HHC
// slab model (jacobi_model3d.hpp) with the stencil's 3D C_iter (throws where model_lacks). k: co-resident blocks per SM
// the variant achieves (0: the largest A.12 allows). measured_seconds > 0 makes E_stat use the measured time (the
// thesis' decoupling, B.1).
Prediction predict(const Problem& p, std::int64_t steps, const Tuning& t, Precision prec, const Calibration& cal,
                   int k = 0, double measured_seconds = 0);

}  // namespace hpcs::jacobi
