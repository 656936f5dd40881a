// SPDX-License-Identifier: BSD-3-Clause
// The thesis' codesign search (Appendix C.3, C.8-C.19) over the time model of
// jacobi_model.hpp and the area model of jacobi_area.hpp: every hardware point (n_SM, n_V,
// M_SM) of a grid whose area fits a budget, and for each (stencil, problem size) its best
// tiles by exhaustive enumeration of the legal tiles (the separable method of C.19: the
// hardware point fixed, each (stencil, size) is its own tile problem; enumeration replaces
// the thesis' Bonmin MINLP and is exact over the enumerated set). 3D stencils (Heat and
// Laplacian 3D) take the slab model of jacobi_model3d.hpp (A.21-A.31). Pure functions, CPU only.
#pragma once
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "jacobi_area.hpp"
#include "jacobi_calibration.hpp"
#include "jacobi_model3d.hpp"
#include "jacobi_problem.hpp"

namespace hpcs::jacobi {

// What stays fixed while the hardware varies: the stencil's C_iter and the memory, barrier
// and launch times (L per word per SM, so the chip's bandwidth grows with n_SM, as the
// thesis' model has it), the resident-block limit and the shared memory one block may use.
struct CodesignConstants {
  std::string source;
  double c_iter_1d = 0, c_iter_2d = 0;                // s per iteration per vector unit
  double l_word = 0;                                  // s per 4-byte word per SM
  double t_sync = 0, t_launch = 0;                    // s
  int mtb_sm = 32;                                    // resident blocks per SM
  double block_kb = 48;                               // per-block shared memory, capped at the design's M_SM
  Stencil stencil = Stencil::Jacobi;                  // the 2D stencil c_iter_2d belongs to (for_stencil)
  std::map<Stencil, double> measured_c_iter_2d = {};  // the calibration's own per-stencil C_iter, if any
  double c_iter_3d = 0;                               // the 3D stencil's (for_stencil(c, 3, s)); 0: none
};

// The thesis' GTX 980 constants (Tables A.2-A.4), the ones its codesign used (C.3.2).
CodesignConstants thesis_gtx980_constants();
// A device's calibration file (a what-if: its C_iter, L, T_sync, T_launch and MTB_SM on the
// thesis' 28 nm areas); the per-block limit stays the thesis' 48 KB so the tile sets agree.
CodesignConstants constants_from(const Calibration& cal, const std::string& path);
// The constants of another 2D stencil: Jacobi 2D's C_iter times the thesis' Table A.4 ratio
// (stencil_cost), so the thesis' constants give its GTX 980 C_iter of that stencil exactly
// (Heat 3.68e-8, Laplacian 3.11e-8, Gradient 6.09e-8 s) and a calibration's are scaled alike.
CodesignConstants for_stencil(CodesignConstants c, Stencil s);
// The thesis' Table A.4 ratio of a 3D stencil's C_iter to Jacobi 2D's on the GTX 980: Heat3D
// 1.55e-7 / 3.39e-8, Laplacian3D 1.36e-7 / 3.39e-8. Throws hpcs::Error for other stencils
// (the thesis has no Jacobi or Gradient 3D).
double c_iter_3d_ratio(Stencil s);
// dims 1 or 2: for_stencil(c, s). dims 3: c_iter_3d = Jacobi 2D's C_iter times
// c_iter_3d_ratio(s), so the thesis' constants give its GTX 980 C_iter of the 3D stencil
// (Heat3D 1.55e-7, Laplacian3D 1.36e-7 s) and a calibration's (a what-if) are scaled alike.
CodesignConstants for_stencil(CodesignConstants c, int dims, Stencil s);

struct HardwarePoint {
  int n_sm = 0, n_v = 0, shared_kb = 0;
};
// The chip the area model prices for a point: no caches, 2 KB of registers per vector unit.
ChipDesign design_of(const HardwarePoint& hp);
// The calibration predict() sees for a point (tests compare the search with predict()).
Calibration calibration_of(const CodesignConstants& c, const HardwarePoint& hp);
// The machine predict_slabs() sees for a point (C_iter: c_iter_3d).
SlabMachine slab_machine_of(const CodesignConstants& c, const HardwarePoint& hp);

// C.3.2's ranges: n_SM 2..32 even, n_V 32..2048 in steps of 32, M_SM 12, 24, 36 and
// 48..480 KB in steps of 48.
struct HardwareGrid {
  std::vector<int> n_sm, n_v, shared_kb;
};
HardwareGrid thesis_hardware_grid();

// One problem of the workload: 2D S x S points for T steps; 1D S^2 points (as many as 2D);
// 3D S x S x S points.
struct WorkloadSize {
  std::int64_t s = 0, t = 0;
};
// C.3.1: S in {4096, 8192, 12288, 16384} (printed 12228, surely 12288), T in {1024..16384}
// doubling, T <= S: 16 sizes.
std::vector<std::int64_t> thesis_sides();
std::vector<std::int64_t> thesis_steps();
// 3D: the thesis gives no 3D codesign workload (C.3.1 lists 2D sides); its 3D time-model
// experiments (digest 1.3) ran S^3 with S in {384, 512, 640} and T in {128, 256, 384, 512, 640},
// T <= S: 12 sizes, which we take (640^3 = 2.6e8 points, as many as 16384^2).
std::vector<std::int64_t> thesis_sides_3d();
std::vector<std::int64_t> thesis_steps_3d();
std::vector<WorkloadSize> workload_sizes(const std::vector<std::int64_t>& sides,
                                         const std::vector<std::int64_t>& steps);
Problem problem_of(int dims, const WorkloadSize& z);  // 1D and 2D
double points_of(int dims, const WorkloadSize& z);    // S^2 (1D, 2D) or S^3 (3D)
// The operations of jacobi_stencil.hpp: Jacobi 1D 3, 2D 5; the other 2D stencils their adds
// and multiplies (stencil_cost; Gradient's square root and division not counted). 3D (no
// variant computes them; docs/jacobi.md has the forms counted, not the thesis'): Heat 3D 13
// (PolyBench heat-3d, 2c once), Laplacian 3D 8 (the 7-point Laplacian, scaled).
double flops_per_update(int dims, Stencil s = Stencil::Jacobi);

// A tile of the search: Tuning's t_T, t_S1, t_S2 and, in 3D, t_S3 (0 in 1D and 2D).
struct CodesignTile : Tuning {
  int t_S3 = 0;
  CodesignTile() = default;
  CodesignTile(const Tuning& t, int s3 = 0) : Tuning(t), t_S3(s3) {}  // NOLINT: implicit on purpose
  CodesignTile(int t_T_, int t_S1_, int t_S2_, int threads_ = 0, int halo_ = 0, int t_S3_ = 0)
      : Tuning{t_T_, t_S1_, t_S2_, threads_, halo_}, t_S3(t_S3_) {}
  SlabTile slab() const { return {t_T, t_S1, t_S2, t_S3}; }
};
CodesignTile slab_tile(int t_T, int t_S1, int t_S2, int t_S3);

// The legal tiles (C.10-C.16) under a per-block limit of block_kb: t_T even; 2D: t_S2 a
// multiple of 32 (C.14), any t_S1, M_tile (A.20) within the limit. 1D has no t_S2: its
// threads run along S1, so t_S1 takes C.14's multiple of 32 and M_tile = 2 (t_S + t_T)
// words bounds it; t_T, which M_tile hardly bounds, stops at a limit of ours (--codesign
// reports how many answers reach it). 3D: t_S3 (innermost, the threads' dimension) a
// multiple of 32 as 2D's t_S2, any t_S2 and t_S1, M_tile (jacobi_model3d.hpp, reconstructed)
// within the limit, which bounds every size (t_T <= 8 at 48 KB): no limit of ours.
constexpr int kMax1dT = 512;
std::vector<CodesignTile> legal_tiles(int dims, double block_kb);

// T_alg of predict() (float32, k from M_SM as A.12) in O(1) per (tile, point): the
// wavefronts of one colour all hold the same number of tiles, so A.2's sum has two terms.
// Equal to predict(problem_of(dims, z), z.t, tile, Float32, calibration_of(c, hp)).time;
// 3D: to predict_slabs(S, S, S, z.t, tile.slab(), slab_machine_of(c, hp)).time.
double codesign_time(int dims, const WorkloadSize& z, const CodesignTile& tile, const CodesignConstants& c,
                     const HardwarePoint& hp);
// M_tile in bytes (A.9 text / A.20; 3D: slab_tile_words), the legality test of C.10 beside
// the block limit.
double tile_bytes(int dims, const CodesignTile& tile);

struct DesignResult {
  HardwarePoint hp;
  double area_mm2 = 0;
  std::vector<double> seconds;      // per workload size: T_alg at the best tiles
  std::vector<CodesignTile> tiles;  // per workload size: the best tiles (t_T = 0: none legal)
  double total_s = 0;               // C.18 with equal weights: the sum over the sizes
  double gflops = 0;                // the workload's flops / total_s
  bool pareto = false;              // no design with area <= and time < (or = and area <)
};

struct CodesignResult {
  int dims = 2;
  Stencil stencil = Stencil::Jacobi;  // 2D, 3D: which one (the constants' stencil)
  std::vector<WorkloadSize> sizes;
  std::size_t tiles_enumerated = 0;
  std::size_t infeasible = 0;         // points within the budget whose M_SM holds no legal tile
  std::vector<DesignResult> designs;  // every feasible point within the budget, by area
};

// Every point of `grid` with area <= budget_mm2, its best tiles per size, the Pareto front.
// threads: worker threads over n_V (0: the hardware's). Throws hpcs::Error when no point of
// the grid fits the budget, or none that does holds a legal tile, or for 3D constants
// without a 3D C_iter (for_stencil(c, 3, s)).
CodesignResult codesign_search(int dims, const std::vector<WorkloadSize>& sizes, const HardwareGrid& grid,
                               const CodesignConstants& c, double budget_mm2, unsigned threads = 0);
// One design on its own (reference chips such as the GTX 980, tests): the same enumeration;
// throws where the design holds no legal tile.
DesignResult solve_design(int dims, const std::vector<WorkloadSize>& sizes, const HardwarePoint& hp,
                          const CodesignConstants& c);

// The smallest area of the grid (its fewest SMs, vector units and shared memory).
double smallest_area(const HardwareGrid& grid);

// The fastest design with area in [lo, hi] (Table C.2's 425-450 mm^2), or nullptr.
const DesignResult* best_in_band(const CodesignResult& r, double lo, double hi);

}  // namespace hpcs::jacobi
