// SPDX-License-Identifier: BSD-3-Clause
// --sweep: measure every tile point of a grid, predict it, rank, summarise (thesis A.7).
#include "jacobi_sweep.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <ostream>

#include "hpcs/error.hpp"
#include "hpcs/h5.hpp"
#include "hpcs/results_file.hpp"
#include "hpcs/timer.hpp"

namespace hpcs::jacobi {
namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

bool ok(const SweepPoint& p) { return p.status == "ok"; }

nlohmann::json num(double x) { return std::isnan(x) ? nlohmann::json(nullptr) : nlohmann::json(x); }

nlohmann::json tiles_json(const Tiles& t) {
  return {{"t_T", t.t_T}, {"t_S1", t.t_S1}, {"t_S2", t.t_S2}, {"threads", t.threads}};
}

std::string tiles_text(const Problem& p, const Tiles& t) {
  std::string s = "t_T=" + std::to_string(t.t_T) + " t_S1=" + std::to_string(t.t_S1);
  if (p.dims == 2) s += " t_S2=" + std::to_string(t.t_S2);
  s += " threads=" + (t.threads > 0 ? std::to_string(t.threads) : std::string("auto"));
  return s;
}

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
    if (ok(a) != ok(b)) return ok(a);
    return ok(a) && a.measured < b.measured;
  });
  const std::size_t n = static_cast<std::size_t>(std::count_if(pts.begin(), pts.end(), ok));
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

SweepResult run_sweep(const VariantInfo& variant, const Problem& p, std::int64_t steps, Precision prec,
                      const std::vector<double>& initial_grid, const SweepSpec& spec, const Calibration& cal) {
  if (const auto why = variant.unavailable()) throw Error("--sweep: variant " + variant.name + ": " + *why);
  if (static_cast<std::int64_t>(initial_grid.size()) != p.stored())
    throw Error("--sweep: the initial grid has " + std::to_string(initial_grid.size()) + " values, the problem " +
                std::to_string(p.stored()));
  if (spec.reps < 1) throw Error("--sweep: reps = " + std::to_string(spec.reps) + " must be at least 1");
  SweepResult r;
  r.variant = variant.name;
  r.problem = p;
  r.steps = steps;
  r.precision = prec;
  const std::vector<int> one{1};
  for (int tT : spec.t_T)
    for (int tS1 : spec.t_S1)
      for (int tS2 : p.dims == 2 ? spec.t_S2 : one)
        for (int thr : spec.threads) {
          SweepPoint pt;
          pt.tiles = variant.resolve(p, Tiles{tT, tS1, tS2, thr}, prec);
          if (const auto why = check_tiles(p, pt.tiles)) {
            pt.status = *why;
            r.points.push_back(pt);
            continue;
          }
          int k = 0;
          if (const auto why = variant.rejects(p, pt.tiles, prec)) {
            pt.status = *why;
          } else {
            try {
              const Timed m = prec == Precision::Float64
                                  ? time_point(variant.make_double(pt.tiles), p, steps, initial_grid, spec.reps)
                                  : time_point(variant.make_float(pt.tiles), p, steps, initial_grid, spec.reps);
              pt.measured = m.seconds;
              k = m.k;
              pt.status = "ok";
            } catch (const std::exception& e) {
              pt.status = "failed: " + one_line(e.what());
            }
          }
          pt.predicted = predict(p, steps, pt.tiles, prec, cal, k, ok(pt) ? pt.measured : 0);
          r.points.push_back(pt);
        }
  summarize_sweep(r);
  return r;
}

nlohmann::json SweepResult::to_json() const {
  nlohmann::json pts = nlohmann::json::array();
  for (std::size_t i = 0; i < points.size(); ++i) {
    const auto& q = points[i];
    pts.push_back({{"tiles", tiles_json(q.tiles)},
                   {"status", q.status},
                   {"measured_s", ok(q) ? num(q.measured) : nlohmann::json(nullptr)},
                   {"rank", ok(q) ? nlohmann::json(i + 1) : nlohmann::json(nullptr)},
                   {"in_model_top", std::find(model_top.begin(), model_top.end(), i) != model_top.end()},
                   {"predicted", q.predicted.to_json()}});
  }
  nlohmann::json j = {{"variant", variant},
                      {"dims", problem.dims},
                      {"n1", problem.n1},
                      {"n2", problem.n2},
                      {"steps", steps},
                      {"precision", to_string(precision)},
                      {"measured_points", measured_points},
                      {"points", pts}};
  if (measured_points > 0)
    j["summary"] = {{"best", best},
                    {"model_best", model_best},
                    {"best_of_model_top", best_of_model_top},
                    {"model_top", model_top},
                    {"top_gap", num(top_gap)},
                    {"model_best_gap", num(model_best_gap)},
                    {"rmse_within_20", num(rmse_within_20)}};
  return j;
}

void print_sweep(std::ostream& os, const SweepResult& r) {
  const Problem& p = r.problem;
  char line[256];
  os << "sweep of " << r.variant << ": " << (p.dims == 1 ? "Jacobi 1D " + std::to_string(p.n1)
                                                        : "Jacobi 2D " + std::to_string(p.n1) + " x " +
                                                              std::to_string(p.n2))
     << ", " << r.steps << " steps, " << to_string(r.precision) << ": " << r.points.size() << " points, "
     << r.measured_points << " ran\n";
  std::snprintf(line, sizeof line, "%5s %5s %6s %6s %7s %3s %13s %13s %9s  %s\n", "rank", "t_T", "t_S1", "t_S2",
                "threads", "k", "measured ms", "predicted ms", "pred/meas", "marks");
  os << line;
  for (std::size_t i = 0; i < r.measured_points; ++i) {
    const auto& q = r.points[i];
    std::string marks;
    if (i == r.best) marks += " best";
    if (i == r.model_best) marks += " model-argmin";
    if (std::find(r.model_top.begin(), r.model_top.end(), i) != r.model_top.end()) marks += " model-top10%";
    const std::string thr = q.tiles.threads > 0 ? std::to_string(q.tiles.threads) : "auto";
    std::snprintf(line, sizeof line, "%5zu %5d %6d %6s %7s %3d %13.4f %13.4f %9.3f %s\n", i + 1, q.tiles.t_T,
                  q.tiles.t_S1, p.dims == 2 ? std::to_string(q.tiles.t_S2).c_str() : "-", thr.c_str(), q.predicted.k,
                  q.measured * 1e3, q.predicted.time * 1e3, q.predicted.time / q.measured, marks.c_str());
    os << line;
  }
  for (std::size_t i = r.measured_points; i < r.points.size(); ++i)
    os << "  not run: " << tiles_text(p, r.points[i].tiles) << ": " << r.points[i].status << '\n';
  if (r.measured_points == 0) {
    os << "summary: no point ran\n";
    return;
  }
  const auto& b = r.points[r.best];
  const auto& mb = r.points[r.model_best];
  const auto& bt = r.points[r.best_of_model_top];
  std::snprintf(line, sizeof line, "%.4f ms", b.measured * 1e3);
  os << "best measured:          " << tiles_text(p, b.tiles) << ", " << line << '\n';
  std::snprintf(line, sizeof line, "%.4f ms (%+.1f%% over the best)", mb.measured * 1e3, 100 * r.model_best_gap);
  os << "model argmin:           " << tiles_text(p, mb.tiles) << ", measured " << line << '\n';
  std::snprintf(line, sizeof line, "%.4f ms (%+.1f%% over the best; thesis: +9%% on average, +17%% at most)",
                bt.measured * 1e3, 100 * r.top_gap);
  os << "model top 10% (" << r.model_top.size() << " points), best of them: " << tiles_text(p, bt.tiles)
     << ", measured " << line << '\n';
  std::snprintf(line, sizeof line, "%.1f%% (thesis: below 10%%)", 100 * r.rmse_within_20);
  os << "model RMS error on the points within 20% of the best: " << line << '\n';
}

void write_sweep_h5(const std::string& path, const SweepResult& r, const nlohmann::json& provenance) {
  const std::size_t n = r.points.size();
  std::vector<std::int32_t> tT(n), tS1(n), tS2(n), thr(n), k(n);
  std::vector<std::uint8_t> ran(n), top(n, 0);
  std::vector<double> measured(n), predicted(n), energy(n), ideal(n);
  std::vector<std::int64_t> tiles(n), waves(n);
  nlohmann::json status = nlohmann::json::array();
  for (std::size_t i = 0; i < n; ++i) {
    const auto& q = r.points[i];
    tT[i] = q.tiles.t_T;
    tS1[i] = q.tiles.t_S1;
    tS2[i] = q.tiles.t_S2;
    thr[i] = q.tiles.threads;
    k[i] = q.predicted.k;
    ran[i] = ok(q) ? 1 : 0;
    measured[i] = ok(q) ? q.measured : kNaN;
    predicted[i] = q.predicted.time;
    energy[i] = q.predicted.energy;
    ideal[i] = q.predicted.time_ideal;
    tiles[i] = q.predicted.tiles;
    waves[i] = q.predicted.wavefronts;
    status.push_back(q.status);
  }
  for (std::size_t i : r.model_top) top[i] = 1;
  h5::Writer w(path);
  {  // every group closed before the file is renamed
    h5::Group root = w.root();
    root.attribute("content", "Jacobi tile sweep: one row per point, measured order, points not run last");
    root.attribute("variant", r.variant);
    root.attribute("dims", static_cast<std::int64_t>(r.problem.dims));
    root.attribute("n1", static_cast<std::int64_t>(r.problem.n1));
    root.attribute("n2", static_cast<std::int64_t>(r.problem.n2));
    root.attribute("steps", static_cast<std::int64_t>(r.steps));
    root.attribute("precision", to_string(r.precision));
    root.attribute("status", status.dump());
    root.attribute("measured_points", static_cast<std::int64_t>(r.measured_points));
    if (r.measured_points > 0) {
      // 0-based row indices
      root.attribute("best", static_cast<std::int64_t>(r.best));
      root.attribute("model_best", static_cast<std::int64_t>(r.model_best));
      root.attribute("best_of_model_top", static_cast<std::int64_t>(r.best_of_model_top));
      root.attribute("model_top_points", static_cast<std::int64_t>(r.model_top.size()));
      root.attribute("top_gap", r.top_gap);
      root.attribute("model_best_gap", r.model_best_gap);
      root.attribute("rmse_within_20", r.rmse_within_20);
    }
    root.dataset("t_T", tT);
    root.dataset("t_S1", tS1);
    root.dataset("t_S2", tS2);
    root.dataset("threads", thr);
    root.dataset("k", k);
    root.dataset("ran", ran);
    root.dataset("in_model_top", top);
    root.dataset("measured_s", measured);
    root.dataset("predicted_s", predicted);
    root.dataset("predicted_ideal_s", ideal);
    root.dataset("predicted_energy_j", energy);
    root.dataset("tiles", tiles);
    root.dataset("wavefronts", waves);
    root.dataset_attribute("measured_s", "units", "seconds, minimum over the repetitions; NaN: not run");
    if (!provenance.is_null()) {
      h5::Group prov = root.group("provenance");
      write_json(prov, provenance);
    }
  }
  w.commit();
}

}  // namespace hpcs::jacobi
