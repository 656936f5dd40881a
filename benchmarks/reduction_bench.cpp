// SPDX-License-Identifier: BSD-3-Clause
// Google Benchmark of every reduction variant, element type and size:
//   reduction_bench [--sizes=2^20,2^24,2^28] [--types=float32,int32,float64]
//                   [--block=256] [--grid=0] [--unroll=4] [benchmark flags...]
// Time is the device time (CUDA events) where the variant has it (manual time), the
// wall time of run() otherwise. bytes_per_second counts input bytes (binary units, as
// Google Benchmark prints them); the GB counter is the same rate in 1e9 B/s (printed GB=.../s). Each
// benchmark checks its last result against the CPU reference.
#include <benchmark/benchmark.h>

#include <cmath>
#include <iostream>
#include <map>

#include "bench_context.hpp"
#include "bench_flags.hpp"
#include "hpcs/gpu.hpp"
#include "hpcs/kokkos_runtime.hpp"
#include "hpcs/timer.hpp"
#include "reduction_input.hpp"
#include "reduction_reference.hpp"

namespace {
using namespace hpcs::reduction;

struct BenchOptions {
  std::vector<std::uint64_t> sizes{1ull << 20, 1ull << 24, 1ull << 28};
  std::vector<DType> types{DType::Float32, DType::Int32, DType::Float64};
  Tuning tuning;
};

// Takes our --sizes/--types/--block/--grid/--unroll out of argv (the rest is Google Benchmark's).
BenchOptions parse_own_flags(int& argc, char** argv) {
  BenchOptions o;
  hpcs::take_own_flags(argc, argv, [&](const std::string& name, const std::string& v) {
    if (name == "sizes") {
      o.sizes.clear();
      hpcs::each_item(v, [&](const std::string& s) { o.sizes.push_back(static_cast<std::uint64_t>(hpcs::parse_size(s))); });
    } else if (name == "types") {
      o.types.clear();
      hpcs::each_item(v, [&](const std::string& s) { o.types.push_back(parse_dtype(s)); });
    } else if (name == "block") o.tuning.block = std::stoi(v);
    else if (name == "grid") o.tuning.grid = std::stoi(v);
    else if (name == "unroll") o.tuning.unroll = std::stoi(v);
    else return false;
    return true;
  });
  return o;
}

// Inputs are generated once per (type, size) and shared by every variant's benchmark.
const HostArray& input(DType type, std::uint64_t n) {
  static std::map<std::pair<int, std::uint64_t>, HostArray> cache;
  auto key = std::make_pair(static_cast<int>(type), n);
  auto it = cache.find(key);
  if (it == cache.end()) it = cache.emplace(key, generate_slice(type, 20240601 + n, 0, n)).first;
  return it->second;
}

Sum reference_of(const HostArray& x) {
  auto r = make_cpu_reference(dtype_of(x));
  r->upload(x);
  r->run();
  return r->result();
}

void run_benchmark(benchmark::State& state, const VariantInfo& info, DType type, std::uint64_t n,
                   const Tuning& tuning) {
  const HostArray& x = input(type, n);
  std::unique_ptr<Reducer> reducer;
  try {
    reducer = info.make(type, tuning);
    reducer->upload(x);
  } catch (const std::exception& e) {
    state.SkipWithError(e.what());
    return;
  }
  for (auto _ : state) {
    hpcs::WallTimer wall;
    reducer->run();
    const double wall_s = wall.seconds();
    state.SetIterationTime(reducer->device_seconds().value_or(wall_s));
  }
  const double bytes = static_cast<double>(n * dtype_bytes(type));
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations() * bytes));
  state.counters["GB"] = benchmark::Counter(bytes / 1e9, benchmark::Counter::kIsIterationInvariantRate);
  state.counters["elements"] = static_cast<double>(n);
  state.SetLabel(reducer->config() + (reducer->device_seconds() ? " (device time)" : " (wall time)"));

  // The benchmark's own result must still be right.
  GlobalReference ref;
  ref.type = type;
  ref.n = n;
  ref.sum = reference_of(x);
  std::visit([&](const auto& v) { for (auto e : v) ref.sum_abs += std::fabs(static_cast<double>(e)); }, x);
  const auto verdict = verify(reducer->result(), ref);
  if (verdict.failed()) state.SkipWithError(("wrong sum: " + verdict.detail).c_str());
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
    for (DType type : options.types)
      for (std::uint64_t n : options.sizes) {
        const std::string name = "reduction/" + info.name + "/" + dtype_name(type) + "/" + std::to_string(n);
        benchmark::RegisterBenchmark(name.c_str(), [&info, type, n, t = options.tuning](benchmark::State& s) {
          run_benchmark(s, info, type, n, t);
        })->UseManualTime()->Unit(benchmark::kMillisecond);
      }
  }
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
