// SPDX-License-Identifier: BSD-3-Clause
// --tune exhaustive|random:N|model for every mini-app (seed 004's autotuner, in the run
// loop): each chosen variant that declares a tuning space (hpcs/harness/tuning_space.hpp) runs at
// every legal point, at N sampled ones, or at the point a learned model predicts
// (hpcs/harness/tuning_model.hpp). Every point is a measured, verified run with its record; the
// records' "tuning" field says where its tunables came from, and --tune-table writes them
// as one table (features, tunables, time, energy). Without --tune, a variant whose tunables
// the command line leaves alone runs the shipped model's choice for the device, if any.
#pragma once
#include <mpi.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <iosfwd>
#include <limits>
#include <optional>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "hpcs/harness/cli.hpp"
#include "hpcs/base/error.hpp"
#include "hpcs/parallel/mpi_context.hpp"
#include "hpcs/parallel/gpu.hpp"
#include "hpcs/report/report.hpp"
#include "hpcs/harness/tuning_model.hpp"
#include "hpcs/harness/tuning_space.hpp"
#include "hpcs/harness/variant.hpp"

namespace hpcs {

struct TuneRequest {
  enum class Mode { Off, Exhaustive, Random, Model };
  Mode mode = Mode::Off;
  std::size_t samples = 0;  // random:N
};

// "exhaustive", "random:N" (N >= 1) or "model"; "" is Off. Throws hpcs::Error naming --tune.
TuneRequest parse_tune(const std::string& spec);

// The summary after the table: per tuned variant, the points timed and the best, median
// and worst of them.
void print_tuning_summary(std::ostream& os, const std::vector<RunRecord>& records);

// A run the loop will measure: an entry with the tuning it runs, and what to record of it.
template <class Entry>
struct PlannedRun {
  Entry entry;
  nlohmann::json tuning;  // null: the variant has no tunables
};

namespace tune_detail {

// Every tunable's value; coordinates only of those that apply at the point (the table's
// empty cells: a halo with one GPU).
template <class V, class Tuning, class Problem>
nlohmann::json describe_point(const V& v, const Problem& p, const Tuning& t) {
  nlohmann::json point = nlohmann::json::object(), coords = nlohmann::json::object();
  for (const auto& d : v.space) {
    point[d.name] = d.get(t);
    if (d.applies(t)) coords[d.name] = d.coordinate(p, d.get(t));
  }
  return {{"point", point}, {"coordinates", coords}};
}

// The legal points of the entry's space, the same list on every rank: a point any rank
// cannot run (its why_not, after resolve) is left out on all.
template <class Entry, class Problem>
std::vector<decltype(Entry::tuning)> legal_points(const MpiContext& mpi, const Entry& e, const Problem& p,
                                                  const std::set<std::string>& fixed) {
  using Tuning = decltype(Entry::tuning);
  std::vector<Tuning> points = space_points(e.variant->space, p, e.tuning, fixed);
  const double n = static_cast<double>(points.size());
  if (mpi.max(n) != -mpi.max(-n))
    throw Error(e.name + ": its tuning space differs between ranks (candidates must come from global sizes)");
  std::vector<int> ok(points.size(), 1);
  for (std::size_t k = 0; k < points.size(); ++k) {
    try {
      points[k] = e.variant->resolve(p, points[k]);
      ok[k] = e.variant->why_not(p, points[k]) ? 0 : 1;
    } catch (const std::exception&) {
      ok[k] = 0;
    }
  }
  if (!ok.empty()) MPI_Allreduce(MPI_IN_PLACE, ok.data(), static_cast<int>(ok.size()), MPI_INT, MPI_MIN, mpi.comm());
  // Two candidates can resolve to one point (an "auto" that means 1): time it once.
  std::vector<Tuning> legal;
  std::set<std::vector<std::int64_t>> seen;
  for (std::size_t k = 0; k < points.size(); ++k)
    if (ok[k] && seen.insert(point_values(e.variant->space, points[k])).second) legal.push_back(points[k]);
  return legal;
}

// The legal point nearest the prediction, tunable by tunable in the model's order: each
// keeps the points whose coordinate is nearest its predicted one, and the points where it
// does not apply (a halo prediction must not pull in a second GPU). Of what is left, the
// point that keeps most of the command line's values (a tunable the model does not predict
// stays as given).
template <class V, class Tuning, class Problem>
Tuning nearest_point(const V& v, const Problem& p, std::vector<Tuning> points, const Prediction& pred,
                     const Tuning& given) {
  for (const auto& coordinate : pred.coordinates) {  // not a structured binding: clang 14 cannot capture one
    const auto& name = coordinate.first;
    const auto& want = coordinate.second;
    const auto d = std::find_if(v.space.begin(), v.space.end(), [&](const auto& t) { return t.name == name; });
    if (d == v.space.end()) continue;  // checked against the space when the model is chosen
    const auto distance = [&](const Tuning& t) { return std::fabs(d->coordinate(p, d->get(t)) - want); };
    double best = std::numeric_limits<double>::infinity();
    for (const Tuning& t : points)
      if (d->applies(t)) best = std::min(best, distance(t));
    std::vector<Tuning> kept;
    for (const Tuning& t : points)
      if (!d->applies(t) || distance(t) <= best) kept.push_back(t);
    points.swap(kept);
  }
  const auto kept_values = [&](const Tuning& t) {
    int same = 0;
    for (const auto& d : v.space) same += d.get(t) == d.get(given) ? 1 : 0;
    return same;
  };
  return *std::max_element(points.begin(), points.end(),
                           [&](const Tuning& a, const Tuning& b) { return kept_values(a) < kept_values(b); });
}

}  // namespace tune_detail

// One note per option the command line gave that a chosen variant does not honour as given:
// a tunable of some variant's space that this one does not read (cuda/cublas and --block),
// or a value its resolve changed (a block size rounded to what its kernel can use). Named
// tunings set their values on purpose and are left out.
template <class Entry, class Tuning>
void note_unhonoured_options(const std::vector<Entry>& entries, const std::vector<std::size_t>& chosen,
                             const Tuning& requested, const std::set<std::string>& given, std::ostream& notes) {
  std::vector<std::string> tunables;  // every variant's that the command line gave, in list order
  std::vector<std::int64_t> values;   // as given
  for (const Entry& e : entries)
    for (const auto& d : e.variant->space)
      if (given.count(d.name) && std::find(tunables.begin(), tunables.end(), d.name) == tunables.end()) {
        tunables.push_back(d.name);
        values.push_back(d.get(requested));
      }
  for (std::size_t t = 0; t < tunables.size(); ++t) {
    std::string ignored, changed;
    for (std::size_t k : chosen) {
      const Entry& e = entries[k];
      if (e.name != e.variant->name) continue;
      const auto& space = e.variant->space;
      const auto d = std::find_if(space.begin(), space.end(), [&](const auto& x) { return x.name == tunables[t]; });
      if (d == space.end()) ignored += (ignored.empty() ? "" : ", ") + e.name;
      else if (d->get(e.tuning) != values[t])
        changed += (changed.empty() ? "" : ", ") + e.name + " runs " + std::to_string(d->get(e.tuning));
    }
    const std::string option = "note: --" + tunables[t] + " " + std::to_string(values[t]);
    if (!ignored.empty()) notes << option << " is not read by " << ignored << " (no such tunable)\n";
    if (!changed.empty()) notes << option << ": " << changed << " (what its kernels can use)\n";
  }
}

// The model a run uses, if any: --tuning-model FILE, or the shipped one for this device
// (explicit --tune model needs one; otherwise only variants whose tunables the command
// line left alone use it). Checked on every rank; throws hpcs::Error naming the file.
struct ChosenModel {
  std::optional<TuningModel> model;
  std::string note;  // why none, for the records
};
// `device`: this rank's GPU name, or "cpu" without one (`no_device` saying why); shipped
// models are looked up for GPUs only.
ChosenModel choose_tuning_model(const std::string& app, const std::string& file, bool required,
                                const std::string& device, const std::string& no_device);

template <class App, class Entry>
std::vector<PlannedRun<Entry>> plan_runs(const App& app, const MpiContext& mpi, const CommonOptions& o,
                                         const std::vector<Entry>& entries, const std::vector<std::size_t>& chosen,
                                         std::ostream* notes) {
  return collective(mpi, [&] {
    const TuneRequest req = parse_tune(o.tune);
    if (!o.tuning_model.empty() && (req.mode == TuneRequest::Mode::Exhaustive || req.mode == TuneRequest::Mode::Random))
      throw Error("--tuning-model " + o.tuning_model + ": a model chooses one point; --tune " + o.tune +
                  " times many (use --tune model, or leave --tune out)");
    const bool use_model = req.mode == TuneRequest::Mode::Model || req.mode == TuneRequest::Mode::Off;
    const GpuSelection& gpu = current_gpu();
    const ChosenModel cm =
        use_model ? choose_tuning_model(app.info().name, o.tuning_model, req.mode == TuneRequest::Mode::Model,
                                        gpu.device ? gpu.device->name : std::string("cpu"), gpu.reason)
                  : ChosenModel{};
    const nlohmann::json features = app.features();
    bool model_used = false;
    std::set<std::string> kept;  // what model runs kept as the command line gave it (for the note)
    std::vector<PlannedRun<Entry>> runs;
    for (std::size_t k : chosen) {
      const Entry& e = entries[k];
      const auto& space = e.variant->space;
      if (space.empty() || e.name != e.variant->name) {  // no tunables, or a named tuning
        runs.push_back({e, space.empty() ? nlohmann::json() : nlohmann::json{{"source", "named tuning"}}});
        continue;
      }
      std::set<std::string> fixed;
      for (const auto& d : space)
        if (o.given_options.count(d.name)) fixed.insert(d.name);
      const auto record = [&](const auto& t, nlohmann::json info) {
        info.update(tune_detail::describe_point(*e.variant, app.problem(), t));
        info["features"] = features;
        if (!fixed.empty()) info["fixed"] = fixed;
        Entry run = e;
        run.tuning = t;
        runs.push_back({run, info});
      };
      const bool model_fits = cm.model && cm.model->variant == e.name;
      // Explicitly asked for, every tunable the command line left free; by default, only
      // where it left all of them free, resources aside.
      const bool by_model = model_fits && (req.mode == TuneRequest::Mode::Model || !o.tuning_model.empty() ||
                                           model_by_default(space, fixed));
      if (req.mode == TuneRequest::Mode::Exhaustive || req.mode == TuneRequest::Mode::Random) {
        auto points = tune_detail::legal_points(mpi, e, app.problem(), fixed);
        if (points.empty()) throw Error("--tune " + o.tune + ": " + e.name + " has no legal point on this problem");
        std::string source = "exhaustive";
        if (req.mode == TuneRequest::Mode::Random) {
          std::mt19937_64 rng(2026);  // the same sample on every rank and every run
          std::shuffle(points.begin(), points.end(), rng);
          if (points.size() > req.samples) points.resize(req.samples);
          source = "random:" + std::to_string(req.samples);
        }
        for (const auto& t : points) record(t, {{"source", source}, {"space_points", points.size()}});
      } else if (by_model) {
        const auto points = tune_detail::legal_points(mpi, e, app.problem(), fixed);
        if (points.empty()) throw Error(cm.model->path + ": " + e.name + " has no legal point on this problem");
        const Prediction pred = predict_tuning(*cm.model, model_inputs(space, e.tuning, features));
        nlohmann::json predicted = nlohmann::json::object();
        for (const auto& coordinate : pred.coordinates) {  // clang 14 cannot capture a structured binding
          const auto& name = coordinate.first;
          const auto& c = coordinate.second;
          if (std::none_of(space.begin(), space.end(), [&](const auto& d) { return d.name == name; }))
            throw Error("tuning model '" + cm.model->path + "': predicts '" + name + "', which " + e.name +
                        " does not have");
          predicted[name] = c;
        }
        record(tune_detail::nearest_point(*e.variant, app.problem(), points, pred, e.tuning),
               {{"source", "model"},
                {"model", cm.model->path},
                {"model_name", cm.model->name},
                {"model_class", pred.model_class},
                {"predicted", predicted},
                {"space_points", points.size()}});
        model_used = true;
        kept.insert(fixed.begin(), fixed.end());
      } else {
        nlohmann::json info = {{"source", fixed.empty() ? "defaults" : "command line"}};
        if (!cm.note.empty()) info["model_note"] = cm.note;
        record(e.tuning, info);
      }
    }
    if (req.mode == TuneRequest::Mode::Model && !model_used)
      throw Error("--tune model: the model '" + cm.model->path + "' is for " + cm.model->variant +
                  ", which this run does not choose (--variant " + o.variant + ")");
    if (notes && mpi.root() && model_used && req.mode == TuneRequest::Mode::Off) {
      std::string given;
      for (const auto& n : kept) given += (given.empty() ? "; kept from the command line: --" : ", --") + n;
      *notes << "note: tunables from the model " << cm.model->path << given
             << " (--tune exhaustive searches instead)\n";
    }
    return runs;
  });
}

}  // namespace hpcs
