// SPDX-License-Identifier: BSD-3-Clause
// The variant interface of the wavefront mini-app and its one list: cpu/reference (the
// seed's serial loop), cpu/tiled (the CPU's tile wavefront), then what the backends
// register (cuda/band, kokkos/band). No CUDA or Kokkos type appears here.
#pragma once
#include <nlohmann/json.hpp>

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "hpcs/parallel/mpi_context.hpp"
#include "hpcs/harness/variant.hpp"
#include "wavefront_input.hpp"
#include "wavefront_problem.hpp"

namespace hpcs::wavefront {

// One variant set up on this rank's block; run() is one repetition on every rank together
// (ranks exchange rows inside it), result() the last repetition's.
class Executor {
 public:
  virtual ~Executor() = default;
  virtual void run() = 0;
  virtual Result result() = 0;
  virtual std::string config() const = 0;
  // Seconds of the last run's phases (CPU ramps, device band, frontier transfers).
  virtual nlohmann::json details() const { return nlohmann::json::object(); }
};

// The rank's inputs, alive and unchanged while an executor exists.
struct Inputs {
  const MpiContext* mpi = nullptr;
  Problem problem;
  const Sequences* sequences = nullptr;  // lcs, sw-linear: this rank's rows of A, all of B
};

// Validates the tuning (throws hpcs::Error naming the option) and builds the executor.
using Make = std::function<std::unique_ptr<Executor>(const Inputs&, const Tuning&)>;
using Variant = hpcs::Variant<Problem, Tuning, Make>;
using VariantList = std::vector<Variant>;

VariantList all_variants();
void register_backend_variants(VariantList& list);  // generated: every backend's (hpcs_add_miniapp)

std::unique_ptr<Executor> make_reference(const Inputs& in);

// Named tunings (--variant 'cuda/band/*' runs them all in one go): the CPU's tiles of
// cpu/tiled, the GPU's tiles of cuda/band and kokkos/band.
std::vector<NamedTuning<Tuning>> cpu_tile_tunings();
std::vector<NamedTuning<Tuning>> gpu_tile_tunings();
std::unique_ptr<Executor> make_cpu_tiled(const Inputs& in, const Tuning& t);

// The tuning spaces of --tune (wavefront_tuning.cpp): cpu/tiled's CPU tile; the band
// variants' band, tiles and, where one rank drives two GPUs, gpu-count and halo.
TuningSpace<Problem, Tuning> cpu_tiled_space();
TuningSpace<Problem, Tuning> band_space(bool two_gpus);

// The tuning a variant runs: --threads 0 becomes the node's cores over its ranks.
Tuning resolve_tuning(const Problem& p, const Tuning& t);

// The tunables checked against the problem (nullopt: fine): band within the grid, tiles
// from 1, gpu-count 0..2, halo only with two GPUs and within the first GPU's share. The
// app checks them before any run; the variants again where they are made.
std::optional<std::string> band_tuning_problem(const Problem& p, const Tuning& t);

}  // namespace hpcs::wavefront
