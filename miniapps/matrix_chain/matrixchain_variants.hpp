// SPDX-License-Identifier: BSD-3-Clause
// The variant interface of the matrix-chain mini-app and its one list. A variant (an
// Executor bound to a precision) runs a plan (matrixchain_plan.hpp) on this rank's rows of
// A1 and all of A2..An; backends implement it in their own folders and register here (no
// CUDA or Kokkos types).
#pragma once
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "hpcs/harness/variant.hpp"
#include "matrixchain_plan.hpp"
#include "matrixchain_problem.hpp"

namespace hpcs::matrixchain {

// What every executor starts from (host, float64 holding the file's values exactly):
// matrices[0] is this rank's rows x P1 band of A1, matrices[m - 1] all of A_m (m >= 2),
// each row-major.
struct ChainData {
  Dims dims;              // the global chain P[0..n]
  std::int64_t rows = 0;  // this rank's rows of A1 (and of the result)
  std::int64_t first_row = 0;
  std::vector<std::vector<double>> matrices;
  int n() const { return static_cast<int>(dims.size()) - 1; }
  // Rows x columns of matrices[m - 1] on this rank.
  std::int64_t rows_of(int m) const { return m == 1 ? rows : dims[static_cast<std::size_t>(m - 1)]; }
  std::int64_t cols_of(int m) const { return dims[static_cast<std::size_t>(m)]; }
};

class Executor {
 public:
  virtual ~Executor() = default;
  // Untimed: converts and uploads the matrices, allocates the plan's intermediates. `in`
  // and `plan` outlive the executor.
  virtual void setup(const ChainData& in, const Plan& plan) = 0;
  virtual void run() = 0;                // the whole plan; returns when it is done
  virtual void result(double* out) = 0;  // of the last run: rows x P[n], row-major
  virtual std::optional<double> device_seconds() const { return std::nullopt; }
  virtual std::string config() const = 0;  // what ran (kernels, tiles)
  // The chunk groups of each plan step after setup (left_counted's `groups`; empty: 1 each).
  virtual std::vector<std::int64_t> chunk_groups() const { return {}; }
};

// Validates the tuning (throws hpcs::Error naming the option) and builds the executor.
using Make = std::function<std::unique_ptr<Executor>(Precision, const Tuning&)>;
using Variant = hpcs::Variant<Problem, Tuning, Make>;
using VariantList = std::vector<Variant>;

// cpu/reference (float64, CBLAS, the op-count order), then what the backends register.
VariantList all_variants();

void register_backend_variants(VariantList& list);  // generated: every backend's (hpcs_add_miniapp)

// The plan a resolved tuning runs on the problem's chain (tiles in multiples of 8).
Plan plan_for(const Problem& p, const Tuning& t);
constexpr std::int64_t kTileGranule = 8;

// resolve() of variants that cannot fuse: plan fused becomes its tree unfused (opcount).
Tuning unfused_plan(Tuning t);
// why_not() of the fused variants: they run plan fused only.
std::optional<std::string> needs_fused_plan(const std::string& name, const Tuning& t);

// What a backend gives its tiled variants (tiled_variant): an executor per variant, why
// its runtime cannot run here, why a resolved tuning's tiles do not fit, and M = 0 resolved.
struct TiledBackend {
  std::string name;  // "cuda", "kokkos"
  std::function<Make(const std::string& variant, bool fused)> make;
  std::function<std::optional<std::string>()> unavailable;
  std::function<std::optional<std::string>(const std::string& variant, const Problem&, const Tuning&)> misfit;
  std::function<Tuning(const Problem&, const Tuning&)> with_auto_memory;
};

// <backend>/unfused (step 1: the naive or op-count plan, one tiled GEMM per product) or
// <backend>/fused (step 2: the fused plan only), with the plan tunings and --fast-memory's
// space; the rules in why_not: the runtime first, then the plan, then the tiles.
Variant tiled_variant(const TiledBackend& backend, bool fused);

// Named tunings of the plan executors: naive, opcount, fused (each variant keeps those it runs).
std::vector<NamedTuning<Tuning>> plan_tunings(bool fused);

// `<variant>/nograph`: the GPU executors launch one kernel after another instead of replaying
// the plan as one graph (--cuda-graph off). The arithmetic does not change.
NamedTuning<Tuning> without_graph();

// The tiled executors' tuning space for --tune (matrixchain_tuning.cpp): --fast-memory, the M
// their tiles are planned for (cpu/reference and cuda/cublas tile nothing of their own).
TuningSpace<Problem, Tuning> fast_memory_space();

}  // namespace hpcs::matrixchain
