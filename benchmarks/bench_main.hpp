// SPDX-License-Identifier: BSD-3-Clause
// The one Google Benchmark main of every mini-app: `<app>_bench [app options] [--sizes=LIST]
// [--variant=GLOBS] [--benchmark_*]`. The app's own options, with the mini-app's spellings,
// set the problem and the tuning; --sizes lists generated problem sizes (2^20 allowed).
// One benchmark per variant (and named tuning) and size, through the same Trial as the
// mini-app: time = device time where the variant has it (manual time), else wall time.
// Each benchmark's result must match the CPU reference (problems up to --verify-cells,
// default 2^27 here; CPU variants run only there) or the first variant's at that size.
#pragma once
#include <CLI/CLI.hpp>
#include <benchmark/benchmark.h>

#include <map>
#include <memory>
#include <string>
#include <vector>

#include "bench_context.hpp"
#include "hpcs/harness/app.hpp"
#include "hpcs/harness/run_loop.hpp"
#include "hpcs/harness/session.hpp"
#include "hpcs/base/timer.hpp"

namespace hpcs {

// "4096" or "2^12" (throws on anything else): CLI11 checks every entry with it, so a bad
// one is a one-line usage error.
inline std::int64_t parse_bench_size(const std::string& text) {
  const auto caret = text.find('^');
  std::size_t used = 0;
  long long v = 0;
  try {
    v = std::stoll(caret == std::string::npos ? text : text.substr(caret + 1), &used);
  } catch (const std::exception&) {
    used = std::string::npos;
  }
  const std::size_t length = caret == std::string::npos ? text.size() : text.size() - caret - 1;
  const bool power = caret != std::string::npos;
  if (used != length || v < 0 || (power && (text.substr(0, caret) != "2" || v > 62)))
    throw std::invalid_argument("'" + text + "' is not a size (an integer >= 0, or 2^k)");
  return power ? std::int64_t{1} << v : v;
}

template <class App>
class BenchSuite {
 public:
  using Result = typename App::Result;
  BenchSuite(const MpiContext& mpi, const CommonOptions& o, const App& options_app)
      : mpi_(mpi), o_(o), base_(options_app) {}

  // Registers every runnable (entry, size), size by size (0: the options' own problem).
  void register_all(const std::vector<std::int64_t>& sizes) {
    for (std::int64_t n : sizes) {
      Size& s = size(n);
      auto why = check_entries(s.entries, s.app->problem());
      agree_on_reasons(mpi_, why);
      if (o_.list) {
        list_entries<App>(s.entries, why);
        return;
      }
      if (n == sizes.front()) benchmark::AddCustomContext("hpcs_parameters", s.app->parameters().dump());
      const auto chosen = choose_variants(o_.variant, names(s), why, n == sizes.front() ? &std::cerr : nullptr);
      for (std::size_t k : chosen) {
        const auto& e = s.entries[k];
        if (e.variant->backend == "cpu" && s.app->work().items > o_.verify_cells) continue;  // hours on one core
        const auto items = static_cast<std::int64_t>(s.app->work().items);
        const std::string name = prefix() + "/" + e.name + "/" + s.app->dtype() + "/" + std::to_string(n ? n : items);
        benchmark::RegisterBenchmark(name.c_str(), [this, n, k](benchmark::State& st) { run(st, n, k); })
            ->UseManualTime()
            ->Unit(benchmark::kMillisecond);
      }
    }
  }

 private:
  struct Size {
    std::unique_ptr<App> app;
    std::vector<Entry<typename App::Variant, typename App::Tuning>> entries;
    std::vector<typename App::Variant> variants;
    std::optional<Result> expected;  // the CPU reference's, else the first result at this size
  };

  std::string prefix() const {
    const std::string exe = base_.info().executable;
    return exe.substr(0, exe.find("_miniapp"));
  }
  static std::vector<std::string> names(const Size& s) {
    std::vector<std::string> out;
    for (const auto& e : s.entries) out.push_back(e.name);
    return out;
  }

  Size& size(std::int64_t n) {
    auto it = sizes_.find(n);
    if (it != sizes_.end()) return it->second;
    Size s;
    s.app = std::make_unique<App>(base_);  // the command line's options and tuning
    if (n > 0) s.app->set_size(n);
    s.app->load(mpi_, o_);
    s.variants = s.app->variants();
    s.entries = expand_tunings(s.variants, s.app->tuning);
    if (o_.verify && s.app->work().items <= o_.verify_cells) s.expected = s.app->reference(mpi_);
    return sizes_.emplace(n, std::move(s)).first->second;
  }

  void run(benchmark::State& state, std::int64_t n, std::size_t k) {
    Size& s = size(n);
    const auto& e = s.entries[k];
    std::unique_ptr<Trial<Result>> trial;
    try {
      trial = s.app->prepare(mpi_, *e.variant, e.tuning);
    } catch (const std::exception& ex) {
      state.SkipWithError(ex.what());
      return;
    }
    std::optional<double> device;
    for (auto _ : state) {
      WallTimer wall;
      device = trial->rep();
      const double wall_s = wall.seconds();
      state.SetIterationTime(device.value_or(wall_s));
    }
    report(state, *s.app, *trial, device.has_value());
    check(state, s, trial->result());
  }

  static void report(benchmark::State& state, const App& app, Trial<Result>& trial, bool device_time) {
    const Work w = app.work();
    const AppInfo info = app.info();
    const auto iterations = static_cast<std::int64_t>(state.iterations());
    state.SetItemsProcessed(iterations * static_cast<std::int64_t>(w.items));
    if (w.bytes > 0) state.SetBytesProcessed(iterations * static_cast<std::int64_t>(w.bytes));
    const double per_rep = info.rate_unit == "GB/s" ? w.bytes : w.items;
    const std::string unit = info.rate_unit == "GB/s" ? "GB" : info.rate_unit.substr(0, info.rate_unit.find("/s"));
    state.counters[unit] = benchmark::Counter(per_rep / 1e9, benchmark::Counter::kIsIterationInvariantRate);
    if (w.flops > 0)
      state.counters["GFLOP"] = benchmark::Counter(w.flops / 1e9, benchmark::Counter::kIsIterationInvariantRate);
    state.counters[info.item + "s"] = w.items;
    state.SetLabel(trial.config() + (device_time ? " (device time)" : " (wall time)"));
  }

  void check(benchmark::State& state, Size& s, const Result& got) {
    if (!o_.verify) return;
    if (!s.expected) {
      s.expected = got;
      return;
    }
    const Verification v = s.app->compare(mpi_, got, *s.expected, "the reference (or the first variant)");
    if (v.failed()) state.SkipWithError(("wrong result: " + v.detail).c_str());
  }

  const MpiContext& mpi_;
  const CommonOptions& o_;
  const App& base_;
  std::map<std::int64_t, Size> sizes_;
};

template <class App>
int run_benchmarks(const MpiContext& mpi, const CommonOptions& o, const App& app,
                   const std::vector<std::string>& size_texts, std::vector<std::string> args) {
  std::vector<char*> gb_argv;
  for (auto& a : args) gb_argv.push_back(a.data());
  int gb_argc = static_cast<int>(gb_argv.size());
  benchmark::Initialize(&gb_argc, gb_argv.data());
  if (benchmark::ReportUnrecognizedArguments(gb_argc, gb_argv.data())) return 1;
  add_suite_context();
  std::vector<std::int64_t> sizes;
  for (const auto& t : size_texts) sizes.push_back(parse_bench_size(t));
  if (sizes.empty()) sizes = app.bench_sizes();
  if (sizes.empty()) sizes.push_back(0);
  BenchSuite<App> suite(mpi, o, app);
  suite.register_all(sizes);
  if (!o.list) benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}

// main() of <app>_bench (generated by hpcs_add_miniapp).
template <class App>
int bench_main(int argc, char** argv) {
  App app;
  const AppInfo info = app.info();
  CommonOptions o;
  o.verify_cells = 134217728.0;  // 2^27: CPU references and CPU variants stay within seconds
  std::vector<std::string> size_texts;
  CLI::App cli{"Google Benchmark of " + info.executable +
                   "'s variants; flags of the mini-app, --sizes, and "
                   "Google Benchmark's --benchmark_* flags",
               info.executable.substr(0, info.executable.find("_miniapp")) + "_bench"};
  add_selection_options(cli, o);
  app.add_options(cli);
  cli.add_option("--sizes", size_texts,
                 "Generated problem sizes (elements, sequence length, grid side), e.g. 2^20,4099")
      ->delimiter(',')
      ->check(
          CLI::Validator([](std::string& s) { return reason_of([&] { parse_bench_size(s); }).value_or(""); }, "SIZE"));
  add_renamed_flags(cli, info.renamed_flags);
  cli.allow_extras();  // --benchmark_* flags go on to Google Benchmark
  return run_main(argc, argv, cli, [&](const MpiContext& mpi) {
    std::vector<std::string> rest{argv[0]};
    for (const auto& r : cli.remaining()) rest.push_back(r);
    return run_benchmarks(mpi, o, app, size_texts, rest);
  });
}

}  // namespace hpcs
