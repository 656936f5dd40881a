// SPDX-License-Identifier: BSD-3-Clause
// The thesis' codesign search (Appendix C.3, C.8-C.19) over the time model of
// jacobi_model.hpp and the area model of jacobi_area.hpp: every hardware point (n_SM, n_V,
// M_SM) of a grid whose area fits a budget, and for each (stencil, problem size) its best
// tiles by exhaustive enumeration of the legal tiles (the separable method of C.19: the
// hardware point fixed, each (stencil, size) is its own tile problem; enumeration replaces
// the thesis' Bonmin MINLP and is exact over the enumerated set). Pure functions, CPU only.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "jacobi_area.hpp"
#include "jacobi_calibration.hpp"
#include "jacobi_problem.hpp"

namespace hpcs::jacobi {

// What stays fixed while the hardware varies: the stencil's C_iter and the memory, barrier
// and launch times (L per word per SM, so the chip's bandwidth grows with n_SM, as the
// thesis' model has it), the resident-block limit and the shared memory one block may use.
struct CodesignConstants {
  std::string source;
  double c_iter_1d = 0, c_iter_2d = 0;  // s per iteration per vector unit
  double l_word = 0;                    // s per 4-byte word per SM
  double t_sync = 0, t_launch = 0;      // s
  int mtb_sm = 32;                      // resident blocks per SM
  double block_kb = 48;                 // per-block shared memory, capped at the design's M_SM
  Stencil stencil = Stencil::Jacobi;    // the 2D stencil c_iter_2d belongs to (for_stencil)
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

struct HardwarePoint {
  int n_sm = 0, n_v = 0, shared_kb = 0;
};
// The chip the area model prices for a point: no caches, 2 KB of registers per vector unit.
ChipDesign design_of(const HardwarePoint& hp);
// The calibration predict() sees for a point (tests compare the search with predict()).
Calibration calibration_of(const CodesignConstants& c, const HardwarePoint& hp);

// C.3.2's ranges: n_SM 2..32 even, n_V 32..2048 in steps of 32, M_SM 12, 24, 36 and
// 48..480 KB in steps of 48.
struct HardwareGrid {
  std::vector<int> n_sm, n_v, shared_kb;
};
HardwareGrid thesis_hardware_grid();

// One problem of the workload: 2D S x S points for T steps; 1D S^2 points (as many as 2D).
struct WorkloadSize {
  std::int64_t s = 0, t = 0;
};
// C.3.1: S in {4096, 8192, 12288, 16384} (printed 12228, surely 12288), T in {1024..16384}
// doubling, T <= S: 16 sizes.
std::vector<std::int64_t> thesis_sides();
std::vector<std::int64_t> thesis_steps();
std::vector<WorkloadSize> workload_sizes(const std::vector<std::int64_t>& sides,
                                         const std::vector<std::int64_t>& steps);
Problem problem_of(int dims, const WorkloadSize& z);
// The operations of jacobi_stencil.hpp: Jacobi 1D 3, 2D 5; the other 2D stencils their adds
// and multiplies (stencil_cost; Gradient's square root and division not counted).
double flops_per_update(int dims, Stencil s = Stencil::Jacobi);

// The legal tiles (C.10-C.16) under a per-block limit of block_kb: t_T even; 2D: t_S2 a
// multiple of 32 (C.14), any t_S1, M_tile (A.20) within the limit. 1D has no t_S2: its
// threads run along S1, so t_S1 takes C.14's multiple of 32 and M_tile = 2 (t_S + t_T)
// words bounds it; t_T, which M_tile hardly bounds, stops at a limit of ours (--codesign
// reports how many answers reach it).
constexpr int kMax1dT = 512;
std::vector<Tuning> legal_tiles(int dims, double block_kb);

// T_alg of predict() (float32, k from M_SM as A.12) in O(1) per (tile, point): the
// wavefronts of one colour all hold the same number of tiles, so A.2's sum has two terms.
// Equal to predict(problem_of(dims, z), z.t, tile, Float32, calibration_of(c, hp)).time.
double codesign_time(int dims, const WorkloadSize& z, const Tuning& tile, const CodesignConstants& c,
                     const HardwarePoint& hp);
// M_tile in bytes (A.9 text / A.20), the legality test of C.10 beside the block limit.
double tile_bytes(int dims, const Tuning& tile);

struct DesignResult {
  HardwarePoint hp;
  double area_mm2 = 0;
  std::vector<double> seconds;  // per workload size: T_alg at the best tiles
  std::vector<Tuning> tiles;    // per workload size: the best tiles (t_T = 0: none legal)
  double total_s = 0;           // C.18 with equal weights: the sum over the sizes
  double gflops = 0;            // the workload's flops / total_s
  bool pareto = false;          // no design with area <= and time < (or = and area <)
};

struct CodesignResult {
  int dims = 2;
  Stencil stencil = Stencil::Jacobi;  // 2D: which one (the constants' stencil)
  std::vector<WorkloadSize> sizes;
  std::size_t tiles_enumerated = 0;
  std::size_t infeasible = 0;         // points within the budget whose M_SM holds no legal tile
  std::vector<DesignResult> designs;  // every feasible point within the budget, by area
};

// Every point of `grid` with area <= budget_mm2, its best tiles per size, the Pareto front.
// threads: worker threads over n_V (0: the hardware's). Throws hpcs::Error when no point of
// the grid fits the budget, or none that does holds a legal tile.
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
