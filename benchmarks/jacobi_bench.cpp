// SPDX-License-Identifier: BSD-3-Clause
// Google Benchmark of the Jacobi variants: updated cells per second and effective GB/s.
//   jacobi_bench [--dims=2] [--sizes=8192] [--steps=1024] [--precision=float32]
//                [--tile-t=..] [--tile-s1=..] [--tile-s2=..] [--threads=..] [benchmark flags...]
// 2D grids are sizes x sizes (1D: sizes points); random initial data and boundary. One
// iteration = setup-free advance of `steps` steps (device time where the variant has it).
// Effective GB/s counts what an untiled sweep moves: 2 * sizeof(Real) per cell update.
// Every variant's final grid must equal the first one's at that size bit for bit (and the
// CPU reference's where it is small enough to run).
#include <benchmark/benchmark.h>

#include <iostream>
#include <map>
#include <random>

#include "bench_context.hpp"
#include "bench_flags.hpp"
#include "hpcs/gpu.hpp"
#include "hpcs/kokkos_runtime.hpp"
#include "hpcs/timer.hpp"
#include "jacobi_reference.hpp"
#include "jacobi_variant.hpp"

namespace {
using namespace hpcs::jacobi;

struct BenchOptions {
  int dims = 2;
  std::vector<std::int64_t> sizes{8192};
  std::int64_t steps = 1024;
  Precision precision = Precision::Float32;
  Tiles tiles;
};

BenchOptions parse_own_flags(int& argc, char** argv) {
  BenchOptions o;
  hpcs::take_own_flags(argc, argv, [&](const std::string& name, const std::string& v) {
    if (name == "sizes") {
      o.sizes.clear();
      hpcs::each_item(v, [&](const std::string& s) { o.sizes.push_back(hpcs::parse_size(s)); });
    } else if (name == "dims") o.dims = std::stoi(v);
    else if (name == "steps") o.steps = std::stoll(v);
    else if (name == "precision" && (v == "float32" || v == "float64"))  // else left for Google Benchmark to refuse
      o.precision = v == "float64" ? Precision::Float64 : Precision::Float32;
    else if (name == "tile-t") o.tiles.t_T = std::stoi(v);
    else if (name == "tile-s1") o.tiles.t_S1 = std::stoi(v);
    else if (name == "tile-s2") o.tiles.t_S2 = std::stoi(v);
    else if (name == "threads") o.tiles.threads = std::stoi(v);
    else return false;
    return true;
  });
  return o;
}

Problem problem_of(const BenchOptions& o, std::int64_t n) { return o.dims == 1 ? Problem{1, n, 1} : Problem{2, n, n}; }

template <class Real>
struct Case {
  std::vector<Real> grid;
  std::vector<Real> expected;  // the first final grid at this size (or the reference's)
};

template <class Real>
Case<Real>& case_of(const BenchOptions& o, std::int64_t n) {
  static std::map<std::int64_t, Case<Real>> cache;
  auto it = cache.find(n);
  if (it != cache.end()) return it->second;
  const Problem p = problem_of(o, n);
  Case<Real> c;
  c.grid.resize(static_cast<std::size_t>(p.stored()));
  std::mt19937_64 rng(20261121 + static_cast<std::uint64_t>(n));
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  for (auto& v : c.grid) v = static_cast<Real>(u(rng));
  if (static_cast<double>(p.interior()) * static_cast<double>(o.steps) <= 1e8) c.expected = reference_run(p, c.grid, o.steps);
  return cache.emplace(n, std::move(c)).first->second;
}

template <class Real>
void run(benchmark::State& state, const VariantInfo& info, const BenchOptions& o, std::int64_t n) {
  const Problem p = problem_of(o, n);
  Case<Real>& c = case_of<Real>(o, n);
  const Tiles tiles = info.resolve(p, o.tiles, o.precision);  // as the mini-app does: variants get sizes, never 0
  std::unique_ptr<Solver<Real>> solver;
  try {
    if constexpr (std::is_same_v<Real, float>) solver = info.make_float(tiles);
    else solver = info.make_double(tiles);
    solver->setup(p, c.grid.data());
  } catch (const std::exception& e) {
    state.SkipWithError(e.what());
    return;
  }
  double last_device = solver->device_seconds().value_or(0.0);
  for (auto _ : state) {
    solver->setup(p, c.grid.data());  // every iteration starts from the same grid (untimed below)
    last_device = solver->device_seconds().value_or(0.0);
    hpcs::WallTimer wall;
    solver->advance(o.steps);
    const double wall_s = wall.seconds();
    const auto dev = solver->device_seconds();
    state.SetIterationTime(dev ? *dev - last_device : wall_s);
  }
  std::vector<Real> out(c.grid.size());
  solver->download(out.data());
  const double updates = static_cast<double>(p.interior()) * static_cast<double>(o.steps);
  state.counters["Gcells/s"] = benchmark::Counter(updates / 1e9, benchmark::Counter::kIsIterationInvariantRate);
  state.counters["GB/s"] =
      benchmark::Counter(updates * 2.0 * sizeof(Real) / 1e9, benchmark::Counter::kIsIterationInvariantRate);
  state.SetLabel(solver->details().dump());
  if (c.expected.empty()) c.expected = out;
  if (out != c.expected) state.SkipWithError("final grid differs from the first variant's (or the reference's)");
}

}  // namespace

int main(int argc, char** argv) {
  const BenchOptions options = parse_own_flags(argc, argv);
  hpcs::select_gpu(0);
  hpcs::KokkosRuntime kokkos(hpcs::current_gpu());
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  hpcs::add_suite_context();
  benchmark::AddCustomContext("jacobi_steps", std::to_string(options.steps));
  static const VariantList variants = all_variants();
  for (const auto& info : variants) {
    if (const auto why = info.unavailable()) {
      std::cerr << "skipping " << info.name << ": " << *why << "\n";
      continue;
    }
    for (std::int64_t n : options.sizes) {
      const Problem p = problem_of(options, n);
      const Tiles tiles = info.resolve(p, options.tiles, options.precision);
      if (const auto why = info.rejects(p, tiles, options.precision)) {
        std::cerr << "skipping " << info.name << " at " << n << ": " << *why << "\n";
        continue;
      }
      if (info.backend == "cpu" && static_cast<double>(p.interior()) * options.steps > 2e9) continue;  // minutes on one core
      const std::string name = "jacobi" + std::to_string(options.dims) + "d/" + info.name + "/" +
                               to_string(options.precision) + "/" + std::to_string(n);
      auto* b = options.precision == Precision::Float32
                    ? benchmark::RegisterBenchmark(name.c_str(), [&info, &options, n](benchmark::State& s) { run<float>(s, info, options, n); })
                    : benchmark::RegisterBenchmark(name.c_str(), [&info, &options, n](benchmark::State& s) { run<double>(s, info, options, n); });
      b->UseManualTime()->Unit(benchmark::kMillisecond);
    }
  }
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
