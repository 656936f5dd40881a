// SPDX-License-Identifier: BSD-3-Clause
// The tuning space a variant declares (seed 004's exhaustive search, for every app): its
// tunables, each with the candidates it takes on a problem, when it matters, and the
// coordinate a learned model predicts it in. `--tune` (hpcs/harness/tune.hpp) walks the space;
// the variant's resolve and why_not are its constraints.
#pragma once
#include <nlohmann/json.hpp>

#include <cmath>
#include <cstdint>
#include <functional>
#include <set>
#include <string>
#include <vector>

namespace hpcs {

template <class Problem, class Tuning>
struct Tunable {
  std::string name;  // its option without the dashes ("band" is --band), and its table column
  // The values the search tries; the same on every rank (from global sizes only).
  std::function<std::vector<std::int64_t>(const Problem&)> candidates;
  std::function<std::int64_t(const Tuning&)> get;
  std::function<void(Tuning&, std::int64_t)> set;
  // Whether it matters, given the tunables declared before it (a halo only with two GPUs);
  // where it does not, the point keeps the command line's value.
  std::function<bool(const Tuning&)> applies = [](const Tuning&) { return true; };
  // Where a model predicts it: log2 of a tile side, a band's share of the diagonals. The
  // prediction becomes the candidate of the nearest coordinate.
  std::function<double(const Problem&, std::int64_t)> coordinate = [](const Problem&, std::int64_t v) {
    return static_cast<double>(v);
  };
  // What the run is given rather than a shape (the wavefront's gpu-count): set on the command
  // line, it still leaves the others to the shipped model by default (hpcs/harness/tune.hpp).
  bool resource = false;
};

template <class Problem, class Tuning>
using TuningSpace = std::vector<Tunable<Problem, Tuning>>;

// A tile side's coordinate: log2 of it.
inline double log2_coordinate(std::int64_t v) { return v > 0 ? std::log2(static_cast<double>(v)) : 0.0; }

// Every point of the space from `base`: the product of the candidates of the tunables that
// apply and are not `fixed` (the ones the command line set), in declaration order.
template <class Problem, class Tuning>
std::vector<Tuning> space_points(const TuningSpace<Problem, Tuning>& space, const Problem& p, const Tuning& base,
                                 const std::set<std::string>& fixed) {
  std::vector<Tuning> out;
  std::function<void(std::size_t, const Tuning&)> walk = [&](std::size_t k, const Tuning& t) {
    if (k == space.size()) {
      out.push_back(t);
      return;
    }
    const auto& d = space[k];
    if (fixed.count(d.name) || !d.applies(t)) return walk(k + 1, t);
    std::set<std::int64_t> seen;  // small problems make some candidates equal
    for (std::int64_t v : d.candidates(p)) {
      if (!seen.insert(v).second) continue;
      Tuning u = t;
      d.set(u, v);
      walk(k + 1, u);
    }
  };
  walk(0, base);
  return out;
}

// Whether a run takes the model's point without --tune model: where the command line fixed
// none of the space's tunables, or only resources (two GPUs chosen, the tiles left free).
template <class Problem, class Tuning>
bool model_by_default(const TuningSpace<Problem, Tuning>& space, const std::set<std::string>& fixed) {
  for (const auto& d : space)
    if (fixed.count(d.name) && !d.resource) return false;
  return true;
}

// What a model reads: the instance's features and the run's resources (the wavefront's
// gpu-count, as given or by default), so a model can hold a class for two GPUs
// ("when": [{"feature": "gpu-count", "min": 2}]) beside the one-GPU classes.
template <class Problem, class Tuning>
nlohmann::json model_inputs(const TuningSpace<Problem, Tuning>& space, const Tuning& t, nlohmann::json features) {
  for (const auto& d : space)
    if (d.resource) features[d.name] = d.get(t);
  return features;
}

// The tunables' values of a point, in declaration order (those that do not apply too).
template <class Problem, class Tuning>
std::vector<std::int64_t> point_values(const TuningSpace<Problem, Tuning>& space, const Tuning& t) {
  std::vector<std::int64_t> v;
  for (const auto& d : space) v.push_back(d.get(t));
  return v;
}

}  // namespace hpcs
