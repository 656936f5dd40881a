// SPDX-License-Identifier: BSD-3-Clause
// --sweep: measure every tile point of a grid, predict it, rank, summarise (thesis A.7);
// jacobi_sweep_output.cpp prints and writes the result.
#include "jacobi_sweep.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "hpcs/base/error.hpp"
#include "hpcs/base/timer.hpp"

namespace hpcs::jacobi {
namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

struct Timed {
  double seconds = 0;
  int k = 0;  // blocks per SM the variant reports (0: unknown)
};

// Setup (untimed), one warm-up advance, then the minimum of `reps` timed advances: the
// device time when the variant measures it (its counter is cumulative, so differences),
// else the wall clock around the blocking advance().
template <class Real>
Timed time_point(std::unique_ptr<Solver<Real>> solver, const Problem& p, std::int64_t steps,
                 const std::vector<double>& grid, int reps) {
  if (!solver) throw Error("the variant made no solver");
  const std::vector<Real> g(grid.begin(), grid.end());
  solver->setup(p, g.data());
  solver->advance(steps);
  Timed out;
  out.seconds = std::numeric_limits<double>::infinity();
  for (int i = 0; i < reps; ++i) {
    const auto d0 = solver->device_seconds();
    WallTimer wall;
    solver->advance(steps);
    const double w = wall.seconds();
    const auto d1 = solver->device_seconds();
    out.seconds = std::min(out.seconds, d0 && d1 ? *d1 - *d0 : w);
  }
  const nlohmann::json d = solver->details();
  if (d.is_object() && d.contains("blocks_per_sm") && d["blocks_per_sm"].is_number_integer() &&
      d["blocks_per_sm"].get<int>() > 0)
    out.k = d["blocks_per_sm"].get<int>();
  return out;
}

}  // namespace

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
  r.top_gap = r.model_best_gap = r.rmse_within_20 = kNaN;
  if (n == 0) return;
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
    double sum = 0;
    std::size_t m = 0;
    for (std::size_t i = 0; i < n && pts[i].measured <= 1.2 * best; ++i, ++m) {
      const double e = (pts[i].predicted.time - pts[i].measured) / pts[i].measured;
      sum += e * e;
    }
    r.rmse_within_20 = std::sqrt(sum / static_cast<double>(m));
  }
}

namespace {
// One point of the sweep: resolved, checked, timed and predicted.
SweepPoint sweep_point(const Variant& variant, const Task& task, std::int64_t steps, const Tuning& requested,
                       const std::vector<double>& initial_grid, const SweepSpec& spec, const Calibration& cal) {
  SweepPoint pt;
  pt.tiles = variant.resolve(task, requested);
  if (const auto why = check_tiles(task.grid, pt.tiles)) {
    pt.status = *why;
    return pt;
  }
  int k = 0;
  if (const auto why = variant.why_not(task, pt.tiles)) {
    pt.status = *why;
  } else {
    try {
      const Timed m = task.precision == Precision::Float64
                          ? time_point(variant.make.make_double(pt.tiles), task.grid, steps, initial_grid, spec.reps)
                          : time_point(variant.make.make_float(pt.tiles), task.grid, steps, initial_grid, spec.reps);
      pt.measured = m.seconds;
      k = m.k;
      pt.status = "ok";
    } catch (const std::exception& e) {
      pt.status = "failed: " + one_line(e.what());
    }
  }
  pt.predicted = predict(task.grid, steps, pt.tiles, task.precision, cal, k, pt.ran() ? pt.measured : 0);
  return pt;
}
}  // namespace

std::vector<int> sweep_t_S2(const SweepSpec& spec, const Problem& p) {
  return p.dims == 2 ? spec.t_S2 : std::vector<int>{1};
}

SweepResult run_sweep(const Variant& variant, const Problem& p, std::int64_t steps, Precision prec,
                      const std::vector<double>& initial_grid, const SweepSpec& spec, const Calibration& cal) {
  if (static_cast<std::int64_t>(initial_grid.size()) != p.stored())
    throw Error("--sweep: the initial grid has " + std::to_string(initial_grid.size()) + " values, the problem " +
                std::to_string(p.stored()));
  if (spec.reps < 1) throw Error("--sweep: reps = " + std::to_string(spec.reps) + " must be at least 1");
  SweepResult r;
  r.variant = variant.name;
  r.problem = p;
  r.steps = steps;
  r.precision = prec;
  const Task task{p, prec, 1};
  for (int tT : spec.t_T)
    for (int tS1 : spec.t_S1)
      for (int tS2 : sweep_t_S2(spec, p))
        for (int thr : spec.threads)
          r.points.push_back(sweep_point(variant, task, steps, Tuning{tT, tS1, tS2, thr}, initial_grid, spec, cal));
  summarize_sweep(r);
  return r;
}

}  // namespace hpcs::jacobi
