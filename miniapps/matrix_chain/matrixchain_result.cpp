// SPDX-License-Identifier: BSD-3-Clause
#include "matrixchain_result.hpp"

#include "hpcs/report/finite_result.hpp"
#include "hpcs/base/format.hpp"

#include <algorithm>
#include <cmath>

namespace hpcs::matrixchain {

void summarize(const MpiContext& mpi, Result& r) {
  std::int64_t rows = r.cols > 0 ? static_cast<std::int64_t>(r.r.size()) / r.cols : 0;
  MPI_Allreduce(MPI_IN_PLACE, &rows, 1, MPI_INT64_T, MPI_SUM, mpi.comm());
  r.rows = rows;
  r.checksum = compensated_sum_over_ranks(mpi, r.r, false);
  r.norm = std::sqrt(compensated_sum_over_ranks(mpi, r.r, true));
  double m = 0;
  for (double x : r.r) m = std::isnan(x) ? INFINITY : std::max(m, std::fabs(x));
  MPI_Allreduce(MPI_IN_PLACE, &m, 1, MPI_DOUBLE, MPI_MAX, mpi.comm());
  r.max_abs = m;
}

Check check_for(const Dims& dims, Precision p, bool exact) {
  Check c;
  c.exact = exact;
  c.unit_roundoff = p == Precision::Float32 ? 0x1p-24 : 0x1p-53;
  double terms = 0;
  for (std::size_t m = 1; m + 1 < dims.size(); ++m) terms += 4 * std::sqrt(static_cast<double>(dims[m])) + 16;
  c.per_scale = c.unit_roundoff * std::max(terms, 16.0);  // a single matrix: its rounding to the precision
  return c;
}

Verification compare_results(const MpiContext& mpi, const Check& c, const Result& got, const Result& want,
                             const std::string& want_name) {
  if (const long long n = count_non_finite(mpi, got.r.data(), got.r.size()); n > 0)
    return non_finite_result(n, static_cast<long long>(want.rows * want.cols), "entries of R");
  const bool scaled = !want.scale.empty();
  const double yardstick = (c.unit_roundoff > 0x1p-30 ? 1e-3 : 1e-11) * want.max_abs;
  double worst[2] = {0, 0};  // largest |diff| / bound (NaN: infinite), largest |diff|
  long long violations = 0;
  const std::size_t n = std::min(got.r.size(), want.r.size());
  if (got.r.size() != want.r.size()) violations = 1;
  for (std::size_t k = 0; k < n; ++k) {
    const double diff = std::fabs(got.r[k] - want.r[k]);
    const double bound = c.exact ? 0.0 : scaled ? c.per_scale * want.scale[k] : yardstick;
    if (!(diff <= bound)) ++violations;
    worst[0] = std::max(worst[0], std::isnan(diff) ? INFINITY : bound > 0 ? diff / bound : diff > 0 ? INFINITY : 0.0);
    worst[1] = std::isnan(diff) ? INFINITY : std::max(worst[1], diff);
  }
  MPI_Allreduce(MPI_IN_PLACE, worst, 2, MPI_DOUBLE, MPI_MAX, mpi.comm());
  MPI_Allreduce(MPI_IN_PLACE, &violations, 1, MPI_LONG_LONG, MPI_SUM, mpi.comm());
  std::string what = "max |R - " + want_name + "| = " + format_one("%.3g", worst[1]);
  if (c.exact) what += " (integer chain: exact)";
  else if (scaled) what += ", " + format_one("%.3g", worst[0]) + " x its rounding bound";
  else what += " (yardstick: within " + format_one("%.3g", yardstick) + ")";
  if (violations == 0) return {"passed", what};
  return {"FAILED", std::to_string(violations) + " of " + std::to_string(want.rows * want.cols) +
                        " entries beyond the bound; " + what};
}

nlohmann::json summary_json(const Result& r) {
  return {{"rows", r.rows}, {"cols", r.cols}, {"norm", r.norm}, {"checksum", r.checksum}, {"max_abs", r.max_abs}};
}

std::string describe_summary(const Result& r) {
  return std::to_string(r.rows) + " x " + std::to_string(r.cols) + ", norm " + format_one("%.10g", r.norm) +
         ", checksum " + format_one("%.10g", r.checksum);
}

ChainTrial::ChainTrial(const MpiContext& mpi, std::unique_ptr<Executor> e, Plan plan, const ChainData& in)
    : mpi_(mpi), executor_(std::move(e)), plan_(std::move(plan)), in_(in) {
  executor_->setup(in_, plan_);
}

std::optional<double> ChainTrial::rep() {
  collective(mpi_, [&] { executor_->run(); });
  return executor_->device_seconds();
}

Result ChainTrial::result() {
  Result r;
  r.cols = in_.dims.back();
  r.r.resize(static_cast<std::size_t>(in_.rows * r.cols));
  collective(mpi_, [&] { executor_->result(r.r.data()); });
  summarize(mpi_, r);
  return r;
}

}  // namespace hpcs::matrixchain
