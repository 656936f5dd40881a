// SPDX-License-Identifier: BSD-3-Clause
// The variant interface of the Jacobi mini-app and its one list. A Solver owns one grid (a
// rank's block of rows with its boundary or halo rows, see jacobi_problem.hpp) in two time
// buffers and advances it; rows 0 and rows()-1 (and in 2D columns 0 and cols()-1) are
// never written, so on a rank they act as a fixed boundary for one band of steps and the
// MPI driver (jacobi_distributed.cpp) refreshes them between bands. Backends implement
// Solver in their own folders and register their variants through the functions below (a
// build without the backend links a no-op); no CUDA or Kokkos type appears here.
#pragma once
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <type_traits>
#include <vector>

#include <nlohmann/json.hpp>

#include "hpcs/harness/variant.hpp"
#include "jacobi_problem.hpp"

namespace hpcs::jacobi {

template <class Real>
class Solver {
 public:
  virtual ~Solver() = default;
  // Untimed: allocates and copies `grid` (local.stored() values) into both time buffers.
  virtual void setup(const Problem& local, const Real* grid) = 0;
  // Advances `steps` >= 0 time steps. Timed by the driver (wall clock).
  virtual void advance(std::int64_t steps) = 0;
  // Rows [row0, row0 + count) of the current time level, count * cols() values.
  virtual void read_rows(std::int64_t row0, std::int64_t count, Real* out) const = 0;
  // Overwrites rows [row0, row0 + count) in both time buffers (halo rows between bands).
  virtual void write_rows(std::int64_t row0, std::int64_t count, const Real* in) = 0;
  // The whole grid at the current time level.
  virtual void download(Real* grid) const = 0;
  // Device time of the advances since setup (CUDA events / fenced Kokkos timer), if known.
  virtual std::optional<double> device_seconds() const { return std::nullopt; }
  // Facts for reports and models: launches, tiles, threads, shared bytes per block, ...
  virtual nlohmann::json details() const { return nlohmann::json::object(); }
};

// A variant's factory (resolved tiles in, a solver out) and what the shared checks and the
// MPI driver need to know of it.
// A solver's factories in both precisions.
struct SolverFactories {
  std::function<std::unique_ptr<Solver<float>>(const Tuning&)> make_float;
  std::function<std::unique_ptr<Solver<double>>(const Tuning&)> make_double;

  template <class Real>
  std::unique_ptr<Solver<Real>> solver(const Tuning& t) const {
    if constexpr (std::is_same_v<Real, float>) return make_float(t);
    else return make_double(t);
  }
};

// The factories of a solver class template S<Real> constructed from the tiles.
template <template <class> class S>
SolverFactories factories_of() {
  return {[](const Tuning& t) -> std::unique_ptr<Solver<float>> { return std::make_unique<S<float>>(t); },
          [](const Tuning& t) -> std::unique_ptr<Solver<double>> { return std::make_unique<S<double>>(t); }};
}

struct Make : SolverFactories {
  bool tiled = false;  // tiled variants exchange t_T-deep halos once per band of t_T steps
  // Rows exchanged with each neighbour rank per band: --halo-depth, else t_T (tiled) or 1.
  std::int64_t halo(const Tuning& t) const { return t.halo_depth > 0 ? t.halo_depth : tiled ? t.t_T : 1; }
};

// name "cpu/reference", "cuda/naive", "cuda/tiled", "kokkos/naive", "kokkos/tiled"; step 0
// (no ladder); why_not(task, resolved tiles): why it cannot run the task here; resolve:
// the tiles it runs for the requested ones (zeros: defaults).
using Variant = hpcs::Variant<Task, Tuning, Make>;
using VariantList = std::vector<Variant>;

// A variant record with the shared parts filled in: resolve = resolve_tiles() (a backend
// with tighter limits replaces it), and for a tiled variant the named tunings below.
Variant new_variant(const std::string& name, const std::string& backend, bool tiled);

// Every variant this build has, in table order: CPU reference, CUDA, Kokkos. Each one's
// why_not is its backend's (not available here, the backend's limits on the tiles) inside
// the checks every variant shares: first the tile rules (tiled variants, check_tiles), then
// the backend's, then the split over task.ranks with the variant's halo
// (check_decomposition), then what its factory refuses.
VariantList all_variants();

// Why v cannot run on this machine at all (nullopt: it can): its why_not for its default
// tiles on a small 2D grid on one rank (no GPU visible, Kokkos not running, ...).
std::optional<std::string> unavailable(const Variant& v);

void register_backend_variants(VariantList& list);  // generated: every backend's (hpcs_add_miniapp)

// Named tunings of the tiled variants, points of their space: tT4 .. tT32 (t_T),
// threads128 .. threads384.
std::vector<NamedTuning<Tuning>> tiled_tunings();

// The candidates of the tuning spaces (--tune, and --sweep, its front for one tiled
// variant); --sweep-t, -s1, -s2 and -threads replace them. 24 tiles in 1D, 72 in 2D before
// the variants' rules drop some, plus the problem's default tiles (resolve_tiles: 2D float32
// grids from 2048^2 run t_S1 = 9, t_S2 = 384, three times the best of the lists on an H100),
// so a search never misses the point a run without tiles takes; a --sweep-t/-s1/-s2 list
// given on the command line turns that off (the lists are then exactly what is searched).
struct SweepSpec {
  std::vector<int> t_T{2, 4, 6, 8, 12, 16};
  std::vector<int> t_S1{8, 16, 32, 64};
  std::vector<int> t_S2{32, 64, 128};  // ignored in 1D
  // 3D (HHC slabs: hexagons over (t, S1), sub-slabs of t_S2 x t_S3 columns): small hexagons
  // and short sub-slabs along S2, the threads along S3 (81 points before the variants'
  // rules; the default tiles 4/4/4/32 join them). A --sweep-t/-s1/-s2 list replaces these too.
  std::vector<int> t_T_3d{2, 4, 8};
  std::vector<int> t_S1_3d{2, 4, 8};
  std::vector<int> t_S2_3d{2, 4, 8};
  std::vector<int> t_S3{32, 64, 128};  // 3D only
  // --slab-split candidates (3D only; jacobi_slab_tile.hpp), clamped to the S2 extent and
  // deduplicated per problem. By default only 1, the thesis' one team per slab, so a sweep
  // keeps its points; --sweep-split 1,4,16,64 searches the split too.
  std::vector<int> slab_split{1};
  std::vector<int> threads{0};  // 0: the variant's choice
  bool with_defaults = true;    // the problem's default tiles join t_T, t_S1, t_S2 (, t_S3)
};

// The t_S2 values the space tries on p: spec.t_S2 in 2D, 1 in 1D (no S2 to tile).
std::vector<int> sweep_t_S2(const SweepSpec& spec, const Problem& p);

// The tuning spaces of --tune (jacobi_tuning.cpp): the tiled variants' --tile-t, --tile-s1,
// --tile-s2, --tile-s3 (3D; elsewhere it stays 0 and does not apply) and --threads; cuda/naive's and kokkos/naive's
// --halo-depth (on several ranks) and --threads.
// defaults: the variant's resolve (its default tiles are what it resolves Tuning{} to, and join
// the candidates where spec.with_defaults); none: the shared resolve_tiles().
using TileDefaults = std::function<Tuning(const Task&, const Tuning&)>;
TuningSpace<Task, Tuning> tiled_space(const SweepSpec& spec = {}, TileDefaults defaults = {});
TuningSpace<Task, Tuning> naive_space(const SweepSpec& spec = {});
// Every variant's space (those that have one) over spec's candidates.
void set_candidates(VariantList& list, const SweepSpec& spec);

// Where a variant's halo depth comes from, for messages: "--halo-depth of kokkos/naive",
// "t_T of cuda/tiled", "one-deep halo of cpu/reference".
std::string halo_source(const std::string& name, const Make& make, const Tuning& t);

}  // namespace hpcs::jacobi
