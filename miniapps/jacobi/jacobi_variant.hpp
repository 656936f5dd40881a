// SPDX-License-Identifier: BSD-3-Clause
// The variant interface of the Jacobi mini-app. A Solver owns one grid (a rank's block of
// rows with its boundary or halo rows, see jacobi_types.hpp) in two time buffers and
// advances it; rows 0 and rows()-1 (and in 2D columns 0 and cols()-1) are never written,
// so on a rank they act as a fixed boundary for one band of steps and the MPI driver
// (jacobi_distributed.cpp) refreshes them between bands. No CUDA or Kokkos types here.
#pragma once
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "jacobi_types.hpp"

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

struct VariantInfo {
  std::string name;     // "cpu/reference", "cuda/naive", "cuda/tiled", "kokkos/naive", "kokkos/tiled"
  std::string backend;  // "cpu", "cuda", "kokkos"
  bool tiled = false;   // tiled variants exchange t_T-deep halos once per band of t_T steps
  std::function<std::unique_ptr<Solver<float>>(const Tiles&)> make_float;
  std::function<std::unique_ptr<Solver<double>>(const Tiles&)> make_double;
  // Why the variant cannot run in this build / on this machine (nullopt: it can).
  std::function<std::optional<std::string>()> unavailable = [] { return std::optional<std::string>(); };
  // The tiles it runs for the requested ones (zeros: defaults). resolve_tiles() unless the
  // backend has tighter limits (kokkos/tiled keeps its default tiles within team scratch).
  std::function<Tiles(const Problem&, const Tiles&, Precision)> resolve = [](const Problem& p, const Tiles& t,
                                                                              Precision prec) {
    return resolve_tiles(p, t, prec);
  };
  // Why it cannot run this problem with these (resolved) tiles, e.g. shared memory.
  std::function<std::optional<std::string>(const Problem&, const Tiles&, Precision)> rejects =
      [](const Problem&, const Tiles&, Precision) { return std::optional<std::string>(); };
};
using VariantList = std::vector<VariantInfo>;

VariantList all_variants();

}  // namespace hpcs::jacobi
