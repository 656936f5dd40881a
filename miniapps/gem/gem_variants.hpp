// SPDX-License-Identifier: BSD-3-Clause
// The variant interface of the GEM mini-app and its one list. A variant (an Evaluator bound
// to a precision) computes the potential at every vertex of a rank's block from all atoms;
// backends implement it in their own folders and register here (no CUDA or Kokkos types).
#pragma once
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "gem_hcp.hpp"
#include "gem_physics.hpp"
#include "hpcs/harness/variant.hpp"

namespace hpcs::gem {

// What every variant starts from (host, double): atoms with charges already scaled by
// physics.charge_scale, the rank's shifted vertices, and the pair constants.
struct Inputs {
  Physics physics;
  double A = 0;
  Atoms atoms;            // unscaled, as read (the reference scales them itself)
  std::vector<double> q;  // scaled charges
  ShiftedVertices vertices;
  PairConstants<double> constants;
  HcpOptions hcp;  // for the HCP variants
};

class Evaluator {
 public:
  virtual ~Evaluator() = default;
  virtual void setup(const Inputs& in) = 0;  // untimed: converts and uploads; `in` outlives the evaluator
  virtual void run() = 0;                    // the potentials of every vertex; returns when done
  virtual void potentials(double* out) = 0;  // of the last run, one per vertex
  virtual std::optional<double> device_seconds() const { return std::nullopt; }
  virtual std::string config() const = 0;  // the launch shape that ran
  // 0: exact, verified within rounding; > 0: an approximation (HCP), verified within this
  // times the reference's RMS
  virtual double tolerance() const { return 0; }
};

// Validates the tuning (throws hpcs::Error naming the option) and builds the evaluator.
using Make = std::function<std::unique_ptr<Evaluator>(Precision, const Tuning&)>;
// step: the place on its backend's ladder of optimizations (docs/gem.md).
using Variant = hpcs::Variant<Problem, Tuning, Make>;
using VariantList = std::vector<Variant>;

// cpu/reference (float64, threads), cpu/hcp, the CPU ladder (gem_cpu_ladder.hpp), then what
// the backends register.
VariantList all_variants();

std::unique_ptr<Evaluator> make_cpu_hcp();  // gem_hcp_cpu.cpp

void register_backend_variants(VariantList& list);  // generated: every backend's (hpcs_add_miniapp)

// Named tunings of the GPU variants: block64 .. block1024.
std::vector<NamedTuning<Tuning>> block_tunings();

// The tunables a GPU variant's kernels read beside --block (a variant's space holds no other).
struct GemTunables {
  bool tile_atoms = false;
  bool vertices_per_thread = false;
  bool atom_splits = false;
};
// Its tuning space for --tune (gem_tuning.cpp).
TuningSpace<Problem, Tuning> gem_space(const GemTunables& which);

}  // namespace hpcs::gem
