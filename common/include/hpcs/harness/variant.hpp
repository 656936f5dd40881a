// SPDX-License-Identifier: BSD-3-Clause
// The one variant record of every mini-app, and the choice of variants for a run.
//
// A variant is named backend/algorithm ("cuda/rk7"); each may carry named tunings, full
// names backend/algorithm/tuning ("cuda/rk7/block128"), so one run can sweep launch shapes
// (RAJAPerf's tunings). `--variant` globs match name segments ('*' never crosses a '/'):
// "cuda/*" is every CUDA algorithm with the command line's tuning, "cuda/rk7/*" every
// named tuning of cuda/rk7. Backends build these records; no CUDA or Kokkos type appears.
#pragma once
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <iosfwd>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "hpcs/parallel/mpi_context.hpp"
#include "hpcs/harness/tuning_space.hpp"

namespace hpcs {

// A named tuning is a point of the variant's tuning space (hpcs/harness/tuning_space.hpp), given as
// tunable name -> value, so "cuda/rk7/block128" runs what --block 128 runs and --tune
// walks the same candidates; or, for a switch outside the space (the matrix chain's
// "nograph"), a function.
template <class Tuning>
struct NamedTuning {
  std::string name;                                         // e.g. "block128"
  std::vector<std::pair<std::string, std::int64_t>> point;  // tunable -> value; empty: `apply`
  std::function<Tuning(Tuning)> apply;                      // the command line's tuning -> this one
};

// A named point of the space.
template <class Tuning>
NamedTuning<Tuning> named_point(std::string name, std::vector<std::pair<std::string, std::int64_t>> point) {
  return {std::move(name), std::move(point), nullptr};
}

// One named point per value of one tunable: <prefix><value> ("block64", "block128", ...).
template <class Tuning>
std::vector<NamedTuning<Tuning>> named_values(const std::string& prefix, const std::string& tunable,
                                              std::initializer_list<std::int64_t> values) {
  std::vector<NamedTuning<Tuning>> out;
  for (std::int64_t v : values) out.push_back(named_point<Tuning>(prefix + std::to_string(v), {{tunable, v}}));
  return out;
}

// A switch outside the tuning space.
template <class Tuning>
NamedTuning<Tuning> named_switch(std::string name, std::function<Tuning(Tuning)> apply) {
  return {std::move(name), {}, std::move(apply)};
}

// Problem: what a variant is asked to run (type, sizes, ranks); Tuning: the app's launch
// shape; Make: the app's factory (a std::function, or a struct of them).
template <class Problem, class Tuning, class Make>
struct Variant {
  std::string name;     // "cpu/reference", "cuda/rk7", "kokkos/tiled"
  std::string backend;  // "cpu", "cuda", "kokkos"
  int step = 0;         // 1, 2, ... on the app's ladder of optimizations (speedup columns); 0: off it
  Make make;
  // Why it cannot run this problem with this (resolved) tuning here; nullopt: it can.
  std::function<std::optional<std::string>(const Problem&, const Tuning&)> why_not = [](const Problem&, const Tuning&) {
    return std::optional<std::string>();
  };
  // The tuning it runs for the requested one (e.g. zeros -> its defaults).
  std::function<Tuning(const Problem&, const Tuning&)> resolve = [](const Problem&, const Tuning& t) { return t; };
  std::vector<NamedTuning<Tuning>> tunings;
  // Its tunables for --tune (hpcs/harness/tune.hpp); the constraints are resolve and why_not.
  TuningSpace<Problem, Tuning> space;
  // Copies of this rank's input the variant holds in host memory while it runs, beside the
  // loaded input (a Kokkos view of it under a host backend, Serial or OpenMP: 1; variants
  // that read the loaded input or copy it to a GPU: 0). The memory check before the runs
  // (hpcs/harness/run_loop.hpp) counts the input plus the most any chosen variant adds.
  std::function<double(const Problem&, const Tuning&)> host_copies = [](const Problem&, const Tuning&) { return 0.0; };
};

// The list every app starts from: "cpu/reference" made by `reference`, then the variants
// of every backend of the build (the app's generated register_backend_variants(), see
// common/cmake/hpcs_add_miniapp.cmake).
template <class V>
std::vector<V> variant_list(decltype(V::make) reference, void (*register_backends)(std::vector<V>&)) {
  std::vector<V> list(1);
  list[0].name = "cpu/reference";
  list[0].backend = "cpu";
  list[0].make = std::move(reference);
  register_backends(list);
  return list;
}

// One runnable entry: a variant with the tuning its name selects.
template <class V, class Tuning>
struct Entry {
  const V* variant = nullptr;
  std::string name;  // variant name, or variant/tuning
  Tuning tuning;     // resolved for the problem
};

// The tuning a named tuning of `v` runs, from the command line's: its point set through the
// variant's space (a tunable the space lacks is a defect of the variant list: logic_error).
template <class V, class Tuning>
Tuning apply_named(const V& v, const NamedTuning<Tuning>& t, Tuning requested) {
  if (t.point.empty()) return t.apply(requested);
  for (const auto& tv : t.point) {  // (no structured binding: clang refuses capturing one in C++17)
    const std::string& tunable = tv.first;
    const auto d = std::find_if(v.space.begin(), v.space.end(), [&](const auto& x) { return x.name == tunable; });
    if (d == v.space.end())
      throw std::logic_error(v.name + "/" + t.name + ": '" + tunable + "' is not a tunable of " + v.name + "'s space");
    d->set(requested, tv.second);
  }
  return requested;
}

// Every variant with the command line's tuning, then each named tuning, in list order.
template <class V, class Tuning>
std::vector<Entry<V, Tuning>> expand_tunings(const std::vector<V>& variants, const Tuning& requested) {
  std::vector<Entry<V, Tuning>> out;
  for (const V& v : variants) {
    out.push_back({&v, v.name, requested});
    for (const auto& t : v.tunings) out.push_back({&v, v.name + "/" + t.name, apply_named(v, t, requested)});
  }
  return out;
}

// Resolves each entry's tuning for `problem` and says why each cannot run (nullopt: it
// can): the one availability check of mini-apps and benchmarks alike.
template <class V, class Tuning, class Problem>
std::vector<std::optional<std::string>> check_entries(std::vector<Entry<V, Tuning>>& entries, const Problem& problem) {
  std::vector<std::optional<std::string>> why;
  for (auto& e : entries) {
    std::optional<std::string> reason;
    try {
      e.tuning = e.variant->resolve(problem, e.tuning);
      reason = e.variant->why_not(problem, e.tuning);
    } catch (const std::exception& ex) {
      reason = std::string(ex.what());
    }
    why.push_back(reason);
  }
  return why;
}

// The same answer on every rank (a variant runs on all ranks or none): an entry any rank
// cannot run is unavailable on every rank, with that rank's reason where it is not local.
void agree_on_reasons(const MpiContext& mpi, std::vector<std::optional<std::string>>& why);

// Shell-style glob over names (fnmatch with FNM_PATHNAME: '*' and '?' stay within a segment).
bool glob_match(const std::string& pattern, const std::string& name);

// Names matched by a --variant spec (comma-separated names or globs; "all" = "*/*"), in
// the order of `known`. Throws hpcs::Error naming an entry that matches nothing.
std::vector<std::string> select_variants(const std::string& spec, const std::vector<std::string>& known);

// Resolves --variant against names, given why each cannot run (nullopt: it can). Those
// matched by a glob but unable to run are skipped with one note per reason on `notes` (if
// not null); naming one exactly is an error. Returns indices into `names`, in order;
// throws hpcs::Error if nothing runnable is left.
std::vector<std::size_t> choose_variants(const std::string& spec, const std::vector<std::string>& names,
                                         const std::vector<std::optional<std::string>>& why_not, std::ostream* notes);

// The message of what `f` throws, or nullopt: a factory that validates its arguments
// becomes a why_not.
template <class F>
std::optional<std::string> reason_of(F&& f) {
  try {
    f();
  } catch (const std::exception& e) {
    return std::string(e.what());
  }
  return std::nullopt;
}

}  // namespace hpcs
