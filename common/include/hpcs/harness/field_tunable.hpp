// SPDX-License-Identifier: BSD-3-Clause
// Tunables that are one integer field of an app's Tuning, the usual kind (a block, a tile
// side, an unroll factor, a switch): the apps' tuning spaces declare theirs through these
// rather than each writing the get / set / coordinate lambdas again.
#pragma once
#include <cstdint>
#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "hpcs/harness/tuning_space.hpp"

namespace hpcs {

template <class Problem>
using Candidates = std::function<std::vector<std::int64_t>(const Problem&)>;

// The same candidates on every problem.
template <class Problem>
Candidates<Problem> fixed_candidates(std::vector<std::int64_t> values) {
  return [values = std::move(values)](const Problem&) { return values; };
}

// Tunable `name` (its option without the dashes) of `field`, trying candidates(problem); a
// model predicts it on the value itself.
template <class Problem, class Tuning, class Field>
Tunable<Problem, Tuning> field_tunable(std::string name, Field Tuning::*field, Candidates<Problem> candidates) {
  Tunable<Problem, Tuning> t;
  t.name = std::move(name);
  t.candidates = std::move(candidates);
  t.get = [field](const Tuning& u) { return static_cast<std::int64_t>(u.*field); };
  t.set = [field](Tuning& u, std::int64_t v) { u.*field = static_cast<Field>(v); };
  return t;
}

template <class Problem, class Tuning, class Field>
Tunable<Problem, Tuning> field_tunable(std::string name, Field Tuning::*field, std::vector<std::int64_t> values) {
  return field_tunable<Problem>(std::move(name), field, fixed_candidates<Problem>(std::move(values)));
}

// A size (a block, a tile side, a capacity): a model predicts it on log2 of the value.
template <class Problem, class Tuning, class Field>
Tunable<Problem, Tuning> size_tunable(std::string name, Field Tuning::*field, Candidates<Problem> candidates) {
  Tunable<Problem, Tuning> t = field_tunable<Problem>(std::move(name), field, std::move(candidates));
  t.coordinate = [](const Problem&, std::int64_t v) { return log2_coordinate(v); };
  return t;
}

template <class Problem, class Tuning, class Field>
Tunable<Problem, Tuning> size_tunable(std::string name, Field Tuning::*field, std::vector<std::int64_t> values) {
  return size_tunable<Problem>(std::move(name), field, fixed_candidates<Problem>(std::move(values)));
}

}  // namespace hpcs
