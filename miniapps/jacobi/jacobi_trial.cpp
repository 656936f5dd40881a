// SPDX-License-Identifier: BSD-3-Clause
#include "jacobi_trial.hpp"

#include "hpcs/report/finite_result.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <optional>

namespace hpcs::jacobi {

namespace {

std::string shape(const Problem& p) {
  if (p.dims == 3) return "3D " + std::to_string(p.n1) + " x " + std::to_string(p.n2) + " x " + std::to_string(p.n3);
  return p.dims == 1 ? "1D " + std::to_string(p.n1) : "2D " + std::to_string(p.n1) + " x " + std::to_string(p.n2);
}

// Sum and sum of squares of a rank's own rows' interior points, in double.
struct Moments {
  double sum = 0, squares = 0;
};
template <class Real>
Moments interior_moments(const Problem& g, const std::vector<Real>& own_rows) {
  Moments m;
  const std::int64_t cols = g.cols(), j0 = g.dims == 1 ? 0 : 1, j1 = g.dims == 1 ? 1 : cols - 1;
  const std::int64_t rows = static_cast<std::int64_t>(own_rows.size()) / cols;
  // 3D: j runs over the plane's interior lines, k over each line's interior points.
  const std::int64_t line = g.dims == 3 ? g.pitch() : 1, k0 = g.dims == 3 ? 1 : 0, k1 = g.dims == 3 ? line - 1 : 1;
  const std::int64_t lines = g.dims == 3 ? g.n2 + 1 : j1;
  for (std::int64_t i = 0; i < rows; ++i)
    for (std::int64_t j = j0; j < lines; ++j)
      for (std::int64_t k = k0; k < k1; ++k) {
        const double v = own_rows[static_cast<std::size_t>(i * cols + j * line + k)];
        m.sum += v;
        m.squares += v * v;
      }
  return m;
}

// "tT=16 tS1=9 tS2=384 thr=384" (tS2 in 2D and 3D, tS3 in 3D, split in 3D when above 1, thr when set): the config
// column of tiled runs.
std::string tiles_string(const Problem& p, const Tuning& t) {
  std::string s = "tT=" + std::to_string(t.t_T) + " tS1=" + std::to_string(t.t_S1);
  if (p.dims >= 2) s += " tS2=" + std::to_string(t.t_S2);
  if (p.dims == 3) s += " tS3=" + std::to_string(t.t_S3);
  if (p.dims == 3 && t.slab_split > 1) s += " split=" + std::to_string(t.slab_split);  // --slab-split
  if (t.threads) s += " thr=" + std::to_string(t.threads);
  return s;
}

std::int64_t max_over_ranks(const MpiContext& mpi, std::int64_t v) {
  return static_cast<std::int64_t>(mpi.max(static_cast<double>(v)));
}

template <class Real>
class SolverTrial final : public JacobiTrial {
 public:
  SolverTrial(const MpiContext& mpi, const Variant& v, const Tuning& t, const Task& task, InitialRows& input,
              std::int64_t steps)
      : mpi_(mpi), grid_(task.grid), steps_(steps) {
    facts_.tiles = t;
    facts_.tiled = v.make.tiled;
    facts_.halo = v.make.halo(t);
    rows_ = rank_rows(grid_, mpi.size(), mpi.rank(), facts_.halo);
    facts_.local0 = rank_rows(grid_, mpi.size(), 0, facts_.halo).local(grid_);
    input.cover(mpi, rows_);  // collective: before anything that may fail on one rank only
    solver_ = v.make.solver<Real>(t);
    solver_->setup(rows_.local(grid_), input.row<Real>(rows_.local_begin));
  }

  std::optional<double> rep() override {
    if (reps_ == 1 && !result_) keep();  // the result run's rows, before this run moves on
    const auto d0 = solver_->device_seconds();
    traffic_ = advance_distributed(mpi_, *solver_, grid_, rows_, steps_, facts_.halo);
    ++reps_;
    const auto d1 = solver_->device_seconds();
    if (!d1) return std::nullopt;
    return *d1 - d0.value_or(0.0);
  }

  Result result() override {
    if (!result_) keep();
    if (!summed_) {
      const Moments m = interior_moments(grid_, std::get<std::vector<Real>>(result_->own));
      result_->checksum = sum_in_rank_order(mpi_, m.sum);
      result_->norm = std::sqrt(sum_in_rank_order(mpi_, m.squares));
      facts_.bands = traffic_.bands;
      facts_.messages = max_over_ranks(mpi_, traffic_.messages);
      facts_.bytes = max_over_ranks(mpi_, traffic_.bytes);
      facts_.redundant_rows = max_over_ranks(mpi_, rows_.local_rows - 2 - rows_.own_count);
      summed_ = true;
    }
    return *result_;
  }

  std::string config() const override {
    return (facts_.tiled ? tiles_string(grid_, facts_.tiles) + " " : "") + "halo=" + std::to_string(facts_.halo);
  }
  nlohmann::json details() const override { return solver_->details(); }
  const RunFacts& facts() const override { return facts_; }

 private:
  void keep() {
    std::vector<Real> own(static_cast<std::size_t>(rows_.own_count * grid_.cols()));
    solver_->read_rows(rows_.own_begin - rows_.local_begin, rows_.own_count, own.data());
    result_.emplace();
    result_->own = std::move(own);
  }

  const MpiContext& mpi_;
  Problem grid_;
  std::int64_t steps_;
  RankRows rows_;
  std::unique_ptr<Solver<Real>> solver_;
  HaloTraffic traffic_;
  int reps_ = 0;
  std::optional<Result> result_;
  bool summed_ = false;
  RunFacts facts_;
};

struct Comparison {
  long long differing = 0;
  double max_abs = 0;
};
// Bitwise comparison of two ranks' own rows (NaN == NaN only when the bits match), reduced.
template <class Real>
Comparison compare_rows(const MpiContext& mpi, const std::vector<Real>& got, const std::vector<Real>& want) {
  Comparison c;
  for (std::size_t k = 0; k < got.size(); ++k) {
    if (std::memcmp(&got[k], &want[k], sizeof(Real)) == 0) continue;
    ++c.differing;
    const double d = std::fabs(static_cast<double>(got[k]) - static_cast<double>(want[k]));
    c.max_abs = std::isnan(d) ? INFINITY : std::max(c.max_abs, d);
  }
  MPI_Allreduce(MPI_IN_PLACE, &c.differing, 1, MPI_LONG_LONG, MPI_SUM, mpi.comm());
  MPI_Allreduce(MPI_IN_PLACE, &c.max_abs, 1, MPI_DOUBLE, MPI_MAX, mpi.comm());
  return c;
}

}  // namespace

void InitialRows::cover(const MpiContext& mpi, const RankRows& rows) {
  const std::int64_t first = rows.local_begin, end = rows.local_begin + rows.local_rows;
  int reload = count_ == 0 || first < first_ || end > first_ + count_;
  MPI_Allreduce(MPI_IN_PLACE, &reload, 1, MPI_INT, MPI_MAX, mpi.comm());  // a file is read collectively
  if (!reload) return;
  const std::int64_t lo = count_ == 0 ? first : std::min(first, first_);
  const std::int64_t hi = count_ == 0 ? end : std::max(end, first_ + count_);
  const std::string what = (src_.path.empty() ? "the generated grid (" + shape(src_.problem) + ")" : src_.path) +
                           ": the rows of rank " + std::to_string(mpi.rank());
  collective(mpi, [&] {
    // input, reference result, two solver buffers, final grid (device variants hold theirs apart)
    check_grid_memory((hi - lo) * src_.problem.cols(), precision_ == Precision::Float32 ? 4 : 8, 5, what);
  });
  if (precision_ == Precision::Float32) load<float>(mpi, lo, hi - lo);
  else load<double>(mpi, lo, hi - lo);
}

template <class Real>
void InitialRows::load(const MpiContext& mpi, std::int64_t first, std::int64_t count) {
  values_ = std::vector<Real>();  // the old rows go first
  values_ = load_rows<Real>(mpi, src_, first, count);
  first_ = first;
  count_ = count;
}

template <class Real>
std::vector<Real> InitialRows::slice(std::int64_t row0, std::int64_t count) const {
  const auto& v = std::get<std::vector<Real>>(values_);
  const auto begin = v.begin() + (row0 - first_) * src_.problem.cols();
  return std::vector<Real>(begin, begin + count * src_.problem.cols());
}
template std::vector<float> InitialRows::slice<float>(std::int64_t, std::int64_t) const;
template std::vector<double> InitialRows::slice<double>(std::int64_t, std::int64_t) const;

template <class Real>
const Real* InitialRows::row(std::int64_t row0) const {
  return std::get<std::vector<Real>>(values_).data() + (row0 - first_) * src_.problem.cols();
}
template const float* InitialRows::row<float>(std::int64_t) const;
template const double* InitialRows::row<double>(std::int64_t) const;

std::unique_ptr<JacobiTrial> make_trial(const MpiContext& mpi, const Variant& v, const Tuning& t, const Task& task,
                                        InitialRows& input, std::int64_t steps) {
  if (task.precision == Precision::Float32) return std::make_unique<SolverTrial<float>>(mpi, v, t, task, input, steps);
  return std::make_unique<SolverTrial<double>>(mpi, v, t, task, input, steps);
}

Verification compare_results(const MpiContext& mpi, const Problem& g, const Result& got, const Result& want,
                             const std::string& want_name) {
  const long long non_finite =
      std::visit([&](const auto& rows) { return count_non_finite(mpi, rows.data(), rows.size()); }, got.own);
  if (non_finite > 0) return non_finite_result(non_finite, static_cast<long long>(g.interior()), "interior points");
  const Comparison c = std::visit(
      [&](const auto& rows) {
        using Rows = std::decay_t<decltype(rows)>;
        return compare_rows(mpi, rows, std::get<Rows>(want.own));
      },
      got.own);
  const std::string points = std::to_string(g.interior()) + " interior points";
  if (c.differing == 0) return {"passed", "bitwise equal to " + want_name + " (" + points + ")"};
  char diff[32];
  std::snprintf(diff, sizeof diff, "%.3g", c.max_abs);
  return {"FAILED",
          std::to_string(c.differing) + " of " + points + " differ from " + want_name + ", max |diff| " + diff};
}

}  // namespace hpcs::jacobi
