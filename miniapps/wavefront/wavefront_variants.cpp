// SPDX-License-Identifier: BSD-3-Clause
// The one list of wavefront variants, the host executors, and the checks of the tunables.
#include "wavefront_variants.hpp"

#include <algorithm>
#include <sstream>

#include "wavefront_executor.hpp"

namespace hpcs::wavefront {

namespace {
template <class App>
class ReferenceExecutor final : public Executor {
 public:
  ReferenceExecutor(const Inputs& in, const App& app)
      : mpi_(*in.mpi), app_(app), letters_(host_letters(in)), blk_(rank_block(in.problem)) {}
  void run() override { result_ = serial_reference(mpi_, app_, letters_, blk_); }
  Result result() override { return result_; }
  std::string config() const override { return "serial, row by row"; }

 private:
  const MpiContext& mpi_;
  App app_;
  Letters letters_;
  Block blk_;
  Result result_;
};

void check_cpu_tile(const Tuning& t) {
  if (t.cpu_tile < 1) throw Error("--cpu-tile " + std::to_string(t.cpu_tile) + ": expected a tile side >= 1");
}
}  // namespace

VariantList all_variants() {
  VariantList list = variant_list<Variant>([](const Inputs& in, const Tuning&) { return make_reference(in); },
                                           [](VariantList&) {});  // cpu/tiled comes before the backends'
  Variant tiled;
  tiled.name = "cpu/tiled";
  tiled.backend = "cpu";
  tiled.make = make_cpu_tiled;
  tiled.why_not = [](const Problem&, const Tuning& t) { return reason_of([&] { check_cpu_tile(t); }); };
  tiled.resolve = resolve_tuning;
  tiled.tunings = cpu_tile_tunings();
  tiled.space = cpu_tiled_space();
  list.push_back(tiled);
  register_backend_variants(list);
  return list;
}

std::unique_ptr<Executor> make_reference(const Inputs& in) {
  return visit_app(in.problem, [&](const auto& app) -> std::unique_ptr<Executor> {
    return std::make_unique<ReferenceExecutor<std::decay_t<decltype(app)>>>(in, app);
  });
}

std::unique_ptr<Executor> make_cpu_tiled(const Inputs& in, const Tuning& t) {
  check_cpu_tile(t);
  return visit_app(in.problem, [&](const auto& app) -> std::unique_ptr<Executor> {
    using App = std::decay_t<decltype(app)>;
    return std::make_unique<SkeletonExecutor<App>>(in, app, t, nullptr, tuning_config(in.problem, t, false));
  });
}

std::vector<NamedTuning<Tuning>> cpu_tile_tunings() {
  return named_values<Tuning>("cputile", "cpu-tile", {8, 16, 32, 64, 128});
}
std::vector<NamedTuning<Tuning>> gpu_tile_tunings() {
  return named_values<Tuning>("gputile", "gpu-tile", {1, 4, 8, 16, 32});
}

Tuning resolve_tuning(const Problem& p, const Tuning& t) {
  Tuning r = t;
  if (r.threads == 0) r.threads = p.host_threads;
  if (r.halo == -2)
    r.halo = r.gpu_count == 2 ? std::max<std::int64_t>(-1, std::min(kAutoHalo, p.local_rows / 2 - 1)) : -1;
  return r;
}

std::optional<std::string> band_tuning_problem(const Problem& p, const Tuning& t) {
  const std::int64_t diagonals = p.rows + p.cols - 1;
  if (t.cpu_tile < 1) return "--cpu-tile " + std::to_string(t.cpu_tile) + ": expected a tile side >= 1";
  if (t.band < -2 || t.band > diagonals)
    return "--band " + std::to_string(t.band) + ": expected -1 (CPU only), -2 (all on the GPU) or 0.." +
           std::to_string(diagonals) + " (the grid has " + std::to_string(diagonals) + " anti-diagonals)";
  if (t.gpu_tile < 1 || t.gpu_tile > 32)
    return "--gpu-tile " + std::to_string(t.gpu_tile) + ": expected 1..32 (a tile's rows are one warp's lanes)";
  if (t.gpu_count < 0 || t.gpu_count > 2) return "--gpu-count " + std::to_string(t.gpu_count) + ": expected 0, 1 or 2";
  if (t.halo < -2)
    return "--halo " + std::to_string(t.halo) + ": expected -2 (auto), -1 (off) or a number of rows >= 0";
  if (t.gpu_count == 2) {
    // Each GPU takes half of the rank's rows; the halo lies within the first half, below
    // its first row (which alone reads the row from the rank above).
    const std::int64_t share = p.local_rows / 2;
    if (share < 1)
      return "--gpu-count 2: a rank needs at least 2 rows (this one has " + std::to_string(p.local_rows) + ")";
    if (t.halo > share - 1)
      return "--halo " + std::to_string(t.halo) + ": expected -1.." + std::to_string(share - 1) +
             " (the first GPU's share is " + std::to_string(share) + " rows of the rank's " +
             std::to_string(p.local_rows) + "; the halo stays below its first row)";
  } else if (t.halo > 0) {
    return "--halo " + std::to_string(t.halo) + ": needs --gpu-count 2 (halo rows are what the second GPU recomputes)";
  }
  return std::nullopt;
}

std::string tuning_config(const Problem& p, const Tuning& t, bool device) {
  std::ostringstream os;
  os << "cpu-tile " << t.cpu_tile << ", " << t.threads << " thread" << (t.threads == 1 ? "" : "s");
  if (device) {
    os << ", band " << (t.band == -2 ? std::string("all") : std::to_string(t.band)) << ", gpu-tile " << t.gpu_tile
       << ", gpu-count " << t.gpu_count;
    if (t.gpu_count == 2) os << ", halo " << t.halo;
  }
  if (p.ranks > 1) os << ", chunk " << (t.chunk > 0 ? t.chunk : default_chunk(p.cols));
  return os.str();
}

}  // namespace hpcs::wavefront
