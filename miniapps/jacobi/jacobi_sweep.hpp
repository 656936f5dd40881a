// SPDX-License-Identifier: BSD-3-Clause
// --sweep: runs a tiled variant over a grid of tile sizes on one GPU (one rank), ranks the
// points by measured time and reports how close the model's top 10% came to the measured
// best (thesis A.7: a tile within 10% of the model's optimum was within 9% of the best
// on average).
#pragma once
#include <iosfwd>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "jacobi_model.hpp"
#include "jacobi_variants.hpp"

namespace hpcs::jacobi {

// The defaults are also the candidates of the tiled variants' --tune space (jacobi_tuning.cpp).
struct SweepSpec {
  std::vector<int> t_T{2, 4, 6, 8, 12, 16};
  std::vector<int> t_S1{8, 16, 32, 64};
  std::vector<int> t_S2{32, 64, 128};  // ignored in 1D
  std::vector<int> threads{0};         // 0: the variant's choice
  int reps = 3;                        // minimum of reps runs per point (thesis: min of 5)
};

// The t_S2 values the sweep tries on p: spec.t_S2 in 2D, 1 in 1D (no S2 to tile).
std::vector<int> sweep_t_S2(const SweepSpec& spec, const Problem& p);

struct SweepPoint {
  Tuning tiles;
  std::string status;  // "ok", or why the variant rejected the tiles
  bool ran() const { return status == "ok"; }
  double measured = 0;  // seconds, minimum over reps
  Prediction predicted;
};

struct SweepResult {
  std::string variant;
  Problem problem;
  std::int64_t steps = 0;
  Precision precision = Precision::Float32;
  std::vector<SweepPoint> points;  // sorted by measured time, rejected ones last
  // Summary (summarize_sweep), meaningful when measured_points > 0: the measured best, the
  // model's argmin, and the best measured point among the model's top 10% (points predicted
  // within 10% of the predicted minimum). Indices into points.
  std::size_t measured_points = 0;  // points with status "ok"
  std::size_t best = 0, model_best = 0, best_of_model_top = 0;
  std::vector<std::size_t> model_top;  // the model's top 10%, in points order
  double top_gap = 0;                  // (measured(best_of_model_top) / measured(best)) - 1
  double model_best_gap = 0;           // (measured(model_best) / measured(best)) - 1
  // The thesis' accuracy metric (A.6): RMS of (predicted - measured) / measured over the
  // points measured within 20% of the best.
  double rmse_within_20 = 0;
  nlohmann::json to_json() const;
};

// Sorts r.points (measured ascending, rejected last, stable) and fills the summary; pure.
void summarize_sweep(SweepResult& r);

// Points the variant cannot run (Variant::why_not on one rank, check_tiles for every
// variant) are kept with the reason as their status.
SweepResult run_sweep(const Variant& variant, const Problem& p, std::int64_t steps, Precision prec,
                      const std::vector<double>& initial_grid,  // float64 values; converted
                      const SweepSpec& spec, const Calibration& cal);

void print_sweep(std::ostream& os, const SweepResult& r);
// Writes the sweep as HDF5 (one row per point + summary attributes), temp + rename.
void write_sweep_h5(const std::string& path, const SweepResult& r, const nlohmann::json& provenance);

}  // namespace hpcs::jacobi
