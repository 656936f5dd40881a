// SPDX-License-Identifier: BSD-3-Clause
// One Jacobi variant set up on this rank's block of rows (a Trial of hpcs/harness/app.hpp), what a
// run leaves, the initial rows every variant starts from, and the bitwise comparison.
//
// A repetition advances T steps over all ranks in bands of the variant's halo depth
// (advance_distributed) and continues from the state the last one left: the work per step
// does not depend on the values, and every rank's halo stays exact. The result is the grid
// after the first repetition (the result run): T steps from the initial grid.
#pragma once
#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include "hpcs/harness/app.hpp"
#include "jacobi_distributed.hpp"
#include "jacobi_input.hpp"
#include "jacobi_variants.hpp"

namespace hpcs::jacobi {

// What a run did besides its result, the same on every rank (for the record and the model).
struct RunFacts {
  Tuning tiles;  // as run (resolved)
  bool tiled = false;
  std::int64_t halo = 1;  // rows exchanged with each neighbour per band
  // Per run of T steps, the busiest rank's (a middle one sends both ways).
  std::int64_t bands = 0, messages = 0, bytes = 0, redundant_rows = 0;
  Problem local0;  // rank 0's block, halo included (the largest): what the model predicts
};

class JacobiTrial : public Trial<Result> {
 public:
  virtual const RunFacts& facts() const = 0;  // complete once result() has run
};

// This rank's rows of the initial grid, read from the file (or generated) once and sliced
// for each variant's halo; a variant with a deeper halo than the rows held reads again.
class InitialRows {
 public:
  InitialRows() = default;
  InitialRows(GridSource src, Precision precision) : src_(std::move(src)), precision_(precision) {}
  // Collective: makes sure rows.local_begin .. + local_rows are held (memory checked first).
  void cover(const MpiContext& mpi, const RankRows& rows);
  template <class Real>
  std::vector<Real> slice(std::int64_t row0, std::int64_t count) const;
  // Row row0 of the rows held, in place: a variant's setup reads its rows from here (a copy
  // per tuning point cost more than the run itself on large grids).
  template <class Real>
  const Real* row(std::int64_t row0) const;

 private:
  template <class Real>
  void load(const MpiContext& mpi, std::int64_t first, std::int64_t count);
  GridSource src_;
  Precision precision_ = Precision::Float32;
  std::int64_t first_ = 0, count_ = 0;
  std::variant<std::vector<float>, std::vector<double>> values_;
};

// Collective: variant v with (resolved) tiles t set up on this rank's rows of task.grid.
std::unique_ptr<JacobiTrial> make_trial(const MpiContext& mpi, const Variant& v, const Tuning& t, const Task& task,
                                        InitialRows& input, std::int64_t steps);

// Collective: got against want bit for bit, over every rank's own rows of grid g.
Verification compare_results(const MpiContext& mpi, const Problem& g, const Result& got, const Result& want,
                             const std::string& want_name);

}  // namespace hpcs::jacobi
