// SPDX-License-Identifier: BSD-3-Clause
// The variant interface of the reduction mini-app and its one list. Backends implement
// Reducer in their own folders and register their variants through the functions below
// (a build without the backend links a no-op); no CUDA or Kokkos type appears here.
#pragma once
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "hpcs/harness/variant.hpp"
#include "reduction_problem.hpp"

namespace hpcs::reduction {

// One variant bound to one element type. upload() is untimed (the caller keeps x alive
// and unchanged while the reducer exists); run() performs the whole reduction (every
// pass) and returns only when it is finished.
class Reducer {
 public:
  virtual ~Reducer() = default;
  virtual void upload(const HostArray& x) = 0;
  virtual void run() = 0;
  virtual Sum result() = 0;  // of the last run(); may copy one value from the device
  virtual std::optional<double> device_seconds() const { return std::nullopt; }
  virtual std::string config() const = 0;  // the effective launch shape
};

// Validates the tuning (throws hpcs::Error naming the option) and builds the reducer.
using Make = std::function<std::unique_ptr<Reducer>(DType, const Tuning&)>;
// step: 1..7 within the RK ladder of its backend; 0 outside it.
using Variant = hpcs::Variant<Problem, Tuning, Make>;
using VariantList = std::vector<Variant>;

// Every variant this build has, in table order: CPU reference, CUDA, Kokkos.
VariantList all_variants();

void register_backend_variants(VariantList& list);  // generated: every backend's (hpcs_add_miniapp)

// Named tunings of an RK step: block64 .. block1024, and for RK-7 the unroll factors too.
std::vector<NamedTuning<Tuning>> rk_tunings(int step);

// The tuning space of an RK step for --tune (reduction_tuning.cpp): block, and on RK-7 unroll
// and grid. `max_block` (null: 1024) is the backend's largest team, the same on every rank:
// blocks above it would all run as it.
TuningSpace<Problem, Tuning> rk_space(int step, std::function<int()> max_block = nullptr);

}  // namespace hpcs::reduction
