// SPDX-License-Identifier: BSD-3-Clause
// Google Benchmark of the Smith-Waterman variants: GCUPS per variant and size.
//   sw_bench [--sizes=2^16,2^18,2^20] [--alphabet=dna|protein] [--tile-rows=2048]
//            [--tile-cols=128] [--sub-rows=16] [--sub-cols=2] [--dpx=1] [--band-cols=0] [benchmark flags...]
// Square DNA pairs (len x len) with a planted similar region; time = device time (CUDA
// events) where the variant has it. The forward pass only (score and end cell); every
// benchmark's end cell must equal the first variant's at that size (and the CPU
// reference's where the table is small enough to run it).
#include <benchmark/benchmark.h>

#include <iostream>
#include <map>

#include "bench_context.hpp"
#include "bench_flags.hpp"
#include "hpcs/gpu.hpp"
#include "hpcs/kokkos_runtime.hpp"
#include "hpcs/timer.hpp"
#include "sw_input.hpp"
#include "sw_reference.hpp"
#include "sw_scoring.hpp"

namespace {
using namespace hpcs::sw;

struct BenchOptions {
  std::vector<std::int64_t> sizes{1 << 16, 1 << 18, 1 << 20};
  std::string alphabet = "dna";
  Tiling tiling;
};

BenchOptions parse_own_flags(int& argc, char** argv) {
  BenchOptions o;
  hpcs::take_own_flags(argc, argv, [&](const std::string& name, const std::string& v) {
    if (name == "sizes") {
      o.sizes.clear();
      hpcs::each_item(v, [&](const std::string& s) { o.sizes.push_back(hpcs::parse_size(s)); });
    } else if (name == "alphabet") o.alphabet = v;
    else if (name == "tile-rows") o.tiling.tile_rows = std::stoi(v);
    else if (name == "tile-cols") o.tiling.tile_cols = std::stoi(v);
    else if (name == "sub-rows") o.tiling.sub_rows = std::stoi(v);
    else if (name == "sub-cols") o.tiling.sub_cols = std::stoi(v);
    else if (name == "dpx") o.tiling.dpx = v != "0";
    else if (name == "band-cols") o.tiling.band_cols = std::stoll(v);
    else return false;
    return true;
  });
  return o;
}

struct Problem {
  GeneratedPair pair;
  Scoring scoring;
  std::optional<Cell> expected;  // the first result at this size (or the reference's)
};

Problem& problem(const BenchOptions& o, std::int64_t n) {
  static std::map<std::int64_t, Problem> cache;
  auto it = cache.find(n);
  if (it != cache.end()) return it->second;
  const Alphabet al = Alphabet::by_name(o.alphabet);
  PlantedRegion plant;
  plant.length = std::max<std::int64_t>(1, n / 8);
  Problem p{generate_pair(al, n, n, 20241121 + n, plant),
            o.alphabet == "dna" ? dna_scoring(2, -3, 7, 2) : blosum62(al, 11, 1), std::nullopt};
  if (n * n <= (std::int64_t{1} << 26)) {  // small enough for the CPU reference
    Block blk{p.pair.a.data(), n, p.pair.b.data(), n, 0, Mode::Local};
    p.expected = sw_reference_block(blk, p.scoring);
  }
  return cache.emplace(n, std::move(p)).first->second;
}

void run(benchmark::State& state, const VariantInfo& info, const BenchOptions& o, std::int64_t n) {
  Problem& p = problem(o, n);
  std::unique_ptr<Aligner> aligner;
  try {
    aligner = info.make(o.tiling);
    aligner->setup(Block{p.pair.a.data(), n, p.pair.b.data(), n, 0, Mode::Local}, p.scoring);
  } catch (const std::exception& e) {
    state.SkipWithError(e.what());
    return;
  }
  Cell last{};
  for (auto _ : state) {
    hpcs::WallTimer wall;
    last = aligner->run(nullptr);
    const double wall_s = wall.seconds();
    state.SetIterationTime(aligner->device_seconds().value_or(wall_s));
  }
  const double cells = static_cast<double>(n) * static_cast<double>(n);
  state.counters["GCUPS"] = benchmark::Counter(cells / 1e9, benchmark::Counter::kIsIterationInvariantRate);
  state.counters["cells"] = cells;
  state.SetLabel(aligner->config() + " score " + std::to_string(last.score));
  if (!p.expected) p.expected = last;
  if (last.score != p.expected->score || last.i != p.expected->i || last.j != p.expected->j)
    state.SkipWithError(("end cell differs: score " + std::to_string(last.score) + " at (" + std::to_string(last.i) +
                         ", " + std::to_string(last.j) + "), expected " + std::to_string(p.expected->score))
                            .c_str());
}

}  // namespace

int main(int argc, char** argv) {
  const BenchOptions options = parse_own_flags(argc, argv);
  hpcs::select_gpu(0);
  hpcs::KokkosRuntime kokkos(hpcs::current_gpu());
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  hpcs::add_suite_context();
  static const VariantList variants = all_variants();
  for (const auto& info : variants) {
    if (const auto why = info.unavailable()) {
      std::cerr << "skipping " << info.name << ": " << *why << "\n";
      continue;
    }
    try {
      info.make(options.tiling);
    } catch (const std::exception& e) {
      std::cerr << "skipping " << info.name << ": " << e.what() << "\n";
      continue;
    }
    for (std::int64_t n : options.sizes) {
      if (info.backend == "cpu" && n > (1 << 15)) continue;  // hours on one core
      const std::string name = "sw/" + info.name + "/" + options.alphabet + "/" + std::to_string(n);
      benchmark::RegisterBenchmark(name.c_str(), [&info, &options, n](benchmark::State& s) { run(s, info, options, n); })
          ->UseManualTime()
          ->Unit(benchmark::kMillisecond);
    }
  }
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
