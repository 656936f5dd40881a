// SPDX-License-Identifier: BSD-3-Clause
// --sweep over the tuner's records: each timed point, the points left out with why, the
// ranking against the model (thesis A.7); jacobi_sweep_output.cpp prints and writes it.
#include "jacobi_sweep.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>

#include "hpcs/base/error.hpp"
#include "hpcs/harness/tuning_space.hpp"

namespace hpcs::jacobi {

void summarize_sweep(SweepResult& r) {
  auto& pts = r.points;
  std::stable_sort(pts.begin(), pts.end(), [](const SweepPoint& a, const SweepPoint& b) {
    if (a.ran() != b.ran()) return a.ran();
    return a.ran() && a.measured < b.measured;
  });
  const auto ran = [](const SweepPoint& q) { return q.ran(); };
  const std::size_t n = static_cast<std::size_t>(std::count_if(pts.begin(), pts.end(), ran));
  r.measured_points = n;
  r.model_top.clear();
  r.best = r.model_best = r.best_of_model_top = 0;
  r.top_gap = r.model_best_gap = r.rmse_within_20 = r.default_gap = kNaN;
  r.default_point.reset();
  if (n == 0) return;
  const Tuning& d = r.default_tiles;
  // The split is part of the default (1): a split point with the default tiles is not it.
  for (std::size_t i = 0; i < n && !r.default_point; ++i)
    if (pts[i].tiles.t_T == d.t_T && pts[i].tiles.t_S1 == d.t_S1 && pts[i].tiles.t_S2 == d.t_S2 &&
        pts[i].tiles.t_S3 == d.t_S3 && pts[i].tiles.slab_split == d.slab_split)
      r.default_point = i;
  if (!r.model_note.empty()) {  // ranked by measurement only
    if (pts[0].measured > 0 && r.default_point) r.default_gap = pts[*r.default_point].measured / pts[0].measured - 1.0;
    return;
  }
  for (std::size_t i = 1; i < n; ++i)
    if (pts[i].predicted.time < pts[r.model_best].predicted.time) r.model_best = i;
  const double pmin = pts[r.model_best].predicted.time;
  for (std::size_t i = 0; i < n; ++i)
    if (pts[i].predicted.time <= 1.1 * pmin) r.model_top.push_back(i);
  r.best_of_model_top = r.model_top.front();  // points are in measured order
  const double best = pts[0].measured;
  if (best > 0) {
    r.top_gap = pts[r.best_of_model_top].measured / best - 1.0;
    r.model_best_gap = pts[r.model_best].measured / best - 1.0;
    if (r.default_point) r.default_gap = pts[*r.default_point].measured / best - 1.0;
    double sum = 0;
    std::size_t m = 0;
    for (std::size_t i = 0; i < n && pts[i].measured <= 1.2 * best; ++i, ++m) {
      const double e = (pts[i].predicted.time - pts[i].measured) / pts[i].measured;
      sum += e * e;
    }
    r.rmse_within_20 = std::sqrt(sum / static_cast<double>(m));
  }
}

SweepPoint timed_point(const RunRecord& r, const Tuning& tiles, const Prediction& predicted) {
  SweepPoint p;
  p.tiles = tiles;
  p.predicted = predicted;
  // The minimum, as the thesis took the minimum of 5 runs.
  const Stats& s = r.timings.device_stats ? *r.timings.device_stats : r.timings.wall_stats;
  p.measured = r.timings.wall.empty() ? kNaN : s.min;
  if (r.verification.failed())  // a wrong result is not a candidate for the best
    p.status = "verification " + r.verification.status + ": " + r.verification.detail;
  else p.status = r.timings.wall.empty() ? "not timed" : "ok";
  return p;
}

std::vector<SweepPoint> untimed_points(const Variant& v, const Task& task, const Tuning& requested,
                                       const std::set<std::string>& fixed, std::int64_t steps, const Calibration& cal,
                                       std::size_t& legal) {
  // The same walk as --tune's legal points (hpcs/harness/tune.hpp) on one rank: resolve, why_not,
  // and two candidates that resolve to one point counted once.
  std::vector<SweepPoint> out;
  std::set<std::vector<std::int64_t>> runnable, refused;
  legal = 0;
  for (Tuning t : space_points(v.space, task, v.resolve(task, requested), fixed)) {
    std::optional<std::string> why;
    try {
      t = v.resolve(task, t);
      why = v.why_not(task, t);
    } catch (const std::exception& e) {
      why = one_line(e.what());
    }
    const auto values = point_values(v.space, t);
    if (!why) {
      legal += runnable.insert(values).second ? 1 : 0;
      continue;
    }
    if (!refused.insert(values).second) continue;
    SweepPoint p;
    p.tiles = t;
    p.status = *why;
    if (!check_tiles(task.grid, t) && !model_lacks(task.grid, task.precision, cal))
      p.predicted = predict(task.grid, steps, t, task.precision, cal);
    out.push_back(p);
  }
  return out;
}

}  // namespace hpcs::jacobi
