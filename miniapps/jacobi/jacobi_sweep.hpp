// SPDX-License-Identifier: BSD-3-Clause
// --sweep: the harness' --tune=exhaustive over one tiled variant's tiles on one rank, ranked
// against the thesis' time model (thesis A.7: a tile within 10% of the model's optimum was
// within 9% of the best on average). The tuner times the points; this file turns its
// records into the ranking and adds the points the variant cannot run.
#pragma once
#include <cstddef>
#include <iosfwd>
#include <limits>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "hpcs/report/report.hpp"
#include "jacobi_model.hpp"
#include "jacobi_variants.hpp"

namespace hpcs::jacobi {

// A sweep value not measured or not predicted (null in the JSON, NaN in the HDF5 rows).
inline constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

struct SweepPoint {
  Tuning tiles;
  std::string status;  // "ok", or why it was not run (or failed verification)
  bool ran() const { return status == "ok"; }
  double measured = 0;  // seconds, minimum over the repetitions
  Prediction predicted;
};

struct SweepResult {
  std::string variant;
  Problem problem;
  std::int64_t steps = 0;
  Precision precision = Precision::Float32;
  std::vector<SweepPoint> points;  // sorted by measured time, rejected ones last
  // Non-empty: the calibration gives no prediction (3D without the stencil's C_iter); the
  // points are ranked by measurement only and the model's summary is absent (NaN / -1).
  std::string model_note;
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
  // Fig. A.7's fourth strategy, the variant's default tiles (t_T, t_S1, t_S2 of
  // default_tiles; set before summarize_sweep): its index among the points that ran, if it
  // ran, and its measured gap to the best.
  Tuning default_tiles;
  std::optional<std::size_t> default_point;
  double default_gap = 0;
  nlohmann::json to_json() const;
};

// Sorts r.points (measured ascending, rejected last, stable) and fills the summary; pure.
void summarize_sweep(SweepResult& r);

// A point the tuner timed, from its record: the minimum time (device time where the variant
// measures it), ranked only if its result verified.
SweepPoint timed_point(const RunRecord& r, const Tuning& tiles, const Prediction& predicted);

// The points of v's space from `requested` (the tunables in `fixed` kept) that v cannot run
// on `task`, with the reason, predicted where the tiles are well formed: the ones --tune
// leaves out. `legal` gets how many distinct points it can run (what the tuner times).
std::vector<SweepPoint> untimed_points(const Variant& v, const Task& task, const Tuning& requested,
                                       const std::set<std::string>& fixed, std::int64_t steps, const Calibration& cal,
                                       std::size_t& legal);

void print_sweep(std::ostream& os, const SweepResult& r);
// Writes the sweep as HDF5 (one row per point + summary attributes), temp + rename.
void write_sweep_h5(const std::string& path, const SweepResult& r, const nlohmann::json& provenance);

}  // namespace hpcs::jacobi
